"""`any(s in B where s is occupied and F and A of occupant of s = v)` (and its count) over a board, F reading
only what never changes about the occupant and A an attribute that can change, definitions unfolded: the
generator asks only the items F lets through whether they stand on the board and their A (runtime/helpers.py
first_on_board, count_on_board), not every space (codegen/counts.py located_on_board, model/located.py
on_board). Chess's king search (`in_check`) and its count of a side's pieces of a kind play the same games as
the engine generated without it; a piece taken off the board is not counted; the first space is the first in
board order, whatever the order of the items."""

import random
from pathlib import Path

from rulespec.codegen import counts, python as codegen
from rulespec.model.located import on_board
from rulespec.pipeline import compile_rules, load_module_from_source
from rulespec.runtime.helpers import count_on_board, first_on_board
from rulespec.codegen.found_loops import FoundLoops
from tests.gallery.chess_notation import fen_to_position

from .lockstep import play_in_lock_step

ROOT = Path(__file__).parents[2]
CHESS = ROOT / "rulebooks" / "chess.rules"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"


def _modules(monkeypatch, name: str):
    model = compile_rules(CHESS)
    fast_source = codegen.generate(model, CHESS.name)
    with monkeypatch.context() as patch:
        patch.setattr(counts.Counts, "located_on_board", lambda self, e: None)
        slow_source = codegen.generate(model, CHESS.name)
    fast = load_module_from_source(fast_source, f"on_board_{name}")
    slow = load_module_from_source(slow_source, f"spaces_{name}")
    return model, fast_source, slow_source, fast, slow


def test_chess_finds_its_king_through_its_pieces(monkeypatch):
    monkeypatch.setattr(FoundLoops, "FOUND_BY_LOOPS", False)  # (its `there is` as any(): found_loops.py aside)
    _, fast_source, slow_source, _, _ = _modules(monkeypatch, "source")
    in_check = fast_source.split("def define_in_check(", 1)[1].split("\ndef ", 1)[0]
    assert ("first_on_board(st._loc, st._attrs['kind'], ITEMS_PASSING_0[v_p], st._t.board_base[0], st._boards[0], "
            "'king')" in in_check)
    assert "cells_in_use" not in in_check
    pieces = fast_source.split("def define_pieces(", 1)[1].split("\ndef ", 1)[0]
    assert "count_on_board(st._loc, st._attrs['kind'], ITEMS_PASSING_0[v_p], st._t.board_base[0], st._boards[0], v_k)" \
        in pieces
    assert "first_on_board" not in slow_source and "count_on_board" not in slow_source
    # `is_a(s, queen) or ...` is no `and`: as it was; `(rank of s + file of s) mod 2 = shade`, which the board's
    # geometry alone decides, walks the squares of that shade from a table (related_spaces.py)
    assert "for v_s in st._t.cells_in_use[0]" in fast_source.split("def define_heavy(", 1)[1].split("\ndef ", 1)[0]
    assert "for v_s in st._t.related[related_1, v_shade]" in fast_source.split("def define_bishops_on(", 1)[1].split("\ndef ", 1)[0]


def test_what_is_not_on_board_form_is_left_alone():
    """The space read otherwise than through its occupant, or its occupant read before the space is said to be
    occupied, or no changing equality: no on_board parts."""
    model = compile_rules(CHESS)
    definitions = {d.name: d for d in model.definitions}
    values = {d.name: d.value for d in model.definitions}
    assert on_board(values["pieces"], model, definitions) is not None
    assert on_board(values["bishops_on"], model, definitions) is None  # reads rank of s
    assert on_board(values["heavy"], model, definitions) is None  # an `or`
    # `square(r, f)`: the rank and file of s, nothing of an occupant
    assert on_board(values["square"], model, definitions) is None


def test_chess_plays_the_same_games(monkeypatch):
    model, _, _, fast_module, slow_module = _modules(monkeypatch, "games")
    fast, slow = fast_module.GAME(None), slow_module.GAME(None)
    fast.model = slow.model = model
    module_of = {id(fast): fast_module, id(slow): slow_module}

    def searched(st):  # the king searches and the counts of pieces, by each engine's own functions
        module = module_of[id(st._engine)]
        return ([module.define_in_check(st, p) for p in (0, 1)]
                + [module.define_pieces(st, p, k) for p in (0, 1) for k in ("knight", "bishop", "queen", "pawn")])

    for seed in range(2):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed), also=[searched])
    kiwipete = fen_to_position(KIWIPETE)
    play_in_lock_step(fast.position(kiwipete), slow.position(kiwipete), 2, random.Random(7))


def test_a_piece_taken_is_not_counted(monkeypatch):
    _, _, _, fast_module, slow_module = _modules(monkeypatch, "taken")
    st = fast_module.GAME(None).position(fen_to_position(KIWIPETE))
    kinds = ("king", "queen", "rook", "bishop", "knight", "pawn")

    def asked():
        found = [(p, k, fast_module.define_pieces(st, p, k)) for p in (0, 1) for k in kinds]
        assert found == [(p, k, slow_module.define_pieces(st, p, k)) for p in (0, 1) for k in kinds]
        return found

    assert sum(n for _, _, n in asked()) == 32
    queen = next(item for item in st._boards[0] if item >= 0 and st._labels[item] == "white queen")
    st._move(queen, st._t.zone_base["taken"], "test")  # (its kind unchanged: a queen, in no space)
    assert sum(n for _, _, n in asked()) == 31 and (0, "queen", 0) in asked()
    king = next(item for item in st._boards[0] if item >= 0 and st._labels[item] == "black king")
    st._move(king, st._t.zone_base["taken"], "test")
    assert fast_module.define_in_check(st, 0) == slow_module.define_in_check(st, 0)
    for module in (fast_module, slow_module):  # no black king on the board: found nothing, said so alike
        try:
            module.define_in_check(st, 1)
        except Exception as error:  # noqa: BLE001 (the two errors are compared)
            said = (type(error), str(error))
        if module is fast_module:
            fast_said = said
    assert fast_said == said and "found nothing" in said[1]


def test_the_first_space_in_board_order_whatever_the_items_order():
    base, cells = 10, [-1] * 8
    where = [10 + 5, 3, 10 + 2, 10 + 7, 99]  # items 0..4: item 1 in a zone, item 4 past the board
    kind = ["king", "king", "king", "pawn", "king"]
    assert first_on_board(where, kind, (0, 1, 2, 3, 4), base, cells, "king") == (2,)  # item 2's space, the lowest
    assert first_on_board(where, kind, (0, 1, 3, 4), base, cells, "king") == (5,)
    assert first_on_board(where, kind, (1, 3, 4), base, cells, "king") == ()
    assert count_on_board(where, kind, (0, 1, 2, 3, 4), base, cells, "king") == 2
    assert count_on_board(where, kind, (0, 1, 2, 3, 4), base, cells, "pawn") == 1


def test_the_cost_prices_two_looks_an_item(monkeypatch):
    """The cost (model/cost.py) reads the same analysis: each item is asked where it is and its kind, not each
    space the whole condition."""
    from rulespec.model import cost
    model = compile_rules(CHESS)
    definitions = {d.name: d for d in model.definitions}
    pieces = definitions["pieces"].value
    priced = cost.Cost(model)
    through_items = priced.expr(pieces)
    assert through_items == 1 + priced.expr(on_board(pieces, model, definitions).value) + priced.items * 2
    monkeypatch.setattr(cost, "on_board", lambda e, m, d: None)
    assert cost.Cost(model).expr(pieces) > 4 * through_items


def test_a_definition_whose_value_is_the_search(tmp_path, monkeypatch):
    """A definition whose value is the search itself (written as a loop when it is not found through items)
    takes the first space through the items too, and finds what the loop finds."""
    search = "any(s in grid where is_a(s, king) and mine(s, p))"
    text = CHESS.read_text().replace(f"attacks(left of p, {search})", "attacks(left of p, king_square(p))")
    text = text.replace("define in_check(", f"define king_square(p: seat) [CH-11]:\n  {search}\n\ndefine in_check(")
    assert "king_square(p))" in text
    path = tmp_path / "chess.rules"
    path.write_text(text)
    model = compile_rules(path)
    fast_source = codegen.generate(model, path.name)
    with monkeypatch.context() as patch:
        patch.setattr(counts.Counts, "located_on_board", lambda self, e: None)
        slow_source = codegen.generate(model, path.name)
    king_square = fast_source.split("def define_king_square(", 1)[1].split("\ndef ", 1)[0]
    assert "first_on_board(" in king_square and "for v_s in" not in king_square
    assert "for v_s in st._t.cells_in_use[0]:" in slow_source.split("def define_king_square(", 1)[1]
    fast = load_module_from_source(fast_source, "king_square_items")
    slow = load_module_from_source(slow_source, "king_square_loop")
    st = fast.GAME(None).position(fen_to_position(KIWIPETE))
    assert [fast.define_king_square(st, p) for p in (0, 1)] == [slow.define_king_square(st, p) for p in (0, 1)]
