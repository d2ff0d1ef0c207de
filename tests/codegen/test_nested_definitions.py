"""A small definition built of other small definitions is written out in a listing's conditions, as one that
uses none is (#40, model/narrowing.py small_value, codegen/expressions.py inlined): the reference's Raid tests
`moves_as(s, player, rook)`, which says `mine(s, p) and kind of occupant of s = k`, in place, with `mine`
written out in it, and no call is left. In lock step with the engine generated as before (a definition that
uses another always called): the same choices, chance outcomes, observations, histories and returns, on every
file whose engine it changes (no bundled engine, no newcomer file). Outside a listing such a definition stays
a call, so that a failure in it names it (tests/codegen/test_rule_blame.py); one that uses a definition that
is no abbreviation (a search: crazy eights' `may_play(c)`, which reads `suit_to_follow`) is
codegen/written_out_for_once.py's affair."""

import random
from pathlib import Path

import pytest

from rulespec.codegen import expressions
from rulespec.model import narrowing

from .lockstep import engines_with_and_without, play_in_lock_step

ROOT = Path(__file__).parents[2]
REFERENCE = ROOT / "rulespec" / "docs" / "ref_games"
CALLED = (expressions, "small_value", lambda value, definitions=None: narrowing.small_value(value))


def engines(path: Path):
    return engines_with_and_without(path, (CALLED,), "nested_definitions")


def listing(source: str) -> str:
    return source.split("def choices_turn(", 1)[1].split("\ndef ", 1)[0]


def test_a_definition_built_of_another_is_written_out_in_a_listing():
    written, called, _, _ = engines(REFERENCE / "raid.rules")
    assert "define_moves_as(" not in listing(written) and "define_mine(" not in listing(written)
    assert "if (define_moves_as(st, v_s, v_player, 'rook')):  # moves_as(s, player, rook)" in listing(called)
    assert "def define_moves_as(st, v_s, v_p, v_k):" in written  # (kept for the other readers)


def test_a_written_out_definition_counts_what_it_uses():
    """A definition used inside counts as its written-out nodes: past the limit the outer one is called."""
    ir = narrowing.ir

    def number(k):
        return ir.Const(ir.INT, None, str(k), k)

    big = number(0)
    for k in range(1, narrowing.WRITTEN_OUT_NODES // 2 + 1):  # a sum of 17 numbers: 33 nodes
        big = ir.Arith(ir.INT, None, "", "+", big, number(k))
    half = number(0)
    for k in range(1, narrowing.WRITTEN_OUT_NODES // 4):  # 15 nodes
        half = ir.Arith(ir.INT, None, "", "+", half, number(k))
    definitions = {name: ir.Definition(name, None, (), (), (), value) for name, value in (("big", big), ("half", half))}

    def uses(*names):
        value = number(1)
        for name in names:
            value = ir.Arith(ir.INT, None, "", "+", value, ir.DefinedValue(ir.INT, None, name, name, ()))
        return value

    assert not narrowing.small_value(big)
    assert narrowing.small_value(uses("half"), definitions)  # 1 + 1 + 1 + 15 nodes
    assert not narrowing.small_value(uses("half", "half"), definitions)  # 35 nodes
    assert not narrowing.small_value(uses("big"), definitions)  # big is no abbreviation: the use stays a call
    assert not narrowing.small_value(uses("half"))  # no definitions given: one used inside is never written out


@pytest.mark.parametrize("path, players, seeds", [(REFERENCE / "raid.rules", 2, 8), (REFERENCE / "march.rules", 2, 8)],
                         ids=lambda v: v.stem if isinstance(v, Path) else str(v))
def test_random_games_in_lock_step(path, players, seeds):
    written, called, fast, slow = engines(path)
    assert written != called
    for seed in range(seeds):
        play_in_lock_step(fast.new_game(players), slow.new_game(players), players, random.Random(seed))
