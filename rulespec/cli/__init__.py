"""The `rulespec` command: main.py registers the commands, which live by purpose (authoring.py: check,
build, init; play.py with table.py and views.py; verification.py: verify, replay), and what they stand
on: the console's output, progress, timed prompts, `init`'s starter project and `build`.

``rulespec.cli:app`` (the console script) is found on first use, so importing a helper such as
``rulespec.cli.console`` does not load the whole command line."""


def __getattr__(name: str):
    if name == "app":
        from .main import app
        return app
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
