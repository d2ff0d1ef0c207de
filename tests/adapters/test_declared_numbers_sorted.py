"""A seat's decision in a game that numbers its actions (`numbered EXPR`) is numbered with one sort
(rulespec/adapters/declared_numbers.py, DeclaredNumbers.seat_row_numbers; listing_numbers.seat_numbers; issue #40):
no two alike is checked on the sorted numbers, and a listing out of the numbering's order (a piece's moves listed by
where they go, Twixt's holes listed row by row and numbered column by column) keeps its numbers in row order, a
number's row its place among them (list.index, in C), with no set of the numbers and no dict of first rows made."""

import random
from pathlib import Path
from unittest import mock

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install 'rulespec[openspiel]')")

import rulespec.openspiel as rso  # noqa: E402
from rulespec.adapters import listing_numbers, session  # noqa: E402
from rulespec.adapters.listing_numbers import ListingNumbers, _in_order  # noqa: E402
from rulespec.pipeline.rule_paths import allow_in_environment  # noqa: E402

NEWCOMER = Path(__file__).resolve().parents[1] / "newcomer" / "games"


def _game(name: str):
    path = NEWCOMER / f"{name}.rules"
    if path.exists():
        allow_in_environment([NEWCOMER])
        return rso.load_game(str(path), players=2)
    return rso.load_game(name, players=2)


def _before():
    """The numbering before: a declared listing's numbers checked by a set, then read by place if they rise, else
    from a dict of each number's first row (short: list.index), the legal numbers sorted from it."""
    now = listing_numbers.seat_numbers

    def seat_numbers(table, pending, st):
        numbered = pending.numbered
        if table.declared is None or (numbered is not None and numbered.table is table):
            return now(table, pending, st)
        numbers = table.declared.row_numbers(st, pending)
        pending.numbered = numbered = ListingNumbers(table, numbers, _in_order(numbers))
        return numbered
    return mock.patch.multiple(listing_numbers, seat_numbers=seat_numbers), \
        mock.patch.multiple(session, seat_numbers=seat_numbers)


def _played(name: str, seed: int, before: bool, most: int = 120):
    game = _game(name)  # (a game of its own: its first state's listings numbered afresh)
    patches = _before() if before else ()
    for patch in patches:
        patch.start()
    try:
        rng, state, nodes = random.Random(seed), game.new_initial_state(), []
        top = game.num_distinct_actions()
        while not state.is_terminal() and len(nodes) < most:
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                nodes.append(outcomes)
                state.apply_action(rng.choice(outcomes)[0])
                continue
            legal = state.legal_actions()
            numbered = state._node.numbered
            asked = legal + [-1, top] + [rng.randrange(top) for _ in range(8)]
            nodes.append((legal, [numbered.row_of(n) for n in asked]))
            state.apply_action(rng.choice(legal))
        return nodes, state.returns()
    finally:
        for patch in patches:
            patch.stop()


@pytest.mark.parametrize("name", ["chinese-checkers", "twixt", "lines-of-action", "breakthrough", "checkers"])
def test_declared_numbers_sorted_once_play_as_before(name):
    """Lock step: seeded games through the adapter numbering a declared listing with one sort, and through the
    adapter numbering it as before (a set, then a dict of first rows): the same legal numbers, the same row of every
    legal number and of numbers no row has, the same chance outcomes, the same returns."""
    for seed in range(2):
        assert _played(name, seed, before=False) == _played(name, seed, before=True)


def test_a_listing_out_of_order_is_read_by_place_with_no_dict_made():
    """Fires on the form: Chinese checkers' and Twixt's listings out of the numbering's order are numbered with no
    dict of first rows made (listing_numbers._first_rows never called), a number's row found by list.index among the
    row numbers."""
    out_of_order = 0
    with mock.patch.object(listing_numbers, "_first_rows", side_effect=AssertionError("a dict made")):
        for name in ("chinese-checkers", "twixt"):
            game = _game(name)
            rng, state = random.Random(1), game.new_initial_state()
            for _ in range(40):
                if state.is_terminal():
                    break
                legal = state.legal_actions()
                numbered = state._node.numbered
                numbers = numbered.place.__self__  # (list.index of the rows' numbers)
                assert isinstance(numbers, list) and sorted(numbers) == numbered.legal
                out_of_order += numbers != numbered.legal
                state.apply_action(rng.choice(legal))
    assert out_of_order >= 20
