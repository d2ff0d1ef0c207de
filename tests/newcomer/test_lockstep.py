"""Games written by a newcomer from the docs alone (tests/newcomer/games/), in lock step with OpenSpiel.

Each rule file was written from the README, the language reference and the tutorial only (issue #11's
acceptance), for a game OpenSpiel implements and the gallery does not have. For each: seeded random
games played on both sides at once (at every node the same kind of node, the same player or players to
move with the same legal actions, the same chance outcomes with the same probabilities; the same returns
at the end), and for the small ones a walk of the whole game tree.

Our actions are translated to OpenSpiel's action numbers from their texts only (``number``), so the rule
file's own texts are what is checked. Simultaneous nodes are OpenSpiel simultaneous nodes, ours a choice
`by each player` (every seat applies its own action, in a random order). OpenSpiel's first-price sealed
auction asks its two bidders one after the other (neither sees the other's bid); the rule file asks both
at once, in secret: there OpenSpiel's bidder must be one of our seats still to choose.
"""

from __future__ import annotations

import math
import random
import re
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Callable, Optional

import pytest

import rulespec
from rulespec.runtime.engine import SIMULTANEOUS

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install 'rulespec[openspiel]')")

GAMES = Path(__file__).with_name("games")


def _last_int(text: str) -> int:
    return int(re.search(r"-?\d+$", text).group())


def _rps(seat, text):
    return ("rock", "paper", "scissors").index(text)


def _pennies(seat, text):
    return ("heads", "tails").index(text)


def _catch(seat, text):  # "Initialized ball to 3" is OpenSpiel's own chance text; LEFT, STAY, RIGHT are 0, 1, 2
    return _last_int(text) if text.startswith("Initialized") else ("LEFT", "STAY", "RIGHT").index(text)


def _nim(seat, text):  # "pile:2, take:3;" is OpenSpiel's (take - 1) * piles + pile - 1
    pile, take = map(int, re.fullmatch(r"pile:(\d+), take:(\d+);", text).groups())
    return (take - 1) * 4 + pile - 1


def _blotto(seat, text):  # OpenSpiel lists the splits [a,b,c] in lexicographic order
    a, b, c = map(int, re.fullmatch(r"\[(\d+),(\d+),(\d+)\]", text).groups())
    return sum(11 - x for x in range(a)) + b


def _auction(seat, text):
    if text.startswith("winner player "):
        return _last_int(text) - 1  # OpenSpiel's "Chose winner k", seats from 0
    return _last_int(text)  # "roll 7" (a value, OpenSpiel's action 7) or "bid 3"


def _sheriff(seat, text):  # OpenSpiel: 0/1 no inspection/inspection, 2 + n loading n items, 3 + 3 + b a bribe of b
    if text == "do not inspect":
        return 0
    if text == "inspect":
        return 1
    return (2 if text.startswith("load ") else 6) + int(re.search(r"\d+", text).group())


def _hanabi(seat, text):
    return _last_int(text) if text.startswith("roll ") else int(re.fullmatch(r"a(\d)", text).group(1))


def _oshi(seat, text):
    return _last_int(text)


def _phantom(seat, text):
    row, column = map(int, re.fullmatch(r"x\((\d),(\d)\)", text).groups())
    return row * 3 + column


def _phantom_go(seat, text):  # OpenSpiel's row-major point numbers from row 1, column 1; pass is 81
    if text == "pass":
        return 81
    row, column = map(int, re.fullmatch(r"(?:black|white) on row (\d) column (\d)", text).groups())
    return (row - 1) * 9 + column - 1


def _dark_hex(seat, text):  # OpenSpiel's Hex numbering: (row - 1) * 3 + column - 1
    row, column = map(int, re.fullmatch(r"(?:black|white) on row (\d) column (\d)", text).groups())
    return (row - 1) * 3 + column - 1


def _dots(seat, text):  # OpenSpiel: horizontal lines first, by row then column, then the vertical ones
    kind, row, column = re.fullmatch(r"line \(([hv]),(\d),(\d)\)", text).groups()
    return int(row) * 2 + int(column) if kind == "h" else 6 + int(row) * 3 + int(column)


def _othello(seat, text):  # OpenSpiel: (row - 1) * 8 + column - 1, 64 to pass
    if text == "pass":
        return 64
    row, column = map(int, re.fullmatch(r"place on (\d) (\d)", text).groups())
    return (row - 1) * 8 + column - 1


def _kalah(seat, text):  # OpenSpiel's action is the position sown from
    return int(re.fullmatch(r"sow (\d+)", text).group(1))


def _breakthrough(seat, text):
    """Our "R C to R2 C2" (row 1 at the top, where black starts) against OpenSpiel's numbering, read
    from its own action strings (a7a6: file letter, rank counted from the bottom)."""
    r, c, r2, c2 = map(int, re.fullmatch(r"(\d) (\d) to (\d) (\d)", text).groups())
    return f"{'abcdefgh'[c - 1]}{9 - r}{'abcdefgh'[c2 - 1]}{9 - r2}"


def _blackjack(seat, text):
    """OpenSpiel's Hit 0 and Stand 1; a card dealt is its number, suit (clubs, diamonds, hearts, spades) * 13
    + rank - 1 (ace first), to the player or the dealer alike."""
    if seat is not None:
        return ("hit", "stand").index(text)
    rank, suit = re.fullmatch(r"deal (?:the dealer )?(\d+) of (\w+)", text).groups()
    return ("clubs", "diamonds", "hearts", "spades").index(suit) * 13 + int(rank) - 1


def _pentago(seat, text):
    """Our "place on R C, turn quadrant Q clockwise" (quadrants in reading order) against OpenSpiel's
    ((y * 6) + x) * 8 + 2 * quadrant + (1 if clockwise), its quadrants 0 top left, 1 top right, 2 bottom
    right, 3 bottom left (its action strings a1s ... f6z)."""
    r, c, q, way = re.fullmatch(r"place on (\d) (\d), turn quadrant (\d) (clockwise|anticlockwise)", text).groups()
    quadrant = {"1": 0, "2": 1, "4": 2, "3": 3}[q]
    return ((int(r) - 1) * 6 + int(c) - 1) * 8 + 2 * quadrant + (way == "clockwise")


def _einstein(seat, text):
    """OpenSpiel numbers a cube's arrangement by its place among the permutations of 1..6 in order, the first
    number on its corner's first space (row by row); our shuffle lists a hand from the bottom up and the top
    is laid out first. A move is named as OpenSpiel writes it, "W3-left" (by_string; its number says the
    space, which our text does not)."""
    if text.startswith("roll "):
        return _last_int(text) - 1
    if text.startswith("shuffle hand: "):
        order = [int(label.split()[1]) for label in text[len("shuffle hand: "):].split(", ")][::-1]
        return sum(sorted(order[i:]).index(order[i]) * math.factorial(5 - i) for i in range(6))
    colour, number, way = text.split()
    ways = {"east": "right", "south": "down", "west": "left", "north": "up", "southeast": "diag", "northwest": "diag"}
    return f"{colour[0].upper()}{number}-{ways[way]}"


_SUITS = ("clubs", "diamonds", "hearts", "spades")


def _crazy_eights(seat, text):
    """OpenSpiel's card is (rank - 2) * 4 + suit (clubs, diamonds, hearts, spades; the ace 14 is high);
    52 is Draw, 53 Pass, 54 + suit a nominated suit, and chance's 52 + seat the dealer."""
    card = re.fullmatch(r"(?:play|deal|draw|turn up) (\d+) of (\w+)", text)
    if card:
        return (int(card.group(1)) - 2) * 4 + _SUITS.index(card.group(2))
    dealer = re.fullmatch(r"player (\d+) deals", text)
    if dealer:
        return 52 + int(dealer.group(1)) - 1
    if text.startswith("name "):
        return 54 + _SUITS.index(text[len("name "):])
    return {"draw": 52, "pass": 53}[text]


def _twenty_forty_eight(seat, text):
    """Up, Right, Down, Left are 0 to 3; "V added to row R, column C" is OpenSpiel's (R - 1) * 8 + (C - 1) * 2,
    plus 1 for a 4."""
    if seat is not None:
        return ("Up", "Right", "Down", "Left").index(text)
    value, row, column = map(int, re.fullmatch(r"(\d+) added to row (\d), column (\d)", text).groups())
    return (row - 1) * 8 + (column - 1) * 2 + (value == 4)


def _clobber(seat, text):  # "5 1 takes 5 2" (row, column from 1) is OpenSpiel's "a5b5": column letter, row
    r, c, r2, c2 = map(int, re.fullmatch(r"(\d) (\d) takes (\d) (\d)", text).groups())
    return f"{'abcdef'[c - 1]}{r}{'abcdef'[c2 - 1]}{r2}"


def _amazons(seat, text):  # "from 7 1", "to 2 6", "shoot 3 5" (row, column from 1, row 1 at the top) are
    # OpenSpiel's cell (row - 1) * 10 + column - 1 at each of its three decisions
    row, column = map(int, re.fullmatch(r"(?:from|to|shoot) (\d+) (\d+)", text).groups())
    return (row - 1) * 10 + column - 1


def _lines_of_action(seat, text):
    """Our "R F to R2 F2" (rank, file from 1; "takes" for a capture) is OpenSpiel's mixed-base number of
    (rank - 1, file - 1, rank2 - 1, file2 - 1, capture), its "b1-b3" or "c1xa3"."""
    r, f, how, r2, f2 = re.fullmatch(r"(\d) (\d) (to|takes) (\d) (\d)", text).groups()
    return ((((int(r) - 1) * 8 + int(f) - 1) * 8 + int(r2) - 1) * 8 + int(f2) - 1) * 2 + (how == "takes")


def _maedn(quarters):
    """OpenSpiel's 0 pass, 1 bring in, 2 + the field moved from counted from the mover's start field (its
    fields 0 to 39, then its goal fields 40 to 43); roll n is n - 1. A seat on side q starts on field 10 q
    (our f0, f10, ...); its goal fields are 40 + 4 q to 43 + 4 q (our a1 to a4 for side 0, b for 1, ...).
    Two players sit on sides 0 and 2, more on sides 0, 1, 2, 3."""
    def number(seat, text):
        if seat is None:
            return _last_int(text) - 1
        if text in ("pass", "bring in a piece"):
            return ("pass", "bring in a piece").index(text)
        space = re.fullmatch(r"move (\w+)", text).group(1)
        quarter = quarters[seat]
        if space.startswith("f"):
            return (int(space[1:]) - 10 * quarter) % 40 + 2
        return "abcd".index(space[0]) * 4 + int(space[1]) - 1 - 4 * quarter + 42
    return number


def _ultimate_ttt(seat, text):  # "Choose local board 4" is 4; "Local board 4: x(0,2)" is the cell, row * 3 + column
    if text.startswith("Choose local board "):
        return _last_int(text)
    row, column = map(int, re.fullmatch(r"Local board \d: [xo]\((\d),(\d)\)", text).groups())
    return row * 3 + column


def _y(seat, text):  # "white on row R column C" is OpenSpiel's cell (C - 1) + (R - 1) * 19, its "a1" (column, row)
    row, column = map(int, re.fullmatch(r"(?:white|black) on row (\d+) column (\d+)", text).groups())
    return (row - 1) * 19 + column - 1


def _gomoku(seat, text):  # "black on row R column C" is OpenSpiel's "R-1,C-1", the cell (R - 1) * 15 + C - 1
    row, column = map(int, re.fullmatch(r"(?:black|white) on row (\d+) column (\d+)", text).groups())
    return (row - 1) * 15 + column - 1


def _havannah(seat, text):  # "white on row R column C" is OpenSpiel's cell x + 15 y, y = R - 1 and x = C + R - 9
    row, column = map(int, re.fullmatch(r"(?:white|black) on row (\d+) column (\d+)", text).groups())
    return (column + row - 9) + (row - 1) * 15


_YACHT_CATEGORIES = ("ones", "twos", "threes", "fours", "fives", "sixes", "chance", "four_of_a_kind", "full_house",
                     "small_straight", "large_straight", "yacht")


@lru_cache(maxsize=None)  # a first roll's 7,776 texts come again every turn
def _yacht(seat, text):
    """OpenSpiel's reroll is the mask of the dice rolled again (die i is bit i; 0 keeps all), a category
    32 + its place; a roll is the rolled dice's values in order, the first the lowest base-6 digit. Ours
    reads "reroll 1 0 1 0 0", "score full_house" and "roll 0 4 0 6 0" (a die kept reads 0)."""
    if text == "keep all":
        return 0
    if text.startswith("score "):
        return 32 + _YACHT_CATEGORIES.index(text[len("score "):])
    flags = [int(v) for v in text.split()[1:]]
    if text.startswith("reroll "):
        return sum(flag << i for i, flag in enumerate(flags))
    rolled = [v for v in flags if v]
    return sum((v - 1) * 6 ** i for i, v in enumerate(rolled))


_BANQI_KINDS = ("general", "advisor", "elephant", "chariot", "horse", "cannon", "soldier")


def _banqi(seat, text):
    """OpenSpiel's flip is its square, row * 8 + column (rows 0..3, columns 0..7, as our texts name them); a
    move or capture (a cannon's "takes T over U" too) 32 + from * 32 + to; a reveal is colour * 7 + kind, red
    first, general to soldier."""
    if seat is None:
        colour, kind = re.fullmatch(r"reveal (red|black) (\w+)", text).groups()
        return (colour == "black") * 7 + _BANQI_KINDS.index(kind)
    flip = re.fullmatch(r"flip (\d) (\d)", text)
    if flip:
        return int(flip.group(1)) * 8 + int(flip.group(2))
    r, c, r2, c2 = map(int, re.fullmatch(r"(?:red|black) \w+ (\d) (\d) (?:to|takes) (\d) (\d)(?: over \d \d)?", text).groups())
    return 32 + (r * 8 + c) * 32 + r2 * 8 + c2


def _xiangqi(seat, text):
    """"red horse 9 1 to 7 2" (row 0..9 from black's side, column 0..8; a cannon's "takes T over U" too) is
    OpenSpiel's from * 90 + to, a point row * 9 + column."""
    r, c, r2, c2 = map(int, re.fullmatch(r"(?:red|black) \w+ (\d) (\d) (?:to|takes) (\d) (\d)(?: over \d \d)?", text).groups())
    return (r * 9 + c) * 90 + r2 * 9 + c2


def _shogi(seat, text):
    """"black pawn 7 3 to 6 3" (rank 1..9 from white's side, column 1..9 from black's left: file 10 - column)
    is OpenSpiel's 7g7f, (from * 81 + to) * 2 (plus 1 ", promoting"), a square (9 - rank) * 9 + column - 1;
    "drop pawn on 5 5" is 13122 + the hand piece's number (pawn, lance, knight, silver, gold, bishop, rook) * 81
    + the square's."""
    square = lambda r, c: (9 - int(r)) * 9 + int(c) - 1
    drop = re.fullmatch(r"drop (\w+) on (\d) (\d)", text)
    if drop:
        kinds = ("pawn", "lance", "knight", "silver", "gold", "bishop", "rook")
        return 13122 + kinds.index(drop.group(1)) * 81 + square(drop.group(2), drop.group(3))
    r, c, r2, c2, promoting = re.fullmatch(r"(?:black|white) \w+ (\d) (\d) to (\d) (\d)(, promoting)?", text).groups()
    return (square(r, c) * 81 + square(r2, c2)) * 2 + (promoting is not None)


_RANKS = ("two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king", "ace")


def _hearts(seat, text):
    """OpenSpiel's card is rank * 4 + suit (ranks two to ace 0 to 12; clubs, diamonds, hearts, spades), dealt,
    passed or played alike; the first chance node's pass direction is 0 no pass, 1 left, 2 across, 3 right."""
    if seat is None and text.startswith("pass "):
        return ("none", "left", "across", "right").index(text[len("pass "):])
    rank, suit = re.fullmatch(r"(?:deal|pass|play) (\w+) of (\w+)", text).groups()
    return _RANKS.index(rank) * 4 + _SUITS.index(suit)


_QUORIDOR_WAYS = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}


def _quoridor(seat, text):
    """OpenSpiel numbers Quoridor's actions on its 17 x 17 grid (x + 17 y, from 0): a pawn's move as if the
    pawn stood on (2, 2), "step d" and "jump d" (over the other pawn) both (2, 2) + 2 d, "jump d then e"
    (2, 2) + 2 d + 2 e; a wall by the first space it covers. Ours names a wall by its middle post, row R and
    column C of the grid counted from 1: a horizontal wall starts at (C - 2, R - 1), a vertical one at
    (C - 1, R - 2)."""
    wall = re.fullmatch(r"(horizontal|vertical) wall at (\d+) (\d+)", text)
    if wall:
        row, column = int(wall.group(2)), int(wall.group(3))
        return column - 2 + 17 * (row - 1) if wall.group(1) == "horizontal" else column - 1 + 17 * (row - 2)
    x = y = 2
    for way in re.fullmatch(r"(?:step|jump) (\w+)(?: then (\w+))?", text).groups():
        if way:
            x, y = x + 2 * _QUORIDOR_WAYS[way][0], y + 2 * _QUORIDOR_WAYS[way][1]
    return x + 17 * y


def _battleship(seat, text):
    """"shoot at (R, C)" is OpenSpiel's 10 R + C; "place SHIP horizontally at (R, C)" is 100 + 10 R + C and
    "vertically" 200 + 10 R + C (its cell and direction; the ship is the next one to place)."""
    how, row, column = re.fullmatch(r"(?:shoot|place \w+ (horizontally|vertically)) at \((\d), (\d)\)", text).groups()
    return {None: 0, "horizontally": 100, "vertically": 200}[how] + 10 * int(row) + int(column)


_HIVE_TILES = [c + n for c in "wb" for n in ("Q", "A1", "A2", "A3", "G1", "G2", "G3", "S1", "S2", "B1", "B2", "M", "L", "P")]
_HIVE_WAYS = ("northeast", "east", "southeast", "southwest", "west", "northwest")


def _hive(seat, text):
    """OpenSpiel numbers a Hive move from x 196 + reference x 7 + direction (NE 0 .. NW 5, above 6), the
    tiles wQ 0 .. wP 13, bQ 14 .. bP 27; the opening tile at the centre is its own reference, above; a pass
    is 5488. Ours: "place wA1 at the centre", "place|move wA1 at|to bQ east", "move wB1 onto bQ"."""
    if text == "pass":
        return 5488
    centre = re.fullmatch(r"place (\w+) at the centre", text)
    if centre:
        tile = _HIVE_TILES.index(centre.group(1))
        return tile * 196 + tile * 7 + 6
    onto = re.fullmatch(r"move (\w+) onto (\w+)", text)
    if onto:
        return _HIVE_TILES.index(onto.group(1)) * 196 + _HIVE_TILES.index(onto.group(2)) * 7 + 6
    tile, reference, way = re.fullmatch(r"(?:place|move) (\w+) (?:at|to) (\w+) (\w+)", text).groups()
    return _HIVE_TILES.index(tile) * 196 + _HIVE_TILES.index(reference) * 7 + _HIVE_WAYS.index(way)


_SOCCER_KICKOFFS = ((2, 3), (3, 3))  # OpenSpiel's ball start points (1,2) and (2,2), in reading order, from 1


def _markov_soccer(seat, text):
    """OpenSpiel's up, down, left, right, stand are 0 to 4; chance's 0 and 1 say whose move (A's, B's) is
    carried out first, 2 + i puts the ball on the i-th start point ("ball at 2 3" is its "(ball at 1,2)")."""
    if seat is not None:
        return ("up", "down", "left", "right", "stand").index(text)
    if text.startswith("ball at "):
        row, column = map(int, text[len("ball at "):].split())
        return 2 + _SOCCER_KICKOFFS.index((row, column))
    return int(re.fullmatch(r"player (\d) moves first", text).group(1)) - 1


_LASER_TAG_ACTIONS = ("left turn", "right turn", "move forward", "move backward", "step left", "step right", "stand",
                      "step forward and left turn", "step forward and right turn", "fire")
_LASER_TAG_SPAWNS = ((1, 1), (1, 7), (7, 1), (7, 7))  # OpenSpiel's spawn points in reading order, from 1


def _laser_tag(seat, text):
    """OpenSpiel's ten actions are 0 to 9 in its order, our texts its own; chance's 0 and 1 say whose action
    (A's, B's) is carried out first, 2 + i spawns on the i-th spawn point ("player 2 spawns at 7 1" is 4)."""
    if seat is not None:
        return _LASER_TAG_ACTIONS.index(text)
    spawn = re.fullmatch(r"player \d spawns at (\d) (\d)", text)
    if spawn:
        return 2 + _LASER_TAG_SPAWNS.index(tuple(map(int, spawn.groups())))
    return int(re.fullmatch(r"player (\d) acts first", text).group(1)) - 1


def _chinese_checkers_holes():
    """OpenSpiel's hole numbers 0..120 by our (row, column): the star's holes in map order, row by row from
    the top, each row west to east (a hole of row r, column c lies at OpenSpiel's doubled column 2 c + r - 15)."""
    holes = {}
    for row in range(1, 18):
        for column in range(1, 18):
            x, r = 2 * column + row - 15, row - 1
            if (x + r) % 2 == 0 and ((r <= 12 and 12 - r <= x <= 12 + r) or (r >= 4 and r - 4 <= x <= 28 - r)):
                holes[row, column] = len(holes)
    assert len(holes) == 121
    return holes


_CC_HOLES = _chinese_checkers_holes()
_CC_DIRECTIONS = ("northwest", "northeast", "west", "east", "southwest", "southeast")  # OpenSpiel's UL UR L R DL DR


def _chinese_checkers(seat, text):
    """Our "step R C D" / "hop R C D" is OpenSpiel's hole * 6 + direction; "pass" and "stop hopping" its 726."""
    if text in ("pass", "stop hopping"):
        return 726
    row, column, direction = re.fullmatch(r"(?:step|hop) (\d+) (\d+) (\w+)", text).groups()
    return _CC_HOLES[int(row), int(column)] * 6 + _CC_DIRECTIONS.index(direction)


def _twixt(seat, text):
    """Our "red peg at column C row R" (or "blue swaps with the peg at column C row R", the swap naming red's
    first peg as OpenSpiel's does) is OpenSpiel's x * 8 + y, x = C - 1 and y = 8 - R (its y counts up)."""
    column, row = map(int, re.search(r"column (\d) row (\d)$", text).groups())
    return (column - 1) * 8 + 8 - row


_MORPION_WAYS = {"across": (0, 10, 0), "down": (130, 13, 0), "down-right": (260, 10, 0), "down-left": (360, 10, 3)}


def _morpion(seat, text):
    """Our "line down-left from R C" is OpenSpiel's line from its point [R-1,C-1]: across (its [0, 1]) is
    x * 10 + y, down ([1, 0]) 130 + x * 13 + y, down-right ([1, 1]) 260 + x * 10 + y, down-left ([1, -1],
    numbered by its lower end) 360 + x * 10 + y - 3."""
    way, row, column = re.fullmatch(r"line (across|down|down-right|down-left) from (\d+) (\d+)", text).groups()
    base, width, shift = _MORPION_WAYS[way]
    return base + (int(row) - 1) * width + int(column) - 1 - shift


def _go_fish(seat, text):
    """OpenSpiel's ask is the seat asked (from 0) * 13 + rank - 1; a card dealt or drawn is rank - 1."""
    ask = re.fullmatch(r"ask player (\d+) for (\d+)s", text)
    if ask:
        return (int(ask.group(1)) - 1) * 13 + int(ask.group(2)) - 1
    return _last_int(re.fullmatch(r"(?:deal|draw) \d+", text).group()) - 1


def _spades(seat, text):
    """OpenSpiel's card is suit * 13 + rank (clubs, diamonds, hearts, spades; two 0 to ace 12), dealt or
    played alike; a bid is 52 + the tricks bid (Nil 52, 1 to 13 53 to 65)."""
    if text == "bid nil":
        return 52
    if text.startswith("bid "):
        return 52 + _last_int(text)
    rank, suit = re.fullmatch(r"(?:deal|play) (\w+) of (\w+)", text).groups()
    return _SUITS.index(suit) * 13 + _RANKS.index(rank)


_BRIDGE_STRAINS = ("clubs", "diamonds", "hearts", "spades", "notrump")
_BRIDGE_CALLS = {"pass": 52, "double": 53, "redouble": 54}


def _bridge(seat, text):
    """OpenSpiel's card is rank * 4 + suit (two to ace 0 to 12; clubs, diamonds, hearts, spades), dealt or
    played alike (the dummy's too); a call is 52 + Pass 0, Dbl 1, RDbl 2, a bid 3 + (level - 1) * 5 + strain
    (clubs, diamonds, hearts, spades, no trump)."""
    if text in _BRIDGE_CALLS:
        return _BRIDGE_CALLS[text]
    bid = re.fullmatch(r"bid (\d) (\w+)", text)
    if bid:
        return 55 + (int(bid.group(1)) - 1) * 5 + _BRIDGE_STRAINS.index(bid.group(2))
    rank, suit = re.fullmatch(r"(?:deal|play) (\w+) of (\w+)(?: from dummy)?", text).groups()
    return _RANKS.index(rank) * 4 + _SUITS.index(suit)


_OH_HELL_SUITS = ("clubs", "diamonds", "spades", "hearts")


def _oh_hell(seat, text):
    """OpenSpiel's number of tricks is itself (1 to 17), the dealer the seat from 0; a card dealt, turned up
    or played is rank * 4 + suit (two to ace 0 to 12; clubs, diamonds, spades, hearts); a bid is 52 + the
    tricks bid."""
    tricks = re.fullmatch(r"play (\d+) tricks", text)
    if tricks:
        return int(tricks.group(1))
    if text.endswith(" deals"):
        return int(re.fullmatch(r"player (\d+) deals", text).group(1)) - 1
    if text.startswith("bid "):
        return 52 + _last_int(text)
    rank, suit = re.fullmatch(r"(?:deal|turn up|play) (\w+) of (\w+)", text).groups()
    return _RANKS.index(rank) * 4 + _OH_HELL_SUITS.index(suit)


_EUCHRE_RANKS = ("nine", "ten", "jack", "queen", "king", "ace")
_EUCHRE_CALLS = {"pass": 24, "go alone": 29, "play with partner": 30}


def _euchre(seat, text):
    """OpenSpiel's dealer is the seat from 0 (N E S W); a card dealt, turned up, discarded or played is
    rank * 4 + suit (nine to ace 0 to 5; clubs, diamonds, hearts, spades); Pass 24, a suit ordered up or
    named 25 + suit (Clubs 25 ... Spades 28), Alone 29, Partner 30."""
    if text in _EUCHRE_CALLS:
        return _EUCHRE_CALLS[text]
    dealer = re.fullmatch(r"player (\d) deals", text)
    if dealer:
        return int(dealer.group(1)) - 1
    call = re.fullmatch(r"(?:order up|name) (\w+)", text)
    if call:
        return 25 + _SUITS.index(call.group(1))
    rank, suit = re.fullmatch(r"(?:deal|turn up|discard|play) (\w+) of (\w+)", text).groups()
    return _EUCHRE_RANKS.index(rank) * 4 + _SUITS.index(suit)


_SKAT_SUITS = ("diamonds", "hearts", "spades", "clubs")
_SKAT_RANKS = ("seven", "eight", "nine", "queen", "king", "ten", "ace", "jack")
_SKAT_GAMES = ("pass", "declare diamonds", "declare hearts", "declare spades", "declare clubs", "declare grand",
               "declare null")


def _skat(seat, text):
    """OpenSpiel's card is suit * 8 + rank (diamonds, hearts, spades, clubs; seven, eight, nine, queen, king,
    ten, ace, jack), dealt, discarded or played alike; a bid is 32 + the game (pass 0, diamonds 1 to clubs 4,
    grand 5, null 6)."""
    if text in _SKAT_GAMES:
        return 32 + _SKAT_GAMES.index(text)
    rank, suit = re.fullmatch(r"(?:deal|discard|play) (\w+) of (\w+)", text).groups()
    return _SKAT_SUITS.index(suit) * 8 + _SKAT_RANKS.index(rank)


def _antichess(seat, text):
    """"queen 8 4 takes 5 4" (rank, file from 1; "pawn 7 2 to 8 1, a king" a promotion) is OpenSpiel's
    (AlphaZero's) number: seen from the mover's side (black's ranks from rank 8), from square (file, rank)
    times 76, then 12 under-promotions (rook, bishop, knight, king; straight, file up, file down), 56 moves
    along a line (file, rank, diagonal, anti-diagonal; -7..-1, 1..7) and 8 knight leaps."""
    r1, f1, r2, f2 = map(int, re.search(r"(\d) (\d) (?:to|takes) (\d) (\d)", text).groups())
    y1, y2 = (r1 - 1, r2 - 1) if seat == 1 else (8 - r1, 8 - r2)  # OpenSpiel's player 0 is black
    x, y = f2 - f1, y2 - y1
    base = ((f1 - 1) * 8 + y1) * 76
    made = re.search(r", a (\w+)$", text)
    if made and made.group(1) != "queen":
        return base + 3 * ("rook", "bishop", "knight", "king").index(made.group(1)) + (0 if x == 0 else 1 if x > 0 else 2)
    if abs(x) != abs(y) and x != 0 and y != 0:
        knight = [(-2, -1), (-2, 1), (-1, -2), (-1, 2), (2, -1), (2, 1), (1, -2), (1, 2)]
        return base + 68 + knight.index((x, y))
    line = lambda n: n + 7 if n < 0 else n + 6
    along = line(y) if x == 0 else 14 + line(x) if y == 0 else 28 + line(x) if x == y else 42 + line(x)
    return base + 12 + along


_SOLITAIRE_SUITS = ("spades", "hearts", "clubs", "diamonds")


def _solitaire(seat, text):
    """OpenSpiel's solitaire: 0 ends the game; a card revealed is (suit - 1) * 13 + rank (spades, hearts,
    clubs, diamonds; ace 1); a move is 52 plus a number by its target card and the card moved: onto a
    foundation's top (rank 2 to queen) or a pile's top (rank 2 to queen) (target suit - 1) * 33 + (target
    rank - 2) * 3 + 1 (same suit), 2 or 3 (the first or second suit of the other colour); an ace to its
    empty foundation 132 + suit, a king to an empty pile 136 + suit, a two onto its ace 140 + suit, a queen
    onto a king 144 + 2 * king's suit - (1 if the queen is a spade or a heart)."""
    if text == "end the game":
        return 0
    card = lambda words: (int(words[0]), _SOLITAIRE_SUITS.index(words[2]) + 1)
    reveal = re.fullmatch(r"reveal (\d+ of \w+)", text)
    if reveal:
        rank, suit = card(reveal.group(1).split())
        return (suit - 1) * 13 + rank
    move = re.fullmatch(r"move (\d+ of \w+) from (?:pile \d|the waste|the foundation) (.*)", text)
    (rank, suit), where = card(move.group(1).split()), move.group(2)
    if where == "to the foundation":
        if rank == 1:
            return 52 + 132 + suit
        if rank == 2:
            return 52 + 140 + suit
        return 52 + (suit - 1) * 33 + (rank - 3) * 3 + 1
    if where == "to an empty pile":
        return 52 + 136 + suit
    target_rank, target_suit = card(re.fullmatch(r"onto (\d+ of \w+)", where).group(1).split())
    if target_rank == 13:
        return 52 + 144 + 2 * target_suit - (1 if suit <= 2 else 0)
    return 52 + (target_suit - 1) * 33 + (target_rank - 2) * 3 + (2 if suit <= 2 else 3)


def _stones_and_gems(seat, text):  # "none", "up", "right", "down", "left" are OpenSpiel's 0 to 4; one chance outcome, 0
    return 0 if seat is None else ("none", "up", "right", "down", "left").index(text)


_GIN_SUITS = ("spades", "clubs", "diamonds", "hearts")


def _gin_card(text):
    rank, suit = re.fullmatch(r"(\d+) of (\w+)", text).groups()
    return _GIN_SUITS.index(suit) * 13 + int(rank) - 1


def _gin_rummy(seat, text):
    """OpenSpiel's card is suit * 13 + rank - 1 (spades, clubs, diamonds, hearts; ace 1 low), dealt and drawn by
    that number, discarded and laid off by it too; Draw upcard 52, Draw stock 53, Pass 54, Knock 55, and a meld
    56 + its id: three of a rank (rank - 1) * 5 + the suit left out, four (rank - 1) * 5 + 4, a run of 3, 4 or 5
    from low in suit 65 + suit * 11, 109 + suit * 10 or 149 + suit * 9, + low - 1."""
    fixed = {"draw upcard": 52, "draw stock": 53, "pass": 54, "knock": 55}
    if text in fixed:
        return fixed[text]
    for prefix in ("deal ", "turn up ", "draw ", "discard ", "lay off "):
        if text.startswith(prefix):
            return _gin_card(text[len(prefix):])
    m = re.fullmatch(r"lay three (\d+)s without (\w+)", text)
    if m:
        return 56 + (int(m.group(1)) - 1) * 5 + _GIN_SUITS.index(m.group(2))
    m = re.fullmatch(r"lay four (\d+)s", text)
    if m:
        return 56 + (int(m.group(1)) - 1) * 5 + 4
    length, suit, low = re.fullmatch(r"lay run of (\d) (\w+) from (\d+)", text).groups()
    base, per_suit = {"3": (65, 11), "4": (109, 10), "5": (149, 9)}[length]
    return 56 + base + _GIN_SUITS.index(suit) * per_suit + int(low) - 1


_CRIBBAGE_RANKS = ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "jack", "queen", "king")


def _cribbage_card(text):
    rank, suit = re.fullmatch(r"(\w+) of (\w+)", text).groups()
    return 13 * _SUITS.index(suit) + _CRIBBAGE_RANKS.index(rank)


def _cribbage(seat, text):
    """OpenSpiel's card is suit * 13 + rank (clubs, diamonds, hearts, spades; ace 0 to king 12): a card
    dealt, turned up or played is its number; two cards laid away (the lower first, by rank then suit)
    are 52 + 52 * first + second; Pass (our "say go") is 2756."""
    if text == "say go":
        return 2756
    pair = re.fullmatch(r"lay away (\w+ of \w+) and (\w+ of \w+)", text)
    if pair:
        return 52 + 52 * _cribbage_card(pair.group(1)) + _cribbage_card(pair.group(2))
    return _cribbage_card(re.fullmatch(r"(?:deal|turn up|play) (.+)", text).group(1))


def _crazyhouse(seat, text):
    """"queen 8 4 to 5 4" (rank, file from 1; "pawn 7 2 to 8 1, a knight" a promotion) is OpenSpiel's
    chess number (AlphaZero's): seen from the mover's side (black's ranks from rank 8), from square (file,
    rank) times 73, then 9 under-promotions (rook, bishop, knight; straight, file up, file down), 56 moves
    along a line and 8 knight leaps; castling 4672 (queenside), 4673 (kingside); "drop knight on 4 5" is
    4674 + 64 x (pawn, knight, bishop, rook, queen) + 8 x (rank - 1) + file - 1, ranks from white's side."""
    if text.endswith("castle queenside"):
        return 4672
    if text.endswith("castle kingside"):
        return 4673
    drop = re.search(r"drop (\w+) on (\d) (\d)$", text)
    if drop:
        kind, rank, file = drop.group(1), int(drop.group(2)), int(drop.group(3))
        return 4674 + 64 * ("pawn", "knight", "bishop", "rook", "queen").index(kind) + 8 * (rank - 1) + file - 1
    r1, f1, r2, f2 = map(int, re.search(r"(\d) (\d) (?:to|takes) (\d) (\d)", text).groups())
    y1, y2 = (r1 - 1, r2 - 1) if seat == 1 else (8 - r1, 8 - r2)  # OpenSpiel's player 0 is black
    x, y = f2 - f1, y2 - y1
    base = ((f1 - 1) * 8 + y1) * 73
    made = re.search(r", a (\w+)$", text)
    if made and made.group(1) != "queen":
        return base + 3 * ("rook", "bishop", "knight").index(made.group(1)) + (0 if x == 0 else 1 if x > 0 else 2)
    if abs(x) != abs(y) and x != 0 and y != 0:
        knight = [(-2, -1), (-2, 1), (-1, -2), (-1, 2), (2, -1), (2, 1), (1, -2), (1, 2)]
        return base + 65 + knight.index((x, y))
    line = lambda n: n + 7 if n < 0 else n + 6
    along = line(y) if x == 0 else 14 + line(x) if y == 0 else 28 + line(x) if x == y else 42 + line(x)
    return base + 9 + along


def _checkers(seat, text):
    """Our "move R F to R2 F2" / "jump R F over R1 F1 to R2 F2" (ranks and files as OpenSpiel labels them)
    against OpenSpiel's ((row * 8 + column) * 4 + direction) * 2 + (1 for a jump), row 8 - rank, column file
    - 1, directions up-left 0, up-right 1, down-right 2, down-left 3 (up towards rank 8)."""
    kind, r1, f1, r2, f2 = re.fullmatch(r"(move|jump) (\d) (\d) (?:over \d \d )?to (\d) (\d)", text).groups()
    r1, f1, r2, f2 = map(int, (r1, f1, r2, f2))
    up, right = r2 > r1, f2 > f1
    direction = (1 if right else 0) if up else (2 if right else 3)
    return (((8 - r1) * 8 + f1 - 1) * 4 + direction) * 2 + (kind == "jump")


_DDZ_SUITS = ("clubs", "diamonds", "hearts", "spades")
_DDZ_RANKS = {**{r: str(r) for r in range(3, 10)}, 10: "T", 11: "J", 12: "Q", 13: "K", 14: "A", 15: "2",
              16: "(BWJ)", 17: "(CJ)"}


def _dou_dizhu(seat, text):
    """Chance: the face-up card's place n is OpenSpiel's n, a card dealt 51 + suit * 13 + rank - 3 (clubs,
    diamonds, hearts, spades; jokers 52 and 53). A seat's action by OpenSpiel's string (by_string): "Pass",
    "Bid n", a hand as its ranks in order ("3", "TTT", "34567", "3555"), an airplane with wings as its trios,
    "-", then its wings ("333444-56")."""
    if seat is None:
        m = re.fullmatch(r"face up card at (\d+)", text)
        if m:
            return int(m.group(1))
        m = re.fullmatch(r"deal joker (\d+)", text)
        if m:
            return 51 + int(m.group(1)) + 36
        rank, suit = re.fullmatch(r"deal (\d+) of (\w+)", text).groups()
        return 51 + _DDZ_SUITS.index(suit) * 13 + int(rank) - 3
    if text == "pass":
        return "Pass"
    if text.startswith("bid "):
        return "Bid " + text[4:]
    if text == "rocket":
        return "(BWJ)(CJ)"

    def hand(ranks):
        return "".join(_DDZ_RANKS[r] for r in sorted(ranks))
    times = {"solo": 1, "pair": 2, "trio": 3, "bomb": 4}
    m = re.fullmatch(r"(solo|pair|trio|bomb) (\d+)", text)
    if m:
        return hand([int(m.group(2))] * times[m.group(1)])
    m = re.fullmatch(r"trio (\d+) with (solo|pair) (\d+)", text)
    if m:
        return hand([int(m.group(1))] * 3 + [int(m.group(3))] * times[m.group(2)])
    m = re.fullmatch(r"(solo chain|pair chain|airplane) (\d+) to (\d+)", text)
    if m:
        n = {"solo chain": 1, "pair chain": 2, "airplane": 3}[m.group(1)]
        return hand([r for r in range(int(m.group(2)), int(m.group(3)) + 1)] * n)
    m = re.fullmatch(r"airplane (\d+) to (\d+) with (solos|pairs) ([\d ]+)", text)
    low, high, kind, wings = int(m.group(1)), int(m.group(2)), m.group(3), [int(w) for w in m.group(4).split()]
    return hand(list(range(low, high + 1)) * 3) + "-" + hand(wings * (1 if kind == "solos" else 2))


_HANABI_COLOURS = ("red", "yellow", "green", "white", "blue")
_HANABI_RANKS = ("one", "two", "three", "four", "five")


def _hanabi_full(players):
    """OpenSpiel's hanabi (the HLE's move numbers), hand size h (5, 4 with four or five players): discard card k
    is k - 1, play card k is h + k - 1, a colour hint 2h + (offset - 1) * 5 + colour, a rank hint after all the
    colour hints, (players - 1) * 5 later; offset is how many seats to the left the hinted player sits. A card
    dealt is colour * 5 + rank - 1 (red, yellow, green, white, blue)."""
    h = 5 if players < 4 else 4

    def number(seat, text):
        if seat is None:
            colour, rank = re.fullmatch(r"deal (\w+) (\w+)", text).groups()
            return _HANABI_COLOURS.index(colour) * 5 + _HANABI_RANKS.index(rank)
        m = re.fullmatch(r"(discard|play) card (\d)", text)
        if m:
            return (0 if m.group(1) == "discard" else h) + int(m.group(2)) - 1
        target, what = re.fullmatch(r"tell player (\d) their (\w+?)s?(?: cards)?", text).groups()
        offset = (int(target) - 1 - seat) % players
        if what in _HANABI_COLOURS:
            return 2 * h + (offset - 1) * 5 + _HANABI_COLOURS.index(what)
        return 2 * h + (players - 1) * 5 + (offset - 1) * 5 + _HANABI_RANKS.index(what)
    return number


def _coin_game(seat, text):
    """OpenSpiel's up, down, left, right, stand are 0 to 4; chance deals a preference as the colour's number (a 0,
    b 1, c 2: "player 1 prefers b" is 1) and puts a player or a coin on square (row - 1) * 8 + column - 1 ("player
    2 starts at 1 2", "c coin at 8 8")."""
    if seat is not None:
        return ("up", "down", "left", "right", "stand").index(text)
    prefers = re.fullmatch(r"player \d prefers (\w)", text)
    if prefers:
        return "abc".index(prefers.group(1))
    row, column = map(int, re.fullmatch(r"(?:player \d starts|\w coin) at (\d) (\d)", text).groups())
    return (row - 1) * 8 + column - 1


_UP_ACTIONS = ("fold", "call", "bet the pot", "all in")


def _universal_poker(seat, text):
    """OpenSpiel's fold 0, call 1, pot bet 2, all in 3; a card dealt or turned is (rank - 2) * 4 + suit
    (clubs, diamonds, hearts, spades)."""
    if text in _UP_ACTIONS:
        return _UP_ACTIONS.index(text)
    rank, suit = re.fullmatch(r"(?:deal|turn) (\d) of (\w+)(?: face up)?", text).groups()
    return (int(rank) - 2) * 4 + ("clubs", "diamonds", "hearts", "spades").index(suit)


_TAROK_SUITS = ("hearts", "diamonds", "spades", "clubs")
_TAROK_RANKS = ("pip1", "pip2", "pip3", "pip4", "jack", "knight", "queen", "king")
_TAROK_BIDS = ("pass", "klop", "three", "two", "one", "solo_three", "solo_two", "solo_one", "beggar", "solo_without",
               "open_beggar", "colour_valat_without", "valat_without")


def _tarok_card(text):
    tarok = re.fullmatch(r"tarok (\d+)", text)
    if tarok:
        return int(tarok.group(1)) - 1
    rank, suit = re.fullmatch(r"(\w+) of (\w+)", text).groups()
    return 22 + _TAROK_SUITS.index(suit) * 8 + _TAROK_RANKS.index(rank)


def _tarok(seat, text):
    """OpenSpiel's card is 0 to 21 for the taroks (pagat to skis), then 22 + suit * 8 + rank (hearts, diamonds,
    spades, clubs; the four pips lowest first, jack, knight, queen, king), dealt, discarded or played alike; a bid is
    0 (pass) or the contract's place, klop 1 to valat without 12; "take talon set i" is i - 1."""
    if text in ("pass",) or text.startswith("bid "):
        return _TAROK_BIDS.index(text[4:] if text.startswith("bid ") else text)
    if text.startswith("take talon set "):
        return _last_int(text) - 1
    return _tarok_card(re.fullmatch(r"(?:deal|discard|play) (.+?)(?: to the talon)?", text).group(1))


def _tarok_deal(theirs):
    """OpenSpiel's tarok deals with its own generator (rng_seed) behind one chance outcome, "Deal" (0, probability 1):
    the cards it dealt, in the order our rule file deals them (the talon in order, then each player's hand)."""
    return list(theirs.talon()) + [c for p in range(theirs.num_players()) for c in theirs.player_cards(p)]



def _capture_the_flag(seat, text):
    """OpenSpiel's north, east, south, west, stay are 0 to 4; chance's 0 and 1 say whose move (A's, B's) is
    carried out first."""
    if seat is not None:
        return ("north", "east", "south", "west", "stay").index(text)
    return int(re.fullmatch(r"player (\d) moves first", text).group(1)) - 1


_TINY_BRIDGE_CARDS = [f"{r} of {s}" for s in ("hearts", "spades") for r in ("jack", "queen", "king", "ace")]


def _tiny_bridge(seat, text):
    """OpenSpiel deals a hand of two cards as (a * (a - 1)) / 2 + b, a > b the cards' numbers (hearts jack 0 to
    spades ace 7); a call is Pass 0, then 1H 1S 1NT 2H 2S 2NT 1 to 6."""
    deal = re.fullmatch(r"deal (.+) and (.+)", text)
    if deal:
        a, b = (_TINY_BRIDGE_CARDS.index(c) for c in deal.groups())
        return a * (a - 1) // 2 + b
    if text == "pass":
        return 0
    level, strain = re.fullmatch(r"bid (\d) (hearts|spades|notrump)", text).groups()
    return (int(level) - 1) * 3 + ("hearts", "spades", "notrump").index(strain) + 1


def _snake(seat, text):
    """North, east, south, west are OpenSpiel's 0 to 3; "fruit at 6 3 (empty square 52)" is its chance outcome 51,
    the place of the square among the empty ones in reading order, from 0."""
    if seat is not None:
        return ("north", "east", "south", "west").index(text)
    return int(re.fullmatch(r"fruit at \d+ \d+ \(empty square (\d+)\)", text).group(1)) - 1


_COOP_BOX_ACTIONS = ("turn left", "turn right", "move forward", "stay")


def _coop_box_pushing(seat, text):
    """OpenSpiel's turn left, turn right, move forward, stay are 0 to 3 (our texts its own); chance's 0 and 1 say
    whether an agent's action succeeds or fails ("player 1 succeeds"), 2 and 3 whose action (A's, B's) is carried
    out first ("player 2 moves first" is 3)."""
    if seat is not None:
        return _COOP_BOX_ACTIONS.index(text)
    if re.fullmatch(r"player \d (succeeds|fails)", text):
        return 0 if text.endswith("succeeds") else 1
    return 1 + int(re.fullmatch(r"player (\d) moves first", text).group(1))


_SD_MESSAGES = ("skip", "claim innocent")


def _social_deduction(seat, text):
    """OpenSpiel's 0 skip, 1 claim innocent, 2 + k accuse and 8 + k defend player k (from 0); a vote for player k is
    k; chance: the imposter k is 1 << k, an observation of player k is 2 k, plus 1 when suspicious."""
    if seat is None:
        imposter = re.fullmatch(r"player (\d) is the imposter", text)
        if imposter:
            return 1 << (int(imposter.group(1)) - 1)
        k, look = re.fullmatch(r"signal: player (\d) looks (clear|suspicious)", text).groups()
        return 2 * (int(k) - 1) + (look == "suspicious")
    if text in _SD_MESSAGES:
        return _SD_MESSAGES.index(text)
    verb = text.rsplit(" player ", 1)[0]
    k = _last_int(text) - 1
    return {"accuse": 2 + k, "defend": 8 + k, "vote for": k}[verb]


_CURSOR_GO_ACTIONS = ("up", "down", "left", "right", "place stone", "pass")


def _cursor_go(seat, text):  # OpenSpiel's Up, Down, Left, Right, Place Stone, Pass are 0 to 5 (our texts its own)
    return _CURSOR_GO_ACTIONS.index(text)


def _rbc(seat, text):
    """"sense R F" (the lower left corner of the 3 by 3 square) is OpenSpiel's 6 * (R - 1) + F - 1; "pass" is 0;
    a move is numbered as chess numbers it (see _crazyhouse)."""
    if text == "pass":
        return 0
    sense = re.fullmatch(r"sense (\d) (\d)", text)
    if sense:
        return 6 * (int(sense.group(1)) - 1) + int(sense.group(2)) - 1
    return _crazyhouse(seat, text)


def _bargaining(seat, text):
    """"deal ... instance_N" is OpenSpiel's instance N; "offer B books, H hats, K balls" its offer number (every
    split of at most 7 items, books counting fastest, then hats, then balls); "agree" is 120."""
    if seat is None:
        return int(re.search(r"instance_(\d+)$", text).group(1))
    if text == "agree":
        return 120
    b, h, k = map(int, re.fullmatch(r"offer (\d+) books, (\d+) hats, (\d+) balls", text).groups())
    return (sum((8 - j) * (9 - j) // 2 for j in range(k)) + sum(8 - k - i for i in range(h)) + b)


@dataclass
class Spec:
    rules: str
    openspiel: str
    number: Callable  # (seat, our action's text) -> OpenSpiel's action number (or, by_string, its text)
    params: dict = field(default_factory=dict)
    options: dict = field(default_factory=dict)
    games: int = 100
    by_string: bool = False  # number() gives a seat's OpenSpiel action string (captures' "*" ignored)
    sequential_sealed: bool = False  # OpenSpiel asks one bidder at a time where we ask all at once
    tree: Optional[int] = None  # positions of the whole tree (None: no walk)
    tree_key: Optional[Callable] = None  # positions that are the same in OpenSpiel, visited once
    players: int = 2
    returns_scale: int = 1  # our returns are OpenSpiel's times this (Skat's in 240ths: the language has no division)
    # OpenSpiel deals behind one chance outcome with its own generator (tarok's rng_seed): the cards it dealt, in the
    # order ours deals them; our chance nodes are steered to them, each checked to be uniform.
    deal: Optional[Callable] = None

    def load(self):
        options = {k: str(v) for k, v in self.options.items()}
        return rulespec.load(GAMES / f"{self.rules}.rules", options=options), pyspiel.load_game(self.openspiel, self.params)


def _same_position(theirs):
    return str(theirs), theirs.current_player()


SPECS = {
    "matrix-rps": Spec("matrix-rps", "matrix_rps", _rps, games=50, tree=10),
    "catch": Spec("catch", "catch", _catch, games=200, players=1, tree=221, tree_key=_same_position),
    "matrix-mp": Spec("matrix-mp", "matrix_mp", _pennies, games=30, tree=5),
    "blotto": Spec("blotto", "blotto", _blotto, games=100, tree=4357),
    "nim": Spec("nim", "nim", _nim, games=200, tree=752, tree_key=_same_position),
    "first-sealed-auction": Spec("first-sealed-auction", "first_sealed_auction", _auction, games=200,
                                 sequential_sealed=True, tree=7096),
    "sheriff": Spec("sheriff", "sheriff", _sheriff, games=200, tree=28085),
    "tiny-hanabi": Spec("tiny-hanabi", "tiny_hanabi", _hanabi, games=100, tree=55),
    "oshi-zumo": Spec("oshi-zumo", "oshi_zumo", _oshi, games=100),
    "oshi-zumo-small": Spec("oshi-zumo", "oshi_zumo", _oshi, params={"coins": 4, "size": 1, "horizon": 5},
                            options={"coins": 4, "size": 1, "horizon": 5}, games=200, tree=14954),
    "phantom-ttt": Spec("phantom-ttt", "phantom_ttt", _phantom, games=300),
    "dark-hex": Spec("dark-hex", "dark_hex", _dark_hex, games=300),
    # The file cannot say OpenSpiel's positional superko over hidden stones (a board is public, so its stones
    # lie in zones, and `the position has occurred` also compares what each player found and who moves):
    # it ends fewer games as a superko draw than OpenSpiel (1 in about 340 random games; not these).
    "phantom-go": Spec("phantom-go", "phantom_go", _phantom_go, games=6),
    "dots-and-boxes": Spec("dots-and-boxes", "dots_and_boxes", _dots, games=200, tree=5547,
                           tree_key=_same_position),
    "kalah": Spec("kalah", "mancala", _kalah, games=30),
    "kalah-counters": Spec("kalah-counters", "mancala", _kalah, games=100),
    "othello": Spec("othello", "othello", _othello, games=30),
    "breakthrough": Spec("breakthrough", "breakthrough", _breakthrough, games=20, by_string=True),
    "blackjack": Spec("blackjack", "blackjack", _blackjack, games=1000, players=1),
    "pentago": Spec("pentago", "pentago", _pentago, games=20),
    "einstein": Spec("einstein", "einstein_wurfelt_nicht", _einstein, games=60, by_string=True),
    "crazy-eights": Spec("crazy-eights", "crazy_eights", _crazy_eights, params={"players": 2}, games=100),
    "crazy-eights-5": Spec("crazy-eights", "crazy_eights", _crazy_eights, games=30, players=5),
    "twenty-forty-eight": Spec("twenty-forty-eight", "2048", _twenty_forty_eight, games=8, players=1),
    "twenty-forty-eight-small": Spec("twenty-forty-eight", "2048", _twenty_forty_eight, params={"max_tile": 32},
                                     options={"max_tile": 32}, games=60, players=1),
    "clobber": Spec("clobber", "clobber", _clobber, games=50, by_string=True),
    "amazons": Spec("amazons", "amazons", _amazons, games=30),
    "lines-of-action": Spec("lines-of-action", "lines_of_action", _lines_of_action, games=5),
    "maedn": Spec("maedn", "maedn", _maedn((0, 2)), games=30),
    "maedn-4": Spec("maedn", "maedn", _maedn((0, 1, 2, 3)), params={"players": 4}, games=8, players=4),
    "ultimate-tic-tac-toe": Spec("ultimate-tic-tac-toe", "ultimate_tic_tac_toe", _ultimate_ttt, games=60),
    "y": Spec("y", "y", _y, games=5),
    "gomoku": Spec("gomoku", "gomoku", _gomoku, games=10),
    "yacht": Spec("yacht", "yacht", _yacht, games=3),
    "banqi": Spec("banqi", "banqi", _banqi, games=100),
    "hearts": Spec("hearts", "hearts", _hearts, games=200, players=4),
    "euchre": Spec("euchre", "euchre", _euchre, games=100, players=4),
    "spades": Spec("spades", "spades", _spades, games=300, players=4),
    "oh-hell": Spec("oh-hell", "oh_hell", _oh_hell, games=300, players=3),
    "skat": Spec("skat", "skat", _skat, games=200, players=3, returns_scale=240),
    "quoridor": Spec("quoridor", "quoridor", _quoridor, games=3),
    "hive": Spec("hive", "hive", _hive, games=2),
    "battleship": Spec("battleship", "battleship", _battleship, games=30),
    "markov-soccer": Spec("markov-soccer", "markov_soccer", _markov_soccer, games=40),
    "markov-soccer-short": Spec("markov-soccer", "markov_soccer", _markov_soccer, params={"horizon": 3},
                                options={"horizon": 3}, games=50, tree=7653),
    "markov-soccer-10": Spec("markov-soccer", "markov_soccer", _markov_soccer, params={"horizon": 10},
                             options={"horizon": 10}, games=400),
    "havannah": Spec("havannah", "havannah", _havannah, games=5),
    "chinese-checkers": Spec("chinese-checkers", "chinese_checkers", _chinese_checkers, games=8),
    "xiangqi": Spec("xiangqi", "xiangqi", _xiangqi, games=2),
    "morpion-solitaire": Spec("morpion-solitaire", "morpion_solitaire", _morpion, games=40, players=1),
    "twixt": Spec("twixt", "twixt", _twixt, games=5),
    "gin-rummy": Spec("gin-rummy", "gin_rummy", _gin_rummy, games=10),
    "go-fish": Spec("go-fish", "go_fish", _go_fish, games=100),
    "laser-tag": Spec("laser-tag", "laser_tag", _laser_tag, games=2),
    "antichess": Spec("antichess", "antichess", _antichess, games=60),
    "solitaire": Spec("solitaire", "solitaire", _solitaire, games=30, players=1),
    "shogi": Spec("shogi", "shogi", _shogi, games=2),
    "cribbage": Spec("cribbage", "cribbage", _cribbage, games=50),
    "laser-tag-short": Spec("laser-tag", "laser_tag", _laser_tag, params={"horizon": 10},
                            options={"horizon": 10}, games=300),
    "stones-and-gems": Spec("stones-and-gems", "stones_and_gems", _stones_and_gems, games=3, players=1),
    "crazyhouse": Spec("crazyhouse", "crazyhouse", _crazyhouse, games=20),
    "checkers": Spec("checkers", "checkers", _checkers, games=20),
    "bridge": Spec("bridge", "bridge", _bridge, params={"use_double_dummy_result": False}, games=100, players=4),
    "dou-dizhu": Spec("dou-dizhu", "dou_dizhu", _dou_dizhu, games=10, by_string=True, players=3),
    # Dark chess numbers its moves as chess does (crazyhouse's numbers without the drops).
    "dark-chess": Spec("dark-chess", "dark_chess", _crazyhouse, games=30),
    "hanabi": Spec("hanabi", "hanabi", _hanabi_full(2), games=300),
    "hanabi-4": Spec("hanabi", "hanabi", _hanabi_full(4), params={"players": 4}, games=100, players=4),
    "coin-game": Spec("coin-game", "coin_game", _coin_game, games=200),
    "universal-poker": Spec("universal-poker", "universal_poker", _universal_poker, games=1000),
    "tarok": Spec("tarok", "tarok", _tarok, params={"rng_seed": 20261207}, games=100, players=3, deal=_tarok_deal),
    "capture-the-flag": Spec("capture-the-flag", "capture_the_flag", _capture_the_flag, games=20),
    "tiny-bridge-2p": Spec("tiny-bridge-2p", "tiny_bridge_2p", _tiny_bridge, games=300),
    "snake": Spec("snake", "snake", _snake, games=60),
    # OpenSpiel draws the field as letters: two agents both pushing one big-box square from two sides (after the box
    # was turned askew) leave a third big-box square there, which the file's two halves cannot (1 in about 10,000
    # games where agents mostly move forward; not these).
    "coop-box-pushing": Spec("coop-box-pushing", "coop_box_pushing", _coop_box_pushing, games=20),
    "coop-box-pushing-short": Spec("coop-box-pushing", "coop_box_pushing", _coop_box_pushing, params={"horizon": 10},
                                   options={"horizon": 10}, games=300),
    "social-deduction": Spec("social-deduction", "social_deduction", _social_deduction, games=300, players=6),
    # Kriegspiel's tries are numbered as chess numbers its moves ("pawn 2 4 to 3 5" whether it takes or not).
    "kriegspiel": Spec("kriegspiel", "kriegspiel", _crazyhouse, games=5),
    "cursor-go": Spec("cursor-go", "cursor_go", _cursor_go, games=100),
    # A sense and a move are one turn of ours, two of OpenSpiel's decisions.
    "rbc": Spec("rbc", "rbc", _rbc, games=30),
    "bargaining": Spec("bargaining", "bargaining", _bargaining, games=300),
}


def _theirs_numbers(spec, theirs, seat) -> dict:
    """OpenSpiel's legal actions of ``seat``, keyed as ``spec.number`` gives them."""
    if spec.by_string:
        return {theirs.action_to_string(seat, a).rstrip("*"): a for a in theirs.legal_actions(seat)}
    return {a: a for a in theirs.legal_actions(seat)}


def _ours_by_number(spec, theirs_keys, actions, seat) -> dict:
    """Our actions by OpenSpiel's number; every one must mean a different OpenSpiel action."""
    by_key = {spec.number(seat, a.text): a for a in actions}
    assert len(by_key) == len(actions), f"two of our actions mean the same OpenSpiel action: {actions}"
    if spec.by_string and seat is not None:  # chance outcomes are numbered
        assert set(by_key) <= set(theirs_keys), sorted(set(by_key) - set(theirs_keys))
        return {theirs_keys[k]: a for k, a in by_key.items()}
    return by_key


def agree(spec, ours, theirs) -> dict:
    """Asserts both states agree now; returns our actions by OpenSpiel's number, per seat to move
    (the key None for a chance node)."""
    assert ours.is_terminal() == theirs.is_terminal(), str(theirs)
    if theirs.is_terminal():
        assert [float(r) / spec.returns_scale for r in ours.returns()] == pytest.approx(theirs.returns(), abs=1e-12), str(theirs)
        return {}
    if theirs.is_chance_node():
        assert ours.is_chance_node(), str(theirs)
        if spec.deal is not None:  # compared card by card as the deal is steered (_steer_deal)
            return {None: {}}
        outcomes = ours.chance_outcomes()
        by_number = _ours_by_number(spec, None, [a for a, _ in outcomes], None)
        odds = {spec.number(None, a.text): float(p) for a, p in outcomes}
        assert odds == pytest.approx(dict(theirs.chance_outcomes()), abs=1e-12), str(theirs)
        return {None: by_number}
    if theirs.is_simultaneous_node():
        seats = list(range(theirs.num_players()))
        assert ours.current_player() == SIMULTANEOUS and ours.simultaneous_seats() == seats, str(theirs)
    else:
        seats = [theirs.current_player()]
        if spec.sequential_sealed:
            assert ours.current_player() == SIMULTANEOUS and seats[0] in ours.simultaneous_seats(), str(theirs)
        else:
            assert ours.current_player() == seats[0], str(theirs)
    moves = {}
    for seat in seats:
        theirs_keys = _theirs_numbers(spec, theirs, seat)
        moves[seat] = _ours_by_number(spec, theirs_keys, ours.legal_actions(seat), seat)
        assert sorted(moves[seat]) == sorted(theirs.legal_actions(seat)), (seat, str(theirs))
    return moves


def _play(spec, ours, theirs, moves, choice: dict, rng=None) -> None:
    """Applies one node's move to both sides: ``choice`` maps each seat to move (None: chance) to
    OpenSpiel's number; at a simultaneous node ours applies the seats' actions in a random order."""
    if theirs.is_simultaneous_node():
        order = sorted(choice)
        if rng is not None:
            rng.shuffle(order)
        for seat in order:
            ours.apply(moves[seat][choice[seat]])
        theirs.apply_actions([choice[seat] for seat in sorted(choice)])
    else:
        (seat, number), = choice.items()
        ours.apply(moves[seat][number])
        theirs.apply_action(number)


def _steer_deal(spec, ours, theirs) -> None:
    """OpenSpiel's one dummy chance outcome (probability 1) deals everything with its own generator; ours deals card by
    card: each of our chance nodes is uniform (exactly) and steered to the card OpenSpiel dealt there."""
    from fractions import Fraction

    assert theirs.chance_outcomes() == [(0, 1.0)], str(theirs)
    theirs.apply_action(0)
    for number in spec.deal(theirs):
        assert ours.is_chance_node()
        outcomes = ours.chance_outcomes()
        assert {Fraction(p) for _, p in outcomes} == {Fraction(1, len(outcomes))}
        by_number = _ours_by_number(spec, None, [a for a, _ in outcomes], None)
        ours.apply(by_number[number])


def random_games(spec, seed: int) -> tuple[int, int]:
    ours_game, theirs_game = spec.load()
    rng = random.Random(seed)
    steps = decided = 0
    for _ in range(spec.games):
        ours, theirs = ours_game.new_game(spec.players), theirs_game.new_initial_state()
        while True:
            moves = agree(spec, ours, theirs)
            if theirs.is_terminal():
                decided += any(theirs.returns())
                break
            if theirs.is_chance_node() and spec.deal is not None:
                _steer_deal(spec, ours, theirs)
                steps += 1
                continue
            if theirs.is_chance_node():
                numbers, weights = zip(*theirs.chance_outcomes())
                choice = {None: rng.choices(numbers, weights)[0]}
            else:
                choice = {seat: rng.choice(sorted(by_number)) for seat, by_number in moves.items()}
            _play(spec, ours, theirs, moves, choice, rng)
            steps += 1
    return steps, decided


def walk(spec) -> int:
    """Every position of the whole tree, both sides at once (positions OpenSpiel prints the same with the
    same player to move are visited once when the spec says so); returns how many."""
    ours_game, theirs_game = spec.load()
    seen = set()
    stack = [(ours_game.new_game(spec.players), theirs_game.new_initial_state())]
    positions = 0
    while stack:
        ours, theirs = stack.pop()
        if spec.tree_key is not None:
            key = spec.tree_key(theirs)
            if key in seen:
                continue
            seen.add(key)
        positions += 1
        moves = agree(spec, ours, theirs)
        if theirs.is_terminal():
            continue
        seats = sorted(moves, key=lambda s: -1 if s is None else s)
        joint = [{}]
        for seat in seats:
            joint = [{**c, seat: n} for c in joint for n in moves[seat]]
        for choice in joint:
            after_ours, after_theirs = ours.clone(), theirs.clone()
            _play(spec, after_ours, after_theirs, moves, choice)
            stack.append((after_ours, after_theirs))
    return positions


EXAMPLES = {"catch": 1, "matrix-rps": 2, "matrix-mp": 2, "blotto": 2, "nim": 2, "first-sealed-auction": 1, "sheriff": 2, "tiny-hanabi": 1, "oshi-zumo": 2,
            "phantom-ttt": 1, "dots-and-boxes": 2, "breakthrough": 1, "othello": 1, "kalah": 1,
            "kalah-counters": 2, "blackjack": 2, "pentago": 1, "einstein": 2, "crazy-eights": 3,
            "twenty-forty-eight": 2, "clobber": 1, "amazons": 1,
            "lines-of-action": 1, "maedn": 3, "ultimate-tic-tac-toe": 3,
            "y": 2, "gomoku": 2, "yacht": 2, "banqi": 2, "hearts": 2, "euchre": 2, "cribbage": 2, "quoridor": 3,
            "battleship": 2, "markov-soccer": 2, "havannah": 2, "chinese-checkers": 3, "xiangqi": 2,
            "twixt": 2, "morpion-solitaire": 2, "dark-hex": 2, "go-fish": 2, "laser-tag": 2, "antichess": 2,
            "solitaire": 2, "stones-and-gems": 2, "shogi": 2,
            "gin-rummy": 2,
            "crazyhouse": 2, "hive": 2, "spades": 2, "checkers": 2, "phantom-go": 2, "bridge": 2,
            "dou-dizhu": 2, "dark-chess": 2, "oh-hell": 2, "hanabi": 2, "coin-game": 2, "skat": 2,
            "universal-poker": 2,
            "tarok": 2,
            "capture-the-flag": 2,
            "tiny-bridge-2p": 2,
            "snake": 2,
            "coop-box-pushing": 2,
            "social-deduction": 2,
            "kriegspiel": 2,
            "cursor-go": 2,
            "rbc": 2,
            "bargaining": 2}


def test_every_game_file_has_a_spec():
    assert sorted(p.stem for p in GAMES.glob("*.rules")) == sorted(EXAMPLES)
    assert {s.rules for s in SPECS.values()} == set(EXAMPLES)


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_rule_file_checks_and_its_examples_pass(name):
    from rulespec.pipeline.examples import run_examples

    results = run_examples(rulespec.load(GAMES / f"{name}.rules"))
    assert len(results) == EXAMPLES[name]
    assert all(r.passed for r in results), [r.message for r in results if not r.passed]


@pytest.mark.parametrize("name", sorted(SPECS))
def test_seeded_random_games_agree_in_lock_step(name):
    spec = SPECS[name]
    steps, decided = random_games(spec, seed=20261201 + sum(map(ord, name)))
    print(f"{name}: {spec.games} random games, {steps} steps in lock step, {decided} with a winner")
    assert steps >= spec.games


@pytest.mark.parametrize("name", sorted(n for n, s in SPECS.items() if s.tree is not None))
def test_the_whole_game_tree_agrees(name):
    spec = SPECS[name]
    positions = walk(spec)
    print(f"{name}: the whole tree, {positions} positions in lock step")
    assert positions == spec.tree


def _views_told_apart_alike(name: str, games: int = 200) -> int:
    """Plays ``games`` seeded games of ``name`` on both sides, asserting that our observation's zones and boards
    tell apart exactly the positions OpenSpiel's observation string tells apart (a bijection over the views
    visited, seat by seat); returns how many different views were compared."""
    import json

    spec = SPECS[name]
    ours_game, theirs_game = spec.load()
    rng = random.Random(11)
    theirs_to_ours, ours_to_theirs = {}, {}
    for _ in range(games):
        ours, theirs = ours_game.new_game(spec.players), theirs_game.new_initial_state()
        while not theirs.is_terminal():
            for seat in range(2):
                view = ours.observation(seat)
                mine = (seat, json.dumps({"zones": view["zones"], "boards": view["boards"]}, sort_keys=True))
                seen = (seat, theirs.observation_string(seat))
                assert theirs_to_ours.setdefault(seen, mine) == mine, seen
                assert ours_to_theirs.setdefault(mine, seen) == seen, mine
            moves = agree(spec, ours, theirs)
            _play(spec, ours, theirs, moves, {seat: rng.choice(sorted(n)) for seat, n in moves.items()})
    return len(theirs_to_ours)


def test_phantom_ttt_observations_reveal_what_openspiel_reveals():
    """OpenSpiel's phantom_ttt (obstype reveal-nothing) shows a seat its own marks and the opponent's
    marks it ran into, nothing else. With `size unseen` zones, our observation's zones and boards tell
    apart exactly the positions OpenSpiel's observation string tells apart (a bijection over the
    positions visited): without it, the size of the opponent's marks would split what OpenSpiel merges."""
    assert _views_told_apart_alike("phantom-ttt") > 100  # many different views were compared, not a handful


def test_dark_hex_observations_reveal_what_openspiel_reveals():
    """OpenSpiel's dark_hex (obstype reveal-nothing) shows a seat its own stones and the opponent's stones it
    ran into, nothing else: our observation's zones (`size unseen`) and boards tell apart exactly the positions
    its observation string tells apart (a bijection over the positions visited)."""
    assert _views_told_apart_alike("dark-hex") > 500  # many different views were compared, not a handful


def test_battleship_a_fleet_sunk_ends_the_game_in_lock_step():
    """Random shots almost never sink a whole fleet in 50 shots; here each shooter aims, four times in five,
    at the opponent's ship cells not hit yet (read from OpenSpiel's view of the opponent's own sea), so
    fleets are sunk and the game ends early, both sides in lock step to the returns."""
    spec = SPECS["battleship"]
    ours_game, theirs_game = spec.load()
    rng = random.Random(7)
    early = 0
    for _ in range(20):
        ours, theirs = ours_game.new_game(spec.players), theirs_game.new_initial_state()
        while True:
            moves = agree(spec, ours, theirs)
            if theirs.is_terminal():
                early += theirs.move_number() < 110
                break
            (seat, by_number), = moves.items()
            targets = []
            if min(by_number) < 100:  # shooting: the opponent's ship cells, as its own sea shows them
                sea = [line[1:-1] for line in theirs.observation_string(1 - seat).split("\n")[2:12]]
                targets = [10 * r + c for r in range(10) for c in range(10) if sea[r][c].islower()]  # not hit yet
            pool = targets if targets and rng.random() < 0.8 else sorted(by_number)
            _play(spec, ours, theirs, moves, {seat: rng.choice(pool)})
    assert early >= 15


def test_gin_rummy_knocks_and_layoffs_in_lock_step():
    """Random play seldom gets a hand down to 10 deadwood; here each player keeps the discard that leaves the
    least deadwood (read from OpenSpiel's `deadwood()` of the state after it), knocks whenever it may, and
    lays melds and lays off before passing, so hands are knocked, laid down, laid off on and undercut, both
    sides in lock step to the returns."""
    spec = SPECS["gin-rummy"]
    ours_game, theirs_game = spec.load()
    rng = random.Random(5)
    knocked = laid_off = 0
    for _ in range(30):
        ours, theirs = ours_game.new_game(spec.players), theirs_game.new_initial_state()
        while True:
            moves = agree(spec, ours, theirs)
            if theirs.is_terminal():
                knocked += any(theirs.knocked())
                laid_off += bool(theirs.layoffs())
                break
            if theirs.is_chance_node():
                numbers, weights = zip(*theirs.chance_outcomes())
                _play(spec, ours, theirs, moves, {None: rng.choices(numbers, weights)[0]})
                continue
            (seat, by_number), = moves.items()
            legal = sorted(by_number)
            melds, cards = [n for n in legal if n >= 56], [n for n in legal if n < 52]
            if 55 in legal:
                pick = 55
            elif melds and rng.random() < 0.9:
                pick = rng.choice(melds)
            elif cards and 54 in legal and rng.random() < 0.9:  # a layoff before passing
                pick = rng.choice(cards)
            elif cards and rng.random() < 0.9:  # the discard that leaves the least deadwood
                def left(card):
                    after = theirs.clone()
                    after.apply_action(card)
                    return after.deadwood()[seat]
                pick = min(cards, key=lambda card: (left(card), rng.random()))
            else:
                pick = rng.choice(legal)
            _play(spec, ours, theirs, moves, {seat: pick})
    assert knocked >= 8 and laid_off >= 4, (knocked, laid_off)  # (10 and 5 of 30)


def test_hanabi_careful_players_run_the_deck_out_in_lock_step():
    """Random hanabi play loses its three lives within a few turns; here each player plays a card that fits a
    firework when one of theirs does (read from OpenSpiel's printed hands) and otherwise hints or discards, so
    the deck runs out, every player has one more turn, and the score is not 0: both sides in lock step to the
    returns at every node."""
    spec = SPECS["hanabi"]
    ours_game, theirs_game = spec.load()
    rng = random.Random(3)
    scored = ran_out = 0
    for _ in range(12):
        ours, theirs = ours_game.new_game(spec.players), theirs_game.new_initial_state()
        while True:
            moves = agree(spec, ours, theirs)
            if not theirs.is_terminal():
                assert [float(r) for r in ours.returns()] == pytest.approx(theirs.returns()), str(theirs)
            if theirs.is_terminal():
                scored += theirs.returns()[0] > 0
                ran_out += "Deck size: 0" in str(theirs)
                break
            if theirs.is_chance_node():
                numbers, weights = zip(*theirs.chance_outcomes())
                _play(spec, ours, theirs, moves, {None: rng.choices(numbers, weights)[0]})
                continue
            (seat, by_number), = moves.items()
            text = str(theirs)
            fireworks = dict((f[0], int(f[1])) for f in re.search(r"Fireworks: (.*)", text).group(1).split())
            hand = text.split("Hands:\n")[1].split("Deck size")[0].replace("Cur player\n", "").split("-----\n")[seat]
            cards = [line.split()[0] for line in hand.splitlines()]
            fits = [5 + i for i, card in enumerate(cards) if fireworks[card[0]] + 1 == int(card[1])]
            others = [n for n in by_number if not 5 <= n < 10]
            pick = rng.choice(fits) if fits else rng.choice(others or sorted(by_number))
            _play(spec, ours, theirs, moves, {seat: pick})
    assert scored >= 10 and ran_out >= 10, (scored, ran_out)


def test_tarok_klop_and_the_talon_contracts_in_lock_step():
    """Random bids mostly reach beggar and the valats, which end early; here players pass seven times in ten and
    otherwise bid klop to one, so klop (the talon's gifts), three, two and one (the talon sets, the discards, the
    captured mond, the bonuses) are played out, both sides in lock step to the returns."""
    spec = SPECS["tarok"]
    ours_game, theirs_game = spec.load()
    rng = random.Random(3)
    contracts, captured = set(), 0
    for _ in range(60):
        ours, theirs = ours_game.new_game(spec.players), theirs_game.new_initial_state()
        while True:
            moves = agree(spec, ours, theirs)
            if theirs.is_terminal():
                contracts.add(str(theirs.selected_contract()).split(".")[-1])
                captured += any(theirs.captured_mond_penalties())
                break
            if theirs.is_chance_node():
                _steer_deal(spec, ours, theirs)
                continue
            (seat, by_number), = moves.items()
            legal = sorted(by_number)
            if str(theirs.current_game_phase()).endswith("BIDDING"):
                pick = 0 if 0 in legal and rng.random() < 0.7 else rng.choice([a for a in legal if a <= 4] or legal)
            else:
                pick = rng.choice(legal)
            _play(spec, ours, theirs, moves, {seat: pick})
    assert {"KLOP", "THREE", "TWO", "ONE"} <= contracts and captured > 0


def test_capture_the_flag_positions_agree_in_lock_step():
    """Every seat may always choose any of the five moves, so legal actions say nothing of the position: here the
    field (where A and B stand, a flag lying at its base), who carries each flag and the rounds played are compared
    with OpenSpiel's printed state at every node of seeded games, with the runners drawn towards the flags so that
    flags are taken, carried, captured and tagged back."""
    spec = SPECS["capture-the-flag"]
    ours_game, theirs_game = spec.load()
    rng = random.Random(3)
    bases = {0: "3 1", 1: "3 7"}
    taken = 0
    for _ in range(20):
        ours, theirs = ours_game.new_game(spec.players), theirs_game.new_initial_state()
        while True:
            moves = agree(spec, ours, theirs)
            view = ours.observation(0)
            field, carrier = view["boards"]["field"], view["counters"]["carrier"]
            rows = []
            for r in range(1, 6):
                row = ""
                for c in range(1, 8):
                    here = field.get(f"{r} {c}", "")
                    owner = next((p for p, b in bases.items() if b == f"{r} {c}" and carrier[p] == "none"), None)
                    row += here.upper() if here else ("ab"[owner] if owner is not None else ".")
                rows.append(row)
            holders = [-1 if h == "none" else int(h.split()[-1]) - 1 for h in carrier]
            taken += holders != [-1, -1]
            lines = str(theirs).split("\n")
            assert lines[:5] == rows, str(theirs)
            assert lines[5] == f"Carrier(A's flag): {holders[0]} Carrier(B's flag): {holders[1]}", str(theirs)
            if theirs.is_terminal():  # (a capture ends our game before its round is counted)
                break
            assert lines[7].startswith(f"Moves: {view['counters']['rounds']}/"), str(theirs)
            if theirs.is_chance_node():
                _play(spec, ours, theirs, moves, {None: rng.choice(sorted(moves[None]))})
                continue
            choice = {}
            for seat in (0, 1):  # towards the other's base, or home when carrying, three times in four
                me, goal = str(theirs).split("\n")[:5], bases[1 - seat if holders[1 - seat] != seat else seat]
                (r, c), = [(i + 1, row.index("AB"[seat]) + 1) for i, row in enumerate(me) if "AB"[seat] in row]
                gr, gc = map(int, goal.split())
                towards = [n for n, ok in ((0, gr < r), (1, gc > c), (2, gr > r), (3, gc < c)) if ok] or [4]
                choice[seat] = rng.choice(towards) if rng.random() < 0.75 else rng.randrange(5)
            _play(spec, ours, theirs, moves, choice)
    assert taken > 200


def test_coop_box_pushing_boxes_pushed_in_lock_step():
    """Random agents seldom push the big box (both must face it, move and succeed at once); here each agent moves
    forward mostly, and far more when OpenSpiel's partial observation shows a box ahead (turning where it shows a wall
    or the other agent), so small boxes reach row 1 and the big box is pushed, askew too, and delivered: both sides in
    lock step at every node to the returns."""
    spec = SPECS["coop-box-pushing"]
    ours_game, theirs_game = spec.load()
    rng = random.Random(3)
    weights = {"big box": (1, 1, 12, 0), "small box": (1, 1, 4, 0), "field": (1, 1, 5, 0)}
    moved = delivered = small = 0
    for _ in range(80):
        ours, theirs = ours_game.new_game(spec.players), theirs_game.new_initial_state()
        while True:
            moves = agree(spec, ours, theirs)
            if theirs.is_terminal():
                rows = str(theirs).split("\n")[3:11]
                moved += rows[3][3:5] != "BB"
                delivered += "B" in rows[0]
                small += "b" in rows[0]
                break
            if theirs.is_chance_node():
                numbers, odds = zip(*theirs.chance_outcomes())
                choice = {None: rng.choices(numbers, odds)[0]}
            else:
                choice = {seat: rng.choices(range(4), weights.get(theirs.observation_string(seat), (1, 1, 0, 0)))[0]
                          for seat in moves}
            _play(spec, ours, theirs, moves, choice, rng)
    assert moved >= 2 and delivered >= 1 and small >= 10, (moved, delivered, small)
