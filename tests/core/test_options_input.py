"""Options crossing into the program (`rulespec.load(..., options=...)`, the adapters' parameters) are
checked by a pydantic type (rulespec/pipeline/options.py), and only when options are given."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import rulespec
from rulespec.pipeline import option_texts

NIM = Path(__file__).resolve().parent / "fixtures" / "nim.rules"


def test_texts_and_whole_numbers_become_texts():
    assert option_texts({"heap": 15, "side": "B"}) == {"heap": "15", "side": "B"}
    assert option_texts({}) == {} and option_texts(None) is None


@pytest.mark.parametrize("options, said", [
    ({"heap": True}, "['heap']"),  # a bool is no whole number
    ({"heap": 1.5}, "['heap']"),
    ({"heap": 10**30}, "less than or equal to 1000000"),
    ({"heap": None}, "['heap']"),
    ({1: "x"}, "[1]"),
    ({"": "x"}, "at least 1 character"),
    ({"x" * 65: "1"}, "at most 64 characters"),
    ({"heap": "9" * 501}, "at most 500 characters"),
    (["heap"], "valid dictionary"),
    ("heap=3", "valid dictionary"),
])
def test_anything_else_is_refused_at_its_option(options, said):
    with pytest.raises(TypeError) as refusal:
        option_texts(options)
    assert said in str(refusal.value) and "options maps option names" in str(refusal.value)
    assert len(str(refusal.value)) < 600  # a huge value is shown cut short


def test_a_game_loads_with_options_checked():
    game = rulespec.load(NIM, options={"heap": 15})
    assert game.new_game(2) is not None
    with pytest.raises(TypeError):
        rulespec.load(NIM, options={"heap": [15]})


def test_loading_without_options_imports_no_pydantic():
    code = ("import sys, rulespec\ng = rulespec.load('tic-tac-toe')\ng.new_game(2)\n"
            "print('pydantic' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "False"
