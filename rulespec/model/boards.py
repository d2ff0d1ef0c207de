"""Boards and shapes: a grid's or hexagons' rows, columns, faces and regions; a board of triangles and its shapes."""

from __future__ import annotations

import dataclasses
from typing import Sequence

from ..language import ast
from ..language.errors import did_you_mean
from ..lib.limits import LIMIT, refusal
from . import ir
from .ir import BOOL


def numbered_rows(first: int, last: int) -> tuple[int, ...]:
    """The numbers of a board's rows from the map's first row on: `rows row 1..6` counts down the map,
    `rows rank 8..1` up it (the first row of the map is rank 8)."""
    return tuple(range(first, last + 1)) if first <= last else tuple(range(first, last - 1, -1))


class Boards:
    """Boards and shapes: reads ``attributes``, ``options`` and ``shapes``; adds an option a board's size names to ``used``."""

    def lattice_board(self, d: ast.BoardDecl) -> ir.Board:
        values = self.attributes.get(d.shape_attribute)
        if values is None:
            self.error(d.loc, f"no component has the attribute `{d.shape_attribute}` to give tiles their shape",
                       hint=did_you_mean(d.shape_attribute, self.attributes))
            values = ()
        for value in values:
            if str(value) not in self.shapes:
                self.error(d.loc, f"no shape is declared for the {d.shape_attribute} `{value}`",
                           hint=f"add `shape {value}: (0, 0), ...` listing its triangles")
        if d.regions:
            self.error(d.regions[0].loc, "a board of triangles marks its spaces with `mark x means name`")
        marks = {m.letter: m.name for m in d.marks}
        if len(marks) != len(d.marks):
            self.error(d.loc, "a mark letter is declared twice")
        faces: list[ir.Face] = []
        width, bands = None, []
        if not d.faces:
            self.error(d.loc, f"board `{d.name}` has no face", hint="add `face A:` followed by its map")
        for face in d.faces:
            self.cites_of(face, f"face {face.name}", required=False)
            # A face is a band of rows r<first>, r<first+1>, ...; faces that apply together are laid as one board.
            label = face.rows[0].label if face.rows else "r0"
            first = int(label[1:]) if label[:1] == "r" and label[1:].isdigit() and len(label) <= 8 else 0
            if first + len(face.rows) > LIMIT.board_rows:
                self.error(face.rows[0].loc, refusal("board_rows", first + len(face.rows), unit="rows of a board")
                           + f" (face {face.name} ends at row r{first + len(face.rows) - 1})",
                           hint="number the rows of a board of triangles from r0")
                continue
            for number, row in enumerate(face.rows, start=first):
                if row.label != f"r{number}":
                    self.error(row.loc, f"the rows of a board of triangles are named r0, r1, ... in order (a face "
                                        f"may start lower down, at any rN); this one should be `r{number}`")
                if width is None:
                    width = len(row.cells)
                elif len(row.cells) != width:
                    self.error(row.loc, f"row `{row.label}` has {len(row.cells)} cells; the first row has {width}",
                               hint="write `-` where the board has no triangle")
                for char, column in zip(row.cells, row.cell_columns):
                    if char not in ".-" and char not in marks:
                        self.error(row.loc, f"`{char}` is not a declared mark", width=1,
                                   hint=f"declare it with `mark {char} means <name>`")
            bands.append((face, first))
        height = max((first + len(face.rows) for face, first in bands), default=0)
        always = [(face, first) for face, first in bands if face.condition is None]
        for (a, a_first), (b, b_first) in zip(always, always[1:]):  # faces with no `when` are always laid
            if b_first < a_first + len(a.rows) and a_first < b_first + len(b.rows):
                self.error(b.loc, f"faces {a.name} and {b.name} are both always laid, and their rows overlap",
                           hint="start one face below the other (its first row is rN), or add `when` conditions "
                                "that exclude each other")
        for face, first in bands:
            rows = {first + n: list(row.cells) for n, row in enumerate(face.rows)}
            cells = tuple(ch for r in range(height)
                          for ch in (rows.get(r, []) + ["-"] * (width or 0))[:width or 0])
            condition = self.expr(face.condition, {}, BOOL) if face.condition is not None else None
            faces.append(ir.Face(face.name, face.loc, face.cites, face.rulings, condition, cells))
        mark_cites = tuple(c for m in d.marks for c in m.cites)
        sets, jumps = self.board_directions(d)
        return ir.Board(d.name, d.loc, d.cites + mark_cites, d.rulings, "", tuple(f"r{n}" for n in range(height)),
                        "", tuple(range(width or 0)), "edges", (), tuple(faces), "triangles", d.shape_attribute,
                        tuple((m.letter, m.name) for m in d.marks), direction_sets=sets, jumps=jumps)

    def shape(self, d: ast.ShapeDecl) -> ir.Shape:
        from ..lib.geometry import is_edge_connected
        self.cites_of(d, f"shape `{d.name}`")
        if len(d.cells) > LIMIT.shape_cells:
            self.error(d.loc, refusal("shape_cells", len(d.cells), unit="triangles in one shape"),
                       hint="a shape is one tile: list the triangles it covers")
            return ir.Shape(d.name, d.loc, d.cites, d.rulings, d.cells[:1])
        if len(set(d.cells)) != len(d.cells):
            self.error(d.loc, f"shape `{d.name}` lists a triangle twice")
        elif not is_edge_connected(d.cells):
            self.error(d.loc, f"the triangles of shape `{d.name}` do not hang together by their sides",
                       hint="(row, column) with (0, 0) pointing up; (0, 1) is its right neighbour, pointing down")
        return ir.Shape(d.name, d.loc, d.cites, d.rulings, d.cells)

    def board(self, d: ast.BoardDecl) -> ir.Board:
        if d.lattice != "graph":  # (a graph's declaration is read by Graphs, which says this itself)
            self.cites_of(d, f"board `{d.name}`")
        if d.lattice == "triangles":
            return self.lattice_board(d)
        if d.lattice == "graph":
            return self.graph_board(d)
        last_row, last_column = d.last_row, d.last_column
        # Without the option, the map's own size (one mistake, one error: its rows are not wrong too).
        drawn = d.faces[0].rows if d.faces else ()
        if d.row_option:
            last_row = self._extent_option(d, d.row_option, d.first_row, "rows",
                                           d.first_row + max(len(drawn), 1) - 1)
        if d.column_option:
            last_column = self._extent_option(d, d.column_option, d.first_column, "columns",
                                              d.first_column + max((len(r.cells) for r in drawn), default=1) - 1)
        if d.first_row is not None and last_row - d.first_row + 1 > LIMIT.board_rows:
            self.error(d.loc, refusal("board_rows", last_row - d.first_row + 1, unit="rows of a board")
                       + f" (board `{d.name}`)", hint=f"give the option `{d.row_option}` smaller values")
            last_row = d.first_row
        if last_column - d.first_column + 1 > LIMIT.board_columns:
            self.error(d.loc, refusal("board_columns", last_column - d.first_column + 1)
                       + f" (board `{d.name}`)", hint=f"give the option `{d.column_option}` smaller values")
            last_column = d.first_column
        d = dataclasses.replace(d, last_row=last_row, last_column=last_column)
        row_values = numbered_rows(d.first_row, d.last_row) if d.first_row is not None else \
            self.attributes.get(d.row_attribute)
        rows_known = row_values is not None  # else the maps' rows are not checked against them (one mistake)
        if row_values is None:
            self.error(d.loc, f"no component has the attribute `{d.row_attribute}` to name the rows",
                       hint=(did_you_mean(d.row_attribute, self.attributes) or "") +
                       f"{'; or ' if did_you_mean(d.row_attribute, self.attributes) else ''}number the rows: "
                       f"`rows {d.row_attribute} 1..N`")
            row_values = ()
        if len(row_values) > LIMIT.board_rows:
            self.error(d.loc, refusal("board_rows", len(row_values), unit="rows of a board") + f" (board `{d.name}`)",
                       hint=f"a board has a row per {d.row_attribute}: give it fewer values")
            return ir.Board(d.name, d.loc, d.cites, d.rulings, d.row_attribute, (), d.column_attribute, (),
                            d.adjacency, (), ())
        width = d.last_column - d.first_column + 1
        if width <= 0:
            self.error(d.loc, f"the columns {d.first_column}..{d.last_column} are empty")
        if d.adjacency not in ir.ADJACENCY_DIRECTIONS:
            self.error(d.loc, f"unknown adjacency `{d.adjacency}`",
                       hint=did_you_mean(d.adjacency, list(ir.ADJACENCY_DIRECTIONS))
                       or "a grid of squares has `orthogonal`, `diagonal` or `all` (both); a board of hexagons "
                          "has `hexagonal`")
        faces = self._grid_faces(d, width, row_values, rows_known)
        sets, jumps = self.board_directions(d)
        region_cites: tuple[str, ...] = ()
        region_rulings: tuple[str, ...] = ()
        for region in d.regions:
            region_cites += self.cites_of(region, f"region `{region.name}`", required=False)
            region_rulings += region.rulings
        if len(d.regions) > 1:
            self.error(d.regions[1].loc, "a board marks one kind of region with letters",
                       hint="use a second board map for a second kind of region")
        return ir.Board(d.name, d.loc, d.cites + region_cites, d.rulings + region_rulings, d.row_attribute, tuple(row_values), d.column_attribute,
                        tuple(range(d.first_column, d.last_column + 1)), d.adjacency,
                        tuple(r.name for r in d.regions), tuple(faces), row_option=d.row_option,
                        column_option=d.column_option, direction_sets=sets, jumps=jumps)

    def _grid_faces(self, d: ast.BoardDecl, width: int, row_values: Sequence, rows_known: bool) -> list[ir.Face]:
        """The maps of a grid's faces: a row per row value, in order, ``width`` spaces each; letters for regions."""
        faces = []
        if not d.faces:
            self.error(d.loc, f"board `{d.name}` has no face", hint="add `face A:` followed by its map")
        for face in d.faces:
            self.cites_of(face, f"face {face.name}", required=False)
            labels = [r.label for r in face.rows]
            if rows_known and tuple(labels) != tuple(str(v) for v in row_values):
                self.error(face.loc, f"the map of face {face.name} must have one row per {d.row_attribute}, in the "
                                     f"order {', '.join(map(str, row_values))}",
                           hint=f"its rows are {', '.join(labels)}" + (
                               "; the map's first row is the first number, at the top (north), and the rows count down "
                               f"the map from there: write `{row_values[0]}` first"
                               if sorted(labels) == sorted(str(v) for v in row_values) else ""))
            cells: list[str] = []
            for row in face.rows:
                if len(row.cells) != width:
                    self.error(row.loc, f"row `{row.label}` has {len(row.cells)} spaces; the board has {width} "
                                        f"({d.column_attribute} {d.first_column}..{d.last_column})")
                cells.extend((list(row.cells) + ["."] * width)[:width])
            letters = {c for c in cells if c not in ".-"}  # `-` is no space: an edge, not a region
            if letters and not d.regions:
                self.error(face.loc, f"the map of face {face.name} marks regions, but the board declares none",
                           hint="add `region <name>: one per letter` to the board")
            condition = self.expr(face.condition, {}, BOOL) if face.condition is not None else None
            faces.append(ir.Face(face.name, face.loc, face.cites, face.rulings, condition, tuple(cells)))
        return faces

    def _extent_option(self, d: ast.BoardDecl, name: str, first: int, what: str, drawn: int) -> int:
        """The largest value of the numeric option that ends a board's rows or columns (`1..size`)."""
        option = self.options.get(name)
        if option is None or not option.numeric:
            self.error(d.loc, f"the {what} of board `{d.name}` end at `{name}`, which is not a numeric option",
                       hint=did_you_mean(name, [o for o, v in self.options.items() if v.numeric])
                       or f"declare it: `option {name} \"...\": 3, 4, 5 default 5`, or write a number")
            return drawn
        self.used.add("option:" + name)
        low, high = min(int(v) for v in option.values), max(int(v) for v in option.values)
        if low < first:
            self.error(option.loc, f"option `{name}` can be {low}, but the {what} of board `{d.name}` start at "
                                   f"{first}", hint=f"give `{name}` values of {first} or more")
        return high
