"""A game's static data (the generated module's tables) and what follows from a player count and options.

The ``*Info`` records are what a generated engine fills its tables with; :class:`Tables` is worked out
once per player count and options (board geometry, lines, placements, item tables) and never changes
during a game.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from itertools import repeat
from typing import TYPE_CHECKING, Any, Callable, Iterable, Optional, Sequence

from ..lib.geometry import ADJACENCY_DIRECTIONS, direction_steps
from .common import RuleRuntimeError
from .related import InUseOf, Related, RelatedMasks
from .whole_lines import WholeLines

if TYPE_CHECKING:
    from .engine import Engine

# ----------------------------------------------------------------------------- static game data


@dataclass(frozen=True)
class ZoneInfo:
    name: str
    per_player: bool
    visibility: str  # public | hidden | owner | others (all but the owner) | top (only the top of a pile is seen)
    start: Optional[str]
    cites: tuple[str, ...] = ()
    stacked: bool = False
    start_component: Optional[str] = None
    size_unseen: bool = False  # a seat that may not see the contents does not see how many there are
    # (component, count, seat or None): copies it starts with (`holds 3 ticket`, `player 1 holds the button`)
    start_copies: tuple[tuple[str, int, Optional[int]], ...] = ()
    at_most: Optional[int] = None  # `at most N`: it never holds more (each player's); a move that would is refused
    line: int = 0  # its declaration's line in the rule file (SOURCE), named by that refusal


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
    marks: tuple[tuple[str, str], ...] = ()  # (map letter, mark name) on a board of triangles; (space, set) on a graph
    adjacency: str = "orthogonal"  # on a grid: orthogonal, diagonal, all or hexagonal (rulespec.lib.geometry)
    row_option: str = ""  # `rows row 1..size`: numbered rows past the option's value are not in use
    column_option: str = ""
    jumps: tuple[tuple[str, tuple[tuple[int, int], ...]], ...] = ()  # (name, its leaps: (rows down, columns east))
    # A graph (kind "graph"): its spaces are the rows (one column), by name. Its links, both ways, by space;
    # per named direction (its number is its index here) the links (from, to); each space's place (x, y).
    links: tuple[tuple[int, int], ...] = ()
    directions: tuple[tuple[str, tuple[tuple[int, int], ...]], ...] = ()
    drawn_at: tuple[tuple[int, int], ...] = ()

    @property
    def size(self) -> int:
        return len(self.rows) * len(self.columns)

    @functools.cached_property
    def labels(self) -> tuple[str, ...]:
        """Every space's label, by space (as label() gives it): made once."""
        return tuple(self.label(cell) for cell in range(self.size))

    def label(self, cell: int) -> str:
        row, col = divmod(cell, len(self.columns))
        if self.kind == "triangles":
            return f"{self.rows[row]}c{self.columns[col]}"
        if self.kind == "graph":
            return self.rows[row]
        return f"{self.rows[row]} {self.columns[col]}"


class _FullLines(dict):
    """Tables of whole lines (see Tables.full_lines), each made the first time it is read."""

    def __init__(self, tables: "Tables"):
        super().__init__()
        self._tables = tables

    def __missing__(self, key: tuple[int, int, int]) -> tuple[Optional[tuple[int, ...]], ...]:
        board, direction, length = key
        table = self[key] = tuple(line if len(line) == length else None
                                  for line in self._tables.lines(board, direction, length))
        return table


class _SpaceIndex(dict):
    """Per board, per cell its place among the board's spaces in use, from 0 (`index of s`; None for a cell not in
    use, which no rule reaches), each table made the first time it is read: a game that never asks makes none."""

    def __init__(self, tables: "Tables"):
        super().__init__()
        self._tables = tables

    def __missing__(self, board: int) -> tuple[Optional[int], ...]:
        place: list[Optional[int]] = [None] * len(self._tables.in_use[board])
        for index, cell in enumerate(self._tables.cells_in_use[board]):
            place[cell] = index
        found = self[board] = tuple(place)
        return found


class _Rays(dict):
    """Per (board, direction), per cell the spaces after it that way up to the board's edge (see State._ray),
    each table made the first time it is read."""

    def __init__(self, tables: "Tables"):
        super().__init__()
        self._tables = tables

    def __missing__(self, key: tuple[int, int]) -> tuple[tuple[int, ...], ...]:
        board, direction = key
        step, table = self._tables.toward[board][direction], []
        for cell in range(len(step)):
            out: list[int] = []
            at = step[cell]
            while at is not None and at != cell:  # (round a ring of a graph: each space once)
                out.append(at)
                at = step[at]
            table.append(tuple(out))
        found = self[key] = tuple(table)
        return found


class _RaysByBoard(dict):
    """Per board, per direction (its number), per cell the spaces after it that way up to the edge: the rays of
    every direction of a board in one table, for a loop over directions that reads one ray each (a definition's
    first-found walk along them: codegen/declarations.py ray_stop_loop), so that it looks the table up once and
    not a (board, direction) pair at each direction. Made from _Rays when first read."""

    def __init__(self, tables: "Tables"):
        super().__init__()
        self._tables = tables

    def __missing__(self, board: int) -> tuple[tuple[tuple[int, ...], ...], ...]:
        rays = self._tables.rays
        found = self[board] = tuple(rays[board, d] for d in range(len(self._tables.toward[board])))
        return found


class _LinesByLength(dict):
    """Per (board, length), per direction (its number), per cell the line of at most that many spaces from it
    that way (Tables.lines of each direction): what `line of 4 from s towards d` reads, a length written as a
    number, in two subscripts and no call (codegen/hoisted.py line_by_length). Made when first read."""

    def __init__(self, tables: "Tables"):
        super().__init__()
        self._tables = tables

    def __missing__(self, key: tuple[int, int]) -> tuple[tuple[tuple[int, ...], ...], ...]:
        board, length = key
        lines = self._tables.lines
        found = self[key] = tuple(lines(board, d, length) for d in range(len(self._tables.toward[board])))
        return found


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
    number: Optional[Callable[..., int]] = None  # (st, *params, *binding) -> its `numbered` action number, if declared
    numbered: Optional[Callable[..., Iterable]] = None  # (st, *params) -> (text, binding, number) its fixed conditions allow


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
    # The text reads labels only (no value worked out from the state): the same for the same arguments and
    # item in every state, so it may be read late and its Action shared. False: read when listed.
    text_static: bool = False
    # A pick from a board's spaces, every one as likely, whose texts read labels only and show the space picked
    # (so no two read alike): pick gives the spaces it picks from, and it is listed as a draw of them, its texts
    # read when asked and its Actions shared (text_static; codegen/chance.py, Chance.picked_as_draw). Its
    # outcomes function lists the same outcomes, texts and all.
    pick: Optional[Callable[..., list]] = None  # chance: (st, *params) -> [space]
    # A choice step may list every option at once, in the order offered (then the options' enumerate
    # functions are not called): (st, *params) -> (seat, [(seat, text, option index, binding)]).
    # distinct: no two of its rows can have the same seat and text.
    choices: Optional[Callable[..., tuple]] = None
    distinct: bool = False
    # listed_once: what choices lists depends on the arguments alone (no condition, a text of constants and
    # arguments' labels), or a chance step's outcomes on the arguments and the set-up alone (dice faces, a pick
    # from numbers of options): the engine lists it once per arguments (and set-up), every state sharing it.
    listed_once: bool = False
    # outcomes_key: a chance step's outcomes read only what this gives, (st, *params) -> a hashable value (a
    # shuffle: the components its zone holds), besides its arguments and the set-up; None when it cannot say.
    # The engine keeps one listing per value, every state sharing it (runtime/kept_outcomes.py).
    outcomes_key: Optional[Callable[..., Optional[tuple]]] = None
    # rows_kept: choices keeps what it lists by what the listing reads (a LISTED_ table), returning the very
    # same rows list for the same reads: the engine keeps one Pending per rows list, shared by every state.
    rows_kept: bool = False
    # The type of each parameter ("seat", "item", "number", "word" or "space:BOARD"), so that a state read
    # back can be checked (rulespec/runtime/state_check.py); empty for an engine generated before.
    param_types: tuple[str, ...] = ()
    # `chance outcomes numbered`: a chance step's outcome number, (st, *params, *binding) -> int, and every outcome
    # its fixed parts allow, (st, *params) -> (text, binding, number)
    number: Optional[Callable[..., int]] = None
    numbered: Optional[Callable[..., Iterable]] = None


@dataclass(frozen=True)
class TriggerInfo:
    name: str
    board: int
    causes: tuple[str, ...]
    run: Callable[..., None]  # (st, item, space, player, cause)
    cites: tuple[str, ...] = ()
    unread_ahead: bool = False  # passed over while a look-ahead runs (rulespec/model/unread_ahead.py)


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
    draw: bool = False  # `the game is a draw`: every seat ties for first, whatever the ranking


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

KEPT_TEXTS = 1 << 16  # the option texts of placements one setup keeps (Tables.placement_rows): a few MB at most


class Tables:
    """What depends on the player count and options but never changes during a game."""

    def __init__(self, engine: "Engine", players: int, options: dict[str, str]):
        self.players = players
        self.seats = tuple(range(players))  # `players` in generated code: a tuple walks cheaper than a new range
        self._options = options  # (a face condition reads `st._options`, as on a State)
        # str(Action), before its text; seat_prefix[CHANCE] (the last, as CHANCE is -1) is chance's
        self.seat_prefix = tuple(f"player {seat + 1}: " for seat in range(players)) + ("chance: ",)
        self.list_counters = tuple(name for name, (per_player, _) in engine.COUNTERS.items()
                                   if per_player or name in engine.SPACE_COUNTERS)
        left_out = self._leave_out(engine)
        self._number_zones(engine)
        self._count_starts(engine)
        self.board_base: list[int] = []
        self.in_use: list[tuple[bool, ...]] = []
        self.cells_in_use: list[tuple[int, ...]] = []
        self.neighbours: list[tuple[tuple[int, ...], ...]] = []
        # Per board, per direction (rulespec.model.ir.COMPASS), per cell: the next space in use that way, or None.
        self.toward: list[tuple[tuple[Optional[int], ...], ...]] = []
        self.line_tables: dict[tuple[int, int, int], tuple[tuple[int, ...], ...]] = {}  # see lines()
        # (board, direction, length) -> per cell the whole line of that length, or None: made when first read.
        self.full_lines = _FullLines(self)
        # (board, directions, length) -> every whole line of that length, each set of spaces once: made when first read
        self.whole_lines = WholeLines(self)
        self.rays = _Rays(self)  # (board, direction) -> per cell the spaces after it to the edge: made when first read
        self.rays_by_board = _RaysByBoard(self)  # board -> per direction, the same: made when first read
        self.lines_by_length = _LinesByLength(self)  # (board, length) -> per direction, per cell its line: likewise
        self.space_index = _SpaceIndex(self)  # board -> per cell its place in board order (`index of s`), made when read
        self.related = Related(self)  # (a geometric condition, a space) -> the spaces it lets through: made when read
        self.in_use_of = InUseOf(self)  # (a board, a row's spaces) -> those in use, in board order: made when read
        self.related_masks = RelatedMasks(self)  # (a board, a related key) -> the bit mask of those spaces: likewise
        # Per board, per jump it declares, per cell: the spaces in use its leaps land on, in board order.
        self.jump_targets: list[dict[str, tuple[tuple[int, ...], ...]]] = []
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
        self.listers: list[dict[str, Callable[[int], tuple[int, ...]]]] = []  # per board: shape -> legal placements
        self.shapes = engine.SHAPES  # shape name -> its cells
        self.cells_mask: list[int] = []  # per board of triangles: the bits of its spaces in use (0 on a grid)
        self.marked_masks: dict[tuple, int] = {}  # (board, marks) -> the bits of the spaces so marked
        # (option, what its text shows besides the placement) -> {placement: its text}: see placement_rows
        self.kept_texts: dict[tuple, dict[int, str]] = {}
        self.kept_text_count = 0
        self.reach_plans: dict[tuple, tuple] = {}  # a kept `connected`'s key -> its starts and goals (reach_plan)
        self.witnesses: dict[tuple, tuple] = {}  # a witnessed `connected`'s key -> its last paths (runtime/witnessed.py)
        self.uncut: Optional[tuple] = None  # (board, spaces, paths' spaces used) while holds_uncut asks (runtime/witnessed.py)
        self._near: dict[int, tuple[int, ...]] = {}  # board -> per space the bit mask of its neighbours
        offset = self.zone_count
        for board in engine.BOARDS:
            self.board_base.append(offset)
            offset += board.size
            self._lay_board(engine, board, options, left_out)
        self._list_fits(engine)

    def _leave_out(self, engine: "Engine") -> dict[str, set]:
        """The components left out at this player count (``left_out_items``; the others ``in_play_items``);
        gives, by attribute, the values whose components are left out ("leave out X at N players")."""
        left_out: dict[str, set] = {}
        always_out: set[str] = set()  # whole components left out ("leave out every X")
        for count, attribute, values in engine.LEAVE_OUTS:
            if not count:
                always_out.update(values)
            elif count == self.players:
                left_out.setdefault(attribute, set()).update(values)
        attrs = engine.ITEM_ATTRS
        self.left_out_items = tuple(
            i for i in range(len(engine.ITEM_KIND))
            if engine.ITEM_KIND[i] in always_out
            or any(attrs.get(a, {}).get(i) in vals for a, vals in left_out.items()))
        excluded = set(self.left_out_items)
        self.in_play_items = tuple(i for i in range(len(engine.ITEM_KIND)) if i not in excluded)
        return left_out

    def _count_starts(self, engine: "Engine") -> None:
        """The copies zones start with by count (``counted_starts``: (zone number, item), in the order they go
        in): the first copies in play of each component, zone after zone as declared; a zone one per player
        takes its count for each player, from the first, or for the one player named."""
        starts, taken = [], set()
        for zone in engine.ZONES:
            base = self.zone_base[zone.name]
            for component, count, seat in zone.start_copies:
                for number in ([base + seat] if seat is not None else
                               range(base, base + self.players) if zone.per_player else [base]):
                    copies = [i for i in self.in_play_items if engine.ITEM_KIND[i] == component and i not in taken]
                    taken.update(copies[:count])
                    starts.extend((number, item) for item in copies[:count])
        self.counted_starts = tuple(starts)
        self.counted_items = frozenset(taken)

    def _number_zones(self, engine: "Engine") -> None:
        """Each zone's first number (``zone_base``: one a player for a zone per player), the stacked ones, and
        how many there are (``zone_count``: the boards are numbered after them)."""
        self.zone_base: dict[str, int] = {}
        stacked: list[int] = []
        bounded: dict[int, ZoneInfo] = {}
        count = 0
        for zone in engine.ZONES:
            self.zone_base[zone.name] = count
            instances = self.players if zone.per_player else 1
            if zone.stacked:
                stacked.extend(range(count, count + instances))
            if zone.at_most is not None:
                bounded.update(dict.fromkeys(range(count, count + instances), zone))
            count += instances
        self.stacked = frozenset(stacked)
        self.bounded = bounded  # zone number -> its declaration, for the zones declared `at most N` (State._move)
        self.zone_count = count

    def _lay_board(self, engine: "Engine", board: BoardInfo, options: dict[str, str], left_out: dict[str, set]) -> None:
        """One board's tables: the faces that apply (laid together on a board of triangles), the spaces in use,
        then its lattice (triangles) or its grid's directions, neighbours and regions."""
        applying = [f for f in board.faces if f.condition is None or f.condition(self)]
        if not applying:
            raise RuleRuntimeError(f"no face of board {board.name} applies with options {options}")
        face = applying[0] if board.kind != "triangles" else self._laid_together(board, applying)
        self.face.append(face.name)
        self.laid_cells.append(face.cells)
        self.faces_in_use.append(tuple(f.name for f in applying) if board.kind == "triangles" else (face.name,))
        self.face_of.append(tuple(next((f.name for f in applying if f.cells[c] != "-"), "")
                                  for c in range(board.size)))
        in_use = self._spaces_in_use(board, face, options, left_out)
        self.in_use.append(in_use)
        self.cells_in_use.append(tuple(c for c in range(board.size) if in_use[c]))
        self.jump_targets.append({name: self._jump_targets(board, leaps, in_use) for name, leaps in board.jumps})
        if board.kind == "triangles":
            self._lattice(engine, board, face, in_use)
            self.toward.append(self._toward_triangles(board, in_use))
            self.region_of.append((-1,) * board.size)
            self.region_cells.append(())
        elif board.kind == "graph":
            self._lay_graph(board)
        else:
            self._lay_grid(board, face, in_use)
        if board.name in engine.MASKED_BOARDS and not self.cell_bit[-1]:  # (its occupied spaces kept as a mask: a count reads it)
            self.cell_bit[-1] = tuple((1 << c) if use else 0 for c, use in enumerate(in_use))

    @staticmethod
    def _spaces_in_use(board: BoardInfo, face: FaceInfo, options: dict[str, str],
                       left_out: dict[str, set]) -> tuple[bool, ...]:
        """Per space of ``board``, whether it is in play: on the face, in no row or column left out, within
        the rows and columns an option sets."""
        width = len(board.columns)
        row_out = {str(v) for v in left_out.get(board.row_attribute, ())}  # rows are labels
        col_out = left_out.get(board.column_attribute, set())
        in_use = tuple(face.cells[c] != "-" and board.rows[c // width] not in row_out
                       and board.columns[c % width] not in col_out for c in range(board.size))
        if board.row_option or board.column_option:
            last_row = int(options[board.row_option]) if board.row_option else None
            last_column = int(options[board.column_option]) if board.column_option else None
            in_use = tuple(use and (last_row is None or int(board.rows[c // width]) <= last_row)
                           and (last_column is None or board.columns[c % width] <= last_column)
                           for c, use in enumerate(in_use))
        return in_use

    def _lay_grid(self, board: BoardInfo, face: FaceInfo, in_use: tuple[bool, ...]) -> None:
        """A grid's tables: none of a board of triangles', its directions, neighbours and regions."""
        self._no_lattice()
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

    def _lay_graph(self, board: BoardInfo) -> None:
        """A graph's tables: each space's linked spaces; per named direction, where it leads from each space."""
        self._no_lattice()
        set_of = dict(board.marks)  # `spaces south: A, B`: the named set each space is in, if any
        self.mark_of[-1] = tuple(set_of.get(label) for label in board.rows)
        linked: list[set[int]] = [set() for _ in range(board.size)]
        for a, b in board.links:
            linked[a].add(b)
            linked[b].add(a)
        self.neighbours.append(tuple(tuple(sorted(spaces)) for spaces in linked))
        toward = []
        for _, links in board.directions:
            table: list[Optional[int]] = [None] * board.size
            for start, end in links:
                table[start] = end
            toward.append(tuple(table))
        self.toward.append(tuple(toward))
        self.region_of.append((-1,) * board.size)
        self.region_cells.append(())

    def _no_lattice(self) -> None:
        """A board of no triangles: empty tables of marks, bits and placements."""
        self.mark_of.append(())
        self.cells_mask.append(0)
        self.tile_span.append(1)
        self.geometry.append(None)
        self.cell_bit.append(())
        self.placements.append(())
        self.placement_cells.append(())
        self.placement_label.append(())
        self.placements_of.append({})
        self.listers.append({})

    def _list_fits(self, engine: "Engine") -> None:
        """Per board, per component: the spaces in use it may be put on (``fits``, and as sets ``fit_sets``)."""
        self.fits: list[list[tuple[int, ...]]] = []
        self.fit_sets: list[list[frozenset]] = []
        for b, board in enumerate(engine.BOARDS):
            per_item = []
            for item in range(len(engine.ITEM_KIND)):
                rules = engine.FITS.get((engine.ITEM_KIND[item], b), ())
                if len(rules) == 1:  # the usual case: one rule, asked directly (no any() per space)
                    rule = rules[0]
                    cells = tuple(c for c in self.cells_in_use[b] if rule(self, item, c))
                else:
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
        self.cells_mask.append(sum(self.cell_bit[-1]))
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
        self.listers.append({})

    def reach_plan(self, board: int, key: tuple, start: Callable[[int], bool], goal: Callable[[int], bool]) -> tuple:
        """What State._connected_kept needs of one `connected` (its key names the expression and the values
        it reads), worked out once per setup: the spaces in use where ``start`` holds, in board order, and
        as a bit mask (bit c: space c); the mask of those where ``goal`` holds; per space the mask of its
        neighbours; the neighbour table; which spaces are in use. Neither test reads what changes."""
        spaces = self.cells_in_use[board]
        near = self._near.get(board)
        if near is None:
            near = self._near[board] = tuple(sum(1 << n for n in ns) for ns in self.neighbours[board])
        starts = tuple(c for c in spaces if start(c))
        plan = (starts, sum(1 << c for c in starts), sum(1 << c for c in spaces if goal(c)), near,
                self.neighbours[board], self.in_use[board])
        if len(self.reach_plans) > 4096:  # (keys are an expression and a few seats or values: a game has few)
            self.reach_plans.clear()
        self.reach_plans[key] = plan
        return plan

    def marked_mask(self, board: int, marks: tuple[str, ...]) -> int:
        """The bit mask of a board of triangles' spaces marked with one of ``marks`` (made once per setup)."""
        key = (board, marks)
        found = self.marked_masks.get(key)
        if found is None:
            bits, of = self.cell_bit[board], self.mark_of[board]
            found = self.marked_masks[key] = sum(bits[c] for c in self.cells_in_use[board] if of[c] in marks)
        return found

    def legal_placements(self, board: int, shape: Optional[str], occupied: int) -> tuple[int, ...]:
        """The placements (ids, ascending) of the shape on a board of triangles that cover no occupied cell
        and share a side with one; none on an empty board. Bit-parallel: TriangularBoard.placement_lister,
        made once per board and shape (an occupied mask seldom comes back, so results are not kept)."""
        lister = self.listers[board].get(shape)
        if lister is None:
            ids = self.placements_of[board].get(shape)
            if not ids:
                return ()
            lister = self.listers[board][shape] = self.geometry[board].placement_lister(
                self.shapes[shape], ids=ids, contact_when_empty=True)
        return lister(occupied)

    def placement_rows(self, key: tuple, seat: int, option: int, head: tuple, placements: Sequence[int],
                       text: Callable[[int], str]) -> Iterable[tuple]:
        """The listing rows ``(seat, text, option, head + (placement,))`` of ``placements``: the option's text
        of each, ``text(placement)``, is made the first time the same words (``key``: the option and what its
        text shows besides the placement) are listed and looked up from then on, so the rows are put together
        in C loops; one string per text, whose hash is worked out once (to find its Action). A text read from
        labels only is the same in every state of this setup. At most KEPT_TEXTS are kept."""
        made = self.kept_texts.get(key)
        if made is None:
            if self.kept_text_count > KEPT_TEXTS:
                self.kept_texts.clear()
                self.kept_text_count = 0
            made = self.kept_texts[key] = {}
        try:
            texts = list(map(made.__getitem__, placements))  # every text made before
        except KeyError:
            for placement in placements:
                if placement not in made:
                    made[placement] = text(placement)
                    self.kept_text_count += 1
            texts = list(map(made.__getitem__, placements))
        bindings = zip(*map(repeat, head), placements)
        return zip(repeat(seat), texts, repeat(option), bindings)  # (an iterator: the listing extends its rows)

    def lines(self, board: int, direction: int, length: int) -> tuple[tuple[int, ...], ...]:
        """Per cell, the line of at most ``length`` spaces from it in ``direction`` (each space once, on a
        ring too): worked out once per game configuration, then looked up."""
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
                    if at == cell:  # round a ring of a graph and back: a line holds each space once
                        break
                table.append(tuple(out))
            found = self.line_tables[key] = tuple(table)
        return found

    @staticmethod
    def _toward(board: BoardInfo, in_use: Sequence[bool]) -> tuple[tuple[Optional[int], ...], ...]:
        """The neighbour tables of a grid: a space not in use (`-` on the map) is an edge, never bridged."""
        width, height = len(board.columns), len(board.rows)
        tables = []
        for step in direction_steps(board.adjacency):
            if step is None:  # no such direction on this lattice (north on hexagons): nothing that way
                tables.append((None,) * board.size)
                continue
            dr, dc = step
            table: list[Optional[int]] = []
            for cell in range(board.size):
                r, c = divmod(cell, width)
                r, c = r + dr, c + dc
                inside = in_use[cell] and 0 <= r < height and 0 <= c < width and in_use[r * width + c]
                table.append(r * width + c if inside else None)
            tables.append(tuple(table))
        return tuple(tables)

    @staticmethod
    def _jump_targets(board: BoardInfo, leaps: Sequence[tuple[int, int]],
                      in_use: Sequence[bool]) -> tuple[tuple[int, ...], ...]:
        """Per cell, the spaces in use that ``leaps`` (rows down, columns east) land on, in board order."""
        width, height = len(board.columns), len(board.rows)
        table = []
        for cell in range(board.size):
            row, column = divmod(cell, width)
            landed = ((row + dr) * width + column + dc for dr, dc in leaps
                      if 0 <= row + dr < height and 0 <= column + dc < width)
            table.append(tuple(sorted(c for c in landed if in_use[c])) if in_use[cell] else ())
        return tuple(table)

    @staticmethod
    def _toward_triangles(board: BoardInfo, in_use: Sequence[bool]) -> tuple[tuple[Optional[int], ...], ...]:
        """The neighbour tables of a board of triangles, per direction (rulespec.lib.geometry.TRIANGLE_STEPS)."""
        from ..lib.geometry import triangle_step
        width, height = len(board.columns), len(board.rows)
        tables = []
        for direction in range(8):
            table: list[Optional[int]] = []
            for cell in range(board.size):
                at = triangle_step(divmod(cell, width), direction) if in_use[cell] else None
                inside = at is not None and 0 <= at[0] < height and 0 <= at[1] < width \
                    and in_use[at[0] * width + at[1]]
                table.append(at[0] * width + at[1] if inside else None)
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
