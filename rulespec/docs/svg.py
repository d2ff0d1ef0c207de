"""SVG pictures drawn from data: boards (grids of lanes and boards of triangles). Charts of measured
data are rulespec/play/charts.py's.

Nothing here is hand-drawn per game. A board picture is computed from the engine's tables (which
spaces are in use for a player count, which face applies, which letters mark regions or marks) and,
for a position, from the state (what lies where, and why it was put there). Every picture is a
standalone ``<svg>`` document with a ``<title>`` and no external references, so the site stays offline.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from itertools import product
from typing import Optional

from ..lib.pieces import natural_key, piece_codes, seat_of_item
from ..runtime.position_writing import counter_shown
from .escape import xml_attr, xml_text

# CSS colour keywords a row of a board may be named after; such a row is tinted with its colour.
CSS_COLOURS = {
    "red": "#e53935", "blue": "#1e88e5", "green": "#43a047", "yellow": "#fdd835", "purple": "#8e24aa",
    "orange": "#fb8c00", "pink": "#ec407a", "brown": "#6d4c41", "black": "#212121", "white": "#fafafa",
    "grey": "#9e9e9e", "gray": "#9e9e9e", "cyan": "#00acc1", "teal": "#00897b", "gold": "#ffb300",
    "silver": "#bdbdbd", "violet": "#7e57c2", "indigo": "#3949ab", "lime": "#c0ca33", "magenta": "#d81b60",
    "navy": "#283593", "olive": "#827717", "maroon": "#880e4f", "turquoise": "#26c6da",
}
# Colours for the causes of placements and for the items of a board, in order.
PALETTE = ("#37474f", "#1e88e5", "#e53935", "#43a047", "#8e24aa", "#fb8c00", "#00897b", "#6d4c41", "#d81b60",
           "#3949ab")
SERIES = ("#1e88e5", "#fb8c00", "#43a047", "#8e24aa", "#e53935", "#00897b")
# A seat's pieces (by the seat's own value) are tinted with its colour: player 1 first.
SEATS = ("#1e88e5", "#e53935", "#43a047", "#fb8c00", "#8e24aa", "#00897b")
# Light fills for the marks of a board of triangles, one per meaning; the first seven far apart in hue (amber
# beside orange, or green beside teal, read as one colour at the size of a mark).
MARKS = ("#ffe082", "#ef9a9a", "#a5d6a7", "#90caf9", "#ce93d8", "#bcaaa4", "#4db6ac", "#f48fb1", "#ffcc80")


def _attr(value: object) -> str:
    return xml_attr(value)


def _words(name: str) -> str:
    """A name from the rule file as a picture says it: ``diamond_egg`` -> ``diamond egg``."""
    return name.replace("_", " ").strip()


def _fmt(x: float) -> str:
    return f"{x:.1f}".rstrip("0").rstrip(".")


# ----------------------------------------------------------------------------- boards


@dataclass
class CellView:
    exists: bool = True  # False: no space here at all (a `-` in a map)
    in_use: bool = True  # False: a space left out for this player count
    letter: str = ""  # region or mark letter from the face's map
    occupant: str = ""  # label of what lies here
    short: str = ""  # what to write in the cell
    item: int = -1  # the item's id (a tile covering several cells is one item)
    cause: str = ""
    changed: bool = False
    seat: int = -1  # the seat whose own value the piece is (`each player has a mark: cross, nought`), or -1
    counts: str = ""  # the counters kept per space, as written on it (`4`; `seeds 4, stones 1` for several)


@dataclass
class BoardPicture:
    name: str
    kind: str  # grid | hexagons | triangles | graph
    rows: tuple[str, ...]
    columns: tuple
    cells: list[CellView]
    letter_meaning: dict[str, str] = field(default_factory=dict)  # letter -> what it means (region/mark name)
    caption: str = ""
    causes: tuple[str, ...] = ()  # every cause the game uses, for stable colours
    row_offset: int = 0  # the first row drawn, on a board of triangles (a face may be a band of rows)
    pieces: dict[str, str] = field(default_factory=dict)  # code written in a cell -> the piece's label
    seats: dict[int, str] = field(default_factory=dict)  # seat -> its value, for the pieces drawn in its colour
    table: tuple[str, ...] = ()  # lines under the board: the counters and what the public zones hold
    links: tuple[tuple[int, int], ...] = ()  # a graph: its links by space, and each space's place (x, y)
    drawn_at: tuple[tuple[int, int], ...] = ()


def _cause_colour(picture: BoardPicture, cause: str) -> str:
    causes = list(picture.causes)
    if cause not in causes:
        causes.append(cause)
    return PALETTE[causes.index(cause) % len(PALETTE)]


def board_svg(picture: BoardPicture) -> str:
    if picture.kind == "triangles":
        return _triangles_svg(picture)
    if picture.kind == "hexagons":
        return _hexagons_svg(picture)
    if picture.kind == "graph":
        return _graph_svg(picture)
    return _grid_svg(picture)


def _graph_svg(p: BoardPicture) -> str:
    """A graph: its links as lines, its spaces as dots named beside them, where the rule file places them
    (scaled to about 240 units across), with the pieces on them as on a grid."""
    xs = [x for x, _ in p.drawn_at] or [0]
    ys = [y for _, y in p.drawn_at] or [0]
    scale = 240 / max(max(xs) - min(xs), max(ys) - min(ys), 1)
    margin = 30.0

    def centre(cell: int) -> tuple[float, float]:
        x, y = p.drawn_at[cell]
        return margin + (x - min(xs)) * scale, margin + (y - min(ys)) * scale

    body: list[str] = []
    for a, b in p.links:
        (x1, y1), (x2, y2) = centre(a), centre(b)
        body.append(f'<line x1="{_fmt(x1)}" y1="{_fmt(y1)}" x2="{_fmt(x2)}" y2="{_fmt(y2)}" stroke="#9e9e9e" '
                    f'stroke-width="2"/>')
    for cell, view in enumerate(p.cells):
        x, y = centre(cell)
        body.append(f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="5" fill="#616161"/>')
        body.append(f'<text x="{_fmt(x + 9)}" y="{_fmt(y - 9)}" font-size="10" fill="#555">'
                    f'{xml_text(str(p.rows[cell]))}</text>')
        if view.occupant:
            stroke = _cause_colour(p, view.cause) if view.cause else "#37474f"
            tint = SEATS[view.seat % len(SEATS)] if view.seat >= 0 else None
            fill = f'fill="{tint}" fill-opacity="0.35"' if tint else f'fill="{_piece_fill(view.occupant)}"'
            body.append(f'<g><title>{xml_text(view.occupant)} on {xml_text(str(p.rows[cell]))}</title>'
                        f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="13" {fill} stroke="{stroke}" stroke-width="2.5"/>'
                        f'<text x="{_fmt(x)}" y="{_fmt(y + 4)}" font-size="{11 if len(view.short) <= 3 else 8}" '
                        f'text-anchor="middle" font-weight="bold">{xml_text(view.short)}</text></g>')
        if view.changed:
            dash = "" if view.occupant else ' stroke-dasharray="4 3"'
            body.append(f'<circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="16" fill="none" stroke="#ff6f00" '
                        f'stroke-width="3"{dash}/>')
    width = 2 * margin + (max(xs) - min(xs)) * scale
    legend, legend_h = _legend(p, 6, 2 * margin + (max(ys) - min(ys)) * scale, max(width, 200) - 12)
    height = 2 * margin + (max(ys) - min(ys)) * scale + legend_h
    return _svg_document(max(width, 200, _table_width(p)), height, p.caption or p.name, body + legend)


def _piece_fill(occupant: str) -> str:
    """A piece whose label names a CSS colour (`stone black`) is drawn in it; any other, white."""
    return next((CSS_COLOURS[w] for w in occupant.lower().split() if w in CSS_COLOURS), "#ffffff")


def _hexagons_svg(p: BoardPicture) -> str:
    """A rhombus of pointy-topped hexagons: row r is drawn half a hexagon east of row r - 1, so that the six
    neighbours of rulespec.lib.geometry.HEX_STEPS are the hexagons that share a side."""
    radius = 18.0
    across = math.sqrt(3) * radius  # from one flat side to the other
    n_rows, n_cols = len(p.rows), len(p.columns)
    label_w = 8 + 7.5 * max((len(str(r)) for r in p.rows), default=1)
    top = 24.0
    width = label_w + (n_cols + (n_rows - 1) / 2) * across + 10
    body: list[str] = []

    def centre(r: int, c: int) -> tuple[float, float]:
        return label_w + (c + r / 2) * across + across / 2, top + radius + r * 1.5 * radius

    for c, value in enumerate(p.columns):
        x, _ = centre(0, c)
        body.append(f'<text x="{_fmt(x)}" y="{_fmt(top - 8)}" font-size="11" text-anchor="middle" '
                    f'fill="#555">{xml_text(str(value))}</text>')
    for r, row in enumerate(p.rows):
        x, y = centre(r, 0)
        body.append(f'<text x="{_fmt(x - across / 2 - 4)}" y="{_fmt(y + 4)}" font-size="12" text-anchor="end">'
                    f'{xml_text(str(row))}</text>')
        for c in range(n_cols):
            cell = p.cells[r * n_cols + c]
            if not cell.exists:
                continue
            x, y = centre(r, c)
            corners = " ".join(f"{_fmt(x + radius * math.cos(math.radians(a)))},"
                               f"{_fmt(y + radius * math.sin(math.radians(a)))}" for a in range(-90, 270, 60))
            fill = "url(#leftout)" if not cell.in_use else "#ffffff"
            stroke, stroke_width = ("#ff6f00", "3") if cell.changed else ("#9e9e9e", "0.8")
            dash = ' stroke-dasharray="4 3"' if cell.changed and not cell.occupant else ""
            body.append(f'<polygon points="{corners}" fill="{fill}" stroke="{stroke}" stroke-width="{stroke_width}"'
                        f'{dash}><title>{xml_text(str(row))} {xml_text(str(p.columns[c]))}</title></polygon>')
            if cell.occupant:
                ring = _cause_colour(p, cell.cause) if cell.cause else "#37474f"
                fill = _piece_fill(cell.occupant)
                ink = "#ffffff" if fill in (CSS_COLOURS["black"], CSS_COLOURS["navy"]) else "#212121"
                body.append(f'<g><title>{xml_text(cell.occupant)} on {xml_text(str(row))} '
                            f'{xml_text(str(p.columns[c]))}{" (" + xml_text(cell.cause) + ")" if cell.cause else ""}'
                            f'</title><circle cx="{_fmt(x)}" cy="{_fmt(y)}" r="{_fmt(radius * 0.62)}" fill="{fill}" '
                            f'stroke="{ring}" stroke-width="2"/>'
                            + (f'<text x="{_fmt(x)}" y="{_fmt(y + 4)}" font-size="9" text-anchor="middle" '
                               f'fill="{ink}">{xml_text(cell.short)}</text>' if fill == "#ffffff" else "")
                            + '</g>')
    bottom = top + 2 * radius + (n_rows - 1) * 1.5 * radius
    legend, legend_h = _legend(p, 6, bottom + 20, width - 12)
    return _svg_document(width, bottom + 10 + legend_h, p.caption or p.name, body + legend)


def _legend(picture: BoardPicture, x: float, y: float, width: float) -> tuple[list[str], float]:
    """Legend entries under a board: letters' meanings, left-out spaces, causes present."""
    entries: list[tuple[str, str]] = []  # (svg snippet for the swatch, text)
    letters = sorted({c.letter for c in picture.cells if c.letter and c.exists})
    meanings: dict[str, list[str]] = {}
    for letter in letters:
        meanings.setdefault(picture.letter_meaning.get(letter, "marked"), []).append(letter)
    ordered = sorted(meanings)
    for meaning, group in meanings.items():
        said = _words(meaning)
        text = (f"{said} (spaces with the same letter form one {said})" if picture.kind == "grid"
                else f"marked {said} ({', '.join(group)})")
        fill = "#fffaf0" if picture.kind == "grid" else MARKS[ordered.index(meaning) % len(MARKS)]
        entries.append((f'<circle cx="7" cy="-4" r="6" fill="{fill}" stroke="#b08d57" stroke-width="1.5"/>', text))
    if any(c.exists and not c.in_use for c in picture.cells):
        entries.append(('<rect x="1" y="-10" width="12" height="12" fill="url(#leftout)" stroke="#999"/>',
                        "not in use with this many players"))
    causes = sorted({c.cause for c in picture.cells if c.occupant and c.cause and picture.kind == "grid"},
                    key=lambda c: (list(picture.causes).index(c) if c in picture.causes else 99, c))
    for cause in causes:
        entries.append((f'<rect x="1" y="-10" width="12" height="12" rx="2" fill="#fff" '
                        f'stroke="{_cause_colour(picture, cause)}" stroke-width="2.5"/>', f"placed as {cause}"))
    if any(c.changed for c in picture.cells):
        entries.append(('<rect x="1" y="-10" width="12" height="12" fill="none" stroke="#ff6f00" '
                        'stroke-width="3"/>', "changed by the actions shown"))
    drawn = {c.short for c in picture.cells if c.occupant}
    for code, label in sorted(picture.pieces.items(), key=lambda kv: natural_key(kv[1])):
        if code in drawn:
            entries.append((f'<text x="7" y="0" font-size="11" font-weight="bold" text-anchor="middle">'
                            f'{xml_text(code)}</text>', label))
    for seat, value in sorted(picture.seats.items()):
        entries.append((f'<rect x="1" y="-10" width="12" height="12" rx="2" fill="{SEATS[seat % len(SEATS)]}" '
                        f'fill-opacity="0.35" stroke="{SEATS[seat % len(SEATS)]}"/>', f"player {seat + 1}'s ({value})"))
    out, cx, cy = [], x, y
    for swatch, text in entries:
        w = 22 + 6.2 * len(text) + 14
        if cx + w > x + width and cx > x:
            cx, cy = x, cy + 18
        out.append(f'<g transform="translate({_fmt(cx)},{_fmt(cy)})">{swatch}'
                   f'<text x="18" y="0" font-size="11">{xml_text(text)}</text></g>')
        cx += w
    height = cy - y + 18 if entries else 0
    for line in picture.table:  # the counters and the public zones, one line each
        out.append(f'<text x="{_fmt(x)}" y="{_fmt(y + height)}" font-size="11" fill="#333">{xml_text(line)}</text>')
        height += 16
    return out, height


def _table_width(p: BoardPicture) -> float:
    """The width the lines under a board need (about 6.2 units a character at font size 11)."""
    return max((12 + 6.2 * len(line) for line in p.table), default=0.0)


def _svg_document(width: float, height: float, title: str, body: list[str]) -> str:
    return "\n".join([
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {_fmt(width)} {_fmt(height)}" '
        f'width="{_fmt(width)}" height="{_fmt(height)}" role="img" aria-label="{_attr(title)}" '
        f'font-family="sans-serif" class="rulespec-board">',
        f"<title>{xml_text(title)}</title>",
        '<defs><pattern id="leftout" width="6" height="6" patternUnits="userSpaceOnUse" '
        'patternTransform="rotate(45)"><rect width="6" height="6" fill="#eeeeee"/>'
        '<line x1="0" y1="0" x2="0" y2="6" stroke="#bdbdbd" stroke-width="2"/></pattern></defs>',
        *body,
        "</svg>",
        "",
    ])


def _grid_svg(p: BoardPicture) -> str:
    cs = 34.0  # a square's side
    label_w = 8 + 7.5 * max((len(str(r)) for r in p.rows), default=1)
    top = 22.0
    n_rows = len(p.rows)
    width = label_w + len(p.columns) * cs + 10
    body = (_grid_squares(p, label_w, top, cs) + _grid_regions(p, label_w, top, cs)
            + _grid_pieces(p, label_w, top, cs) + _grid_counts(p, label_w, top, cs))
    legend, legend_h = _legend(p, 6, top + n_rows * cs + 20, width - 12)
    height = top + n_rows * cs + 10 + legend_h
    return _svg_document(max(width, _table_width(p)), height, p.caption or p.name, body + legend)


def _grid_squares(p: BoardPicture, label_w: float, top: float, cs: float) -> list[str]:
    """A grid's column and row labels and its squares: hatched where out of play, tinted by a row's colour."""
    n_cols = len(p.columns)
    body: list[str] = []
    for c, value in enumerate(p.columns):
        body.append(f'<text x="{_fmt(label_w + c * cs + cs / 2)}" y="{_fmt(top - 7)}" font-size="11" '
                    f'text-anchor="middle" fill="#555">{xml_text(str(value))}</text>')
    for r, row in enumerate(p.rows):
        y = top + r * cs
        tint = CSS_COLOURS.get(str(row).lower())
        body.append(f'<text x="{_fmt(label_w - 6)}" y="{_fmt(y + cs / 2 + 4)}" font-size="12" text-anchor="end">'
                    f'{xml_text(str(row))}</text>')
        for c in range(n_cols):
            cell = p.cells[r * n_cols + c]
            if not cell.exists:
                continue
            x = label_w + c * cs
            fill = "url(#leftout)" if not cell.in_use else "#ffffff"
            body.append(f'<rect x="{_fmt(x)}" y="{_fmt(y)}" width="{_fmt(cs)}" height="{_fmt(cs)}" fill="{fill}" '
                        f'stroke="#9e9e9e" stroke-width="0.8"/>')
            if tint and cell.in_use:
                body.append(f'<rect x="{_fmt(x)}" y="{_fmt(y)}" width="{_fmt(cs)}" height="{_fmt(cs)}" '
                            f'fill="{tint}" fill-opacity="0.22"/>')
    return body


def _grid_regions(p: BoardPicture, label_w: float, top: float, cs: float) -> list[str]:
    """A grid's regions: a disc per marked space, joined to same-letter neighbours."""
    n_rows, n_cols = len(p.rows), len(p.columns)
    body: list[str] = []
    for r in range(n_rows):
        for c in range(n_cols):
            cell = p.cells[r * n_cols + c]
            if not cell.letter or not cell.exists:
                continue
            cx, cy = label_w + c * cs + cs / 2, top + r * cs + cs / 2
            for dr, dc in ((0, 1), (1, 0)):
                rr, cc = r + dr, c + dc
                if rr < n_rows and cc < n_cols and p.cells[rr * n_cols + cc].letter == cell.letter:
                    body.append(f'<line x1="{_fmt(cx)}" y1="{_fmt(cy)}" x2="{_fmt(cx + dc * cs)}" '
                                f'y2="{_fmt(cy + dr * cs)}" stroke="#b08d57" stroke-width="9" '
                                f'stroke-linecap="round" opacity="0.55"/>')
    for r in range(n_rows):
        for c in range(n_cols):
            cell = p.cells[r * n_cols + c]
            if not cell.letter or not cell.exists:
                continue
            cx, cy = label_w + c * cs + cs / 2, top + r * cs + cs / 2
            opacity = "1" if cell.in_use else "0.45"
            body.append(f'<circle cx="{_fmt(cx)}" cy="{_fmt(cy)}" r="{_fmt(cs * 0.36)}" fill="#fffaf0" '
                        f'stroke="#b08d57" stroke-width="1.5" opacity="{opacity}"><title>'
                        f'{xml_text(_words(p.letter_meaning.get(cell.letter, "marked")))} {xml_text(cell.letter)} '
                        f'({xml_text(str(p.rows[r]))} {xml_text(str(p.columns[c]))})</title></circle>')
            if not cell.occupant:
                body.append(f'<text x="{_fmt(cx)}" y="{_fmt(cy + 4)}" font-size="11" text-anchor="middle" '
                            f'fill="#8d6e3f">{xml_text(cell.letter)}</text>')
    return body


def _grid_pieces(p: BoardPicture, label_w: float, top: float, cs: float) -> list[str]:
    """A grid's pieces, tinted by their owner and outlined by their cause; the spaces the actions shown changed
    outlined (dashed where emptied)."""
    n_rows, n_cols = len(p.rows), len(p.columns)
    body: list[str] = []
    for r in range(n_rows):
        for c in range(n_cols):
            cell = p.cells[r * n_cols + c]
            if not cell.occupant:
                continue
            x, y = label_w + c * cs, top + r * cs
            stroke = _cause_colour(p, cell.cause) if cell.cause else "#37474f"
            tint = SEATS[cell.seat % len(SEATS)] if cell.seat >= 0 else None
            fill = f'fill="{tint}" fill-opacity="0.35"' if tint else 'fill="#ffffff"'
            ink = f' fill="{tint}"' if tint else ""
            owner = f", player {cell.seat + 1}'s" if cell.seat >= 0 else ""
            body.append(f'<g><title>{xml_text(cell.occupant)}{xml_text(owner)} on {xml_text(str(p.rows[r]))} '
                        f'{xml_text(str(p.columns[c]))}'
                        f'{" (" + xml_text(cell.cause) + ")" if cell.cause else ""}</title>'
                        f'<rect x="{_fmt(x + 4)}" y="{_fmt(y + 4)}" width="{_fmt(cs - 8)}" height="{_fmt(cs - 8)}" '
                        f'rx="4" {fill} stroke="{stroke}" stroke-width="2.5"/>'
                        f'<text x="{_fmt(x + cs / 2)}" y="{_fmt(y + cs / 2 + 4)}" font-size="'
                        f'{11 if len(cell.short) <= 3 else 8}" text-anchor="middle" font-weight="bold"{ink}>'
                        f'{xml_text(cell.short)}</text></g>')
            if cell.changed:
                body.append(f'<rect x="{_fmt(x + 1.5)}" y="{_fmt(y + 1.5)}" width="{_fmt(cs - 3)}" '
                            f'height="{_fmt(cs - 3)}" fill="none" stroke="#ff6f00" stroke-width="3"/>')
    for r in range(n_rows):  # a space emptied by the actions shown
        for c in range(n_cols):
            cell = p.cells[r * n_cols + c]
            if cell.changed and not cell.occupant:
                x, y = label_w + c * cs, top + r * cs
                body.append(f'<rect x="{_fmt(x + 1.5)}" y="{_fmt(y + 1.5)}" width="{_fmt(cs - 3)}" '
                            f'height="{_fmt(cs - 3)}" fill="none" stroke="#ff6f00" stroke-width="3" '
                            f'stroke-dasharray="4 3"/>')
    return body


def _grid_counts(p: BoardPicture, label_w: float, top: float, cs: float) -> list[str]:
    """The counters kept per space, written on each space in use: in its middle when it is empty, at its
    foot under a piece."""
    body: list[str] = []
    n_cols = len(p.columns)
    for r in range(len(p.rows)):
        for c in range(n_cols):
            cell = p.cells[r * n_cols + c]
            if not cell.counts or not cell.exists or not cell.in_use:
                continue
            x, y = label_w + c * cs + cs / 2, top + r * cs + (cs - 3 if cell.occupant else cs / 2 + 5)
            size = (9 if cell.occupant else 14) if len(cell.counts) <= 3 else 7
            body.append(f'<text x="{_fmt(x)}" y="{_fmt(y)}" font-size="{size}" text-anchor="middle" '
                        f'fill="#37474f">{xml_text(cell.counts)}</text>')
    return body


def _triangles_svg(p: BoardPicture) -> str:
    from ..lib.geometry import corners
    side = 40.0
    h = side * math.sqrt(3) / 2
    n_cols = len(p.columns)
    label_w = 8 + 7.5 * max((len(str(r)) for r in p.rows), default=1)
    top = 10.0
    body: list[str] = []
    max_x = 0.0
    item_colours: dict[int, str] = {}
    meanings = sorted({p.letter_meaning.get(cell.letter, "marked") for cell in p.cells if cell.letter})
    for index, cell in enumerate(p.cells):
        if not cell.exists:
            continue
        r, c = divmod(index, n_cols)
        points = [(label_w + hh * side / 2, top + (line - p.row_offset) * h)
                  for line, hh in corners((r + p.row_offset, c))]
        max_x = max(max_x, *(x for x, _ in points))
        if cell.occupant:
            fill = item_colours.setdefault(cell.item, SERIES[len(item_colours) % len(SERIES)])
            opacity = "0.55"
        else:
            fill, opacity = ("url(#leftout)" if not cell.in_use else "#ffffff"), "1"
        stroke = "#ff6f00" if cell.changed else ("#546e7a" if cell.occupant else "#9e9e9e")
        width = "2.5" if cell.changed else "0.8"
        pts = " ".join(f"{_fmt(x)},{_fmt(y)}" for x, y in points)
        tip = f"{p.rows[r]}c{p.columns[c]}" + (f": {cell.occupant}" if cell.occupant else "") + \
              (f" ({_words(p.letter_meaning.get(cell.letter, 'marked'))})" if cell.letter else "")
        body.append(f'<polygon points="{pts}" fill="{fill}" fill-opacity="{opacity}" stroke="{stroke}" '
                    f'stroke-width="{width}"><title>{xml_text(tip)}</title></polygon>')
        cx = sum(x for x, _ in points) / 3
        cy = sum(y for _, y in points) / 3
        if cell.letter:  # a mark: its letter on a disc coloured by what it means
            colour = MARKS[meanings.index(p.letter_meaning.get(cell.letter, "marked")) % len(MARKS)]
            body.append(f'<circle cx="{_fmt(cx)}" cy="{_fmt(cy)}" r="7" fill="{colour}" stroke="#5d4037" '
                        f'stroke-width="1"/><text x="{_fmt(cx)}" y="{_fmt(cy + 3.5)}" font-size="9" '
                        f'text-anchor="middle">{xml_text(cell.letter)}</text>')
        if cell.short:
            body.append(f'<text x="{_fmt(cx)}" y="{_fmt(cy + 3)}" font-size="8" text-anchor="middle">'
                        f'{xml_text(cell.short)}</text>')
    for r, row in enumerate(p.rows):
        body.append(f'<text x="{_fmt(label_w - 10)}" y="{_fmt(top + r * h + h / 2 + 4)}" font-size="11" '
                    f'text-anchor="end">{xml_text(str(row))}</text>')
    width = max_x + 12
    legend, legend_h = _legend(p, 6, top + len(p.rows) * h + 22, max(width - 12, 300))
    height = top + len(p.rows) * h + 12 + legend_h
    return _svg_document(max(width, 320, _table_width(p)), height, p.caption or p.name, body + legend)


def short_text(label: str, value: object, codes: Optional[dict] = None) -> str:
    """What to write inside a space: the column value when the item has one, else the label when it is
    short, else the piece's own letter (``codes``: label -> letter), else the label's first letters."""
    if value is not None:
        return str(value)
    if len(label) <= 4:
        return label
    return (codes or {}).get(label) or label[:4]


def engine_picture(engine, board: int, players: int, state=None, previous=None, caption: str = "",
                   model=None, table: bool = False) -> BoardPicture:
    """The picture of one board: its face and spaces in use for ``players``, and what ``state`` has on it.
    ``model`` (default: the engine's) names the board's regions in the legend and the seats' pieces (a
    piece a seat's own value names is tinted with that seat's colour); with ``table``, the counters and
    the public zones are written under it."""
    info = engine.BOARDS[board]
    tables = state._t if state is not None else engine._tables(players)
    face_name = tables.face[board]
    laid = tables.laid_cells[board]  # every face that applies, laid together
    kind = getattr(info, "kind", "grid")
    if kind == "grid" and getattr(info, "adjacency", "") == "hexagonal":
        kind = "hexagons"
    model = model if model is not None else getattr(engine, "model", None)
    meaning: dict[str, str] = {}
    if kind == "triangles":
        meaning = {letter: name for letter, name in getattr(info, "marks", ())}
    elif model is not None:
        board_model = next((b for b in model.boards if b.name == info.name), None)
        if board_model is not None and board_model.regions:
            meaning = {letter: board_model.regions[0] for letter in set(laid) if letter not in ".-"}
    column_values = engine.ITEM_ATTRS.get(info.column_attribute, {}) if kind != "triangles" else {}
    # A piece with no number to show and a label too long for a cell is written as one letter of its own
    # (`C` cross, `N` nought: told apart, with a legend), as the terminal draws it.
    long_labels = [label for item, label in enumerate(engine._labels_shown)
                   if item not in column_values and len(label) > 4]
    codes = piece_codes(long_labels, ()) if kind != "triangles" else {}
    pieces: dict[str, str] = {}
    seats: dict[int, str] = {}
    cells = []
    for cell in range(info.size):
        letter = laid[cell]
        view = CellView(exists=letter != "-", in_use=bool(tables.in_use[board][cell]),
                        letter=letter if letter not in ".-" else "")
        if state is not None:
            item = state._boards[board][cell]
            if item >= 0:
                label = state._labels[item]  # (as it reads now: a man crowned is a king)
                view.occupant, view.item = label, item
                view.short = short_text(label, column_values.get(item), codes) if kind != "triangles" else ""
                if view.short in codes.values():
                    pieces[view.short] = label
                owner = seat_of_item(model, engine.ITEM_KIND, engine.ITEM_ATTRS, item) if model is not None else None
                if owner is not None and owner[0] < players:
                    view.seat = owner[0]
                    seats[owner[0]] = owner[1]
                view.cause = state._causes[board][cell] or ""
            if previous is not None and previous._boards[board][cell] != state._boards[board][cell]:
                view.changed = True
            view.counts = space_counts(engine, state, board, cell)
        cells.append(view)
    causes = tuple(getattr(model, "causes", ()) or ()) + ("given",)
    # Rows without a single space (a board of triangles laid from fewer pieces than it has rows for) are not
    # drawn: only those above the first space and below the last, so that the triangles keep their lattice.
    width = len(info.columns)
    columns = list(range(width))
    if getattr(info, "row_option", "") or getattr(info, "column_option", ""):
        # A board sized by an option: the rows and columns past its value are not drawn at all.
        for cell, view in enumerate(cells):
            view.exists = view.exists and bool(tables.in_use[board][cell])
        columns = [c for c in range(width) if any(cells[r * width + c].exists for r in range(len(info.rows)))]
        cells = [cells[r * width + c] for r in range(len(info.rows)) for c in columns]
        width = len(columns)
    rows = [r for r in range(len(info.rows)) if any(c.exists for c in cells[r * width:(r + 1) * width])]
    first, last = (rows[0], rows[-1]) if rows else (0, len(info.rows) - 1)
    if kind == "graph":  # (one face, named after nothing the rule file says)
        return BoardPicture(info.name, kind, tuple(info.rows), tuple(info.columns), cells, meaning,
                            caption or f"{_words(info.name)}, {players} players", causes, 0, pieces, seats,
                            table_lines(engine, state) if state is not None and table else (),
                            links=tuple(info.links), drawn_at=tuple(info.drawn_at))
    return BoardPicture(info.name, kind, tuple(info.rows[first:last + 1]), tuple(info.columns[c] for c in columns),
                        cells[first * width:(last + 1) * width], meaning,
                        caption or f"{_words(info.name)}, face {face_name}, {players} players", causes,
                        first if kind == "triangles" else 0, pieces, seats,
                        table_lines(engine, state) if state is not None and table else ())


def space_counts(engine, state, board: int, cell: int) -> str:
    """The counters kept per space of ``board`` on one space: its count alone when the board has one such
    counter, else each counter's name and count."""
    kept = [name for name, b in engine.SPACE_COUNTERS.items() if b == board]
    if len(kept) == 1:
        return str(state._counters[kept[0]][cell])
    return ", ".join(f"{_words(name)} {state._counters[name][cell]}" for name in kept)


def table_lines(engine, state, most: int = 8) -> tuple[str, ...]:
    """What lies beside the board in ``state``: each counter (per seat: `staked: player 1: 1, player 2: 2`)
    and each public zone's contents (at most ``most`` labels, then how many more). Hidden zones and zones
    seen by their owner only are not shown: a picture is for everyone."""
    lines = []
    for zone in engine.ZONES:
        if zone.visibility != "public":
            continue
        base = state._t.zone_base[zone.name]
        for owner in range(state.players if zone.per_player else 1):
            items = sorted((state._labels[i] for i in state._zones[base + owner]), key=natural_key)
            if not items:
                continue
            shown = ", ".join(items[:most]) + (f" and {len(items) - most} more" if len(items) > most else "")
            name = _words(zone.name) + (f" of player {owner + 1}" if zone.per_player else "")
            lines.append(f"{name}: {shown}")
    drawn = {name for name, b in engine.SPACE_COUNTERS.items() if engine.BOARDS[b].kind == "grid"}
    for name, value in state._counters.items():
        if name in drawn:
            continue  # written on the board's spaces (_grid_counts)
        if name in engine.SPACE_COUNTERS:
            b = engine.SPACE_COUNTERS[name]
            lines.append(f"{_words(name)}: " + ", ".join(f"{engine.BOARDS[b].label(c)}: {value[c]}"
                                                          for c in state._t.cells_in_use[b]))
        elif isinstance(value, list):
            lines.append(f"{_words(name)}: " + ", ".join(f"player {s + 1}: {counter_shown(engine, name, v)}"
                                                          for s, v in enumerate(value)))
        else:
            lines.append(f"{_words(name)}: {counter_shown(engine, name, value)}")
    return tuple(lines)


def face_picture(info, face, caption: str) -> BoardPicture:
    """One face of a board of triangles on its own (a board piece), from its map alone."""
    width = len(info.columns)
    rows = [r for r in range(len(info.rows)) if any(ch != "-" for ch in face.cells[r * width:(r + 1) * width])]
    first, last = (rows[0], rows[-1]) if rows else (0, -1)
    cells = [CellView(exists=ch != "-", letter=ch if ch not in ".-" else "")
             for ch in face.cells[first * width:(last + 1) * width]]
    meaning = {letter: name for letter, name in getattr(info, "marks", ())}
    return BoardPicture(info.name, "triangles", tuple(info.rows[first:last + 1]), tuple(info.columns), cells,
                        meaning, caption, (), first)


def option_settings(engine) -> list[dict[str, str]]:
    """Every combination of the engine's option values (the default combination first)."""
    names = list(engine.OPTIONS)
    combos = [dict(zip(names, values)) for values in product(*(engine.OPTIONS[n][0] for n in names))]
    default = {n: engine.OPTIONS[n][1] for n in names}
    combos.sort(key=lambda c: c != default)
    return combos
