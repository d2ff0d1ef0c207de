"""What a seat sees, as text: a board drawn as rows, zones, counters, what changed between two
observations, and the outcome of a game. Built from ``state.observation(seat)`` and the game's static
tables only, so a seat is never shown what it cannot see (`rulespec play`, `rulespec replay`)."""

from __future__ import annotations

from typing import Optional

from ..lib.pieces import piece_codes
from .console import _natural


def seat_name(seat: int) -> str:
    return "chance" if seat < 0 else f"player {seat + 1}"


def words(name: str) -> str:
    """A rule file's name as words (`pass_streak` -> `pass streak`), as the rules site writes it."""
    return name.replace("_", " ").strip()


def format_outcome(state) -> list[str]:
    outcome = state.outcome()
    if outcome is None:
        return ["the game is not over"]
    cites = f" [{', '.join(outcome['cites'])}]" if outcome.get("cites") else ""
    winners = outcome.get("winners", [])
    if outcome.get("draw"):
        who = "a draw: every player ties for first"
    elif not winners:
        who = "nobody wins"
    elif len(winners) == 1:
        who = f"{seat_name(winners[0])} wins"
    else:
        who = " and ".join(seat_name(w) for w in winners) + " share the win"
    lot = outcome.get("lot")
    if lot is not None:
        who += f" ({seat_name(lot)} drew the lot among those tied for first)"
    lines = [f"game over by {words(outcome['end'])}{cites} after {state._turn_number} turns: {who}"]
    scores = outcome.get("scores", {})
    ranking = outcome.get("ranking", [])
    for seat in sorted(range(state.players), key=lambda s: (ranking[s] if ranking else 0, s)):
        figures = ", ".join(f"{words(name)} {values[seat]}" for name, values in scores.items())
        rank = f"rank {ranking[seat]}: " if ranking else ""
        lines.append(f"  {rank}{seat_name(seat)}" + (f" ({figures})" if figures else ""))
    return lines


MAX_LABEL_CELL = 8  # the longest label drawn whole in a board's cell
DEFAULT_WIDTH = 80  # a board drawn for no terminal in particular


class Drawn(str):
    """A row of a drawn board: printed whole, never wrapped."""


class _BoardDrawing:
    """One board of a game at one player count, drawn as text: a grid of rows and columns, or a strip of
    triangles per row for a board of triangles (up and down in turn, as rulespec.lib.geometry lays them).
    It remembers which piece codes and printed marks it drew, for the legend."""

    def __init__(self, engine, b: int, players: int, width_limit: int = 0) -> None:
        self.engine, self.b, self.players = engine, b, players
        self.board = board = engine.BOARDS[b]
        self.tables = engine._tables(players)
        self.triangles = getattr(board, "kind", "grid") == "triangles"
        self.hexes = getattr(board, "adjacency", "") == "hexagonal"  # each row drawn half a hexagon east of the last
        self.width, self.label_width = len(board.columns), max(len(r) for r in board.rows)
        self.in_use = self.tables.in_use[b]
        self.column_values = engine.ITEM_ATTRS.get(board.column_attribute, {}) if board.column_attribute else {}
        self.marks = dict(getattr(board, "marks", ()) or ())
        valueless = [label for item, label in enumerate(engine._labels_shown) if item not in self.column_values]
        self.codes = piece_codes(valueless, self.marks)
        self.mark_code = {name: code for code, name in self.marks.items()}
        self.item_of_label: dict[str, int] = {}
        for item, label in enumerate(engine.ITEM_LABEL):
            self.item_of_label.setdefault(label, item)
        self.columns = [c for c in range(self.width) if any(self.in_use[r * self.width + c]
                                                            for r in range(len(board.rows)))] \
            if self.triangles or getattr(board, "column_option", "") else list(range(self.width))
        self.pieces_shown: dict[str, str] = {}  # code -> what it stands for, as drawn this time
        self.marks_shown: dict[str, str] = {}
        # A piece is drawn by its own label (`shown as`: `cross`, not `C`) when every label fits a cell and
        # the rows still fit the terminal; otherwise by a one-character code the legend explains.
        widest = max(map(len, valueless), default=0)
        self.cell_width = max(2, widest) if self._rows_fit(max(2, widest), width_limit) else 2
        self.by_label = 2 < self.cell_width or (0 < widest <= 2)

    def _rows_fit(self, cell_width: int, width_limit: int) -> bool:
        if self.triangles or cell_width > MAX_LABEL_CELL:
            return False
        gap = 2 if self.hexes else 1
        row = 2 + self.label_width + 1 + len(self.columns) * (cell_width + gap) + (2 * len(self.board.rows)
                                                                                  if self.hexes else 0)
        return row <= (width_limit or DEFAULT_WIDTH)

    def ruler(self) -> list[str]:
        """The line above the rows that numbers the columns (none when no column is in use)."""
        columns, label_width = self.columns, self.label_width
        if self.triangles and columns:
            ruler = [" "] * len(columns)
            for x, c in enumerate(columns):  # every fifth column numbered, where the number fits
                if c % 5 == 0 and x + len(str(c)) <= len(columns) and ruler[max(0, x - 1)] == " ":
                    ruler[x:x + len(str(c))] = str(c)
            ruler = "".join(ruler)
            return [Drawn(f"  {'':<{label_width}} {ruler}  (columns {columns[0]} to {columns[-1]})")]
        if columns:
            gap = "  " if self.hexes else " "
            return [Drawn(f"  {'':<{label_width}} " + gap.join(f"{self.board.columns[c]!s:>{self.cell_width}}"
                                                               for c in columns))]
        return []

    def rows(self, occupied: dict[str, str]) -> list[str]:
        """A line per row in play; a run of rows that only other player counts use is told in one line."""
        engine, board, width, in_use = self.engine, self.board, self.width, self.in_use
        used_with_others = [any(engine._tables(n).in_use[self.b][r * width + c]
                                for n in range(engine.MIN_PLAYERS, engine.MAX_PLAYERS + 1) for c in range(width))
                            for r in range(len(board.rows))]
        lines: list[str] = []
        shift = 0  # on hexagons: the rows drawn so far, each indented two more than the one above
        left_out: list[str] = []  # rows in a run that other player counts use: told in one line

        def tell_left_out() -> None:
            if left_out:
                rows = left_out[0] if len(left_out) == 1 else f"{left_out[0]} to {left_out[-1]}"
                lines.append(Drawn(f"  {rows:<{self.label_width}} (not in play with {self.players} players)"))
                left_out.clear()

        for r, row in enumerate(board.rows):
            if not any(in_use[r * width + c] for c in range(width)):
                if used_with_others[r]:
                    left_out.append(row)
                else:
                    tell_left_out()  # a row no player count uses draws nothing
                continue
            tell_left_out()
            cells = [self.cell(r, c, occupied) for c in self.columns]
            drawn = "".join(cells) if self.triangles else ("  " if self.hexes else " ").join(cells)
            lines.append(Drawn(f"  {row:<{self.label_width}} " + " " * (2 * shift) + drawn.rstrip()))
            shift += self.hexes
        tell_left_out()
        return lines

    def cell(self, r: int, c: int, occupied: dict[str, str]) -> str:
        """One space as drawn: the piece on it (its code, or its column attribute's value), a mark printed
        on the board, or an empty space."""
        cell = r * self.width + c
        label = self.board.label(cell)
        if not self.in_use[cell]:
            return " " if self.triangles else " " * self.cell_width
        if label in occupied:
            piece = occupied[label]
            value = self.column_values.get(self.item_of_label.get(piece))
            if value is not None:
                text = f"{value}"
            elif self.by_label:
                text = piece
            else:
                text = self.codes.get(piece) or piece_codes([piece], set(self.codes.values()) | set(self.marks))[piece]
                self.pieces_shown[text] = piece
        else:
            printed = getattr(self.tables, "mark_of", ())
            b = self.b
            mark = printed[b][cell] if b < len(printed) and cell < len(printed[b]) else None
            if mark is not None and mark in self.mark_code:
                text = self.mark_code[mark]
                self.marks_shown[text] = words(mark)
            elif self.triangles:
                text = "\u25b3" if (r + c) % 2 == 0 else "\u25bd"  # up when row + column is even
            else:
                text = "o" if self.tables.region_of[b][cell] >= 0 else "."
        return text if self.triangles else f"{text:>{self.cell_width}}"

    def legend(self) -> str:
        """What the codes drawn so far stand for, and how an empty space looks."""
        legend = []
        for heading, shown in (("pieces", self.pieces_shown), ("printed on the board", self.marks_shown)):
            if shown:
                legend.append(f"{heading}: " + ", ".join(f"{code} {what}" for code, what in
                                                          sorted(shown.items(), key=lambda kv: _natural(kv[1]))))
        if self.column_values:
            legend.insert(0, f"a number: the {words(self.board.column_attribute)} of the piece there")
        if self.triangles:
            legend.append("\u25b3 \u25bd an empty space")
        else:
            in_use, region_of = self.in_use, self.tables.region_of[self.b]
            if any(region_of[cell] >= 0 for cell in range(len(in_use)) if in_use[cell]):
                regions = [words(m.regions[0]) for m in self.engine.model.boards
                           if m.name == self.board.name and m.regions]
                legend.append(f"o an empty {regions[0] if regions else 'region'} space")
            legend.append(". an empty space")
            if self.hexes:
                legend.append("hexagons: each row lies half a hexagon east of the row above")
        return "  (" + "; ".join(legend) + ")"


def board_lines(engine, b: int, occupied: dict[str, str], players: int, width_limit: int = 0) -> list[str]:
    """One board as text (see _BoardDrawing), with a legend; on a terminal narrower than a row, the
    rows lose their indent."""
    drawing = _BoardDrawing(engine, b, players, width_limit)
    lines = [f"{words(drawing.board.name)} (face {words(drawing.tables.face[b])}):"]
    lines += drawing.ruler()
    lines += drawing.rows(occupied)
    lines.append(drawing.legend())
    if width_limit and any(isinstance(line, Drawn) and len(line) > width_limit for line in lines):
        lines = [Drawn(line[2:]) if isinstance(line, Drawn) else line for line in lines]  # a narrow terminal
    return lines


def _items_text(items: list[str], cap: int) -> str:
    """A zone's items; many copies of one label are counted (`diamond x35`), not listed."""
    counted: dict[str, int] = {}
    for item in items:
        counted[item] = counted.get(item, 0) + 1
    if len(counted) < len(items):
        entries = [f"{label} x{n}" if n > 1 else label for label, n in counted.items()]
    else:
        entries = list(items)
    shown = entries[:cap]
    return ", ".join(shown) + (f", ... and {len(entries) - cap} more" if len(entries) > cap else "")


def _zone_owner(owner: int, seat: Optional[int]) -> str:
    return f" of player {owner + 1}" + (" (you)" if owner == seat else "")


def render_observation(engine, observation: dict, width: int = 0) -> list[str]:
    """What one seat may see, as text: built from ``state.observation(seat)`` and the game's static tables
    (a spectator's merged view has the seat None)."""
    seat = observation["seat"]
    players = observation["players"]
    lines = []
    for b, board in enumerate(engine.BOARDS):
        lines += board_lines(engine, b, observation["boards"].get(board.name, {}), players, width)
    stacked = {zone.name for zone in engine.ZONES if getattr(zone, "stacked", False)}
    for name, views in observation["zones"].items():
        owned = isinstance(views, list)
        for owner, view in enumerate(views if owned else [views]):
            who = _zone_owner(owner, seat) if owned else ""
            line = f"{words(name)}{who}: {view.get('size', 'unseen')}"  # size unseen: nothing at all
            if "items" in view:
                items = list(view["items"]) if name in stacked else sorted(view["items"], key=_natural)
                cap = len(items) if (owned and owner == seat) or len(items) <= 15 else 10  # your own in full
                if items:
                    line += f" ({_items_text(items, cap)})"
            else:
                line += " (hidden)" if view.get("size") else ""
            lines.append(line)
    for name, value in observation["counters"].items():
        shown = ", ".join(f"player {s + 1}: {v}" for s, v in enumerate(value)) if isinstance(value, list) else \
            ", ".join(f"{space}: {v}" for space, v in value.items()) if isinstance(value, dict) else value
        lines.append(f"{words(name)}: {shown}")
    for name, pending in observation["queues"].items():
        if pending:
            lines.append(f"{words(name)} to resolve: {', '.join(pending)}")
    return lines


def spectator_view(state) -> dict:
    """Everything the table sees when every seat plays in the open (--watch, the end of a game): each
    seat's own zones from its own observation; what nobody sees (a bag) stays hidden."""
    view = state.observation(0)
    view = {**view, "seat": None, "zones": dict(view["zones"])}
    for seat in range(1, state.players):
        other = state.observation(seat)
        for name, views in other["zones"].items():
            if isinstance(views, list):
                merged = list(view["zones"][name])
                merged[seat] = views[seat]
                view["zones"][name] = merged
    return view


def observation_changes(before: dict, after: dict) -> list[str]:
    """What changed between two observations of one seat (so only what that seat could see)."""
    seat = after["seat"]
    lines = []
    if before["turn"] != after["turn"]:
        lines.append(f"turn {before['turn']} -> {after['turn']}")
    for board, cells in after["boards"].items():
        old = before["boards"].get(board, {})
        for space in sorted(set(old) | set(cells), key=_natural):
            if old.get(space) == cells.get(space):
                continue
            if space not in old:
                lines.append(f"{words(board)}: {cells[space]} placed on {space}")
            elif space not in cells:
                lines.append(f"{words(board)}: {old[space]} taken from {space}")
            else:
                lines.append(f"{words(board)}: {old[space]} on {space} replaced by {cells[space]}")
    for name, views in after["zones"].items():
        old_views = before["zones"].get(name)
        owned = isinstance(views, list)
        pairs = zip(old_views, views) if owned else [(old_views, views)]
        for owner, (old, new) in enumerate(pairs):
            who = _zone_owner(owner, seat) if owned else ""
            if "items" in old and "items" in new:
                added = sorted(set(new["items"]) - set(old["items"]), key=_natural)
                gone = sorted(set(old["items"]) - set(new["items"]), key=_natural)
                change = " ".join([f"+{i}" for i in added] + [f"-{i}" for i in gone])
                if change or old["size"] != new["size"]:
                    lines.append(f"{words(name)}{who}: {old['size']} -> {new['size']}"
                                 + (f" ({change})" if change else ""))
            elif old.get("size") != new.get("size"):
                lines.append(f"{words(name)}{who}: {old['size']} -> {new['size']}")
    for name, value in after["counters"].items():
        old = before["counters"].get(name)
        if old == value:
            continue
        if isinstance(value, dict) and isinstance(old, dict):  # a counter per space: the spaces it changed on
            for space, b in value.items():
                if old.get(space) != b:
                    lines.append(f"{words(name)} on {space}: {old.get(space)} -> {b}")
        elif isinstance(value, list) and isinstance(old, list):
            for s, (a, b) in enumerate(zip(old, value)):
                if a != b:
                    you = " (you)" if s == seat else ""
                    lines.append(f"{words(name)} of player {s + 1}{you}: {a} -> {b}")
        else:
            lines.append(f"{words(name)}: {old} -> {value}")
    return lines


def who_did_what(player: int, text: str, changes: list[str]) -> list[str]:
    """One action as a seat saw it: who did what (a seat's choice is announced at the table; chance only
    by what it changed in this seat's view), then what changed."""
    if player < 0 and not changes:
        return []
    head = f"{seat_name(player)}: {text}" if player >= 0 else text
    if len(changes) == 1 and player < 0:
        return [f"{head}: {changes[0]}"]
    return [head] + [f"    {line}" for line in changes]
