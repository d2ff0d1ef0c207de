"""Boards declared as graphs (issue #39, item 4): named spaces, links, named directions and sets of lines.
A ring of six houses (a sowing game's board, drawn on a circle) and a small morris board; each misuse of
the declaration is reported at the space or link it concerns."""

from __future__ import annotations

import dataclasses

import pytest

import rulespec
from rulespec.adapters.tensors import TensorLayout
from rulespec.docs.english import English
from rulespec.language.errors import RuleError
from rulespec.model import ir
from rulespec.model.checker import check
from rulespec.model.cost import Cost
from rulespec.language.parser import parse_text

RING = '''\
game "Ring" [RG-1]
  id "ring"
  players 2 to 2 [RG-1]
  at most 40 turns [RG-1]

each player has a colour: red, blue [RG-1]
component seed: colour (red, blue) x 6 [RG-1]
zone bag: shared, public, holds every component in play [RG-1]

board ring: graph [RG-2]:
  spaces h1, h2, h3, h4, h5, h6
  links next: h1-h2, h2-h3, h3-h4, h4-h5, h5-h6, h6-h1
  lines halves: h1 h2 h3, h4 h5 h6
fit seed on ring [RG-2]

define mine(s: ring, p: seat) [RG-3]:
  s holds colour of p

turns go clockwise from player 1, each turn runs turn [RG-3]

choice turn(player: seat) by player [RG-3]:
  option sow "sow {s} to {neighbour of s towards next}" [RG-3]:
    for s in ring
    only if s is empty and neighbour of s towards next is empty
    place any(t in bag where colour of t = colour of player) on neighbour of s towards next
  option run "run from {s}" [RG-4]:
    for s in ring
    only if s is empty and count(t in line of 3 from s towards next where t is empty) = 3 and size of walk(t from s towards next while t is empty) >= 4
    place any(t in bag where colour of t = colour of player) on s

end half [RG-5]:
  checked after every step
  for each p in players
  when count(l in halves where count(t in l where mine(t, p)) = 3) > 0
  winner p

end full [RG-5]:
  checked after every step
  when count(s in ring where s is empty) = 0
'''


def _load(tmp_path, text: str, name: str = "ring.rules"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return rulespec.load(path)


def _error(tmp_path, text: str) -> str:
    path = tmp_path / "ring.rules"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RuleError) as caught:
        rulespec.compile_rules(path)
    return str(caught.value)


def test_a_named_direction_leads_round_the_ring_and_spaces_go_by_their_names(tmp_path):
    game = _load(tmp_path, RING)
    st = game.new_game()
    texts = {str(a) for a in st.legal_actions()}
    assert "player 1: sow h6 to h1" in texts  # the last house's `next` is the first: a ring
    assert "player 1: run from h1" in texts  # round the five others, stopping before h1 again
    st.apply("player 1: sow h6 to h1")
    # h1 now holds a seed: from h2 four empty houses follow, from h5 one (h6)
    texts = {str(a) for a in st.legal_actions()}
    assert "player 2: run from h5" not in texts and "player 2: run from h2" in texts
    position = st.to_position()
    assert "ring:\n  h1: red seed\n" in position
    assert game.position(position).to_position() == position


def test_the_ring_is_drawn_on_a_circle_and_observed_one_row_per_space(tmp_path):
    game = _load(tmp_path, RING)
    board = game.BOARDS[0]
    assert board.kind == "graph" and board.labels == ("h1", "h2", "h3", "h4", "h5", "h6")
    assert board.drawn_at[0] == (0, -100) and board.drawn_at[3] == (0, 100)  # the first at the top
    layout = TensorLayout(game, 2)
    st = game.new_game()
    st.apply("player 1: sow h6 to h1")
    tensor = [0.0] * layout.size
    layout.fill(tensor, st.observation(0), 1)
    at, size = layout.offsets["board:ring"]
    kinds = len(layout.labels)
    assert size == 6 * kinds  # a row of one-hots per space, in the order declared
    assert tensor[at + layout.label_index["red seed"]] == 1.0  # h1, the first row
    assert sum(tensor[at:at + size]) == 1.0


def test_neighbours_of_a_space_are_its_links_both_ways(tmp_path):
    text = RING.replace('''  option run "run''', '''  option pair "pair {s} {t}" [RG-4]:
    for s in ring, t in neighbours of s
    only if s is empty and t is empty and s = any(u in ring where u is empty)
    place any(u in bag where colour of u = colour of player) on t
  option run "run''')
    st = _load(tmp_path, text).new_game()
    assert {str(a) for a in st.legal_actions() if "pair" in str(a)} == {"player 1: pair h1 h2", "player 1: pair h1 h6"}


@pytest.mark.parametrize("change, where, message", [
    ("  spaces h1, h2, h3, h4, h5, h6", "  spaces h1, h2, h3, h2, h5, h6",
     "ring.rules:11:22: error: board `ring` declares the space `h2` twice"),
    ("h5-h6, h6-h1", "h5-h6, h6-h7", "ring.rules:12:53: error: board `ring` has no space `h7`"),
    ("h5-h6, h6-h1", "h5-h5, h6-h1", "ring.rules:12:43: error: the link `h5-h5` joins a space to itself"),
    ("h5-h6, h6-h1", "h5-h6, h5-h1", "ring.rules:12:50: error: two links `next` lead from `h5`"),
    ("h4 h5 h6", "h4 h5 h9", "ring.rules:13:33: error: board `ring` has no space `h9`"),
    ("h4 h5 h6", "h4 h5 h4", "ring.rules:13:33: error: a line of `halves` holds `h4` twice"),
])
def test_a_bad_declaration_is_reported_where_it_is_written(tmp_path, change, where, message):
    assert change in RING
    assert message in _error(tmp_path, RING.replace(change, where))


def test_a_space_left_out_of_a_partial_drawing_is_reported_at_its_name(tmp_path):
    text = RING.replace("  lines halves", "  at h1 (0, 0), h2 (1, 0), h3 (2, 0), h4 (2, 1), h6 (0, 1)\n  lines halves")
    message = _error(tmp_path, text)
    assert "ring.rules:11:26: error: the space `h5` has no place in the drawing, while others have" in message


def test_a_graph_runs_towards_its_own_directions_only(tmp_path):
    message = _error(tmp_path, RING.replace("neighbour of s towards next is empty",
                                            "neighbour of s towards north is empty"))
    assert "error: board `ring` is a graph: it runs towards its named directions only, not `north`" in message
    assert "its directions are next" in message


def test_neighbours_of_needs_a_space(tmp_path):
    message = _error(tmp_path, RING.replace("count(t in l where mine(t, p))", "count(t in neighbours of p where mine(t, p))"))
    assert "`neighbours of` needs a space, not a player" in message


def test_the_site_draws_a_graph_by_its_links_and_names(tmp_path):
    from rulespec.docs.svg import board_svg, engine_picture
    game = _load(tmp_path, RING)
    st = game.new_game()
    st.apply("player 1: sow h6 to h1")
    svg = board_svg(engine_picture(game, 0, 2, st))
    assert svg.count('stroke="#9e9e9e" stroke-width="2"/>') == 6  # a line per link, no square
    assert ">h4</text>" in svg and "<title>red seed on h1</title>" in svg


SIDES = RING.replace("  spaces h1, h2, h3, h4, h5, h6\n",
                     "  spaces h1, h2, h3, h4, h5, h6\n  spaces near: h1, h2, h3\n  spaces far: h4, h5\n")


def test_a_named_set_of_spaces_is_read_as_a_kind_of_space(tmp_path):
    text = SIDES.replace("only if s is empty and neighbour of s towards next is empty",
                         "only if s is a near space and neighbour of s towards next is empty")
    st = _load(tmp_path, text).new_game()
    assert {str(a) for a in st.legal_actions() if "sow" in str(a)} == {
        "player 1: sow h1 to h2", "player 1: sow h2 to h3", "player 1: sow h3 to h4"}
    st.apply("player 1: sow h3 to h4")
    assert "player 2: sow h3 to h4" not in {str(a) for a in st.legal_actions()}  # h4 is taken, h6 in no set


def test_a_named_set_may_declare_its_spaces_and_the_english_names_it(tmp_path):
    text = RING.replace("  spaces h1, h2, h3, h4, h5, h6\n", "  spaces near: h1, h2, h3\n  spaces far: h4, h5, h6\n")
    text = text.replace("only if s is empty and neighbour", "only if s is a far space and s is empty and neighbour")
    game = _load(tmp_path, text)
    assert {str(a) for a in game.new_game().legal_actions() if "sow" in str(a)} == {
        "player 1: sow h4 to h5", "player 1: sow h5 to h6", "player 1: sow h6 to h1"}
    from rulespec.docs.english import English
    model = rulespec.compile_rules(tmp_path / "ring.rules")
    board = " ".join(English(model).declaration(model.boards[0]))
    assert "The near spaces are h1, h2, and h3. The far spaces are h4, h5, and h6." in board
    turn = next(s for s in model.steps if s.name == "turn")
    assert "allowed only if *s* is a far space, *s* is empty" in "\n".join(English(model).declaration(turn))


@pytest.mark.parametrize("where, message", [
    ("  spaces far: h4, h1\n", "ring.rules:13:19: error: the space `h1` is in the set `near` already (line 12)"),
    ("  spaces bag: h4\n", "error: the spaces `bag` of board `ring` have the name of a zone"),
])
def test_a_bad_set_of_spaces_is_reported_where_it_is_written(tmp_path, where, message):
    text = RING.replace("  spaces h1, h2, h3, h4, h5, h6\n", "  spaces h1, h2, h3, h4, h5, h6\n  spaces near: h1, h2\n"
                        + where)
    assert message in _error(tmp_path, text)


def test_is_a_space_names_only_a_set_the_graph_declares(tmp_path):
    text = SIDES.replace("only if s is empty and neighbour", "only if s is a middle space and neighbour")
    assert "the board ring has no region or mark `middle`" in _error(tmp_path, text)


WAYS = RING.replace("  lines halves", "  links back: h2-h1, h4-h3\n  lines halves").replace(
    '''  option run "run from {s}" [RG-4]:''', '''  option go "go {d} to {neighbour of s towards d}" [RG-4]:
    for s in ring, d in directions of ring
    only if mine(s, player) and neighbour of s towards d is empty
    place occupant of s on neighbour of s towards d
  option run "run from {s}" [RG-4]:''')


def test_the_directions_of_a_graph_are_its_own_named_ones(tmp_path):
    game = _load(tmp_path, WAYS)
    st = game.new_game()
    st.apply("player 1: sow h1 to h2")
    st.apply("player 2: sow h3 to h4")
    texts = {str(a) for a in st.legal_actions() if " go " in str(a)}
    # from h2 `next` leads to h3 and `back` to h1 (h4's `back`, to h3, is player 2's): by name, in text too
    assert texts == {"player 1: go next to h3", "player 1: go back to h1"}
    model = check(parse_text(WAYS, "ring.rules"))
    found = [e for e in _walk(model) if isinstance(e, ir.Directions)]
    assert [(e.type, e.directions, e.names) for e in found] == [("directions:ring", (0, 1), ("next", "back"))]
    assert English(model).expr(found[0]) == "the directions of the ring (next and back)"
    assert Cost(model).size(found[0]) == 2


def test_directions_of_a_graph_without_named_ones_is_refused_where_written(tmp_path):
    text = WAYS.replace("links next: h1-h2", "links h1-h2").replace("  links back: h2-h1, h4-h3\n", "")
    message = _error(tmp_path, text)
    assert "ring.rules:27:25: error: board `ring` is a graph whose links have no named direction" in message


def test_only_a_direction_of_the_graph_leads_round_it(tmp_path):
    message = _error(tmp_path, WAYS.replace("for s in ring, d in directions of ring", "for s in ring, d in players"))
    assert "ring.rules:29:56: error: board `ring` is a graph: it runs towards its named directions only, not `d`" \
        in message


def _walk(node, seen=None):
    """Every IR expression anywhere in the model (through dataclass fields, tuples and dicts)."""
    seen = set() if seen is None else seen
    if id(node) in seen:
        return
    seen.add(id(node))
    if isinstance(node, ir.E):
        yield node
    if dataclasses.is_dataclass(node) and not isinstance(node, type):
        for f in dataclasses.fields(node):
            yield from _walk(getattr(node, f.name), seen)
    elif isinstance(node, (tuple, list)):
        for x in node:
            yield from _walk(x, seen)
    elif isinstance(node, dict):
        for x in node.values():
            yield from _walk(x, seen)
