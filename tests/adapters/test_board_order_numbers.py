"""A grid's rows and columns are numbered in the board's order (rulespec/adapters/core.py,
_Expansion.rows_and_columns_in_use; issue #40): a template of a space's row and column numbers the spaces row by row,
each row's columns rising, even where the spaces in use start at a later column in the first rows (a hexagon of
hexagons drawn with `-` in its cut-off corners). Before, the columns were taken in the order the spaces in use first
showed them (8..15, then 7, 6, ...), so a listing of empty spaces in board order was out of the numbering's order:
numbered from its texts, a dict made and its numbers sorted at every node, instead of its numbers edited from the
last listing's (listing_numbers._kept_numbers), as Hex's are."""

import random
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install 'rulespec[openspiel]')")

import rulespec  # noqa: E402
import rulespec.openspiel as rso  # noqa: E402
from rulespec.adapters import core, listing_numbers  # noqa: E402
from rulespec.adapters.tensors import unique_in_order  # noqa: E402
from rulespec.pipeline.rule_paths import allow_in_environment  # noqa: E402

NEWCOMER = Path(__file__).resolve().parents[1] / "newcomer" / "games"

CUT_CORNER = """\
# C-1  A stone a turn on an empty space of a board whose top-left corner is cut off.
game "Cut corner" [C-1]
  id "cut-corner"
  players 2 to 2 [C-1]
  at most 6 turns [C-1]

each player has a colour: white, black [C-1]
component stone: colour (white, black) x 3 [C-1]
zone supply: shared, public, holds every component in play [C-1]

board grid: rows row 1..3, columns column 1..3, adjacency hexagonal [C-1]:
  face hexagon [C-1]:
    1  - - .
    2  - . .
    3  . . .

fit stone on grid [C-1]

turns go clockwise from player 1, each turn runs turn [C-1]

choice turn(player: seat) by player [C-1]:
  option stone "{colour of player} on row {row of s} column {column of s}" [C-1]:
    for s in grid
    only if s is empty
    place any(t in supply where colour of t = colour of player) on s

end full [C-1]:
  checked after every step
  when there is no s in grid where s is empty
  the game is a draw

ranking [C-1]:
  winner first

returns [C-1]:
  win 1, draw 0, loss -1
"""


def _columns_first_seen(expansion, b):
    """The numbering before: a grid's rows and columns in the order the spaces in use first show them."""
    board = expansion.engine.BOARDS[b]
    width = len(board.columns)
    if len(board.rows) * width != board.size:
        return list(board.rows), list(board.columns)
    cells = sorted(set().union(*(t.cells_in_use[b] for t in expansion.tables)))
    return (unique_in_order(board.rows[cell // width] for cell in cells),
            unique_in_order(board.columns[cell % width] for cell in cells))


def _game(path, first_seen: bool = False):
    """The adapter's game of ``path``, its ActionTable made anew (with the columns as first seen: before)."""
    core.table_for.cache_clear()
    try:
        if not first_seen:
            game = rso.load_game(str(path), players=2)
            game.new_initial_state()
            return game
        swapped = core._Expansion.rows_and_columns_in_use
        core._Expansion.rows_and_columns_in_use = _columns_first_seen
        try:
            game = rso.load_game(str(path), players=2)
            game.new_initial_state()  # (its first session made with this table)
            return game
        finally:
            core._Expansion.rows_and_columns_in_use = swapped
    finally:
        core.table_for.cache_clear()


@pytest.fixture
def cut_corner(tmp_path, monkeypatch):
    monkeypatch.setenv("RULESPEC_RULES_PATH", str(tmp_path))
    path = tmp_path / "cut.rules"
    path.write_text(CUT_CORNER, encoding="utf-8")
    return path


def test_a_cut_off_grids_spaces_are_numbered_row_by_row(cut_corner):
    """The spaces in use of a grid cut off at its top-left are numbered row by row, each row's columns rising
    (before: column 3 of every row first, as the first row shows its columns)."""
    game = _game(cut_corner)
    texts = [game.action_to_string(0, n) for n in range(game.num_distinct_actions())]
    assert texts == ["white on row 1 column 3", "white on row 2 column 2", "white on row 2 column 3",
                     "white on row 3 column 1", "white on row 3 column 2", "white on row 3 column 3"]
    before = _game(cut_corner, first_seen=True)
    assert [before.action_to_string(0, n) for n in range(before.num_distinct_actions())][:3] == [
        "white on row 1 column 3", "white on row 2 column 3", "white on row 2 column 2"]


def _edited_numbers(game, moves: int) -> int:
    """How many of a seeded game's first ``moves`` listings had their numbers edited from the last ones', each
    listing's numbers checked to rise where they were read by place."""
    kept = listing_numbers._kept_numbers
    edited = []
    listing_numbers._kept_numbers = lambda table, rows: edited.append(kept(table, rows)) or edited[-1]
    try:
        rng, state = random.Random(3), game.new_initial_state()
        for _ in range(moves):
            legal = state.legal_actions()
            state.apply_action(rng.choice(legal))
    finally:
        listing_numbers._kept_numbers = kept
    return sum(found is not None for found in edited)


def test_havannahs_empty_spaces_are_numbered_by_editing_the_last_listings_numbers():
    """Fires on the form: Havannah's listing of empty spaces (kept by the engine, in board order) rises in the
    numbering's order, so each seat's listing after its first has its numbers edited from its last one's and read by
    place; numbered with the columns as first seen (before), none is."""
    allow_in_environment([NEWCOMER])
    path = NEWCOMER / "havannah.rules"
    game = _game(path)
    state = game.new_initial_state()
    state.apply_action(state.legal_actions()[0])
    numbered = state._node.numbered
    assert numbered.legal == sorted(numbered.legal) and numbered.row_of(numbered.legal[-1]) == len(numbered.legal) - 1
    assert _edited_numbers(game, 20) >= 17
    assert _edited_numbers(_game(path, first_seen=True), 20) == 0


def _texts(state):
    player = state.current_player()
    return sorted(state.action_to_string(player, n) for n in state.legal_actions())


@pytest.mark.parametrize("file", ["cut-corner", "havannah"])
def test_numbered_in_board_order_the_games_play_as_before(file, cut_corner):
    """Lock step: seeded games through the adapter numbering in board order and through the adapter numbering the
    columns as first seen (before), each move picked by its text, and through rulespec's API: the same texts
    offered at every node (each number's text read back to the number), the same returns."""
    if file == "havannah":
        allow_in_environment([NEWCOMER])
        path = NEWCOMER / "havannah.rules"
    else:
        path = cut_corner
    now, before, engine = _game(path), _game(path, first_seen=True), rulespec.load(str(path))
    assert sorted(now.action_to_string(0, n) for n in range(now.num_distinct_actions())) == \
        sorted(before.action_to_string(0, n) for n in range(before.num_distinct_actions()))
    for seed in range(2):
        rng = random.Random(seed)
        states, api = [now.new_initial_state(), before.new_initial_state()], engine.new_game(2)
        while not api.is_terminal():
            offered = sorted(action.text for action in api.legal_actions())
            assert all(_texts(state) == offered for state in states)
            text = rng.choice(offered)
            for state in states:
                number = state.string_to_action(text)
                assert state.action_to_string(state.current_player(), number) == text
                state.apply_action(number)
            api.apply(next(action for action in api.legal_actions() if action.text == text))
        assert all(state.is_terminal() and state.returns() == [float(v) for v in api.returns()] for state in states)
