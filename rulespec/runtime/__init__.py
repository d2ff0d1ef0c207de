"""The runtime that generated engines stand on (see :mod:`rulespec.runtime.engine`)."""

from .engine import CHANCE, Action, Engine, IllegalAction, RuleRuntimeError, State, StepBudgetExceeded, random_game
from .position import InvalidPosition
from .state_check import InvalidState

__all__ = ["CHANCE", "Action", "Engine", "IllegalAction", "InvalidPosition", "InvalidState", "RuleRuntimeError", "State", "StepBudgetExceeded",
           "random_game"]
