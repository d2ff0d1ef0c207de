"""rulespec: a game's rulebook written once as a formal specification, and everything derived from it.

    import rulespec
    game = rulespec.load("shell-we")
    state = game.new_game(players=3)
"""

from __future__ import annotations

import importlib

# Each public name and the module it comes from. They are imported on first use (PEP 562), so
# `import rulespec` costs almost nothing, and playing a committed engine never imports the compiler.
_PUBLIC = {
    "CHANCE": "runtime.engine", "Action": "runtime.engine", "IllegalAction": "runtime.engine",
    "RuleRuntimeError": "runtime.engine", "State": "runtime.engine", "StepBudgetExceeded": "runtime.engine",
    "random_game": "runtime.engine", "InvalidPosition": "runtime.position", "InvalidState": "runtime.state_check",
    "RuleError": "language.errors",
    "compile_rules": "pipeline", "load": "pipeline",
}

__all__ = ["CHANCE", "Action", "IllegalAction", "InvalidPosition", "InvalidState", "RuleError", "RuleRuntimeError", "State", "StepBudgetExceeded",
           "compile_rules", "load", "random_game"]
__version__ = "0.1.0"


def __getattr__(name: str):
    module = _PUBLIC.get(name)
    if module is None:
        raise AttributeError(f"module 'rulespec' has no attribute {name!r}")
    value = getattr(importlib.import_module(f".{module}", __name__), name)
    globals()[name] = value  # found once; later lookups do not come here
    return value


def __dir__() -> list[str]:
    return sorted({*globals(), *__all__})
