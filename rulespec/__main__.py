"""`python -m rulespec ...` runs the `rulespec` command without an installed entry point."""

from .cli.main import app

app(prog_name="rulespec")
