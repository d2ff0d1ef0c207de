"""`else if D:` is an `if` inside the `else`, written flat: a flat chain and the same chain nested play alike."""

from __future__ import annotations

import random
from pathlib import Path

import rulespec
from rulespec.language import ast
from rulespec.language.parser import parse_text

PIG = Path(__file__).resolve().parents[2] / "rulespec" / "docs" / "ref_games" / "pig.rules"
ROLL = """  if n = 1:
    set at_stake to 0
  else:
    add n to at_stake
    then turn(player)
"""
FLAT = """  if n = 1:
    set at_stake to 0
  else if n = 2:
    add 3 to at_stake
    then turn(player)
  else if n = 6:
    set at_stake to 0
  else:
    add n to at_stake
    then turn(player)
"""
NESTED = """  if n = 1:
    set at_stake to 0
  else:
    if n = 2:
      add 3 to at_stake
      then turn(player)
    else:
      if n = 6:
        set at_stake to 0
      else:
        add n to at_stake
        then turn(player)
"""


def _variant(tmp_path: Path, name: str, roll: str) -> Path:
    text = PIG.read_text(encoding="utf-8")
    assert ROLL in text
    path = tmp_path / f"{name}.rules"
    path.write_text(text.replace(ROLL, roll), encoding="utf-8")
    return path


def _ifs(node, found: list) -> list:
    if isinstance(node, ast.If):
        found.append(node)
    for value in vars(node).values() if hasattr(node, "__dict__") else ():
        for child in value if isinstance(value, tuple) else (value,):
            if isinstance(child, ast.Node):
                _ifs(child, found)
    return found


def test_a_flat_chain_is_ifs_nested_in_each_else_with_their_own_lines(tmp_path):
    path = _variant(tmp_path, "flat", FLAT)
    ifs = _ifs(parse_text(path.read_text(encoding="utf-8"), str(path)), [])
    chain = [i for i in ifs if i.loc.line >= 30][:3]
    assert [i.loc.line for i in chain] == [30, 32, 35]  # each `if` at its own line: errors point there
    assert chain[0].otherwise == (chain[1],) and chain[1].otherwise == (chain[2],)
    assert len(chain[2].otherwise) == 2  # the last `else:` block


def test_a_flat_chain_plays_as_the_nested_one(tmp_path):
    flat = rulespec.load(_variant(tmp_path, "flat", FLAT))
    nested = rulespec.load(_variant(tmp_path, "nested", NESTED))
    sixes = 0
    for seed in range(60):
        pick = random.Random(seed)
        a, b = flat.new_game(2), nested.new_game(2)
        while not a.is_terminal():
            if a.is_chance_node():
                outcomes = a.chance_outcomes()
                assert [(str(o), p) for o, p in outcomes] == [(str(o), p) for o, p in b.chance_outcomes()]
                text = str(outcomes[pick.randrange(len(outcomes))][0])
                sixes += text.endswith("roll 6")
            else:
                actions = [str(x) for x in a.legal_actions()]
                assert actions == [str(x) for x in b.legal_actions()]
                text = actions[pick.randrange(len(actions))]
            a.apply(text)
            b.apply(text)
        assert b.is_terminal() and a.returns() == b.returns()
    assert sixes  # the last branch was taken
