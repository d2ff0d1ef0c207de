"""How many components have each value (issue #39, piece counts per kind): `component piece: colour (white,
black) x kind (pawn 8, knight 2, bishop 2, rook 2, queen, king)` makes 8 pawns, 2 knights ... a side, 32 in
all, not the 96 of `x 8`. Counted, made, named, shown in English and on the site; misuse refused at its line;
an attribute that can change starts as counted and may become any value (chess's promotion)."""

from __future__ import annotations

from collections import Counter

import pytest

import rulespec
from rulespec.docs.english import English
from rulespec.language.errors import RuleError

CROWNS = "rulespec/docs/ref_games/crowns.rules"

GAME = '''\
game "Count" [CO-1]
  id "count"
  players 2 to 2 [CO-1]
  at most 10 turns [CO-1]

{component}
zone box: shared, public, holds every component in play [CO-1]
zone out: shared, public [CO-1]

turns go clockwise from player 1, each turn runs turn [CO-1]

choice turn(player: seat) by player [CO-1]:
  option take "take {{c}}" [CO-1]:
    for c in box
    move c to out

end done [CO-1]:
  checked after every step
  when size of box = 0
'''

CHESS_SET = "component piece: colour (white, black) x kind (pawn 8, knight 2, bishop 2, rook 2, queen, king) [CO-1]\n" \
            "  shown as \"{colour} {kind}\""


def _compiled(tmp_path, component: str):
    path = tmp_path / "count.rules"
    path.write_text(GAME.format(component=component), encoding="utf-8")
    return rulespec.compile_rules(path), path


def _refused(tmp_path, component: str):
    with pytest.raises(RuleError) as caught:
        _compiled(tmp_path, component)
    assert len(caught.value.diagnostics) == 1, str(caught.value)
    return caught.value.diagnostics[0]


def test_each_value_is_made_as_many_times_as_its_count_for_each_combination_of_the_others(tmp_path):
    model, path = _compiled(tmp_path, CHESS_SET)
    piece = model.components[0]
    assert piece.counts == ("kind", (8, 2, 2, 2, 1, 1)) and piece.total == 32 and piece.has_copies
    game = rulespec.load(path)
    assert Counter(game.ITEM_LABEL) == {**{f"{c} pawn": 8 for c in ("white", "black")},
                                        **{f"{c} {k}": 2 for c in ("white", "black") for k in ("knight", "bishop", "rook")},
                                        **{f"{c} {k}": 1 for c in ("white", "black") for k in ("queen", "king")}}
    st = game.new_game(2)
    # Copies alike are offered once: one take per kind and colour (12), not one per piece (32).
    assert len(st.legal_actions()) == 12


def test_without_counts_the_table_reads_as_before(tmp_path):
    model, _ = _compiled(tmp_path, "component piece: colour (white, black) x kind (pawn, king) x 3 [CO-1]")
    piece = model.components[0]
    assert piece.counts is None and piece.copies_table == 3 and piece.total == 12


def test_counts_on_an_ordered_attribute_keep_its_order(tmp_path):
    model, path = _compiled(tmp_path, "component card: rank (two 3 < three < four 2) [CO-1]")
    card = model.components[0]
    assert card.ordered == ("rank",) and card.total == 6
    assert Counter(rulespec.load(path).ITEM_LABEL) == {"two card": 3, "three card": 1, "four card": 2}


def test_the_english_says_how_many_of_each_and_the_total(tmp_path):
    model, _ = _compiled(tmp_path, CHESS_SET)
    text = "\n".join(English(model).declaration(model.components[0]))
    assert "for every colour (white and black)" in text
    assert "8 pieces whose kind is pawn, 2 whose kind is knight" in text
    assert "1 whose kind is king; 32 in all" in text


@pytest.mark.parametrize("component, line, column, says", [
    ("component piece: colour (white, black) x kind (pawn 0, king) [CO-1]", 6, 53,
     "`pawn 0`: a value that no component has"),
    ("component piece: colour (white 2, black) x kind (pawn 8, king) [CO-1]", 6, 50,
     "has counts in `colour` and in `kind`"),
    ("component piece: colour (white, black) x kind (pawn 8, king) x 2 [CO-1]", 6, 64,
     "gives counts in `kind` and `x 2` too"),
    ("component piece: colour (white, black) x kind (pawn 10001, king) [CO-1]", 6, 53,
     "at most 10,000 copies of one component"),
])
def test_a_misused_count_is_refused_at_its_place(tmp_path, component, line, column, says):
    error = _refused(tmp_path, component)
    assert (error.line, error.column) == (line, column), error.render()
    assert says in error.render()


def test_a_die_s_faces_are_not_counted(tmp_path):
    path = tmp_path / "dice.rules"
    path.write_text(GAME.format(component="dice die: face (low 2, high), 1 shared in cup, public [CO-1]\n"
                                          "zone cup: shared, public [CO-1]"), encoding="utf-8")
    with pytest.raises(RuleError) as caught:
        rulespec.compile_rules(path)
    error = caught.value.diagnostics[0]
    assert (error.line, error.column) == (6, 17) and "a die's face is not counted" in error.render()


def test_zones_that_start_with_copies_are_held_to_the_counts(tmp_path):
    component = ("component piece: colour (white, black) x kind (pawn 2, king) [CO-1]\n"
                 "zone spare: shared, public, holds 7 piece [CO-1]")
    error = _refused(tmp_path, component)
    assert "`piece` has 6 copies, but the zones start with 7 of it" in error.render()


def test_a_counted_attribute_that_changes_starts_as_counted_and_becomes_any_value():
    game = rulespec.load(CROWNS)
    st = game.new_game(2)
    assert len(game.ITEM_KIND) == 8
    st.apply("player 1: 4 2 to 3 2")
    st.apply("player 2: 1 2 to 2 2")
    kings = [i for i, label in enumerate(st._labels) if label.endswith("king")]
    assert len(kings) == 2
    # A position may show three black kings (two men crowned) but not a fifth black piece.
    three = game.position("grid: KKK./..../..../...w (K = black king, w = white king)\nturn 1 of player 1")
    assert sum(label == "black king" for label in three._labels) == 3
    with pytest.raises(Exception, match="black king"):
        game.position("grid: KKKK/K.../..../...w (K = black king, w = white king)\nturn 1 of player 1")
