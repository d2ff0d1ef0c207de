"""The `rulespec` command (main.py) and what it stands on: the console's output, progress, timed prompts,
`init`'s starter project and `build`.

``rulespec.cli:app`` (the console script) is found on first use, so importing a helper such as
``rulespec.cli.console`` does not load the whole command line."""


def __getattr__(name: str):
    if name == "app":
        from .main import app
        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
