"""Tests for rulespec.lib.geometry: lattice convention, shapes, placements."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rulespec.lib.geometry import (
    SquareGrid,
    TriangularBoard,
    cells_at_point,
    corners,
    edge_neighbours,
    is_edge_connected,
    is_up,
    normalise,
    orientations,
    point_contacts,
    reflect,
    rotate,
    six_sided_region,
    touching_cells,
)

# No example database: keep the work tree free of a .hypothesis folder.
FAST = settings(database=None, deadline=None)

# Shapes written out by hand from the convention (up iff row+col even).
ONE = ((0, 0),)  # a single up triangle
TWO = ((0, 0), (0, 1))  # up + the down to its right: a rhombus
THREE = ((0, 0), (0, 1), (0, 2))  # up, down, up along a row: a strip of 3
# Six triangles around the lattice point (line 1, h 2): row 0 = up, down, up;
# row 1 = down, up, down.  Derived by hand from the corner formulas.
SIX = ((0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2))
FOUR_STRIP = ((0, 0), (0, 1), (0, 2), (0, 3))  # a parallelogram: chiral
BIG_TRIANGLE = ((0, 0), (1, -1), (1, 0), (1, 1))  # side-2 up triangle


# ---------------------------------------------------------------------------
# Convention
# ---------------------------------------------------------------------------


def test_orientation_parity():
    assert is_up((0, 0)) and is_up((1, 1)) and is_up((-3, 5))
    assert not is_up((0, 1)) and not is_up((1, 0)) and not is_up((-2, 3))


def test_edge_neighbours_by_hand():
    # Up triangle: left, right, and the down triangle below its base.
    assert edge_neighbours((0, 0)) == ((0, -1), (0, 1), (1, 0))
    # Down triangle: left, right, and the up triangle above its top side.
    assert edge_neighbours((0, 1)) == ((-1, 1), (0, 0), (0, 2))


def test_corners_by_hand():
    assert sorted(corners((0, 0))) == [(0, 1), (1, 0), (1, 2)]
    assert sorted(corners((0, 1))) == [(0, 1), (0, 3), (1, 2)]


def test_six_cells_meet_at_a_point():
    assert cells_at_point((1, 2)) == SIX
    with pytest.raises(ValueError):
        cells_at_point((1, 1))  # same parity: not a lattice point


def test_point_contacts_by_hand():
    # Up (0,0) has corners (0,1), (1,0), (1,2).  Around each corner, drop the
    # cell itself and its side neighbours (0,-1), (0,1), (1,0):
    #   (0,1): the three cells of row -1 above the apex
    #   (1,0): (0,-2), (1,-2), (1,-1)
    #   (1,2): (0,2), (1,1), (1,2)
    expected = {(-1, -1), (-1, 0), (-1, 1), (0, -2), (1, -2), (1, -1), (0, 2), (1, 1), (1, 2)}
    assert set(point_contacts((0, 0))) == expected
    assert len(touching_cells((0, 0))) == 12


cells_strategy = st.tuples(st.integers(-20, 20), st.integers(-20, 20))


@FAST
@given(cells_strategy)
def test_contacts_are_symmetric_and_share_right_number_of_corners(cell):
    for n in edge_neighbours(cell):
        assert cell in edge_neighbours(n)
        assert is_up(n) != is_up(cell)
        assert len(set(corners(n)) & set(corners(cell))) == 2
    for n in point_contacts(cell):
        assert cell in point_contacts(n)
        assert len(set(corners(n)) & set(corners(cell))) == 1


# ---------------------------------------------------------------------------
# Shapes
# ---------------------------------------------------------------------------


def test_rotation_counts():
    # One triangle: rotating by 60 degrees turns up into down and back: 2.
    assert len(orientations(ONE)) == 2
    # Rhombus: symmetric under a half turn, so 6 / 2 = 3 orientations.
    assert len(orientations(TWO)) == 3
    # Strip of three: only a mirror symmetry, no rotational one: 6.
    assert len(orientations(THREE)) == 6
    # Six around a point: every 60 degree turn maps it to itself: 1.
    assert len(orientations(SIX)) == 1
    # Side-2 triangle: symmetric under 120 degree turns: 6 / 3 = 2.
    assert len(orientations(BIG_TRIANGLE)) == 2


def test_reflections_option():
    # Mirror-symmetric shapes gain nothing from reflections...
    assert len(orientations(THREE, reflections=True)) == 6
    assert len(orientations(TWO, reflections=True)) == 3
    assert len(orientations(SIX, reflections=True)) == 1
    # ...while the parallelogram strip of four is chiral: 3 rotations, 6 with mirrors.
    assert len(orientations(FOUR_STRIP)) == 3
    assert len(orientations(FOUR_STRIP, reflections=True)) == 6


def test_orientations_listed_by_hand():
    assert orientations(ONE) == (((0, 0),), ((0, 1),))
    assert orientations(TWO) == (((0, 0), (0, 1)), ((0, 0), (1, 0)), ((0, 1), (0, 2)))


shape_strategy = st.sampled_from([ONE, TWO, THREE, SIX, FOUR_STRIP, BIG_TRIANGLE])


def orientations_turned_anew(cells, reflections=False):
    """orientations as it was written: each rotation made from the shape itself (the plain path)."""
    variants = [tuple(cells), reflect(cells)] if reflections else [tuple(cells)]
    return tuple(sorted({normalise(rotate(variant, steps)) for variant in variants for steps in range(6)}))


@FAST
@given(st.sets(st.tuples(st.integers(-5, 5), st.integers(-7, 7)), min_size=1, max_size=9), st.booleans())
def test_orientations_turned_step_by_step_are_the_ones_turned_anew(cells, reflections):
    cells = sorted(cells)
    assert orientations(cells, reflections=reflections) == orientations_turned_anew(cells, reflections)


@FAST
@given(shape_strategy, st.integers(-10, 10), st.integers(-10, 10), st.integers(0, 5))
def test_normalise_ignores_even_translations_and_rotations_keep_adjacency(shape, dr, dc, steps):
    dc += (dr + dc) % 2  # even translation
    moved = tuple((r + dr, c + dc) for r, c in shape)
    assert normalise(moved) == normalise(shape)
    turned = rotate(shape, steps)
    assert normalise(rotate(turned, 6 - steps)) == normalise(shape)
    assert normalise(reflect(reflect(shape))) == normalise(shape)
    assert is_edge_connected(turned) and is_edge_connected(reflect(shape))
    assert normalise(turned) in orientations(shape)


def test_shape_validation():
    with pytest.raises(ValueError):
        orientations(())
    with pytest.raises(ValueError):
        orientations(((0, 0), (0, 0)))


def test_is_edge_connected():
    assert is_edge_connected(THREE)
    assert not is_edge_connected(((0, 0), (0, 2)))  # two ups touching at a corner only


@pytest.mark.parametrize("side", [1, 2, 3, 5])
def test_six_sided_region_size(side):
    cells = six_sided_region(side)
    assert len(cells) == 6 * side * side
    assert is_edge_connected(cells)


# ---------------------------------------------------------------------------
# Boards and placements
# ---------------------------------------------------------------------------


def test_board_masks_and_attributes():
    cells = six_sided_region(2)
    attrs = {cells[0]: {"kind": "bonus"}, cells[5]: {"kind": "bonus", "value": 2}}
    board = TriangularBoard(reversed(cells), attrs)
    assert board.cells == tuple(sorted(cells)) and len(board) == 24
    assert board.cells_of(board.full_mask) == board.cells
    assert bin(board.full_mask).count("1") == 24
    some = board.cells[3:9]
    assert board.cells_of(board.mask_of(some)) == some
    assert board.attributes(cells[5])["value"] == 2
    assert board.attributes(cells[1]) == {}
    assert board.cells_of(board.mask_where(lambda c, a: a.get("kind") == "bonus")) == tuple(
        sorted((cells[0], cells[5]))
    )
    with pytest.raises(KeyError):
        board.mask_of([(50, 50)])
    with pytest.raises(ValueError):
        TriangularBoard(cells, {(50, 50): {}})


def test_placement_counts_on_small_region():
    board = TriangularBoard(six_sided_region(2))
    assert len(board.placements(ONE)) == 24
    # Six around a point fits around each interior point: the centre and its 6 neighbours.
    assert len(board.placements(SIX)) == 7
    # Placements are deduplicated and all on the board.
    for shape in (TWO, THREE, SIX):
        ps = board.placements(shape)
        assert len({p.cells for p in ps}) == len(ps)
        assert all(len(p.cells) == len(shape) for p in ps)
        assert [p.cells for p in ps] == sorted(p.cells for p in ps)


def test_edge_contact_needed_point_contact_is_not_enough():
    board = TriangularBoard(six_sided_region(3))
    occupied = board.mask_of([(0, 0)])  # one up triangle
    legal = {p.cells for p in board.legal_placements(ONE, occupied)}
    assert legal == {(n,) for n in edge_neighbours((0, 0))}
    for n in point_contacts((0, 0)):
        assert (n,) not in legal
    # Without the contact rule every free cell is legal.
    assert len(board.legal_placements(ONE, occupied, require_edge_contact=False)) == len(board) - 1


def test_no_overlap():
    board = TriangularBoard(six_sided_region(3))
    occupied = board.mask_of(six_sided_region(1))
    for shape in (ONE, TWO, THREE, SIX):
        for p in board.legal_placements(shape, occupied):
            assert p.mask & occupied == 0
            assert p.contact_mask & occupied
    # A completely full board admits nothing.
    assert not board.any_legal_placement(ONE, board.full_mask)


def test_empty_board_rule():
    board = TriangularBoard(six_sided_region(2))
    assert len(board.legal_placements(SIX, 0)) == 7
    assert board.any_legal_placement(SIX, 0)
    assert board.legal_placements(SIX, 0, contact_when_empty=True) == ()
    assert not board.any_legal_placement(SIX, 0, contact_when_empty=True)


def test_hole_reachable_only_by_point_contact():
    # Side-2 region: an inner ring of 6 cells (around the centre point), 6
    # outer cells sharing a side with the ring ("spikes"), and 12 outer cells
    # touching the ring at a corner only.  Occupy those 12.
    region = six_sided_region(2)
    ring = set(cells_at_point((0, 1)))
    spikes = {n for c in ring for n in edge_neighbours(c)} - ring
    corner_only = set(region) - ring - spikes
    assert (len(ring), len(spikes), len(corner_only)) == (6, 6, 12)
    board = TriangularBoard(region)
    occupied = board.mask_of(corner_only)
    # The ring-sized hole is free but touches occupied cells only at points;
    # every other six-cell spot overlaps an occupied cell.
    assert not board.any_legal_placement(SIX, occupied)
    assert board.legal_placements(SIX, occupied) == ()
    assert board.legal_placements(SIX, occupied, require_edge_contact=False)[0].cells == tuple(sorted(ring))
    # A single triangle can only go on a spike (inner cells touch no occupied side).
    assert {p.cells[0] for p in board.legal_placements(ONE, occupied)} == spikes
    # Occupy one spike: now the hole has edge contact.
    spike = min(spikes)
    assert board.any_legal_placement(SIX, occupied | board.mask_of([spike]))


def test_board_from_joined_pieces_and_odd_offsets():
    # Two separate pieces; the top-left cell of the bounding box, (2, -2), is
    # a down triangle, which the board's bit layout must cope with.
    left = list(six_sided_region(1, centre=(3, 0)))
    right = [(r, c + 10) for r, c in left]
    board = TriangularBoard(left + right)
    assert len(board.placements(SIX)) == 2
    occupied = board.mask_of(left)
    # The right piece is disconnected from the left: no contact possible.
    assert not board.any_legal_placement(ONE, occupied)
    assert board.cells[0] == min(left + right)


def naive_legal(cells, shape, occupied, reflections=False):
    """Reference: try every orientation at every position, straight from the definition."""
    cells = set(cells)
    occupied = set(occupied)
    results = set()
    for form in orientations(shape, reflections):
        fr, fc = form[0]
        for r, c in cells:
            dr, dc = r - fr, c - fc
            if (dr + dc) % 2:
                continue
            covered = {(a + dr, b + dc) for a, b in form}
            if not covered <= cells or covered & occupied:
                continue
            touching = {n for x in covered for n in edge_neighbours(x)} - covered
            if occupied and not touching & occupied:
                continue
            results.add(tuple(sorted(covered)))
    return results


@st.composite
def boards_with_occupancy(draw):
    base = list(six_sided_region(3))
    keep = draw(st.lists(st.booleans(), min_size=len(base), max_size=len(base)))
    cells = [c for c, k in zip(base, keep) if k] or base[:1]
    dr = draw(st.integers(-3, 3))
    dc = draw(st.integers(-3, 3))
    if (dr + dc) % 2:  # keep the lattice: shift by an even translation
        dc += 1
    cells = [(r + dr, c + dc) for r, c in cells]
    occupied = draw(st.lists(st.sampled_from(cells), unique=True, max_size=len(cells)))
    return cells, occupied


@settings(FAST, max_examples=150)
@given(boards_with_occupancy(), shape_strategy, st.booleans())
def test_any_legal_placement_matches_naive(board_data, shape, reflections):
    cells, occupied = board_data
    board = TriangularBoard(cells)
    occ = board.mask_of(occupied)
    expected = naive_legal(cells, shape, occupied, reflections)
    got = board.legal_placements(shape, occ, reflections=reflections)
    assert {p.cells for p in got} == expected
    assert board.any_legal_placement(shape, occ, reflections=reflections) == bool(expected)
    assert board.count_legal_placements(shape, occ, reflections=reflections) == len(expected)


@settings(FAST, max_examples=150)
@given(boards_with_occupancy(), shape_strategy, st.booleans(), st.booleans(), st.booleans())
def test_legal_placement_indices_are_the_naive_filter_in_order(board_data, shape, reflections, contact, when_empty):
    """The bit-parallel listing gives exactly the placements a test of each one keeps, in placements() order."""
    cells, occupied = board_data
    board = TriangularBoard(cells)
    occ = board.mask_of(occupied)
    placements = board.placements(shape, reflections=reflections)
    needs_contact = contact and (occ != 0 or when_empty)
    expected = tuple(i for i, p in enumerate(placements)
                     if not p.mask & occ and (not needs_contact or p.contact_mask & occ))
    got = board.legal_placement_indices(shape, occ, contact, reflections=reflections, contact_when_empty=when_empty)
    assert got == expected
    assert board.legal_placements(shape, occ, contact, reflections=reflections,
                                  contact_when_empty=when_empty) == tuple(placements[i] for i in expected)


@settings(FAST, max_examples=60)
@given(boards_with_occupancy(), shape_strategy)
def test_any_legal_placement_without_contact_matches_naive(board_data, shape):
    cells, occupied = board_data
    board = TriangularBoard(cells)
    occ = board.mask_of(occupied)
    free_fits = {
        p.cells for p in board.placements(shape) if not set(p.cells) & set(occupied)
    }
    assert board.any_legal_placement(shape, occ, require_edge_contact=False) == bool(free_fits)


# ---------------------------------------------------------------------------
# Square grid
# ---------------------------------------------------------------------------


def test_square_grid():
    grid = SquareGrid(4, 3, excluded_rows=[2])
    assert len(grid) == 9
    assert (2, 0) not in grid and (3, 0) in grid
    assert grid.neighbours((0, 0)) == ((0, 1), (1, 0))
    assert grid.neighbours((1, 1)) == ((0, 1), (1, 0), (1, 2))  # row 2 is excluded
    assert grid.neighbours((3, 1)) == ((3, 0), (3, 2))
    assert [grid.index(c) for c in grid.cells] == list(range(9))
