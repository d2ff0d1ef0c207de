"""Positions a person can write down: a state as a few lines of text, and back.

``state.to_position()`` writes a state; ``game.position(text)`` reads one back into a ``State``,
checked like ``from_json``: what was read is a state's dict, which goes through the same pydantic
types of a state's shape (rulespec/runtime/state_schema.py) and the same game checks
(:func:`rulespec.runtime.state_check.check_state_dict`), so a bad position is refused with
:class:`InvalidPosition` at its line and column and nothing is half-built. The format (documented on
the site's "Positions" page, docs/positions.md)::

    game tic-tac-toe                      # optional; must be this game
    players 2                             # optional; the game's fewest players by default
    option side = A                       # one line per option (the engine's own by default)
    phase play                            # setup or play (play by default)
    turn 5 of player 1                    # the turn's number and player (turn 1 of the first seat)
    grid: c.n/.c./..n (c = cross, n = nought)    # a grid: one letter per space, rows by `/`
    beach:                                # or a block of `space: component` lines
      red 4: red 4
      blue 5: starfish
    supply: cross x2, nought x3           # a zone: labels; `LABEL xN` copies, `red 0..17` a run
    rack of player 1: red 3, green 0
    bag: the rest                         # every component written nowhere else
    counter pass_streak: 0                # counters by name; one value per seat if per player
    counter seeds: 4 4 4/4 4 4            # a counter per space: its board's rows by `/` (`-` not in use)
    queued in bonuses: give_left(player 1)
    pending turn(player 1)                # the steps under way, bottom first: the last one decides
    chosen in secret: player 2: bid 3     # a simultaneous decision's choices made so far (`by each player`)
    game over: three, winners player 1    # only once the game is over
    positions seen: 5e34... x2, ...       # a game that counts positions: each seen at a turn start (this one's last)
    positions seen on grid: 9a1f... x1, ...  # likewise a board's own positions (`the position on grid has occurred`)

What a position drops, on purpose: the history of actions, the rule counts (``fired``), invariant
violations found so far, and how each space's component came there (its cause, which no rule reads). A
position written without `positions seen` has no past: it has occurred once, itself.
Everything else a state holds is written, hidden parts included: a position is the whole state, not one
seat's view (a hidden zone's order, when it is stacked, is written bottom first).
"""

from __future__ import annotations

from .position_format import MAX_POSITION_CHARS, InvalidPosition
from .position_reading import PositionReader, read_position
from .position_writing import to_position

# Written in rulespec/runtime/position_writing.py, read in position_reading.py and position_places.py; what
# both share in position_format.py. Callers import these names from here.
__all__ = ["InvalidPosition", "MAX_POSITION_CHARS", "PositionReader", "read_position", "to_position"]
