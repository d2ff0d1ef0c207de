"""Option rows made once (rulespec.codegen.python CodeGenerator.choices, static_text): an option whose text
reads only labels of its names (a seat's colour, a space's row) makes the same row for the same seat,
arguments and binding in every state, so its generated listing keeps each row in a module-level table.

A kept row must be exactly the row the option lists one by one (its options_ function, which makes every
text afresh), at every decision of random games; a text that reads the state is never kept."""

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.codegen.python import generate
from rulespec.pipeline import compile_rules

ROOT = Path(__file__).resolve().parents[2]
KEPT = ["hex", "connect-four", "tic-tac-toe", "liars-dice", "shell-we"]


def one_by_one(game, st):
    """The rows of the decision on top of the stack, each text made afresh by its option's own lister."""
    frame = st._stack[-1]
    info = game.STEPS[frame[0]]
    seat = info.by(st, *frame[1])
    return [(seat, text, k, binding) for k, option in enumerate(info.options)
            for text, binding in option.enumerate(st, *frame[1])]


@pytest.mark.parametrize("game_id", KEPT)
def test_kept_rows_are_the_rows_made_afresh(game_id):
    game = rulespec.load(game_id)
    module = __import__("sys").modules[type(game).__module__]
    tables = [name for name in vars(module) if name.startswith("ROWS_")]
    assert tables, f"{game_id} keeps no rows"
    rng = random.Random(7)
    compared = 0
    for _ in range(4):
        st = game.new_game(players=game.MIN_PLAYERS)
        while not st.is_terminal():
            if not st.is_chance_node():
                frame = st._stack[-1]
                info = game.STEPS[frame[0]]
                if info.choices is not None and info.kind == "choice":
                    seat, rows = info.choices(st, *frame[1])
                    assert rows == one_by_one(game, st), st.history
                    again = info.choices(st, *frame[1])[1]
                    table = getattr(module, f"ROWS_{frame[0]}", None)
                    kept = set() if table is None else {
                        k for k in range(len(info.options)) if any(seat.by_option[k] for seat in table.values())}
                    # kept: the same tuples handed out again
                    assert all(a is b for a, b in zip(rows, again) if a[2] in kept)
                    compared += len(rows)
                actions = st.legal_actions()
                st.apply(actions[rng.randrange(len(actions))])
            else:
                outcomes = st.chance_outcomes()
                st.apply(outcomes[rng.randrange(len(outcomes))][0])
    assert compared > 50


GAME = '''game "Counting" [CO-1]
  id "counting"
  players 2 to 2
  at most 6 turns

each player has a colour: red, blue [CO-1]
component stone: colour (red, blue) x 9 [CO-1]
  shown as "{colour}"
zone supply: shared, public, holds every component in play [CO-1]

board grid: rows row 1..3, columns column 1..3, adjacency orthogonal [CO-1]:
  face plain:
    1 . . .
    2 . . .
    3 . . .

fit stone on grid [CO-1]

turns go clockwise from player 1, each turn runs turn [CO-1]

choice turn(player: seat) by player [CO-1]:
  option put "TEXT":
    for s in grid
    only if s is empty
    place any(t in supply where colour of t = colour of player) on s

end full [CO-1]:
  checked after every step
  when count(s in grid where s is empty) = 0

ranking [CO-1]:
  ties share
'''


def first_of_each_text(rows):
    """What a listing offers: of the rows that read the same, the first."""
    seen = set()
    return [row[:2] for row in rows if row[1] not in seen and not seen.add(row[1])]


@pytest.mark.parametrize("text, kept", [
    ("{colour of player} on {row of s} {column of s}", True),
    ("stone {row of s} {column of s}", True),
    ("on {s}", True),
    # texts that repeat across spaces (every space of a row reads the same): kept, and a listing offers the
    # first of each (the kept rows see the repeat as they are made, then look at every listing)
    ("{colour of player} on {row of s}", True),
    ("{colour of player} anywhere", True),
    # reads the state: how many stones are left, made afresh at each listing
    ("{colour of player} on {s} ({count(t in supply)} left)", False),
])
def test_only_texts_of_labels_are_kept(tmp_path, text, kept):
    path = tmp_path / "counting.rules"
    path.write_text(GAME.replace("TEXT", text))
    source = generate(compile_rules(path), Path("counting.rules"))
    assert ("ROWS_turn = KeptRows(" in source) is kept
    game = rulespec.load(path)
    st = game.new_game(players=2)
    offered = set()
    while not st.is_terminal():
        listed = [(a.player, a.text) for a in st.legal_actions()]
        assert listed == first_of_each_text(one_by_one(game, st)), st.history
        offered.add(len(listed))
        st.apply(st.legal_actions()[-1])
    assert len(st.history) == 6
    if "anywhere" in text:
        assert offered == {1}  # every space reads the same: one choice each turn
