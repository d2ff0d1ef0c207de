"""`import rulespec.openspiel` registers every bundled game with OpenSpiel: this name is the adapter
module itself (rulespec/adapters/openspiel.py), so registration, pickling and patching see one module."""

import sys

from .adapters import openspiel

sys.modules[__name__] = openspiel
