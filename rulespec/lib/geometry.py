"""Triangular-lattice boards and polyform placement, plus a small square grid.

Why this module exists: tile-laying rules ("place a piece so that it shares an
edge with something already on the table") need to enumerate placements of
small polyforms and, very often, only to ask *whether any* legal placement
exists.  Everything here is generic: shapes and boards are plain data.

Coordinate convention (triangular lattice)
------------------------------------------
A cell is an integer pair ``(row, col)``.  Rows grow downwards; each row is a
horizontal strip of triangles that alternate orientation along the row.

* ``(row + col)`` even  -> the triangle points UP (apex on top, flat base below);
* ``(row + col)`` odd   -> the triangle points DOWN (flat top, apex below).

Edge neighbours (shared side):

* up ``(r, c)``:   ``(r, c - 1)``, ``(r, c + 1)`` and ``(r + 1, c)`` (below);
* down ``(r, c)``: ``(r, c - 1)``, ``(r, c + 1)`` and ``(r - 1, c)`` (above).

Lattice points (triangle corners) are pairs ``(line, h)``: ``line`` is the
horizontal line index (line ``r`` is the top of row ``r``) and ``h`` the
position along it in half-side units, with ``h`` and ``line`` of opposite
parity.  Corners of up ``(r, c)``: ``(r, c + 1)``, ``(r + 1, c)``,
``(r + 1, c + 2)``; of down ``(r, c)``: ``(r, c)``, ``(r, c + 2)``,
``(r + 1, c + 1)``.  Two cells touch *at a point only* when they share a
corner but no side; every cell has 3 edge neighbours and 9 point-only
contacts.

A translation ``(dr, dc)`` maps the lattice onto itself iff ``dr + dc`` is
even (it must keep up triangles up).

Shapes
------
A shape is a tuple of distinct cells in any position; only its form matters.
:func:`orientations` lists its distinct rotations (60 degree steps, optionally
mirror images), each normalised (see :func:`normalise`) so that translated
copies compare equal.  Examples with the cells used in the tests::

    single triangle       ((0, 0),)                         2 orientations
    two-cell rhombus      ((0, 0), (0, 1))                  3 orientations
    three-cell strip      ((0, 0), (0, 1), (0, 2))          6 orientations
    six around a point    cells_at_point((1, 2))            1 orientation

Bit masks
---------
A :class:`TriangularBoard` gives every board cell one bit (``board.bit(cell)``).
Bits are laid out row-major over the board's bounding box with one spare
column per row, so they are *not* contiguous: always build masks with
``board.mask_of`` / ``board.full_mask`` rather than ``(1 << n) - 1``.  The
layout makes a lattice translation a plain shift, which is what makes
:meth:`TriangularBoard.any_legal_placement` fast.
"""

from __future__ import annotations

from types import MappingProxyType
from typing import Any, Callable, Iterable, Mapping, NamedTuple, Sequence, Optional

Cell = tuple[int, int]
Point = tuple[int, int]
Shape = tuple[Cell, ...]

__all__ = [
    "Cell",
    "Point",
    "Shape",
    "is_up",
    "edge_neighbours",
    "corners",
    "cells_at_point",
    "point_contacts",
    "touching_cells",
    "is_edge_connected",
    "normalise",
    "rotate",
    "reflect",
    "orientations",
    "six_sided_region",
    "Placement",
    "TriangularBoard",
    "SquareGrid",
    "COMPASS",
    "COMPASS_STEPS",
    "ADJACENCY_DIRECTIONS",
    "HEX_STEPS",
    "TRIANGLE_STEPS",
    "TRIANGLE_LINES",
    "triangle_step",
    "direction_steps",
]

_EMPTY_ATTRS: Mapping[str, Any] = MappingProxyType({})

# Directions on a grid of squares, clockwise from north (the first row of a board's map is the northmost);
# a direction is its index here, and (row step, column step) moves one space that way.
COMPASS = ("north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest")
COMPASS_STEPS = ((-1, 0), (-1, 1), (0, 1), (1, 1), (1, 0), (1, -1), (0, -1), (-1, -1))
# The directions a grid's adjacency allows: a space's neighbours, and the ways a line may run.
ADJACENCY_DIRECTIONS = {"orthogonal": (0, 2, 4, 6), "diagonal": (1, 3, 5, 7), "all": tuple(range(8)),
                        "hexagonal": (1, 2, 3, 5, 6, 7)}
# A hexagonal board is a rhombus of hexagons, as Hex is drawn: the map's rows are laid flat-to-flat and each
# row is drawn half a hexagon further east than the row above it. A hexagon (row, column) then touches
# (row - 1, column) to its northwest, (row - 1, column + 1) northeast, (row, column -+ 1) west and east,
# (row + 1, column - 1) southwest and (row + 1, column) southeast; there is no north or south.
HEX_STEPS = ((0, 0), (-1, 1), (0, 1), (1, 0), (0, 0), (1, -1), (0, -1), (-1, 0))  # indexed like COMPASS


# On a board of triangles a step depends on the triangle ((row + column) even points up): per direction of
# COMPASS, (the step from an up triangle, the step from a down one), None where that way is no side. East and
# west run along a row; northeast and southwest, northwest and southeast along the two slanting strips (a
# strip alternates up and down triangles, so its steps alternate too); north crosses the flat top of a
# down triangle and south the flat bottom of an up one.
TRIANGLE_STEPS = (
    (None, (-1, 0)), ((0, 1), (-1, 0)), ((0, 1), (0, 1)), ((1, 0), (0, 1)),
    ((1, 0), None), ((1, 0), (0, -1)), ((0, -1), (0, -1)), ((0, -1), (-1, 0)),
)
TRIANGLE_LINES = (1, 2, 3, 5, 6, 7)  # the six ways a straight strip of triangles runs (`directions of`)


def triangle_step(cell: Cell, direction: int) -> Optional[Cell]:
    """The triangle next to ``cell`` in ``direction`` (an index of COMPASS), or None (no side that way)."""
    step = TRIANGLE_STEPS[direction][0 if is_up(cell) else 1]
    return None if step is None else (cell[0] + step[0], cell[1] + step[1])


def direction_steps(adjacency: str) -> tuple[Optional[tuple[int, int]], ...]:
    """Per direction of COMPASS, the (row step, column step) of one move that way on a grid of this
    adjacency, or None where the lattice has no such direction (north and south on hexagons)."""
    if adjacency == "hexagonal":
        return tuple(HEX_STEPS[d] if d in ADJACENCY_DIRECTIONS["hexagonal"] else None for d in range(8))
    return COMPASS_STEPS


# ---------------------------------------------------------------------------
# Single cells
# ---------------------------------------------------------------------------


def is_up(cell: Cell) -> bool:
    """True if the triangle at ``cell`` points up (``row + col`` even)."""
    return (cell[0] + cell[1]) % 2 == 0


def edge_neighbours(cell: Cell) -> tuple[Cell, ...]:
    """The three cells sharing a side with ``cell``, sorted."""
    r, c = cell
    vertical = (r + 1, c) if is_up(cell) else (r - 1, c)
    return tuple(sorted(((r, c - 1), (r, c + 1), vertical)))


def corners(cell: Cell) -> tuple[Point, Point, Point]:
    """The three lattice points of ``cell`` as ``(line, h)``, sorted."""
    r, c = cell
    if is_up(cell):
        return ((r, c + 1), (r + 1, c), (r + 1, c + 2))
    return ((r, c), (r, c + 2), (r + 1, c + 1))


def _check_point(point: Point) -> None:
    if (point[0] + point[1]) % 2 == 0:
        raise ValueError(f"{point!r} is not a lattice point: line and h must differ in parity")


def cells_at_point(point: Point) -> tuple[Cell, ...]:
    """The six cells meeting at a lattice point, sorted.

    Together they form the six-cell shape with full rotational symmetry.
    """
    _check_point(point)
    line, h = point
    return tuple(
        sorted(
            (
                (line, h - 1),  # up, apex at the point
                (line - 1, h),  # up, base-left corner at the point
                (line - 1, h - 2),  # up, base-right corner at the point
                (line, h),  # down, top-left corner at the point
                (line, h - 2),  # down, top-right corner at the point
                (line - 1, h - 1),  # down, apex at the point
            )
        )
    )


def point_contacts(cell: Cell) -> tuple[Cell, ...]:
    """The nine cells that touch ``cell`` at a corner but share no side, sorted."""
    around = {other for p in corners(cell) for other in cells_at_point(p)}
    around.discard(cell)
    around.difference_update(edge_neighbours(cell))
    return tuple(sorted(around))


def touching_cells(cell: Cell) -> tuple[Cell, ...]:
    """All twelve cells touching ``cell`` by a side or a corner, sorted."""
    return tuple(sorted(edge_neighbours(cell) + point_contacts(cell)))


def is_edge_connected(cells: Iterable[Cell]) -> bool:
    """True if ``cells`` form one piece through shared sides (empty counts as connected)."""
    remaining = set(cells)
    if not remaining:
        return True
    stack = [min(remaining)]
    remaining.discard(stack[0])
    while stack:
        for n in edge_neighbours(stack.pop()):
            if n in remaining:
                remaining.discard(n)
                stack.append(n)
    return not remaining


# ---------------------------------------------------------------------------
# Shapes: normalisation, rotation, reflection
# ---------------------------------------------------------------------------


def _as_shape(cells: Iterable[Cell]) -> Shape:
    shape = tuple((int(r), int(c)) for r, c in cells)
    if not shape:
        raise ValueError("a shape needs at least one cell")
    if len(set(shape)) != len(shape):
        raise ValueError(f"repeated cell in shape {shape!r}")
    return shape


def normalise(cells: Iterable[Cell]) -> Shape:
    """Translate a shape to a canonical position and sort it.

    Why: two placements of the same orientation must compare equal.  The
    shape is moved so its top row is 0 and its leftmost column is 0 (or 1
    when moving it to 0 would be an odd translation, which would flip
    triangles).  Equal shapes up to lattice translation give equal results.
    """
    shape = _as_shape(cells)
    dr = -min(r for r, _ in shape)
    dc = -min(c for _, c in shape)
    if (dr + dc) % 2:
        dc += 1
    return tuple(sorted((r + dr, c + dc) for r, c in shape))


# Lattice points <-> axial coordinates (a, b) on the basis e1 = one side to the
# right, e2 = one side down-right (60 degrees from e1).  In axial coordinates a
# 60 degree turn and a mirror are integer linear maps.


def _to_axial(point: Point) -> tuple[int, int]:
    line, h = point
    return ((h - line - 1) // 2, line)


def _from_axial(a: int, b: int) -> Point:
    return (b, 2 * a + b + 1)


def _cell_from_corners(points: Iterable[Point]) -> Cell:
    pts = sorted(points)
    top_line = pts[0][0]
    top = [p for p in pts if p[0] == top_line]
    if len(top) == 1:  # apex on top: an up triangle
        cell = (top_line, top[0][1] - 1)
    else:
        cell = (top_line, top[0][1])
    if tuple(sorted(corners(cell))) != tuple(pts):
        raise AssertionError(f"points {pts!r} are not the corners of one cell")
    return cell


def _map_cells(shape: Iterable[Cell], axial_map: Callable[[int, int], tuple[int, int]]) -> Shape:
    out = []
    for cell in shape:
        pts = [_from_axial(*axial_map(*_to_axial(p))) for p in corners(cell)]
        out.append(_cell_from_corners(pts))
    return tuple(out)


def rotate(cells: Iterable[Cell], steps: int = 1) -> Shape:
    """Rotate a shape by ``steps`` x 60 degrees about a lattice point (not normalised)."""
    shape = _as_shape(cells)
    for _ in range(steps % 6):
        shape = _map_cells(shape, lambda a, b: (-b, a + b))
    return shape


def reflect(cells: Iterable[Cell]) -> Shape:
    """Mirror a shape top-to-bottom (not normalised)."""
    return _map_cells(_as_shape(cells), lambda a, b: (a + b, -b))


def orientations(cells: Iterable[Cell], reflections: bool = False) -> tuple[Shape, ...]:
    """All distinct normalised orientations of a shape, sorted.

    Rotations in 60 degree steps; mirror images too when ``reflections`` is
    true (off by default because physical tiles usually cannot be flipped).
    """
    shape = _as_shape(cells)
    variants = [shape, reflect(shape)] if reflections else [shape]
    found = set()
    for variant in variants:
        for _ in range(6):  # each turn from the one before: rotate(variant, steps) turned it anew each time
            found.add(normalise(variant))
            variant = rotate(variant)
    return tuple(sorted(found))


def six_sided_region(side: int, centre: Point = (0, 1)) -> tuple[Cell, ...]:
    """Cells of the regular six-sided region of the given side length around a point.

    It has ``6 * side**2`` cells; handy for test and benchmark boards.
    """
    if side < 1:
        raise ValueError("side must be >= 1")
    _check_point(centre)
    ca, cb = _to_axial(centre)

    def within(p: Point) -> bool:
        a, b = _to_axial(p)
        a, b = a - ca, b - cb
        return max(abs(a), abs(b), abs(a + b)) <= side

    line0, h0 = centre
    out = []
    for r in range(line0 - side, line0 + side):
        for c in range(h0 - 2 * side - 1, h0 + 2 * side + 1):
            if all(within(p) for p in corners((r, c))):
                out.append((r, c))
    return tuple(out)


# ---------------------------------------------------------------------------
# Boards
# ---------------------------------------------------------------------------


class Placement(NamedTuple):
    """One way to put a shape on a board.

    ``cells`` sorted covered cells; ``mask`` their bits; ``contact_mask`` the
    bits of board cells sharing a side with the placement (outside it);
    ``orientation`` the index into ``orientations(shape, reflections)``.
    """

    cells: tuple[Cell, ...]
    mask: int
    contact_mask: int
    orientation: int


class _ShiftPlan(NamedTuple):
    """Per-orientation data for the shift-based tests (existence and listing)."""

    anchors: int  # bits of anchor positions keeping the whole shape in the box
    cell_offsets: tuple[int, ...]  # bit offsets of shape cells from the anchor (>= 0)
    contact_up: tuple[int, ...]  # non-negative offsets of side-sharing outside cells
    contact_down: tuple[int, ...]  # magnitudes of negative such offsets
    placement_at: tuple[int, ...]  # per anchor bit: the index of its placement in the sorted placements (-1: none)


class _ShapeData(NamedTuple):
    placements: tuple[Placement, ...]
    plans: tuple[_ShiftPlan, ...]


class _PlacementLister:
    """TriangularBoard.placement_lister's function: an object (not a closure) so that what holds it pickles."""

    __slots__ = ("plans", "full", "require_edge_contact", "contact_when_empty")

    def __init__(self, plans: tuple, full: int, require_edge_contact: bool, contact_when_empty: bool) -> None:
        self.plans, self.full = plans, full
        self.require_edge_contact, self.contact_when_empty = require_edge_contact, contact_when_empty

    def __call__(self, occupied_mask: int) -> tuple[int, ...]:
        full = self.full
        occupied = occupied_mask & full
        need_contact = self.require_edge_contact and (occupied != 0 or self.contact_when_empty)
        if need_contact and not occupied:
            return ()
        free = full & ~occupied
        found: list[int] = []
        for anchors, cell_offsets, contact_up, contact_down, at in self.plans:
            fit = anchors
            for off in cell_offsets:
                fit &= free >> off
                if not fit:
                    break
            else:
                if need_contact:
                    touching = 0
                    for off in contact_up:
                        touching |= occupied >> off
                    for off in contact_down:
                        touching |= occupied << off
                    fit &= touching
                while fit:  # from the highest bit down: one big-integer operation fewer a bit than fit & -fit
                    top = fit.bit_length() - 1
                    found.append(at[top])
                    fit ^= 1 << top
        found.sort()
        return tuple(found)


class TriangularBoard:
    """A set of usable triangle cells (any outline, holes allowed) with optional attributes.

    Why: precomputes per-shape placement masks so that legality checks during
    play are a handful of integer operations.
    """

    def __init__(
        self,
        cells: Iterable[Cell],
        attributes: Mapping[Cell, Mapping[str, Any]] | None = None,
    ) -> None:
        self._cells: tuple[Cell, ...] = tuple(sorted({(int(r), int(c)) for r, c in cells}))
        if not self._cells:
            raise ValueError("a board needs at least one cell")
        cell_set = set(self._cells)
        attributes = attributes or {}
        unknown = sorted(set(attributes) - cell_set)
        if unknown:
            raise ValueError(f"attributes given for cells not on the board: {unknown!r}")
        self._attrs = {cell: MappingProxyType(dict(attrs)) for cell, attrs in attributes.items()}

        # Bounding box, shifted by an even translation so parity is preserved.
        self._row0 = min(r for r, _ in self._cells)
        self._col0 = min(c for _, c in self._cells)
        if (self._row0 + self._col0) % 2:
            self._col0 -= 1
        self._height = max(r for r, _ in self._cells) - self._row0 + 1
        self._width = max(c for _, c in self._cells) - self._col0 + 1
        self._stride = self._width + 1  # one spare column: no wrap-around between rows

        self._bit = {cell: self._raw_bit(cell) for cell in self._cells}
        self._cell_at = {b: cell for cell, b in self._bit.items()}
        self.full_mask: int = 0
        for b in self._bit.values():
            self.full_mask |= 1 << b
        # Keyed by the orientations, so equal shapes share one entry ...
        self._shape_cache: dict[tuple[Shape, ...], _ShapeData] = {}
        # ... and by the shape as passed, to skip re-deriving orientations per call.
        self._given_cache: dict[tuple[Any, bool], _ShapeData] = {}
        self._lister_cache: dict[tuple, Callable[[int], tuple[int, ...]]] = {}  # see legal_placement_indices

    # -- cells and masks ----------------------------------------------------

    def _raw_bit(self, cell: Cell) -> int:
        return (cell[0] - self._row0) * self._stride + (cell[1] - self._col0)

    @property
    def cells(self) -> tuple[Cell, ...]:
        """Board cells, sorted."""
        return self._cells

    def __len__(self) -> int:
        return len(self._cells)

    def __contains__(self, cell: object) -> bool:
        return cell in self._bit

    def __repr__(self) -> str:
        return f"TriangularBoard({len(self._cells)} cells)"

    def bit(self, cell: Cell) -> int:
        """Bit index of a board cell (KeyError if not on the board)."""
        return self._bit[cell]

    def mask_of(self, cells: Iterable[Cell]) -> int:
        """Bit mask of board cells (KeyError for a cell not on the board)."""
        mask = 0
        for cell in cells:
            mask |= 1 << self._bit[cell]
        return mask

    def cells_of(self, mask: int) -> tuple[Cell, ...]:
        """Sorted board cells whose bits are set in ``mask`` (other bits ignored)."""
        mask &= self.full_mask
        out = []
        while mask:
            low = mask & -mask
            out.append(self._cell_at[low.bit_length() - 1])
            mask ^= low
        return tuple(sorted(out))

    def attributes(self, cell: Cell) -> Mapping[str, Any]:
        """Read-only attributes of a board cell (empty if none were given)."""
        if cell not in self._bit:
            raise KeyError(cell)
        return self._attrs.get(cell, _EMPTY_ATTRS)

    def mask_where(self, predicate: Callable[[Cell, Mapping[str, Any]], bool]) -> int:
        """Mask of board cells for which ``predicate(cell, attributes)`` is true."""
        return self.mask_of(c for c in self._cells if predicate(c, self.attributes(c)))

    def edge_neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        """Side-sharing neighbours of ``cell`` that are on the board, sorted."""
        return tuple(n for n in edge_neighbours(cell) if n in self._bit)

    def contact_mask(self, mask: int) -> int:
        """Board cells sharing a side with a cell of ``mask`` and not in it."""
        out = 0
        for cell in self.cells_of(mask):
            for n in edge_neighbours(cell):
                b = self._bit.get(n)
                if b is not None:
                    out |= 1 << b
        return out & ~mask

    # -- placements ---------------------------------------------------------

    def _shape_data(self, shape: Iterable[Cell], reflections: bool) -> _ShapeData:
        # Fast path: the exact shape as given (usually a constant tuple).  Only
        # immutable containers are remembered this way.
        given = type(shape) in (tuple, frozenset)
        if given:
            try:
                return self._given_cache[(shape, reflections)]
            except (KeyError, TypeError):
                pass
        forms = orientations(shape, reflections)
        data = self._shape_cache.get(forms)
        if data is None:
            data = self._build_shape_data(forms)
            self._shape_cache[forms] = data
        if given:
            try:
                self._given_cache[(shape, reflections)] = data  # type: ignore[index]
            except TypeError:  # e.g. a tuple of lists: only the canonical cache is used
                pass
        return data

    def _build_shape_data(self, forms: tuple[Shape, ...]) -> _ShapeData:
        found: dict[tuple[Cell, ...], Placement] = {}
        plans = []
        anchored: list[dict[int, tuple[Cell, ...]]] = []  # per form: anchor bit -> the placement's cells
        for index, form in enumerate(forms):
            # The anchor is where the form's (0, min col) lands, in box
            # coordinates (ar, ac); the translation (ar, ac - min_c) must be even.
            min_c = min(c for _, c in form)
            max_r = max(r for r, _ in form)
            span_c = max(c for _, c in form) - min_c
            outside = sorted({n for cell in form for n in edge_neighbours(cell)} - set(form))
            anchors = 0
            anchored.append({})
            for ar in range(self._height - max_r):
                for ac in range((ar + min_c) % 2, self._width - span_c, 2):
                    cells = tuple(
                        (self._row0 + ar + r, self._col0 + ac - min_c + c) for r, c in form
                    )
                    if all(cell in self._bit for cell in cells):
                        anchors |= 1 << (ar * self._stride + ac)
                        cells = tuple(sorted(cells))
                        anchored[-1][ar * self._stride + ac] = cells
                        mask = self.mask_of(cells)
                        found[cells] = Placement(cells, mask, self.contact_mask(mask), index)
            offsets = tuple(r * self._stride + c - min_c for r, c in form)
            contact = [r * self._stride + c - min_c for r, c in outside]
            plans.append((anchors, offsets, tuple(o for o in contact if o >= 0), tuple(-o for o in contact if o < 0)))
        order = sorted(found)
        position = {cells: i for i, cells in enumerate(order)}
        placements = tuple(found[key] for key in order)
        plans = [
            _ShiftPlan(*plan, tuple(position[at[bit]] if bit in at else -1 for bit in range(max(at, default=-1) + 1)))
            for plan, at in zip(plans, anchored)
        ]
        return _ShapeData(placements, tuple(p for p in plans if p.anchors))

    def placements(self, shape: Iterable[Cell], reflections: bool = False) -> tuple[Placement, ...]:
        """Every placement of ``shape`` fully on the board, sorted by cells (cached)."""
        return self._shape_data(shape, reflections).placements

    def _needs_contact(self, occupied: int, require_edge_contact: bool, contact_when_empty: bool) -> bool:
        return require_edge_contact and (occupied != 0 or contact_when_empty)

    def legal_placements(
        self,
        shape: Iterable[Cell],
        occupied_mask: int,
        require_edge_contact: bool = True,
        *,
        reflections: bool = False,
        contact_when_empty: bool = False,
    ) -> tuple[Placement, ...]:
        """Placements covering no occupied cell and sharing a side with one.

        Touching an occupied cell only at a corner does not count as contact.
        On an empty board (``occupied_mask == 0``) contact is waived unless
        ``contact_when_empty`` is true (then nothing is legal).  Sorted by cells.
        """
        placements = self._shape_data(shape, reflections).placements
        return tuple(map(placements.__getitem__, self.legal_placement_indices(
            shape, occupied_mask, require_edge_contact, reflections=reflections, contact_when_empty=contact_when_empty)))

    def legal_placement_indices(
        self,
        shape: Iterable[Cell],
        occupied_mask: int,
        require_edge_contact: bool = True,
        *,
        reflections: bool = False,
        contact_when_empty: bool = False,
    ) -> tuple[int, ...]:
        """Where in :meth:`placements` the legal placements are (same rules as :meth:`legal_placements`), ascending."""
        key = (shape, reflections, require_edge_contact, contact_when_empty)
        lister = self._lister_cache.get(key) if type(shape) in (tuple, frozenset) else None
        if lister is None:
            lister = self.placement_lister(shape, reflections, require_edge_contact=require_edge_contact,
                                           contact_when_empty=contact_when_empty)
            if type(shape) in (tuple, frozenset):
                try:
                    self._lister_cache[key] = lister
                except TypeError:  # e.g. a tuple of lists
                    pass
        return lister(occupied_mask)

    def placement_lister(
        self,
        shape: Iterable[Cell],
        reflections: bool = False,
        *,
        ids: Sequence[int] | None = None,
        require_edge_contact: bool = True,
        contact_when_empty: bool = False,
    ) -> Callable[[int], tuple[int, ...]]:
        """A function of an occupied mask listing the legal placements of ``shape`` (the rules of
        :meth:`legal_placements`): ascending indices into :meth:`placements`, or, given ``ids`` (one
        ascending number per placement, e.g. a caller's own table ids), those numbers.

        How: bit-parallel, as :meth:`any_legal_placement`: per orientation, the anchors where the shape fits
        (the free mask shifted by each cell offset, ANDed) and, when contact is needed, next to an occupied
        cell (the occupied mask shifted by each side-neighbour offset, ORed); then one lookup per legal
        anchor. A few dozen big-integer operations per orientation, however many placements the board
        has, instead of a test per placement; made once per shape, so a call does only that.
        """
        data = self._shape_data(shape, reflections)
        if ids is not None and len(ids) != len(data.placements):
            raise ValueError(f"{len(ids)} ids for {len(data.placements)} placements")
        plans = tuple(
            (p.anchors, p.cell_offsets, p.contact_up, p.contact_down,
             p.placement_at if ids is None else tuple(ids[i] if i >= 0 else -1 for i in p.placement_at))
            for p in data.plans
        )
        return _PlacementLister(plans, self.full_mask, require_edge_contact, contact_when_empty)

    def count_legal_placements(
        self,
        shape: Iterable[Cell],
        occupied_mask: int,
        require_edge_contact: bool = True,
        *,
        reflections: bool = False,
        contact_when_empty: bool = False,
    ) -> int:
        """Number of legal placements (same rules as :meth:`legal_placements`)."""
        return len(
            self.legal_placements(
                shape,
                occupied_mask,
                require_edge_contact,
                reflections=reflections,
                contact_when_empty=contact_when_empty,
            )
        )

    def any_legal_placement(
        self,
        shape: Iterable[Cell],
        occupied_mask: int,
        require_edge_contact: bool = True,
        *,
        reflections: bool = False,
        contact_when_empty: bool = False,
    ) -> bool:
        """Fast test: does :meth:`legal_placements` have at least one entry?

        How: for each orientation, the set of anchors where the shape fits is
        the AND of the free-cell mask shifted by each cell offset; the shape
        touches an occupied cell iff some anchor also lines up with an
        occupied bit at a side-neighbour offset.  Cost is a few big-integer
        operations per orientation, independent of the number of placements.
        """
        occupied = occupied_mask & self.full_mask
        free = self.full_mask & ~occupied
        need_contact = self._needs_contact(occupied, require_edge_contact, contact_when_empty)
        if need_contact and not occupied:
            return False
        for plan in self._shape_data(shape, reflections).plans:
            fit = plan.anchors
            for off in plan.cell_offsets:
                fit &= free >> off
                if not fit:
                    break
            else:
                if not need_contact:
                    return True
                for off in plan.contact_up:
                    if fit & (occupied >> off):
                        return True
                for off in plan.contact_down:
                    if fit & (occupied << off):
                        return True
        return False


# ---------------------------------------------------------------------------
# Square grid
# ---------------------------------------------------------------------------


class SquareGrid:
    """``rows x cols`` square cells ``(row, col)`` with orthogonal adjacency.

    Rows listed in ``excluded_rows`` have no cells; cells on either side of an
    excluded row are NOT adjacent (adjacency is geometric, never bridged).
    """

    def __init__(self, rows: int, cols: int, excluded_rows: Iterable[int] = ()) -> None:
        if rows < 0 or cols < 0:
            raise ValueError("rows and cols must be >= 0")
        self.rows = rows
        self.cols = cols
        self.excluded_rows: tuple[int, ...] = tuple(sorted(set(excluded_rows)))
        skip = set(self.excluded_rows)
        self._cells = tuple((r, c) for r in range(rows) if r not in skip for c in range(cols))
        self._index = {cell: i for i, cell in enumerate(self._cells)}

    @property
    def cells(self) -> tuple[Cell, ...]:
        """Cells in row-major order."""
        return self._cells

    def __len__(self) -> int:
        return len(self._cells)

    def __contains__(self, cell: object) -> bool:
        return cell in self._index

    def index(self, cell: Cell) -> int:
        """Dense index of a cell (position in :attr:`cells`; bit index for masks)."""
        return self._index[cell]

    def neighbours(self, cell: Cell) -> tuple[Cell, ...]:
        """Orthogonal neighbours of ``cell`` that are in the grid, sorted."""
        r, c = cell
        candidates = ((r - 1, c), (r, c - 1), (r, c + 1), (r + 1, c))
        return tuple(n for n in candidates if n in self._index)
