"""The small runtime every generated engine stands on.

A generated module (``engines/<game>.py``) subclasses :class:`Engine` and fills in its tables
(components, zones, boards, steps, triggers, ends...) with data and with plain functions compiled
from the rule file. This module knows nothing about any particular game: it runs a stack of
pending steps, moves components between zones and board spaces, records the cause of every move,
fires triggers and replacement effects, checks end conditions and builds observations from the
declared visibility of each zone.

A half-resolved turn is data: the stack holds ``(step, args, actor, cause, replaced)`` tuples, so a
state clones, compares and round-trips through JSON at any point.

Seats: the whole Python API numbers seats from 0 (``Action.player``, ``observation(seat)``,
``outcome()["winners"]`` and ``["ranking"]``, ``returns()``, ``new_game(players)`` seats 0..players-1);
the rule language and every text made for people (action texts, messages, pages) say ``player N``,
which is seat N - 1. ``str(Action(0, "pass"))`` is ``"player 1: pass"``.
"""

from __future__ import annotations

import bisect
import functools
import json
import operator
import random
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Iterable, Optional, Sequence, Union

from ..lib.geometry import ADJACENCY_DIRECTIONS, COMPASS_STEPS

CHANCE = -1
ANY_PLAYER = -2  # a choice every seat may take (a claim window)
TERMINAL = -4
RESOLVE = "__resolve__"
LOTS = "__lots__"  # the chance step that breaks a tie for first place by drawing lots
ENDING = "__ending__"  # under the step an end runs before scoring; the game is over once it is reached
SPAN_LIMIT = 10_000  # numbers in one range `low..high` (the language's `span` limit, rulespec.language.limits)


class IllegalAction(Exception):
    """An action that may not be taken now. ``reason`` says why; the state is unchanged."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


class RuleRuntimeError(Exception):
    """The rules asked for something impossible (a rule-file bug), e.g. drawing from an empty zone."""


@dataclass(frozen=True, order=True)
class Action:
    """One decision: a seat's choice or a chance outcome. ``str()`` is what ``parse_action`` reads."""

    player: int
    text: str

    def __str__(self) -> str:
        return f"chance: {self.text}" if self.player == CHANCE else f"player {self.player + 1}: {self.text}"


# ----------------------------------------------------------------------------- static game data


@dataclass(frozen=True)
class ZoneInfo:
    name: str
    per_player: bool
    visibility: str  # public | hidden | owner
    start: Optional[str]
    cites: tuple[str, ...] = ()
    stacked: bool = False
    start_component: Optional[str] = None


@dataclass(frozen=True)
class FaceInfo:
    name: str
    cells: str  # one character per cell, row-major: "." or a region letter
    condition: Optional[Callable[[Any], bool]] = None


@dataclass(frozen=True)
class BoardInfo:
    name: str
    rows: tuple[str, ...]  # labels (numbered rows as their digits)
    columns: tuple[int, ...]
    row_attribute: str
    column_attribute: str
    faces: tuple[FaceInfo, ...]
    kind: str = "grid"  # grid | triangles
    shape_attribute: str = ""
    marks: tuple[tuple[str, str], ...] = ()  # (map letter, mark name) on a board of triangles
    adjacency: str = "orthogonal"  # on a grid: orthogonal, diagonal or all (rulespec.model.ir.ADJACENCY_DIRECTIONS)

    @property
    def size(self) -> int:
        return len(self.rows) * len(self.columns)

    def label(self, cell: int) -> str:
        row, col = divmod(cell, len(self.columns))
        if self.kind == "triangles":
            return f"{self.rows[row]}c{self.columns[col]}"
        return f"{self.rows[row]} {self.columns[col]}"


class _FullLines(dict):
    """Tables of whole lines (see Tables.full_lines), each made the first time it is read."""

    def __init__(self, tables: "Tables"):
        super().__init__()
        self.tables = tables

    def __missing__(self, key: tuple[int, int, int]) -> tuple[Optional[tuple[int, ...]], ...]:
        board, direction, length = key
        table = self[key] = tuple(line if len(line) == length else None
                                  for line in self.tables.lines(board, direction, length))
        return table


@dataclass(frozen=True)
class OptionInfo:
    name: str
    template: str
    cites: tuple[str, ...]
    enumerate: Callable[..., list]  # (st, *params) -> [(text, binding)]
    effect: Callable[..., None]  # (st, cause, *params, *binding)
    raw: Callable[..., Iterable]  # (st, *params) -> every (text, binding) ignoring conditions
    check: Callable[..., int]  # (st, *params, *binding) -> index of the first failing condition, or -1
    conditions: tuple[tuple[str, tuple[str, ...]], ...] = ()  # (source text, cites)


@dataclass(frozen=True)
class StepInfo:
    name: str
    kind: str  # auto | choice | chance
    params: tuple[str, ...]
    cites: tuple[str, ...]
    run: Optional[Callable[..., None]] = None  # auto: (st, cause, *params)
    by: Optional[Callable[..., int]] = None  # choice: (st, *params) -> seat
    options: tuple[OptionInfo, ...] = ()
    outcomes: Optional[Callable[..., list]] = None  # chance: (st, *params) -> [(text, weight, binding)]
    resolve: Optional[Callable[..., None]] = None  # chance: (st, cause, *params, *binding)
    # A chance step that draws from a zone lists its outcomes without their texts: draw gives the
    # zone, text reads one outcome (from labels only) when it is asked for. Then outcomes is None.
    draw: Optional[Callable[..., int]] = None  # chance: (st, *params) -> zone
    text: Optional[Callable[..., str]] = None  # chance: (st, *params, *binding) -> text
    # A choice step may list every option at once, in the order offered (then the options' enumerate
    # functions are not called): (st, *params) -> (seat, [(seat, text, option index, binding)]).
    # distinct: no two of its rows can have the same seat and text.
    choices: Optional[Callable[..., tuple]] = None
    distinct: bool = False
    # The type of each parameter ("seat", "item", "number", "word" or "space:BOARD"), so that a state read
    # back can be checked (rulespec/runtime/state_check.py); empty for an engine generated before.
    param_types: tuple[str, ...] = ()


@dataclass(frozen=True)
class TriggerInfo:
    name: str
    board: int
    causes: tuple[str, ...]
    run: Callable[..., None]  # (st, item, space, player, cause)
    cites: tuple[str, ...] = ()


@dataclass(frozen=True)
class InsteadInfo:
    name: str
    step: str
    applies: Callable[..., bool]
    run: Callable[..., None]  # (st, cause, *params)
    cites: tuple[str, ...] = ()


@dataclass(frozen=True)
class EndInfo:
    name: str
    timing: str  # after_step | turn_start
    check: Callable[[Any], Optional[list]]
    cites: tuple[str, ...] = ()
    then: Optional[Callable[[Any], tuple[str, tuple]]] = None  # the step (and its arguments) run before scoring


@dataclass(frozen=True)
class InvariantInfo:
    name: str
    title: str
    form: str  # always | on_event | never_queue
    check: Optional[Callable[..., bool]] = None
    board: int = -1
    causes: tuple[str, ...] = ()
    queue: Optional[str] = None
    cites: tuple[str, ...] = ()


# ----------------------------------------------------------------------------- per-setup tables


class Tables:
    """What depends on the player count and options but never changes during a game."""

    def __init__(self, engine: "Engine", players: int, options: dict[str, str]):
        self.players = players
        self.options = options
        self.seat_prefix = tuple(f"player {seat + 1}: " for seat in range(players))  # str(Action), before its text
        left_out: dict[str, set] = {}
        always_out: set[str] = set()  # whole components left out ("leave out every X")
        for count, attribute, values in engine.LEAVE_OUTS:
            if not count:
                always_out.update(values)
            elif count == players:
                left_out.setdefault(attribute, set()).update(values)
        attrs = engine.ITEM_ATTRS
        self.left_out_items = tuple(
            i for i in range(len(engine.ITEM_KIND))
            if engine.ITEM_KIND[i] in always_out
            or any(attrs.get(a, {}).get(i) in vals for a, vals in left_out.items()))
        excluded = set(self.left_out_items)
        self.in_play_items = tuple(i for i in range(len(engine.ITEM_KIND)) if i not in excluded)
        self.zone_base: dict[str, int] = {}
        stacked: list[int] = []
        count = 0
        for zone in engine.ZONES:
            self.zone_base[zone.name] = count
            instances = players if zone.per_player else 1
            if zone.stacked:
                stacked.extend(range(count, count + instances))
            count += instances
        self.stacked = frozenset(stacked)
        self.zone_count = count
        self.board_base: list[int] = []
        self.in_use: list[tuple[bool, ...]] = []
        self.cells_in_use: list[tuple[int, ...]] = []
        self.neighbours: list[tuple[tuple[int, ...], ...]] = []
        # Per board, per direction (rulespec.model.ir.COMPASS), per cell: the next space in use that way, or None.
        self.toward: list[tuple[tuple[Optional[int], ...], ...]] = []
        self.line_tables: dict[tuple[int, int, int], tuple[tuple[int, ...], ...]] = {}  # see lines()
        # (board, direction, length) -> per cell the whole line of that length, or None: made when first read.
        self.full_lines = _FullLines(self)
        self.region_of: list[tuple[int, ...]] = []
        self.region_cells: list[tuple[tuple[int, ...], ...]] = []
        self.face: list[str] = []
        self.faces_in_use: list[tuple[str, ...]] = []
        self.laid_cells: list[str] = []  # per board: the map in play (faces laid together on a board of triangles)
        self.face_of: list[tuple[str, ...]] = []  # per cell: the face (board piece) it comes from
        # Boards of triangles: every placement of every shape, with its bit masks (see rulespec.lib.geometry).
        self.mark_of: list[tuple[Optional[str], ...]] = []
        self.cell_bit: list[tuple[int, ...]] = []
        self.tile_span: list[int] = []  # per board: how far past its first cell a tile may reach (1 on a grid)
        self.placements: list[tuple] = []
        self.placement_cells: list[tuple[tuple[int, ...], ...]] = []
        self.placement_label: list[tuple[str, ...]] = []
        self.placements_of: list[dict[str, tuple[int, ...]]] = []
        self.geometry: list[Any] = []  # per board of triangles: its rulespec.lib.geometry.TriangularBoard
        self.legal_cache: dict[tuple, tuple[int, ...]] = {}  # (board, shape, occupied mask) -> legal placements
        offset = count
        for board in engine.BOARDS:
            self.board_base.append(offset)
            offset += board.size
            width = len(board.columns)
            applying = [f for f in board.faces if f.condition is None or f.condition(self)]
            if not applying:
                raise RuleRuntimeError(f"no face of board {board.name} applies with options {options}")
            face = applying[0] if board.kind != "triangles" else self._laid_together(board, applying)
            self.face.append(face.name)
            self.laid_cells.append(face.cells)
            self.faces_in_use.append(tuple(f.name for f in applying) if board.kind == "triangles" else (face.name,))
            self.face_of.append(tuple(next((f.name for f in applying if f.cells[c] != "-"), "")
                                      for c in range(board.size)))
            row_out = {str(v) for v in left_out.get(board.row_attribute, ())}  # rows are labels
            col_out = left_out.get(board.column_attribute, set())
            in_use = tuple(face.cells[c] != "-" and board.rows[c // width] not in row_out
                           and board.columns[c % width] not in col_out for c in range(board.size))
            self.in_use.append(in_use)
            self.cells_in_use.append(tuple(c for c in range(board.size) if in_use[c]))
            if board.kind == "triangles":
                self._lattice(engine, board, face, in_use)
                self.toward.append(())
                self.region_of.append((-1,) * board.size)
                self.region_cells.append(())
                continue
            self.mark_of.append(())
            self.tile_span.append(1)
            self.geometry.append(None)
            self.cell_bit.append(())
            self.placements.append(())
            self.placement_cells.append(())
            self.placement_label.append(())
            self.placements_of.append({})
            toward = self._toward(board, in_use)
            self.toward.append(toward)
            directions = ADJACENCY_DIRECTIONS[board.adjacency]
            self.neighbours.append(tuple(
                tuple(sorted(toward[d][c] for d in directions if toward[d][c] is not None)) if in_use[c] else ()
                for c in range(board.size)))
            letters = sorted({ch for ch in face.cells if ch not in ".-"})  # `-`: no space, in no region
            self.region_of.append(tuple(letters.index(ch) if ch in letters else -1 for ch in face.cells))
            self.region_cells.append(tuple(
                tuple(c for c in range(board.size) if face.cells[c] == letter and in_use[c]) for letter in letters))
        self.fits: list[list[tuple[int, ...]]] = []
        self.fit_sets: list[list[frozenset]] = []
        for b, board in enumerate(engine.BOARDS):
            per_item = []
            for item in range(len(engine.ITEM_KIND)):
                rules = engine.FITS.get((engine.ITEM_KIND[item], b), ())
                cells = tuple(c for c in self.cells_in_use[b] if any(rule(self, item, c) for rule in rules))
                per_item.append(cells)
            self.fits.append(per_item)
            self.fit_sets.append([frozenset(cells) for cells in per_item])

    @staticmethod
    def _laid_together(board: BoardInfo, faces: Sequence[FaceInfo]) -> FaceInfo:
        """Every face of a board of triangles that applies is laid: each covers its own band of rows."""
        if len(faces) == 1:
            return faces[0]
        cells = ["-"] * board.size
        owner: list[Optional[str]] = [None] * board.size
        for face in faces:
            for c, ch in enumerate(face.cells):
                if ch == "-":
                    continue
                if owner[c] is not None:
                    raise RuleRuntimeError(f"faces {owner[c]} and {face.name} of board {board.name} both apply and "
                                           f"both have the space {board.label(c)}; give them conditions that "
                                           f"exclude each other, or rows that do not overlap")
                cells[c], owner[c] = ch, face.name
        return FaceInfo(" + ".join(f.name for f in faces), "".join(cells))

    def _lattice(self, engine: "Engine", board: BoardInfo, face: FaceInfo, in_use: Sequence[bool]) -> None:
        from ..lib.geometry import TriangularBoard, edge_neighbours
        width = len(board.columns)
        cells = [divmod(c, width) for c in range(board.size) if in_use[c]]
        if not cells:
            raise RuleRuntimeError(f"board {board.name} has no space in use")
        geometry = TriangularBoard(cells)
        self.geometry.append(geometry)
        index = {cell: r * width + c for cell in cells for r, c in [cell]}
        self.neighbours.append(tuple(
            tuple(index[n] for n in edge_neighbours(divmod(c, width)) if n in index) if in_use[c] else ()
            for c in range(board.size)))
        marks = dict(board.marks)
        self.mark_of.append(tuple(marks.get(ch) for ch in face.cells))
        self.cell_bit.append(tuple((1 << geometry.bit(divmod(c, width))) if in_use[c] else 0
                                   for c in range(board.size)))
        placements, placement_cells, labels, of_shape = [], [], [], {}
        for shape, shape_cells in engine.SHAPES.items():
            ids = []
            for placement in geometry.placements(shape_cells):
                covered = tuple(sorted(index[cell] for cell in placement.cells))  # the first is the tile's place
                ids.append(len(placements))
                placements.append((shape, placement.mask, placement.contact_mask))
                placement_cells.append(covered)
                labels.append(" ".join(board.label(c) for c in covered))
            of_shape[shape] = tuple(ids)
        self.placements.append(tuple(placements))
        self.tile_span.append(max((cells[-1] - cells[0] + 1 for cells in placement_cells), default=1))
        self.placement_cells.append(tuple(placement_cells))
        self.placement_label.append(tuple(labels))
        self.placements_of.append(of_shape)

    def lines(self, board: int, direction: int, length: int) -> tuple[tuple[int, ...], ...]:
        """Per cell, the line of at most ``length`` spaces from it in ``direction``: worked out once per game
        configuration, then looked up."""
        key = (board, direction, length)
        found = self.line_tables.get(key)
        if found is None:
            step, table = self.toward[board][direction], []
            for cell in range(len(step)):
                out: list[int] = []
                at: Optional[int] = cell if self.in_use[board][cell] else None
                while at is not None and len(out) < length:
                    out.append(at)
                    at = step[at]
                table.append(tuple(out))
            found = self.line_tables[key] = tuple(table)
        return found

    @staticmethod
    def _toward(board: BoardInfo, in_use: Sequence[bool]) -> tuple[tuple[Optional[int], ...], ...]:
        """The neighbour tables of a grid: a space not in use (`-` on the map) is an edge, never bridged."""
        width, height = len(board.columns), len(board.rows)
        tables = []
        for dr, dc in COMPASS_STEPS:
            table: list[Optional[int]] = []
            for cell in range(board.size):
                r, c = divmod(cell, width)
                r, c = r + dr, c + dc
                inside = in_use[cell] and 0 <= r < height and 0 <= c < width and in_use[r * width + c]
                table.append(r * width + c if inside else None)
            tables.append(tuple(table))
        return tuple(tables)

    @staticmethod
    def _orthogonal(board: BoardInfo, cell: int, in_use: Sequence[bool]) -> tuple[int, ...]:
        if not in_use[cell]:
            return ()
        width, height = len(board.columns), len(board.rows)
        row, col = divmod(cell, width)
        out = []
        for r, c in ((row - 1, col), (row, col - 1), (row, col + 1), (row + 1, col)):
            if 0 <= r < height and 0 <= c < width and in_use[r * width + c]:
                out.append(r * width + c)
        return tuple(out)


# ----------------------------------------------------------------------------- a pending decision


class Pending:
    """The decision on top of the stack, listed as cheaply as it can be.

    Listing the decision is the inner loop of every game, and most loops (random_game, simulations)
    use one action of it. So a decision keeps plain rows ``(player, text, option, binding)``, where
    option indexes the step's options (a chance step has its one effect); a draw keeps only the items
    it may draw and reads an outcome's text when asked; and Action objects are made on demand.
    ``full()`` gives the documented entries ``[(Action, effect, weight, binding)]``. A Pending never
    changes once listed, so clones of a state share it."""

    __slots__ = ("seat", "count", "rows", "options", "effect", "weights", "items", "text", "st", "args", "entries",
                 "offered")

    def __init__(self, seat: int, rows: Optional[list], options: Optional[tuple], effect: Optional[Callable] = None,
                 weights: Optional[list] = None):
        self.seat = seat
        self.count = 0 if rows is None else len(rows)  # how many entries
        self.rows = rows  # [(player, text, option, binding)]; None for a draw or for given entries
        self.options = options  # the step's OptionInfos, or None: every row has ``effect``
        self.effect = effect
        self.weights = weights  # one per row; None when every weight is 1
        self.items = None  # a draw: the items it may draw, one per outcome
        self.entries = None  # the full() form, once made
        self.offered = None  # (Action, index): the last action handed out by pick()

    @classmethod
    def draw(cls, items: list, weights: Optional[list], text: Callable, effect: Callable, st: "State",
             args: tuple) -> "Pending":
        pending = cls(CHANCE, None, None, effect, weights)
        pending.count = len(items)
        pending.items, pending.text, pending.st, pending.args = items, text, st, args
        return pending

    @classmethod
    def given(cls, seat: int, entries: list) -> "Pending":
        """A decision listed in full by an engine that overrides Engine._decide."""
        pending = cls(seat, None, None)
        pending.count = len(entries)
        pending.entries = entries
        pending.weights = [entry[2] for entry in entries]
        return pending

    def __len__(self) -> int:
        return self.count

    def call(self, index: int) -> tuple:
        """(effect, binding) of one entry, without reading its text."""
        if self.rows is not None:
            row = self.rows[index]
            return (self.effect if self.options is None else self.options[row[2]].effect), row[3]
        if self.entries is not None:
            entry = self.entries[index]
            return entry[1], entry[3]
        return self.effect, (self.items[index],)

    def full(self) -> list:
        if self.entries is None:
            weights, options, effect = self.weights, self.options, self.effect
            if self.rows is None:  # a draw
                text, st, args = self.text, self.st, self.args
                self.entries = [(Action(CHANCE, text(st, *args, item)), effect, 1, (item,)) for item in self.items] \
                    if weights is None else [(Action(CHANCE, text(st, *args, item)), effect, weight, (item,))
                                             for item, weight in zip(self.items, weights)]
            elif options is not None:  # a choice
                self.entries = [(Action(player, text), options[option].effect, 1, binding)
                                for player, text, option, binding in self.rows]
            else:  # a chance step listed with its texts
                self.entries = [(Action(player, text), effect, 1 if weights is None else weights[i], binding)
                                for i, (player, text, _, binding) in enumerate(self.rows)]
        return self.entries

    def pick(self, index: int) -> Action:
        """The Action of one entry; apply() finds it again without listing the others."""
        if self.entries is not None:
            return self.entries[index][0]
        if self.rows is not None:
            row = self.rows[index]
            action = Action(row[0], row[1])
        else:
            action = Action(CHANCE, self.text(self.st, *self.args, self.items[index]))
        self.offered = (action, index)
        return action

    def find(self, action: Any) -> Optional[int]:
        """The index of the entry ``action`` plays, or None."""
        offered = self.offered
        if offered is not None and offered[0] is action:
            return offered[1]
        entries = self.full()
        for index, entry in enumerate(entries):  # most callers pass back an offered Action itself
            if entry[0] is action:
                return index
        for index, entry in enumerate(entries):
            if entry[0] == action:
                return index
        return None


# ----------------------------------------------------------------------------- the state


class State:
    """One position of one game. Use the engine API: legal_actions, apply, clone, observation..."""

    __slots__ = ("engine", "t", "players", "options", "zones", "boards", "masks", "causes", "loc", "counters", "queues",
                 "stack", "phase", "turn_seat", "turn_number", "next_seat", "leg", "legs", "over", "history", "violations",
                 "fired", "actor",
                 "last_cause", "_thens", "_pending", "_journal", "_loops",
                 "_firing")

    # ---- primitives used by generated code
    def seat_in_play(self, seat: int) -> int:
        """A seat the rules name by number (`player 3`), when that many play."""
        if seat >= self.players:
            raise RuleRuntimeError(f"the rules name player {seat + 1}, but {self.players} players play this game")
        return seat

    def loop(self, times: int) -> range:
        """`repeat N times`: N turns of the loop, counted against the action's loop budget."""
        if times > 0:
            self._count_loops(times)
        return range(times)

    def loop_over(self, items: Iterable[int]) -> list:
        """`for each x in ...`: a copy of what the loop walks (its body may move it), counted likewise."""
        items = list(items)
        self._count_loops(len(items))
        return items

    def _count_loops(self, turns: int) -> None:
        self._loops += turns
        if self._loops > self.engine.MAX_LOOP_TURNS:
            raise RuleRuntimeError(
                f"the loops of one action ran more than {self.engine.MAX_LOOP_TURNS:,} times (`repeat` or "
                f"`for each` inside one another?): Engine.MAX_LOOP_TURNS is the limit")

    def move(self, item: int, zone: int, cause: str) -> None:
        where = self.loc[item]
        if 0 <= where < self.t.zone_count:  # _take from a zone, inline
            items = self.zones[where]
            if items[-1] == item:  # the top of a pile, most often
                index = len(items) - 1
                items.pop()
            else:
                index = items.index(item)
                del items[index]
            if self._journal is not None:
                self._journal.append((item, where, index))
        else:
            self._take(item)
        if zone in self.t.stacked:
            self.zones[zone].append(item)
        else:
            bisect.insort(self.zones[zone], item)
        self.loc[item] = zone
        self.last_cause = cause

    def others(self, seat: int) -> list[int]:
        """The other seats, clockwise from the left of ``seat``."""
        return [(seat + k) % self.players for k in range(1, self.players)]

    def first(self, text: str, candidates: Iterable[int]) -> int:
        for candidate in candidates:
            return candidate
        raise RuleRuntimeError(f"`{text}` found nothing; test with count(...) before taking it")

    def top(self, zone: int) -> int:
        items = self.zones[zone]
        if not items:
            raise RuleRuntimeError("the rules ask for the top of an empty zone; test `is not empty` first")
        return items[-1]

    def place(self, board: int, item: int, cell: int, cause: str) -> None:
        t = self.t
        if not t.in_use[board][cell]:
            raise RuleRuntimeError(f"{self.engine.BOARDS[board].label(cell)} is not in use in this game")
        if self.boards[board][cell] >= 0:
            raise RuleRuntimeError(f"{self.engine.BOARDS[board].label(cell)} already holds "
                                   f"{self.engine.ITEM_LABEL[self.boards[board][cell]]}")
        self._take(item)
        self._occupy(board, (cell,), item, cause)
        self._placed(board, item, cell, cause)

    def place_tile(self, board: int, item: int, placement: int, cause: str) -> None:
        """Put a tile on a board of triangles, covering every cell of the placement."""
        t = self.t
        cells = t.placement_cells[board][placement]
        if self.masks[board] & t.placements[board][placement][1]:
            raise RuleRuntimeError(f"{t.placement_label[board][placement]} is not free")
        self._take(item)
        self._occupy(board, cells, item, cause)
        self._placed(board, item, cells[0], cause)

    def placement_free(self, board: int, placement: int) -> bool:
        return not self.masks[board] & self.t.placements[board][placement][1]

    def one_of_each(self, items: Iterable[int]) -> list[int]:
        """The first of every group of identical copies among ``items``, in order."""
        group, seen, out = self.engine._copy_group, set(), []
        for item in items:
            g = group[item]
            if g not in seen:
                seen.add(g)
                out.append(item)
        return out

    def legal_placements(self, board: int, shape: Optional[str]) -> tuple[int, ...]:
        """Every placement of the shape that is free and shares a side with an occupied cell, in table order."""
        t = self.t
        key = (board, shape, self.masks[board])
        found = t.legal_cache.get(key)
        if found is None:
            if len(t.legal_cache) > 4096:
                t.legal_cache.clear()
            mask = self.masks[board]
            rows = t.placements[board]
            found = t.legal_cache[key] = tuple(
                p for p in t.placements_of[board].get(shape, ()) if not mask & rows[p][1] and mask & rows[p][2])
        return found

    def any_legal_placement(self, board: int, shape: str) -> bool:
        """Whether some placement of the shape is free and shares a side with an occupied cell."""
        # "has an occupied neighbour" is false on an empty board: no placement touches nothing.
        return self.t.geometry[board].any_legal_placement(self.engine.SHAPES[shape], self.masks[board],
                                                          contact_when_empty=True)

    def placement_touches(self, board: int, placement: int) -> bool:
        """Whether the placement shares a side with an occupied cell (a corner is not enough)."""
        return bool(self.masks[board] & self.t.placements[board][placement][2])

    def cells_of(self, board: int, item: int) -> tuple[int, ...]:
        cells, t = self.boards[board], self.t
        where = self.loc[item] - t.board_base[board]
        if not 0 <= where < len(cells):
            return ()
        # A tile's cells start at its location and lie within the longest span of any placement.
        end = min(len(cells), where + t.tile_span[board])
        return tuple(c for c in range(where, end) if cells[c] == item)

    def _occupy(self, board: int, cells: Sequence[int], item: int, cause: str) -> None:
        t = self.t
        self._keep_board(board)
        for cell in cells:
            self.boards[board][cell] = item
            self.causes[board][cell] = cause
            if t.cell_bit[board]:
                self.masks[board] |= t.cell_bit[board][cell]
        self.loc[item] = t.board_base[board] + cells[0]

    def _placed(self, board: int, item: int, cell: int, cause: str) -> None:
        """Fire the triggers and event invariants of a placement. A trigger that places a component fires
        that placement's triggers from inside its own run: more than Engine.MAX_TRIGGER_DEPTH runs inside
        one another raise RuleRuntimeError (apply() undoes the action), long before Python's recursion limit."""
        self.last_cause = cause
        actor = self.actor
        for trigger in self.engine._triggers_by_board[board]:
            if not trigger.causes or cause in trigger.causes:
                self._count("trigger " + trigger.name)
                depth = self._firing  # trigger runs under way inside one another
                if depth >= self.engine.MAX_TRIGGER_DEPTH:
                    raise RuleRuntimeError(
                        f"triggers fired inside one another more than {self.engine.MAX_TRIGGER_DEPTH} deep "
                        f"(`{trigger.name}` placing on `{self.engine.BOARDS[board].name}`): a trigger that places "
                        f"a component fires the triggers of that placement at once; to go on step by step, "
                        f"`queue` or `then` a step instead. Engine.MAX_TRIGGER_DEPTH is the limit")
                self._firing = depth + 1
                try:
                    trigger.run(self, item, cell, actor, cause)
                finally:
                    self._firing = depth
                self.last_cause = cause
        for inv in self.engine._event_invariants_by_board[board]:
            if (not inv.causes or cause in inv.causes) and not inv.check(self, item, cell, actor):
                self.violations.append(f"{inv.name}: {inv.title} (placing {self.engine.ITEM_LABEL[item]} on "
                                       f"{self.engine.BOARDS[board].label(cell)} as {cause})")

    def _take(self, item: int) -> None:
        where = self.loc[item]
        t = self.t
        if where < t.zone_count:
            items = self.zones[where]
            index = items.index(item)
            del items[index]
            if self._journal is not None:  # inside apply(): where it was, to undo (every move takes first)
                self._journal.append((item, where, index))
        else:
            if self._journal is not None:
                self._journal.append((item, where, None))
            for b in range(len(t.board_base) - 1, -1, -1):
                if where >= t.board_base[b]:
                    self._keep_board(b)
                    cells = self.boards[b]
                    first = where - t.board_base[b]
                    # On a board of triangles a tile may cover several cells after its first.
                    for cell in range(first, min(len(cells), first + t.tile_span[b])):
                        if cells[cell] == item:
                            cells[cell] = -1
                            self.causes[b][cell] = None
                            if t.cell_bit[b]:
                                self.masks[b] &= ~t.cell_bit[b][cell]
                    break

    def _keep_board(self, board: int) -> None:
        """Inside apply(): keep what a board holds before a change (see _backup)."""
        if self._journal is not None:
            self._journal.append(("board", board, list(self.boards[board]), list(self.causes[board])))

    def _count(self, rule: str) -> None:
        """How often each step (by name), option (``option STEP.OPTION``), trigger (``trigger NAME``: each time
        its event happens) and replacement (``instead NAME``) has fired: for simulations and coverage."""
        self.fired[rule] = self.fired.get(rule, 0) + 1

    def then(self, step: str, args: tuple) -> None:
        self._thens.append((step, args if args.__class__ is tuple else tuple(args)))

    def enqueue(self, queue: str, step: str, args: tuple) -> None:
        cause = self.last_cause
        for inv in self.engine._queue_invariants.get(queue, ()):
            if cause in inv.causes:
                self.violations.append(f"{inv.name}: {inv.title} ({step} queued in {queue} by a move as {cause})")
        self.queues[queue].append([step, list(args), self.actor, queue, []])

    def holds(self, board: int, cell: int, kind: str) -> bool:
        item = self.boards[board][cell]
        return item >= 0 and self.engine.ITEM_KIND[item] == kind

    def has_occupied_neighbour(self, board: int, cell: int) -> bool:
        cells = self.boards[board]
        for n in self.t.neighbours[board][cell]:
            if cells[n] >= 0:
                return True
        return False

    def region_complete(self, board: int, cell: int) -> bool:
        region = self.t.region_of[board][cell]
        if region < 0:
            return False
        cells = self.boards[board]
        return all(cells[c] >= 0 for c in self.t.region_cells[board][region])

    def zones_named(self, zone: str) -> list[int]:
        base = self.t.zone_base[zone]
        info = self.engine._zone_info[zone]
        if not info.per_player:
            return self.zones[base]
        out: list[int] = []
        for seat in range(self.players):
            out.extend(self.zones[base + seat])
        return out

    def _draw_items(self, zone: int) -> tuple[list[int], Optional[list[int]]]:
        """draw_weights() as (items, weights); weights None when every item reads differently."""
        if self.engine._labels_distinct:
            return list(self.zones[zone]), None
        pairs = self.draw_weights(zone)
        return [item for item, _ in pairs], [n for _, n in pairs]

    def draw_weights(self, zone: int) -> list[tuple[int, int]]:
        """(a representative item, how many items share its label) for a random draw."""
        label = self.engine.ITEM_LABEL
        counts: dict[str, list] = {}
        for item in self.zones[zone]:
            entry = counts.get(label[item])
            if entry is None:
                counts[label[item]] = [item, 1]
            else:
                entry[1] += 1
        return [(item, n) for item, n in counts.values()]

    # ---- the engine API
    @property
    def game(self) -> "Engine":
        return self.engine

    def current_player(self) -> int:
        pending = self._offer()
        if pending is None:
            return CHANCE if self.over is None else TERMINAL
        return pending.seat

    def is_terminal(self) -> bool:
        return self.over is not None

    def is_chance_node(self) -> bool:
        pending = self._offer()
        return pending is not None and pending.seat == CHANCE

    def legal_actions(self, player: Optional[int] = None) -> list[Action]:
        if player is not None:
            self._check_seat(player, "legal_actions")
        pending = self._offer()
        if pending is None:
            return []
        actions = [entry[0] for entry in pending.full()]
        if player is not None:
            return [a for a in actions if a.player == player]
        return actions

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        decision = self._decision()
        if decision is None or decision[0] != CHANCE:
            return []
        total = sum(entry[2] for entry in decision[1])
        return [(entry[0], Fraction(entry[2], total)) for entry in decision[1]]

    def apply(self, action: Union[Action, str]) -> None:
        if isinstance(action, str):
            action = self.engine.parse_action(self, action)
        elif not isinstance(action, Action) or action.player.__class__ is not int or action.text.__class__ is not str:
            _not_an_action(action)
        if self.over is not None:
            raise IllegalAction(f"the game is over; {action} cannot be played")
        pending = self._pending if self._pending is not None else self._offer()
        offered = None if pending is None else pending.offered
        if offered is not None and offered[0] is action:
            index = offered[1]  # the action random_step just made
        else:
            index = None if pending is None else pending.find(action)
            if index is None:
                raise IllegalAction(self.engine._why_not(self, action))
        self._play(pending, index)

    def _play(self, pending: Pending, index: int) -> None:
        """Play entry ``index`` of the pending decision (apply() once the action is found)."""
        rows = pending.rows
        if rows is not None:
            player, text, option, binding = rows[index]
            effect = pending.effect if pending.options is None else pending.options[option].effect
        else:
            effect, binding = pending.call(index)
            action = pending.pick(index)
            player, text = action.player, action.text
        # _backup, inline: this is every step
        self._journal = journal = [None]
        stack, fired, queues = self.stack, self.fired, self.queues
        backup = (_scalar_values(self), journal, stack[:], {k: v[:] for k, v in queues.items()} if queues else {},
                  self.masks[:], fired.copy(), len(self.history), len(self.violations))
        try:
            self._loops = 0
            frame = stack.pop()
            self._pending = None
            self.actor = frame[2] if player == CHANCE else player
            self.last_cause = cause = frame[3]  # a queue statement before any move takes the step's own cause
            step = frame[0]
            fired[step] = fired.get(step, 0) + 1  # _count, inline
            engine = self.engine
            option = engine._option_rules.get(effect)
            if option is not None:  # which option of the choice was taken
                fired[option] = fired.get(option, 0) + 1
            effect(self, cause, *frame[1], *binding)  # (self._thens is empty between steps)
            thens = self._thens
            if thens:  # _push_thens, inline
                stack, actor, replaced = self.stack, self.actor, frame[4]
                for then, args in reversed(thens):  # (then() is given a tuple of arguments)
                    stack.append((then, args, actor, cause, replaced))
                self._thens = []
            self.history.append("chance: " + text if player == CHANCE else self.t.seat_prefix[player] + text)  # str(Action)
            check = engine._after_step
            if check is None:
                engine._check_ends(self, "after_step")
            elif self.over is None and self.phase == "play":  # _check_ends, inline
                stack = self.stack
                if not (stack and (stack[-1][0] == LOTS or stack[0][0] == ENDING)):
                    found = check(self)
                    if found is not None:
                        engine._end(self, engine.ENDS[found[0]], found[1])
            engine._advance(self)
            self._journal = None
        except RuleRuntimeError:
            self._restore(backup)
            raise
        except Exception as error:  # generated rule code met a value it cannot use: a rule-file problem
            self._restore(backup)
            raise RuleRuntimeError(f"the rules could not resolve {Action(player, text)}: {type(error).__name__}: "
                                   f"{error}") from error

    def space_empty(self, board: int, cell: Optional[int]) -> bool:
        """A neighbour is empty: false past the board's edge (none)."""
        return cell is not None and self.boards[board][cell] < 0

    def space_occupied(self, board: int, cell: Optional[int]) -> bool:
        return cell is not None and self.boards[board][cell] >= 0

    def line(self, board: int, cell: int, direction: int, length: int) -> tuple[int, ...]:
        """``cell`` and the spaces after it in ``direction``, ``length`` at most (fewer at the board's edge)."""
        return self.t.lines(board, direction, length)[cell]

    def walk(self, board: int, cell: int, direction: int, passes: Callable[[int], bool]) -> tuple[int, ...]:
        """The spaces after ``cell`` in ``direction`` as long as each ``passes`` (the board's edge stops it)."""
        step, out = self.t.toward[board][direction], []
        at = step[cell]
        while at is not None and passes(at):
            out.append(at)
            at = step[at]
        return tuple(out)

    def full_line(self, board: int, cell: int, direction: int, length: int) -> Optional[tuple[int, ...]]:
        """The line of ``length`` spaces from ``cell`` in ``direction``, or None when the board ends first."""
        return self.t.full_lines[board, direction, length][cell]

    def occupant(self, board: int, cell: int) -> int:
        item = self.boards[board][cell]
        if item < 0:
            raise RuleRuntimeError(f"the rules ask what is on {self.engine.BOARDS[board].label(cell)}, which is empty")
        return item

    def clone(self) -> "State":
        copy = State.__new__(State)
        for name in State.__slots__:
            setattr(copy, name, getattr(self, name))
        copy.zones = [list(z) for z in self.zones]
        copy.boards = [list(b) for b in self.boards]
        copy.masks = list(self.masks)
        copy.causes = [list(c) for c in self.causes]
        copy.loc = list(self.loc)
        copy.counters = {k: (list(v) if isinstance(v, list) else v) for k, v in self.counters.items()}
        copy.queues = {k: [list(e) for e in v] for k, v in self.queues.items()}
        copy.stack = list(self.stack)
        copy.history = list(self.history)
        copy.violations = list(self.violations)
        copy.fired = dict(self.fired)
        copy.legs = [dict(leg) for leg in self.legs]
        copy.options = dict(self.options)
        copy._thens = []
        copy._pending = self._pending
        copy._journal = None
        return copy

    def outcome(self) -> Optional[dict]:
        """How the game ended (None while it goes on). Seats are numbered from 0, as everywhere in the API
        (seat 0 is "player 1" of the rules and of action texts). ``draw`` is True when every seat ties for
        first; then ``winners`` is empty."""
        if self.over is None:
            return None
        return self.engine._outcome(self)

    def returns(self) -> list[float]:
        """Each seat's payoff (index = seat, from 0), as the rule file's `returns` declares: by result (win,
        draw, loss; 0 for everyone until the game is over) or a number per seat (worked out now, so also
        during play). Without a declaration: +1 / 0 / -1 from the ranking, zero-sum (each seat gets +1 for
        every seat it ranks above and -1 for every seat above it, divided by players - 1; a draw is 0)."""
        return self.engine._returns(self)

    def observation(self, seat: int) -> dict:
        self._check_seat(seat, "observation")
        return self.engine._observation(self, seat)

    def _check_seat(self, seat: Any, asked: str) -> None:
        if seat.__class__ is not int:
            raise TypeError(f"{asked}() takes a seat (an int from 0 to {self.players - 1}), not "
                            f"{type(seat).__name__}")
        if not 0 <= seat < self.players:
            raise ValueError(f"{asked}() takes a seat from 0 to {self.players - 1} (seat 0 is player 1), not {seat}")

    def to_dict(self) -> dict:
        return {
            "game": self.engine.GAME_ID,
            "variants": list(self.engine.VARIANTS_APPLIED),
            "players": self.players,
            "options": dict(self.options),
            "phase": self.phase,
            "turn_seat": self.turn_seat,
            "turn_number": self.turn_number,
            "next_seat": self.next_seat,
            "leg": self.leg,
            "legs": json.loads(json.dumps(self.legs)) if self.legs else [],  # (nothing shared with the state)
            "zones": [list(z) for z in self.zones],
            "boards": [list(b) for b in self.boards],
            "causes": [list(c) for c in self.causes],
            "counters": {k: (list(v) if isinstance(v, list) else v) for k, v in self.counters.items()},
            "queues": {k: [[e[0], list(e[1]), e[2], e[3], list(e[4])] for e in v] for k, v in self.queues.items()},
            "stack": [[f[0], list(f[1]), f[2], f[3], list(f[4])] for f in self.stack],
            "over": None if self.over is None else json.loads(json.dumps(self.over)),
            "history": list(self.history),
            "violations": list(self.violations),
            "fired": dict(sorted(self.fired.items())),
        }

    def to_position(self) -> str:
        """The state as a position a person can read and write (``game.position(text)`` reads it back)."""
        from .position import to_position
        return to_position(self)

    def to_json(self) -> str:
        return json.dumps(self.to_dict(), sort_keys=True, separators=(",", ":"))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.engine is other.engine and self.to_dict() == other.to_dict()

    def __hash__(self) -> int:  # states are mutable; hash by content for use in tests only
        return hash(self.to_json())

    def __repr__(self) -> str:
        return f"<{self.engine.TITLE} state, {self.players} players, turn {self.turn_number}, " \
               f"{'over' if self.over else 'playing'}>"

    def __str__(self) -> str:
        return self.engine.describe(self)

    # ---- internals
    def _decision(self):
        """The pending decision as (seat or CHANCE, [(action, effect, weight, binding)]), or None."""
        pending = self._offer()
        return None if pending is None else (pending.seat, pending.full())

    def _offer(self) -> Optional[Pending]:
        """The pending decision, listed once per state (see Pending)."""
        pending = self._pending
        if pending is None and self.over is None and self.stack:
            pending = self._pending = self.engine._pending_decision(self)
        return pending

    def _push_thens(self, frame) -> None:
        if self._thens:
            cause, replaced = frame[3], frame[4]
            for step, args in reversed(self._thens):
                self.stack.append((step, tuple(args), self.actor, cause, replaced))
            self._thens = []

    def _backup(self) -> tuple:
        """What apply() needs to undo a step whose rules fail half-way, taken before every step.
        The small parts are copied; for the zones, boards and item locations, each move and placement
        notes what it changes (the journal), since a step changes few of them."""
        self._journal = journal = [None]  # [the counters before their first change, then the records]
        queues = self.queues
        return (_scalar_values(self), journal, self.stack[:], {k: v[:] for k, v in queues.items()} if queues else {},
                self.masks[:], self.fired.copy(), len(self.history), len(self.violations))

    def keep_counters(self) -> None:
        """Generated code calls this before it changes a counter: inside apply(), the counters are
        kept as they were before the first change of the step (see _backup)."""
        journal = self._journal
        if journal is not None and journal[0] is None:
            kept = journal[0] = self.counters.copy()
            for k, v in kept.items():
                if v.__class__ is list:
                    kept[k] = v[:]

    def _restore(self, backup: tuple) -> None:
        values, journal, stack, queues, masks, fired, history, violations = backup
        zone_count = self.t.zone_count
        for record in journal[:0:-1]:  # undone last first
            if record[0] == "slots":  # a new leg of a match replaced every part: the old parts, back
                for name, value in zip(State.__slots__, record[1]):
                    setattr(self, name, value)
                zone_count = self.t.zone_count
            elif record[0] == "board":
                self.boards[record[1]][:], self.causes[record[1]][:] = record[2], record[3]
            else:  # an item taken from where it was (a zone, at index; or a board, restored above)
                item, where, index = record
                now = self.loc[item]
                if 0 <= now < zone_count and item in self.zones[now]:
                    self.zones[now].remove(item)
                if index is not None:
                    self.zones[where].insert(index, item)
                self.loc[item] = where
        for name, value in zip(_SCALARS, values):
            setattr(self, name, value)
        self._thens = []
        if journal[0] is not None:
            self.counters = journal[0]
        self.stack, self.queues, self.masks, self.fired = stack, queues, masks, fired
        del self.history[history:]
        del self.violations[violations:]
        self._journal = None


def _not_an_action(action: Any) -> None:
    if isinstance(action, Action):
        raise TypeError(f"apply() takes an Action(player: int, text: str), not Action({action.player!r}, "
                        f"{action.text!r})")
    raise TypeError(f"apply() takes an Action or its text, not {type(action).__name__}")


_RUNTIME_STEPS = frozenset((RESOLVE, LOTS, ENDING))  # steps of the runtime's own, not of a rule file
_slot_values = operator.attrgetter(*State.__slots__)
_new_pending = object.__new__
# The parts of a state that apply() may replace (rather than change in place), besides a new leg.
_SCALARS = ("phase", "turn_seat", "turn_number", "next_seat", "over", "actor", "last_cause", "_pending")
_scalar_values = operator.attrgetter(*_SCALARS)
_first = operator.itemgetter(0)
_second = operator.itemgetter(1)
_seat_and_text = operator.itemgetter(0, 1)


# ----------------------------------------------------------------------------- the engine


class Engine:
    """Base of every generated engine: the game-independent rules of play."""

    GAME_ID = "game"
    TITLE = "Game"
    SOURCE = ""
    MIN_PLAYERS = 2
    MAX_PLAYERS = 2
    MAX_TURNS: Optional[int] = None
    # Automatic steps (and the runtime's own frames) one apply() or new_game() may run before the next
    # decision; more raise RuleRuntimeError, the state as it was (see _advance). Bundled games need < 200.
    MAX_AUTO_STEPS = 100_000
    MAX_LOOP_TURNS = 1_000_000  # turns of `repeat` and `for each` loops in one action (State.loop)
    MAX_TRIGGER_DEPTH = 100  # triggers fired inside one another (a trigger placing a component), in State._placed
    VARIANTS_APPLIED: tuple[str, ...] = ()
    VARIANTS_AVAILABLE: tuple[tuple[str, str], ...] = ()
    OPTIONS: dict[str, tuple[tuple[str, ...], str]] = {}
    COMPONENTS: tuple = ()
    ITEM_KIND: tuple[str, ...] = ()
    ITEM_LABEL: tuple[str, ...] = ()
    ITEM_ATTRS: dict[str, dict[int, Any]] = {}
    LEAVE_OUTS: tuple = ()
    ZONES: tuple[ZoneInfo, ...] = ()
    COUNTERS: dict[str, tuple[bool, int]] = {}
    QUEUES: tuple[str, ...] = ()
    BOARDS: tuple[BoardInfo, ...] = ()
    FITS: dict[tuple[str, int], tuple] = {}
    SETUP: Optional[Callable] = None
    SHAPES: dict[str, tuple[tuple[int, int], ...]] = {}
    MATCH: Optional[tuple] = None  # ((option, value) per leg, scores added up over the legs)
    FIRST_SEAT = 0
    TURN_STEP = ""
    SKIP_TURN: Optional[Callable] = None
    STEPS: dict[str, StepInfo] = {}
    TRIGGERS: tuple[TriggerInfo, ...] = ()
    INSTEADS: tuple[InsteadInfo, ...] = ()
    ENDS: tuple[EndInfo, ...] = ()
    # timing -> a generated function testing every end of ENDS checked then, in declaration order:
    # (index in ENDS, winners) of the first that holds, or None (what calling each end's check does).
    END_CHECKS: dict[str, Callable] = {}
    SCORES: dict[str, Callable] = {}
    RANKING: tuple[tuple[str, Optional[str]], ...] = ()
    # Each seat's payoff: ('result', (win, draw, loss)), ('value', fn(st, seat)), or None: from the ranking.
    RETURNS: Optional[tuple] = None
    INVARIANTS: tuple[InvariantInfo, ...] = ()
    EXAMPLES: tuple = ()

    def __init__(self, options: Optional[dict[str, str]] = None):
        opts = {name: default for name, (_, default) in self.OPTIONS.items()}
        for name, value in (options or {}).items():
            if name not in self.OPTIONS:
                raise ValueError(f"{self.TITLE} has no option {name!r}; options: {', '.join(self.OPTIONS) or 'none'}")
            if value not in self.OPTIONS[name][0]:
                raise ValueError(f"option {name!r} takes {', '.join(self.OPTIONS[name][0])}, not {value!r}")
            opts[name] = value
        self.option_values = opts
        self._options_given = dict(options or {})  # a state read back must have these (see state_check)
        self._tables: dict[int, Tables] = {}
        self._zone_info = {z.name: z for z in self.ZONES}
        self._labels_distinct = len(set(self.ITEM_LABEL)) == len(self.ITEM_LABEL)
        self._triggers_by_board = [tuple(t for t in self.TRIGGERS if t.board == b) for b in range(len(self.BOARDS))]
        # Copies of one component (same kind, same attributes) are interchangeable: choices list one of them.
        signature = {}
        self._copy_group = tuple(
            signature.setdefault((kind, tuple(values.get(item) for values in self.ITEM_ATTRS.values())), item)
            for item, kind in enumerate(self.ITEM_KIND))
        self._event_invariants_by_board = [
            tuple(i for i in self.INVARIANTS if i.form == "on_event" and i.board == b) for b in range(len(self.BOARDS))]
        self._queue_invariants: dict[str, tuple] = {}
        for inv in self.INVARIANTS:
            if inv.form == "never_queue":
                self._queue_invariants[inv.queue] = self._queue_invariants.get(inv.queue, ()) + (inv,)
        self._option_rules = {option.effect: f"option {name}.{option.name}"  # what `fired` counts an option as
                              for name, info in self.STEPS.items() for option in info.options}
        self._ends_at: dict[str, tuple] = {}  # timing -> the ends checked then, in declaration order
        # The generated END_CHECKS stand for the ENDS they were generated with: a subclass that changes
        # ENDS (a test's engine) has its ends checked one by one.
        owner = next((k for k in type(self).__mro__ if "END_CHECKS" in vars(k)), None)
        self._end_checks = self.END_CHECKS if owner is not None and vars(owner).get("ENDS", ()) is self.ENDS else {}
        self._after_step = self._end_checks.get("after_step")  # None: _check_ends checks each end
        self._lists = type(self)._decide is Engine._decide  # else the subclass's _decide lists each decision
        self._insteads_by_step: dict[str, tuple] = {}
        for instead in self.INSTEADS:
            self._insteads_by_step[instead.step] = self._insteads_by_step.get(instead.step, ()) + (instead,)

    # ---- the public face of a game
    _model: Any = None  # the checked model, or a function that works it out (see model)

    @property
    def model(self):
        """The checked model of the rule file the engine was loaded from (None: not loaded from one).
        rulespec.load gives a committed engine a function instead, called on first use: playing needs
        no model, so loading need not parse and check the file."""
        model = self._model
        if callable(model):
            model = self._model = model()
        return model

    @model.setter
    def model(self, value) -> None:
        self._model = value

    @property
    def name(self) -> str:
        return self.TITLE

    @property
    def id(self) -> str:
        return self.GAME_ID

    @property
    def min_players(self) -> int:
        return self.MIN_PLAYERS

    @property
    def max_players(self) -> int:
        return self.MAX_PLAYERS

    @property
    def variants(self) -> dict[str, str]:
        """The variants this rule file offers (name -> title)."""
        return dict(self.VARIANTS_AVAILABLE)

    @property
    def options(self) -> dict[str, dict]:
        return {name: {"values": list(values), "default": default, "value": self.option_values[name]}
                for name, (values, default) in self.OPTIONS.items()}

    def tables(self, players: int, options: Optional[dict[str, str]] = None) -> Tables:
        options = self.option_values if options is None else options
        key = (players, tuple(sorted(options.items())))
        tables = self._tables.get(key)
        if tables is None:
            tables = self._tables[key] = Tables(self, players, dict(options))
        return tables

    def leg_options(self, leg: int) -> dict[str, str]:
        """The options of one leg of a match (a game outside a match has one leg: its own options)."""
        options = dict(self.option_values)
        if self.MATCH is not None:
            name, value = self.MATCH[0][leg]
            options[name] = value
        return options

    def new_game(self, players: Optional[int] = None) -> State:
        if players is None:
            players = self.MIN_PLAYERS
        if players.__class__ is not int:
            raise TypeError(f"new_game() takes a player count (an int from {self.MIN_PLAYERS} to {self.MAX_PLAYERS}), "
                            f"not {type(players).__name__}")
        st = self.empty_state(players, self.leg_options(0))
        self._start_setup(st)
        try:
            self._advance(st)
        except RuleRuntimeError:
            raise
        except Exception as error:  # see State.apply
            raise RuleRuntimeError(f"the rules could not set up the game: {type(error).__name__}: {error}") from error
        return st

    def _start_setup(self, st: State) -> None:
        if "setup" in self.STEPS:
            st.stack.append(("setup", (), 0, "setup", ()))
        st.phase = "setup"

    def empty_state(self, players: int, options: Optional[dict[str, str]] = None) -> State:
        """All components in their starting zones and nothing else: the start of setup."""
        if not self.MIN_PLAYERS <= players <= self.MAX_PLAYERS:
            raise ValueError(f"{self.TITLE} is played by {self.MIN_PLAYERS} to {self.MAX_PLAYERS} players, "
                             f"not {players}")
        options = dict(self.option_values if options is None else options)
        t = self.tables(players, options)
        st = State.__new__(State)
        st.engine, st.t, st.players, st.options = self, t, players, options
        st.leg, st.legs = 0, []
        st.zones = [[] for _ in range(t.zone_count)]
        st.boards = [[-1] * b.size for b in self.BOARDS]
        st.masks = [0] * len(self.BOARDS)
        st.causes = [[None] * b.size for b in self.BOARDS]
        st.loc = [-1] * len(self.ITEM_KIND)
        claimed = {zone.start_component: t.zone_base[zone.name] for zone in self.ZONES if zone.start_component}
        left_out = set(t.left_out_items)
        for zone in self.ZONES:
            if zone.start in ("in_play", "left_out"):
                for item in (t.in_play_items if zone.start == "in_play" else t.left_out_items):
                    if zone.start == "left_out" or self.ITEM_KIND[item] not in claimed:
                        st.zones[t.zone_base[zone.name]].append(item)
                        st.loc[item] = t.zone_base[zone.name]
        for item, kind in enumerate(self.ITEM_KIND):
            if kind in claimed and item not in left_out:  # `holds every X` comes before in play / left out
                st.zones[claimed[kind]].append(item)
                st.loc[item] = claimed[kind]
        st.counters = {name: ([start] * players if per_player else start)
                       for name, (per_player, start) in self.COUNTERS.items()}
        st.queues = {name: [] for name in self.QUEUES}
        st.stack, st.phase, st.turn_seat, st.turn_number = [], "play", self.FIRST_SEAT % players, 0
        st.next_seat = None
        st.over, st.history, st.violations, st.actor, st.last_cause = None, [], [], 0, "setup"
        st.fired = {}
        st._thens, st._pending, st._journal, st._loops, st._firing = [], None, None, 0, 0
        return st

    def from_json(self, text: str) -> State:
        """The state ``to_json()`` wrote; InvalidState (a ValueError) says what is wrong with any other text."""
        from .state_check import parse_state_json
        return self._state_from_dict(parse_state_json(text))

    def _state_from_dict(self, data: dict) -> State:
        from .state_check import check_state_dict
        check_state_dict(self, data)  # InvalidState at the first part this engine cannot read back
        return self._state_from_checked(data)

    def _state_from_checked(self, data: dict) -> State:
        """The state of a dict check_state_dict has passed (rulespec/runtime/position.py reads positions to it)."""
        st = self.empty_state(data["players"], dict(data["options"]))
        st.leg, st.legs = data.get("leg", 0), list(data.get("legs", []))
        st.phase, st.turn_seat, st.turn_number = data["phase"], data["turn_seat"], data["turn_number"]
        st.next_seat = data.get("next_seat")
        st.zones = [list(z) for z in data["zones"]]
        st.boards = [list(b) for b in data["boards"]]
        st.causes = [list(c) for c in data["causes"]]
        st.loc = [-1] * len(self.ITEM_KIND)
        for z, items in enumerate(st.zones):
            for item in items:
                st.loc[item] = z
        for b, cells in enumerate(st.boards):
            for cell in range(len(cells) - 1, -1, -1):  # an item's location is its first cell
                item = cells[cell]
                if item >= 0:
                    st.loc[item] = st.t.board_base[b] + cell
                    if st.t.cell_bit[b]:
                        st.masks[b] |= st.t.cell_bit[b][cell]
        st.counters = {k: (list(v) if isinstance(v, list) else v) for k, v in data["counters"].items()}
        st.queues = {k: [[e[0], list(e[1]), e[2], e[3], list(e[4])] for e in v] for k, v in data["queues"].items()}
        st.stack = [(f[0], tuple(f[1]), f[2], f[3], tuple(f[4])) for f in data["stack"]]
        st.over = data["over"]
        st.history = list(data["history"])
        st.violations = list(data["violations"])
        st.fired = dict(data.get("fired", {}))
        return st

    def position(self, text: str, players: Optional[int] = None) -> State:
        """The state a position's text describes (rulespec/runtime/position.py; ``state.to_position()`` writes
        one): checked like from_json, refused with InvalidPosition at its line and column."""
        from .position import read_position
        return read_position(self, text, players)

    def parse_action(self, state: State, text: str) -> Action:
        if not isinstance(text, str):
            raise TypeError(f"parse_action() takes an action's text, not {type(text).__name__}")
        text = str.strip(text)
        for action in state.legal_actions():
            if str(action) == text:
                return action
        if text.startswith("chance:"):
            return Action(CHANCE, text[len("chance:"):].strip())
        if text.startswith("player "):
            head, _, rest = text.partition(":")
            number = head[len("player "):].strip()
            if number.isascii() and number.isdigit() and rest:
                return Action(int(number) - 1, rest.strip())
        raise IllegalAction(f"cannot read {text!r} as an action; write it as `player N: <choice>` or "
                            f"`chance: <outcome>`, as printed by str(action)")

    # ---- the loop
    def _decide(self, st: State):
        """The pending decision on top of the stack: (seat or CHANCE, [(action, effect, weight, binding)])."""
        pending = self._list(st)
        return (pending.seat, pending.full())

    def _pending_decision(self, st: State) -> Pending:
        """The pending decision as the state keeps it; an engine that overrides _decide is asked in full."""
        if not self._lists:
            return Pending.given(*self._decide(st))
        return self._list(st)

    def _list(self, st: State) -> Pending:
        frame = st.stack[-1]
        if frame[0] == LOTS:
            return Pending(CHANCE, [(CHANCE, f"lot: player {seat + 1}", 0, (seat,)) for seat in frame[1]], None,
                           self._draw_lot)
        info = self.STEPS[frame[0]]
        args = frame[1]
        choices = info.choices
        if choices is not None:  # listed in the order offered by one generated function
            seat, rows = choices(st, *args)
            if not info.distinct and len(set(map(_seat_and_text, rows) if seat == ANY_PLAYER else
                                             map(_second, rows))) < len(rows):
                seen = set()  # two read the same: the first is the one offered
                rows = [row for row in rows if (row[0], row[1]) not in seen and not seen.add((row[0], row[1]))]
            pending = _new_pending(Pending)  # Pending(seat, rows, info.options), without the call
            pending.seat, pending.count, pending.rows, pending.options = seat, len(rows), rows, info.options
            pending.effect = pending.weights = pending.items = pending.entries = pending.offered = None
            return pending
        if info.kind == "chance":
            if info.draw is not None:
                items, weights = st._draw_items(info.draw(st, *args))
                return Pending.draw(items, weights, info.text, info.resolve, st, args)
            rows, weights = [], []
            for text, weight, binding in info.outcomes(st, *args):
                rows.append((CHANCE, text, 0, binding))
                weights.append(weight)
            return Pending(CHANCE, rows, None, info.resolve, weights)
        seat = info.by(st, *args)
        rows = []
        if seat == ANY_PLAYER:  # the first bound name is the seat that may take the option
            for k, option in enumerate(info.options):
                rows += [(binding[0], text, k, binding) for text, binding in option.enumerate(st, *args)]
        else:
            for k, option in enumerate(info.options):
                rows += [(seat, text, k, binding) for text, binding in option.enumerate(st, *args)]
        if len(set(map(_seat_and_text, rows))) < len(rows):  # two read the same: the first is the one offered
            seen = set()
            rows = [row for row in rows if (row[0], row[1]) not in seen and not seen.add((row[0], row[1]))]
        if seat == ANY_PLAYER:
            rows.sort(key=_first)  # stable: seat order, then declaration order
        return Pending(seat, rows, info.options)

    def _advance(self, st: State) -> None:
        """Run automatic steps until a decision is needed or the game is over."""
        st._pending = None
        idle_turns = runs = 0
        steps, insteads_by_step, lists, budget = self.STEPS, self._insteads_by_step, self._lists, self.MAX_AUTO_STEPS
        while st.over is None:
            runs += 1
            if runs > budget:  # (apply() undoes the whole step, as on any RuleRuntimeError)
                raise RuleRuntimeError(
                    f"{budget} automatic steps ran without reaching a decision (the next: "
                    f"`{st.stack[-1][0] if st.stack else 'a new turn'}`): a `then` chain, `repeat` or triggers that "
                    f"never stop? Engine.MAX_AUTO_STEPS is the limit")
            if not st.stack:
                idle_turns += 1
                if idle_turns > 2 * st.players + 1:
                    raise RuleRuntimeError(
                        f"turn after turn passes with nothing to decide (turn {st.turn_number}): no player can act "
                        f"and no end condition holds")
                self._next_turn(st)
                continue
            frame = st.stack[-1]
            step = frame[0]
            if step in _RUNTIME_STEPS:
                if step == RESOLVE:
                    queue = st.queues[frame[1][0]]
                    if not queue:
                        st.stack.pop()
                        continue
                    step_name, args, actor, cause, replaced = queue.pop(0)
                    st.stack.append((step_name, tuple(args), actor, cause, tuple(replaced)))
                    continue
                if step == LOTS:
                    st._pending = self._pending_decision(st)
                    return
                st.stack.pop()  # ENDING
                self._finish(st, json.loads(frame[3]))
                continue
            insteads = insteads_by_step.get(step)
            if insteads is not None:  # _replace, inline: most of the time no replacement applies
                for instead in insteads:
                    if instead.name not in frame[4] and instead.applies(st, *frame[1]):
                        self._run_instead(st, frame, instead)
                        break
                else:
                    instead = None
                if instead is not None:
                    continue
            info = steps[step]
            choices = info.choices
            if choices is not None and lists:  # _list, inline: one generated function lists the choice
                seat, rows = choices(st, *frame[1])
                if not rows:
                    st.stack.pop()  # a choice with nothing to choose is skipped
                    continue
                if not info.distinct and len(set(map(_seat_and_text, rows) if seat == ANY_PLAYER else
                                                 map(_second, rows))) < len(rows):
                    seen = set()  # two read the same: the first is the one offered
                    rows = [row for row in rows if (row[0], row[1]) not in seen and not seen.add((row[0], row[1]))]
                pending = st._pending = _new_pending(Pending)  # Pending(seat, rows, info.options), without the call
                pending.seat, pending.count, pending.rows, pending.options = seat, len(rows), rows, info.options
                pending.effect = pending.weights = pending.items = pending.entries = pending.offered = None
                return
            if info.kind == "auto":
                st.stack.pop()
                st.actor, st.last_cause = frame[2], frame[3]  # (st._thens is empty between steps)
                fired = st.fired
                fired[step] = fired.get(step, 0) + 1
                info.run(st, frame[3], *frame[1])
                thens = st._thens
                if thens:  # _push_thens, inline
                    stack, actor, cause, replaced = st.stack, st.actor, frame[3], frame[4]
                    for then, then_args in reversed(thens):  # (then() is given a tuple of arguments)
                        stack.append((then, then_args, actor, cause, replaced))
                    st._thens = []
                self._check_ends(st, "after_step")
                continue
            decision = self._list(st) if self._lists else self._pending_decision(st)
            if not decision.count:
                if decision.seat == CHANCE:
                    raise RuleRuntimeError(
                        f"chance step `{step}` has no outcome (nothing to draw from); add an `instead` rule "
                        f"for when it cannot happen")
                st.stack.pop()  # a choice with nothing to choose is skipped (a mandatory bonus that is impossible)
                continue
            st._pending = decision
            return

    def _next_turn(self, st: State) -> None:
        if st.phase == "setup":
            st.phase = "play"
            seat = self._match_first_seat(st)
        elif st.next_seat is not None:
            seat = st.next_seat
        else:
            seat = (st.turn_seat + 1) % st.players
        st.next_seat = None
        if self.SKIP_TURN is not None:
            for _ in range(st.players):
                if not self.SKIP_TURN(st, seat):
                    break
                seat = (seat + 1) % st.players
            else:
                raise RuleRuntimeError("every player's turn is skipped and no end condition holds")
        st.turn_seat = seat
        st.turn_number += 1
        if self.MAX_TURNS is not None and st.turn_number > self.MAX_TURNS:
            st.violations.append(f"the game lasted more than its declared {self.MAX_TURNS} turns")
            st.over = {"end": "turn_limit", "winners": [], "cites": []}
            return
        self._check_ends(st, "turn_start")
        if st.over is None and not st.stack:  # an end may have left a closing step or a draw of lots
            st.stack.append((self.TURN_STEP, (st.turn_seat,), st.turn_seat, "turn", ()))

    def _replace(self, st: State, frame) -> bool:
        for instead in self._insteads_by_step.get(frame[0], ()):
            if instead.name in frame[4] or not instead.applies(st, *frame[1]):
                continue
            self._run_instead(st, frame, instead)
            return True
        return False

    def _run_instead(self, st: State, frame, instead: InsteadInfo) -> None:
        """Run a replacement effect instead of the step on top of the stack (``frame``)."""
        st.stack.pop()
        st.actor, st.last_cause = frame[2], frame[3]
        st._thens = []
        st._count("instead " + instead.name)
        instead.run(st, frame[3], *frame[1])
        st._push_thens((frame[0], frame[1], frame[2], frame[3], frame[4] + (instead.name,)))
        self._check_ends(st, "after_step")

    def _check_ends(self, st: State, timing: str) -> None:
        if st.over is not None or st.phase != "play":
            return
        stack = st.stack
        if stack and (stack[-1][0] == LOTS or stack[0][0] == ENDING):
            return
        check = self._end_checks.get(timing)
        if check is not None:  # one generated function for every end of this timing
            found = check(st)
            if found is not None:
                self._end(st, self.ENDS[found[0]], found[1])
            return
        ends = self._ends_at.get(timing)
        if ends is None:
            ends = self._ends_at[timing] = tuple(end for end in self.ENDS if end.timing == timing)
        for end in ends:
            winners = end.check(st)
            if winners is not None:
                self._end(st, end, winners)
                return

    def _end(self, st: State, end: EndInfo, winners: list) -> None:
        """The game ends by ``end`` (its check just held, naming ``winners``)."""
        over = {"end": end.name, "winners": sorted(set(winners)), "cites": list(end.cites)}
        st.stack.clear()
        st._pending = None
        if end.then is not None:
            # The end is decided; its closing step runs first (mats cleared, ...), then the game is scored.
            step, args = end.then(st)
            st.stack.append((ENDING, (), 0, json.dumps(over, sort_keys=True), ()))
            st.stack.append((step, args, st.actor, "end", ()))
            return
        self._finish(st, over)

    def _finish(self, st: State, over: dict) -> None:
        """The game (or this leg of a match) is over: go on to the next leg, draw lots, or record the result."""
        if self.MATCH is not None and st.leg + 1 < len(self.MATCH[0]):
            self._next_leg(st, over)
            return
        tied = self._tied_for_first(st, over) if ("lot", None) in self.RANKING else []
        if len(tied) > 1:
            # The end is decided, but the winner is drawn by lot: one more chance node.
            st.stack.append((LOTS, tuple(tied), 0, json.dumps(over, sort_keys=True), ()))
        else:
            st.over = over

    def _next_leg(self, st: State, over: dict) -> None:
        """Record this leg's scores and set up the next leg of the match in the same state."""
        scores = {name: [fn(st, seat) for seat in range(st.players)] for name, fn in self.SCORES.items()}
        legs = st.legs + [{"end": over["end"], "winners": over["winners"], "options": dict(st.options),
                           "scores": scores}]
        fresh = self.empty_state(st.players, self.leg_options(st.leg + 1))
        fresh.leg, fresh.legs = st.leg + 1, legs
        fresh.history, fresh.violations, fresh.fired = st.history, st.violations, st.fired
        if st._journal is not None:  # inside apply(): keep the parts replaced here (and stop the journal)
            st._journal.append(("slots", _slot_values(st)))
        for name in State.__slots__:
            setattr(st, name, getattr(fresh, name))
        self._start_setup(st)

    def _match_first_seat(self, st: State) -> int:
        """Each leg of a match is started by the next player clockwise."""
        return (self.FIRST_SEAT + st.leg) % st.players

    def _tied_for_first(self, st: State, over: dict) -> list[int]:
        keys = self._rank_keys(st, over)
        best = min(keys)
        return [seat for seat in range(st.players) if keys[seat] == best]

    def _draw_lot(self, st: State, cause: str, *args) -> None:
        seat = args[-1]
        over = json.loads(cause)
        over["lot"] = seat
        st.over = over

    # ---- results and views
    def _scores(self, st: State) -> dict[str, list[int]]:
        """Every declared score per seat; in a match, the added-up scores are totals over the legs."""
        scores = {name: [fn(st, seat) for seat in range(st.players)] for name, fn in self.SCORES.items()}
        if self.MATCH is not None:
            for name in self.MATCH[1]:
                scores[name] = [scores[name][seat] + sum(leg["scores"][name][seat] for leg in st.legs)
                                for seat in range(st.players)]
        return scores

    def _rank_keys(self, st: State, over: dict) -> list[tuple]:
        """Each seat's sort key from the declared ranking chain (smaller is better). A match is won on
        its totals, so a leg's declared winner does not rank first there."""
        scores = self._scores(st)
        declared = set(over.get("winners", []))
        keys = []
        for seat in range(st.players):
            key = []
            for kind, score in self.RANKING:
                if kind == "winner_first" and self.MATCH is not None:
                    continue
                if kind == "winner_first":
                    key.append(0 if seat in declared else 1)
                elif kind == "lowest":
                    key.append(scores[score][seat])
                elif kind == "highest":
                    key.append(-scores[score][seat])
                elif kind == "lot":
                    key.append(0 if over.get("lot") == seat else 1)
            keys.append(tuple(key))
        return keys

    def _outcome(self, st: State) -> dict:
        scores = self._scores(st)
        keys = self._rank_keys(st, st.over)
        share = any(kind in ("ties_share", "lot") for kind, _ in self.RANKING)
        order = sorted(range(st.players), key=lambda s: (keys[s], s))
        ranks = [0] * st.players
        for position, seat in enumerate(order):
            if share and position and keys[order[position - 1]] == keys[seat]:
                ranks[seat] = ranks[order[position - 1]]
            else:
                ranks[seat] = position + 1
        draw = st.players > 1 and all(rank == 1 for rank in ranks)  # every seat tied for first
        return {
            "end": st.over["end"],
            "cites": st.over.get("cites", []),
            "lot": st.over.get("lot"),
            "draw": draw,
            "winners": [] if draw else [s for s in range(st.players) if ranks[s] == 1],
            "ranking": ranks,
            "scores": scores,
            "legs": [dict(leg) for leg in st.legs] if self.MATCH is not None else None,
        }

    def _returns(self, st: State) -> list[float]:
        if self.RETURNS is not None and self.RETURNS[0] == "value":
            return [float(self.RETURNS[1](st, seat)) for seat in range(st.players)]
        if st.over is None:
            return [0.0] * st.players
        ranks = self._outcome(st)["ranking"]
        if self.RETURNS is not None:
            win, draw, loss = self.RETURNS[1]
            if st.players > 1 and all(rank == 1 for rank in ranks):
                return [float(draw)] * st.players
            return [float(win if rank == 1 else loss) for rank in ranks]
        return zero_sum_returns(ranks, st.players)

    def _observation(self, st: State, seat: int) -> dict:
        t = st.t
        zones: dict[str, Any] = {}
        for zone in self.ZONES:
            base = t.zone_base[zone.name]
            views = []
            for owner in range(st.players if zone.per_player else 1):
                items = st.zones[base + owner]
                view: dict[str, Any] = {"size": len(items)}
                if zone.visibility == "public" or (zone.visibility == "owner" and owner == seat):
                    labels = [self.ITEM_LABEL[i] for i in items]
                    # A stacked zone shows its order (the last is on top); any other zone is a sorted
                    # multiset, so items with the same label stay indistinguishable.
                    view["items"] = labels if zone.stacked else sorted(labels)
                views.append(view)
            zones[zone.name] = views if zone.per_player else views[0]
        boards = {}
        for b, board in enumerate(self.BOARDS):
            boards[board.name] = {board.label(c): self.ITEM_LABEL[i] for c, i in enumerate(st.boards[b]) if i >= 0}
        decision = st._decision()
        view = {
            "seat": seat,
            "players": st.players,
            "options": dict(st.options),
            "phase": st.phase,
            "turn": st.turn_number,
            "turn_player": st.turn_seat,
            "leg": st.leg,
            "legs": [dict(leg) for leg in st.legs],
            "zones": zones,
            "boards": boards,
            "counters": {k: (list(v) if isinstance(v, list) else v) for k, v in st.counters.items()},
            "queues": {k: [e[0] for e in v] for k, v in st.queues.items()},
            "decision": None,
            "outcome": st.outcome(),
        }
        if decision is not None:
            view["decision"] = {"player": "any" if decision[0] == ANY_PLAYER else decision[0],
                                "step": st.stack[-1][0]}
            mine = [e[0].text for e in decision[1] if e[0].player == seat]
            if mine:
                view["decision"]["choices"] = mine
        return view

    def _why_not(self, st: State, action: Action) -> str:
        decision = st._decision()
        if st.over is not None:
            return "the game is over"
        if decision is None:
            return "nothing is to be decided now"
        seat, entries = decision
        frame = st.stack[-1]
        info = self.STEPS.get(frame[0])  # None at the lot that breaks a tie for first
        step = frame[0] if info is not None else "the lot for first place"
        if action.player != seat and seat != ANY_PLAYER:
            who = "chance" if seat == CHANCE else f"player {seat + 1}"
            return f"it is {who}'s decision ({step}), not {'chance' if action.player == CHANCE else f'player {action.player + 1}'}'s"
        if info is not None and info.kind == "choice":
            for option in info.options:
                for text, binding in option.raw(st, *frame[1]):
                    if text == action.text and (seat != ANY_PLAYER or binding[0] == action.player):
                        failed = option.check(st, *frame[1], *binding)
                        if failed >= 0:
                            condition, cites = option.conditions[failed]
                            cited = f" [{', '.join(cites)}]" if cites else ""
                            return f"{action.text!r} is not allowed: `{condition}` does not hold{cited}"
        import difflib
        texts = [e[0].text for e in entries if e[0].player == action.player or seat != ANY_PLAYER]
        close = difflib.get_close_matches(action.text, texts, n=3, cutoff=0.5)
        hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else \
            f"; the choices are: {', '.join(repr(t) for t in texts[:8])}{'...' if len(texts) > 8 else ''}"
        return f"{action.text!r} is not one of the choices for {step}{hint}"

    def describe(self, st: State) -> str:
        """A short text picture of a state, for the terminal."""
        lines = [f"{self.TITLE}: {st.players} players, turn {st.turn_number} (player {st.turn_seat + 1})"]
        t = st.t
        for b, board in enumerate(self.BOARDS):
            width = len(board.columns)
            label_width = max(len(r) for r in board.rows)
            if board.kind == "triangles":
                lines.append(f"{board.name} (face {t.face[b]}; # = covered, a letter = an uncovered mark):")
                marks = {name: letter for letter, name in board.marks}
                for r, row in enumerate(board.rows):
                    if not any(t.in_use[b][r * width:(r + 1) * width]):
                        continue  # a row of a board piece not laid in this game
                    cells = []
                    for c in range(width):
                        cell = r * width + c
                        if not t.in_use[b][cell]:
                            cells.append(" ")
                        elif st.boards[b][cell] >= 0:
                            cells.append("#")
                        else:
                            cells.append(marks.get(t.mark_of[b][cell], "."))
                    lines.append((f"  {row:<{label_width}} " + " ".join(cells)).rstrip())
                continue
            lines.append(f"{board.name} (face {t.face[b]}; o = an empty region space, * = a component "
                         f"without a {board.column_attribute}):")
            for r, row in enumerate(board.rows):
                cells = []
                for c in range(width):
                    cell = r * width + c
                    item = st.boards[b][cell]
                    if not t.in_use[b][cell]:
                        cells.append("  ")
                    elif item < 0:
                        region = t.region_of[b][cell]
                        cells.append(" o" if region >= 0 else " .")
                    else:
                        value = self.ITEM_ATTRS.get(board.column_attribute, {}).get(item)
                        cells.append(f"{value:>2}" if value is not None else " *")
                lines.append((f"  {row:<{label_width}} " + " ".join(cells)).rstrip())
        for zone in self.ZONES:
            base = t.zone_base[zone.name]
            for owner in range(st.players if zone.per_player else 1):
                items = st.zones[base + owner]
                who = f" of player {owner + 1}" if zone.per_player else ""
                lines.append(f"{zone.name}{who}: {len(items)}")
        if st.over:
            outcome = st.outcome()
            winners = ", ".join(f"player {s + 1}" for s in outcome["winners"])
            result = "a draw" if outcome["draw"] else f"won by {winners}" if winners else "nobody wins"
            lines.append(f"game over ({outcome['end']}): {result}; ranks "
                         + ", ".join(f"player {s + 1}: {r}" for s, r in enumerate(outcome["ranking"])))
        return "\n".join(lines)


@functools.lru_cache(maxsize=4096)
def _best_sets(counts: tuple[int, ...], wild: int, table: tuple[tuple[int, int], ...]):
    from ..lib.setscore import best_score
    # A wildcard completes a set but never forms one alone; of the best-scoring splits, the one a player
    # would pick for the tie-break counts: the most real items left over.
    return best_score(counts, wild, dict(table), min_real_per_set=1, leftovers_first=True)


def best_sets(figure: str, attribute: dict[int, Any], kinds: tuple, items: Iterable[int], wild: int,
              table: dict[int, int]) -> int:
    """Points of the best split of ``items`` into sets of distinct kinds, or the real items left over.

    Each set holds at least one real item; among the splits with the most points, the one leaving the
    most real items over is taken (see rulespec.lib.setscore)."""
    counts = [0] * len(kinds)
    for item in items:
        value = attribute.get(item)
        if value in kinds:
            counts[kinds.index(value)] += 1
    result = _best_sets(tuple(counts), max(wild, 0), tuple(sorted(table.items())))
    return result.score if figure == "points" else result.unused_real


def span(low: int, high: int) -> range:
    """`low..high` in a rule: the whole numbers from low to high, none when high < low. A range is walked
    number by number, so it holds at most the language's `span` limit (10,000) of them."""
    if high - low + 1 > SPAN_LIMIT:
        raise RuleRuntimeError(f"the range {low}..{high} holds {high - low + 1:,} numbers; a range in the rules "
                               f"holds at most {SPAN_LIMIT:,}")
    return range(low, high + 1)


def pick_weights(candidates: Iterable[tuple[str, Any]]) -> list[tuple[str, int, tuple]]:
    """A uniform pick among elements; elements that read the same are one outcome with their weight."""
    merged: dict[str, list] = {}
    for text, value in candidates:
        entry = merged.get(text)
        if entry is None:
            merged[text] = [text, 1, (value,)]
        else:
            entry[1] += 1
    return [tuple(entry) for entry in merged.values()]


def build_item_tables(components: Sequence[tuple]) -> tuple[tuple[str, ...], tuple[str, ...], dict[str, dict[int, Any]]]:
    """Expand component declarations ``(name, ((attr, values), ...), copies, shown_as)`` into items."""
    kinds, labels, attrs = [], [], {}
    for name, attributes, copies, shown_as in components:
        combos: list[dict] = [{}]
        for attr, values in attributes:
            combos = [dict(c, **{attr: v}) for c in combos for v in values]
        for combo in combos:
            for _ in range(copies):
                item = len(kinds)
                kinds.append(name)
                if shown_as:
                    labels.append(shown_as.format(**combo))
                elif combo:
                    labels.append(" ".join(str(v) for v in combo.values()) + " " + name)
                else:
                    labels.append(name)
                for attr, value in combo.items():
                    attrs.setdefault(attr, {})[item] = value
    return tuple(kinds), tuple(labels), attrs


def random_step(state: State, rng: random.Random) -> Action:
    """The action ``random_game`` takes: a chance outcome by its odds, or one offered action uniformly.
    Every tool that plays "like random_game" (play --watch, simulate, benchmarks) uses this, so one
    seed gives one game everywhere."""
    pending = state._pending if state._pending is not None else state._offer()
    if pending is None:
        rng.randrange(0)  # nothing to decide: raises, as picking from no legal actions always has
    return pending.pick(_random_index(pending, rng))


def _random_index(pending: Pending, rng: random.Random) -> int:
    """The entry random_step takes: one of legal_actions() uniformly, or a chance outcome by its odds."""
    if pending.seat != CHANCE:
        return rng.randrange(pending.count)
    # The same walk as over chance_outcomes(), without Fractions: the probabilities w/total add
    # up to exactly 1, and float(Fraction(w, total)) is w / total (both correctly rounded).
    count = pending.count
    weights = pending.weights
    pick = rng.random()
    chosen = count - 1
    if weights is None:  # every weight 1: the total is the count
        share = 1 / count
        for index in range(count):
            pick -= share
            if pick < 0:
                chosen = index
                break
    else:
        total = sum(weights)
        for index, weight in enumerate(weights):
            pick -= weight / total
            if pick < 0:
                chosen = index
                break
    return chosen


def zero_sum_returns(ranks: Sequence[int], players: int) -> list[float]:
    """+1 / 0 / -1 from a ranking (1 = first), zero-sum: each seat scores +1 for every seat it ranks above and
    -1 for every seat ranked above it, divided by players - 1; tied seats share, a draw is 0 for all."""
    if players < 2:
        return [0.0] * players
    return [sum((ranks[other] > ranks[seat]) - (ranks[other] < ranks[seat]) for other in range(players))
            / (players - 1) for seat in range(players)]


def greedy_step(state: State, rng: random.Random, sample: int = 24, seat: Optional[int] = None) -> Action:
    """A one-step greedy player for simulations, knowing nothing of the game: chance as ``random_step``;
    a decision tries up to ``sample`` offered actions (drawn at random) on clones and takes the one that
    leaves the acting seat best placed by the declared ranking chain right after it, ties at random.
    ``seat``: choose among that seat's own actions only (its claim in a window any seat may act in)."""
    if seat is None and state.is_chance_node():
        return random_step(state, rng)
    actions = state.legal_actions() if seat is None else state.legal_actions(seat)
    if len(actions) > sample:
        actions = rng.sample(actions, sample)
    engine = state.engine
    best, chosen = None, []
    for action in actions:
        after = state.clone()
        after.apply(action)
        scored = seat if seat is not None else action.player if action.player >= 0 else 0
        key = engine._rank_keys(after, after.over or {"winners": []})[scored]
        if best is None or key < best:
            best, chosen = key, [action]
        elif key == best:
            chosen.append(action)
    return chosen[rng.randrange(len(chosen))]


# ----------------------------------------------------------------------------- run-time budgets
#
# A rule file that passes `check` may still describe a game that never ends (players who may pass
# forever, a turn that loops back to itself) or an automatic step that never reaches a decision.
# Four budgets turn each into a RuleRuntimeError instead of a hang (or a crash):
#
# * the step budget of a whole game (random_game, `rulespec play`, `verify`'s termination check,
#   `simulate`): STEPS_PER_TURN_PER_PLAYER x (MAX_TURNS + 1) x players x legs of a match when the rule
#   file declares `at most N turns` (the + 1 is set-up), at most MAX_DEFAULT_STEPS, else
#   DEFAULT_MAX_STEPS; see default_max_steps;
# * the automatic-step budget of one apply() (or new_game()): Engine.MAX_AUTO_STEPS, in _advance;
# * the loop budget of one apply(): Engine.MAX_LOOP_TURNS turns of `repeat` and `for each`, in State.loop;
# * the depth of triggers fired inside one another: Engine.MAX_TRIGGER_DEPTH, in State._placed.

# The bundled games' busiest turn takes about 40 steps per player (Shrimp's set-up dealing 81 cards);
# a typical turn takes 1 to 5. 100 leaves room for a game whose every turn is that busy.
STEPS_PER_TURN_PER_PLAYER = 100
DEFAULT_MAX_STEPS = 1_000_000  # a game that declares no turn limit
# The most the default budget of any game may be, whatever its turn limit, players and legs (the formula
# reaches 10**9 for 100 players and `at most 100000 turns`). A runtime plays some 250,000 steps a second:
# a game that never ends is stopped within seconds. The bundled games' largest default is 960,800
# (Shell We?'s two-legged match for 4 players) and their longest random games take under 1,000 steps.
MAX_DEFAULT_STEPS = 2_000_000


def default_max_steps(game: Engine, players: int) -> int:
    """The step budget of one whole ``players``-player game of ``game`` (see the notes above)."""
    if game.MAX_TURNS is None:
        return DEFAULT_MAX_STEPS
    legs = len(game.MATCH[0]) if game.MATCH is not None else 1
    return min(STEPS_PER_TURN_PER_PLAYER * (game.MAX_TURNS + 1) * players * legs, MAX_DEFAULT_STEPS)


class StepBudgetExceeded(RuleRuntimeError):
    """A whole game went on past its step budget (``max_steps``; see default_max_steps)."""

    def __init__(self, max_steps: int, max_turns: Optional[int]):
        bound = f"a game of at most {max_turns} turns" if max_turns is not None else \
            "a game that declares no turn limit"
        super().__init__(f"no end after {max_steps} steps (the budget for {bound}); raise it with --max-steps")
        self.max_steps, self.max_turns = max_steps, max_turns


def random_game(game: Engine, players: Optional[int] = None, seed: int = 0, max_steps: Optional[int] = None) -> State:
    """Play a whole game: chance by its probabilities, each choice uniformly, all from one seeded RNG.
    More than ``max_steps`` steps (None: default_max_steps) raise StepBudgetExceeded."""
    rng = random.Random(seed)
    state = game.new_game(players)
    if max_steps is None:
        max_steps = default_max_steps(game, state.players)
    steps = 0
    while state.over is None:  # not state.is_terminal(): apply(random_step(state, rng)), without making Actions
        if steps >= max_steps:
            raise StepBudgetExceeded(max_steps, game.MAX_TURNS)
        pending = state._pending if state._pending is not None else state._offer()
        if pending is None:
            rng.randrange(0)  # nothing to decide: raises, as random_step does
        state._play(pending, rng.randrange(pending.count) if pending.seat != CHANCE else _random_index(pending, rng))
        steps += 1
    return state
