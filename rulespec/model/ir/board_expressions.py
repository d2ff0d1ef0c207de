"""The checked model's expressions that ask a board: its spaces' attributes and contents, neighbours,
lines, walks, rays, groups, jumps, `connected`, sets of directions, a graph's named directions and lines, regions,
marks, placements and faces of a board of triangles."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ...lib.geometry import direction_steps
from .expressions import E


@dataclass(frozen=True)
class SpaceAttr(E):
    board: str
    attr: str
    space: E


@dataclass(frozen=True)
class Occupant(E):
    board: str
    space: E


@dataclass(frozen=True)
class Neighbour(E):
    """The next space from ``space`` in ``direction`` (an index of COMPASS), none past the board's edge."""

    board: str
    space: E
    direction: E


@dataclass(frozen=True)
class LineOf(E):
    """``space`` and the spaces after it in ``direction``, ``length`` at most (fewer at the board's edge)."""

    board: str
    length: E
    space: E
    direction: E


@dataclass(frozen=True)
class Walk(E):
    """The spaces after ``space`` in ``direction`` while each passes ``condition`` (``var`` names the space
    tested; with ``until``, up to the first that passes)."""

    board: str
    var: str
    space: E
    direction: E
    until: bool
    condition: E


@dataclass(frozen=True)
class Ray(E):
    """The spaces after ``space`` in ``direction`` up to and including the first occupied one (a rook's
    moves and the piece it may take); the board's edge stops it too."""

    board: str
    space: E
    direction: E


@dataclass(frozen=True)
class GroupOf(E):
    """``space`` and every space of ``board`` joined to it through neighbouring spaces holding the same as it
    (a component of the same kind with the same attribute values, whichever copy; for an empty ``space``, the
    empty spaces), in board order: a group of stones, or an empty region."""

    board: str
    space: E


@dataclass(frozen=True)
class Jumps(E):
    """The spaces the leaps of ``jump`` (declared on ``board``) lead to from ``space``, in board order: those
    past the board's edge or on no space (`-`) left out."""

    board: str
    jump: str
    space: E


def lattice_directions(adjacency: str) -> tuple[int, ...]:
    """The directions (indices of COMPASS) a board of this adjacency has at all: eight on squares and on
    triangles (`adjacency` of a board of triangles is "triangles"), six on hexagons (no north or south)."""
    if adjacency == "triangles":
        return tuple(range(8))
    return tuple(d for d, step in enumerate(direction_steps(adjacency)) if step is not None)


@dataclass(frozen=True)
class Connected(E):
    """Whether a path of neighbouring spaces of ``domain`` (of ``board``), each passing ``condition``, joins a
    space where ``start`` holds to one where ``goal`` holds; ``var`` names the space tested in all three."""

    board: str
    var: str
    domain: E
    condition: E
    start: E
    goal: E


@dataclass(frozen=True)
class Directions(E):
    """A set of a board's directions, as indices of COMPASS: those its adjacency allows (``name`` empty),
    or a named set (built in, `orthogonal`, or the board's own: see Board.direction_sets). On a graph
    (type ``directions:BOARD``) its named directions, as their numbers, ``names`` their words."""

    board: str
    directions: tuple[int, ...]
    name: str = ""
    names: tuple[str, ...] = ()


@dataclass(frozen=True)
class Turned(E):
    """A compass direction turned: `opposite of d` (``way`` "opposite": half a turn, the same on every board) or
    `d turned right` / `d turned left` (the next of the board's directions clockwise / anticlockwise, in the
    order `directions of B` lists them). ``table``: per index of COMPASS, the index of the direction it gives."""

    direction: E
    way: str  # opposite | right | left
    table: tuple[int, ...]


@dataclass(frozen=True)
class NeighboursOf(E):
    """The spaces linked to ``space`` (on a grid, its neighbours by the board's adjacency), in board order."""

    board: str
    space: E


@dataclass(frozen=True)
class GraphDirection(E):
    """A named direction of a board declared as a graph (`links next: a-b`): ``index`` among its directions."""

    board: str
    name: str
    index: int


@dataclass(frozen=True)
class LineSet(E):
    """A named set of lines of a board declared as a graph (`lines mill: a b c, ...`): each a tuple of spaces."""

    board: str
    name: str
    lines: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class RegionComplete(E):
    board: str
    region: str
    space: E


@dataclass(frozen=True)
class Holds(E):
    board: str
    space: E
    component: str


@dataclass(frozen=True)
class HoldsValue(E):
    """``s holds mark of p``, ``s holds king``: s's occupant is the component the value names (``attribute``
    None: a seat's value that names components) or has ``attribute`` equal to the value (a seat's, or a word
    of the attribute's list)."""

    board: str
    space: E
    value: E  # a SeatAttr (`mark of p`) or a Const (`king`)
    attribute: Optional[str]


@dataclass(frozen=True)
class Fits(E):
    board: str
    item: E
    space: E


@dataclass(frozen=True)
class Placements(E):
    """Every placement of a tile's shape (``item``) or of a named shape (``shape``) on a triangle board."""

    board: str
    item: Optional[E]
    shape: Optional[str]


@dataclass(frozen=True)
class CellsOf(E):
    """The spaces a placement would cover, or that a tile on the board covers."""

    board: str
    subject: E


@dataclass(frozen=True)
class FaceOf(E):
    """The name of the face a space of a board of triangles comes from (its board piece)."""

    board: str
    space: E


@dataclass(frozen=True)
class SpaceIndex(E):
    """`index of s`: the place of ``space`` among its board's spaces in use, in board order (the order `for s in
    B` walks: a graph's `spaces` line; a map's rows from the top, each west to east), counted from 0."""

    board: str
    space: E


@dataclass(frozen=True)
class FacesInUse(E):
    """The names of the faces laid together to make a board of triangles in this game, in file order."""

    board: str


@dataclass(frozen=True)
class IsMarked(E):
    board: str
    space: E
    mark: str


@dataclass(frozen=True)
class InRegion(E):
    """``s is a goal space``: the space lies in one of the board's regions (``region goal: one per letter``)."""

    board: str
    space: E
    region: str

