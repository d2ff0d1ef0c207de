"""`import rulespec.pettingzoo`: this name is the adapter module itself (rulespec/adapters/pettingzoo.py)."""

import sys

from .adapters import pettingzoo

sys.modules[__name__] = pettingzoo
