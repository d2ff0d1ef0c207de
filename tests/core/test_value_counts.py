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
CROWNING = "rulespec/docs/ref_games/crowning.rules"
CHECKERS = "rulebooks/checkers.rules"

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
     "`pawn 0`: no component `piece` is made with kind pawn, and its kind cannot change"),
    ("component piece: colour (white, black) x kind (pawn 0, king 0), colour can change [CO-1]", 6, 53,
     "`pawn 0`: no component `piece` is made with kind pawn, and its kind cannot change"),
    ("component piece: colour (white, black) x kind (pawn 0, king 0), kind can change [CO-1]", 6, 48,
     "every count in `kind` is 0, so none is made"),
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


# ----------------------------------------------------------------------------- a value none starts with


def _crowned(game):
    """From the start: a black man goes up column 1 round the white man coming down it, and is crowned."""
    st = game.new_game(2)
    for move in ["player 1: 4 1 to 3 1", "player 2: 1 1 to 2 1", "player 1: 3 1 to 3 2", "player 2: 2 1 to 3 1",
                 "player 1: 3 2 to 2 2", "player 2: 1 4 to 2 4", "player 1: 2 2 to 2 1", "player 2: 2 4 to 3 4",
                 "player 1: 2 1 to 1 1"]:
        st.apply(move)
    return st


def test_a_value_counted_0_makes_none_yet_the_rules_may_give_it():
    model = rulespec.compile_rules(CROWNING)
    piece = model.components[0]
    assert piece.counts == ("rank", (4, 0)) and piece.total == 8 and piece.has_copies
    game = rulespec.load(CROWNING)
    assert Counter(game.ITEM_LABEL) == {"black man": 4, "white man": 4}
    assert [label for _, _, label in game._unmade_looks] == ["black king", "white king"]
    st = _crowned(game)
    assert [label for label in st._labels if label.endswith("king")] == ["black king"]
    st.apply("player 2: 3 4 to 3 3")
    assert "1 1 to 2 1" in [a.text for a in st.legal_actions()]  # a king steps back


def test_the_english_says_none_starts_so():
    model = rulespec.compile_rules(CROWNING)
    text = "\n".join(English(model).declaration(model.components[0]))
    assert "4 pieces whose rank is man; 8 in all. No piece starts as a king." in text
    assert "0 whose" not in text


def test_a_position_writes_and_reads_a_look_none_is_made_with():
    from rulespec.runtime.position import to_position
    game = rulespec.load(CROWNING)
    st = _crowned(game)
    text = to_position(st)
    assert "k = black king" in text and "item " not in text, text
    again = game.position(text)
    assert to_position(again) == text and again._labels == st._labels
    assert game.from_json(st.to_json())._labels == st._labels
    # Kings of both colours written in: black men and a white man taken and crowned.
    kings = game.position("grid: K..w/..K./..../...k (K = black king, k = white king, w = white man)\n"
                          "turn 1 of player 1")
    assert Counter(kings._labels[i] for i in kings._boards[0] if i >= 0) == {"black king": 2, "white king": 1,
                                                                              "white man": 1}
    with pytest.raises(Exception, match="can become 'black king'"):
        game.position("grid: KKKK/K.../..../...w (K = black king, w = white man)\nturn 1 of player 1")


def test_tables_pictures_and_actions_list_the_look_none_is_made_with():
    from rulespec.adapters.core import _Expansion
    from rulespec.adapters.tensors import TensorLayout
    game = rulespec.load(CROWNING)
    st = _crowned(game)
    layout = TensorLayout(game, 2)
    assert layout.labels == ["black man", "black king", "white man", "white king"]
    tensor = [0.0] * layout.size
    layout.fill(tensor, st.observation(0), 0)  # (a king on the board has its row: no KeyError)
    at, size = layout.offsets["board:grid"]
    assert sum(tensor[at + cell * 4 + 1] for cell in range(16)) == 1.0
    assert "= black king" in game._describe(st)
    from rulespec.docs.svg import board_svg, engine_picture
    assert "black king" in board_svg(engine_picture(game, 0, 2, state=st))  # (drawn as it reads now)
    assert "black king" in _Expansion(game, 2).domain("item", "test")


def test_the_position_seen_counts_a_crowned_man_as_a_king():
    game = rulespec.load(CROWNING)
    st = _crowned(game)
    looks = game._looks
    numbers = looks.now(st)
    king = next(i for i, label in enumerate(st._labels) if label == "black king")
    man = next(i for i, label in enumerate(st._labels) if label == "black man")
    assert numbers[king] != numbers[man] and "king" in looks.text(numbers[king])


def test_checkers_makes_twelve_men_a_side_and_crowns_them():
    game = rulespec.load(CHECKERS)
    assert len(game.ITEM_KIND) == 24 and set(game.ITEM_LABEL) == {"black man", "white man"}
    st = game.position("grid: -.-.-.-./.-w-w-.-/-b-.-.-./.-.-.-.-/-.-.-.-./.-.-.-.-/-.-.-.-./.-.-.-K- "
                       "(b = black man, w = white man, K = white king)\nturn 9 of player 1")
    st.apply("player 1: 3 2 jumps to 1 4")
    assert sorted(label for label in st._labels if label.endswith("king")) == ["black king", "white king"]
