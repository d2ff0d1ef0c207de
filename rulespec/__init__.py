"""rulespec: a game's rulebook written once as a formal specification, and everything derived from it.

    import rulespec
    game = rulespec.load("shell-we")
    state = game.new_game(players=3)
"""

from .language.errors import RuleError
from .pipeline import compile_rules, load
from .runtime.engine import CHANCE, Action, IllegalAction, RuleRuntimeError, State, StepBudgetExceeded, random_game
from .runtime.position import InvalidPosition
from .runtime.state_check import InvalidState

__all__ = ["CHANCE", "Action", "IllegalAction", "InvalidPosition", "InvalidState", "RuleError", "RuleRuntimeError", "State", "StepBudgetExceeded",
           "compile_rules", "load", "random_game"]
__version__ = "0.1.0"
