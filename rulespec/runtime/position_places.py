"""Where a position's components lie, read (:class:`Places`, a part of rulespec/runtime/position_reading.py's
PositionReader): zones' lists, boards (a diagram and its key, or `space: component` lines), each component
taken by its label (an attribute that can change: changed to the look written), the rest put where the game
starts them, and the components a pending step names, found once every place is read."""

from __future__ import annotations

import re
from typing import Optional

from .numbers import WHOLE_LIMIT, NotAWholeNumber, whole_number
from .position_format import _compress, _Line, _short


class _ItemRef:
    """An item a pending step names, found once the zones and boards are read."""
    __slots__ = ("line", "column", "label", "how", "where", "item")

    def __init__(self, line, column, label, how, where, item):
        self.line, self.column, self.label, self.how, self.where, self.item = line, column, label, how, where, item


class Places:
    """The lines of a position that say where components are; the reader's ``fail``, ``col``, ``close``,
    ``whole`` and ``seat_word`` say what is wrong and read numbers and seats."""

    def place_line(self, line: _Line, block: list[_Line]) -> None:
        """Read a zone's line (`NAME: items`) or a board's (with its block)."""
        text = line.text
        head, colon, rest = text.partition(":")
        if not colon:
            self.fail(line, line.indent + 1, f"cannot read {_short(text)}",
                      "a line is a zone or board (`NAME: ...`), `counter NAME: N`, `pending STEP(...)`, "
                      "`queued in QUEUE: STEP(...)`, `game over: ...`, or one of game, players, option, "
                      "variant, phase, turn, next seat, leg")
        head = head.strip()
        key_match = re.fullmatch(r"(\w+)\s*\((.*)\)", head)  # `grid (x = cross, ...):` then a diagram block
        board_name = key_match.group(1) if key_match else head
        board = next((b for b, info in enumerate(self.engine.BOARDS) if info.name == board_name), None)
        if board is not None:
            if board in self.written_boards:
                self.fail(line, line.indent + 1, f"board {board_name} is written twice")
            self.written_boards.add(board)
            self.at[f"board{board}"] = line.number
            self.board(line, block, board, key_match.group(2) if key_match else None, rest, self.boards)
            return
        if block:
            self.fail(block[0], block[0].indent + 1, f"only a board takes indented lines, and {head!r} is none")
        zone = self.zone(line, head)
        zones = self.zones
        if zone in zones:
            self.fail(line, line.indent + 1, f"{head} is written twice")
        zones[zone], self.zone_lines[zone] = [], line
        self.at[f"zone{zone}"] = line.number
        if self.items(line, rest, len(head) + 1, zone, zones[zone]):
            self.rest_zone = zone

    def place_unwritten(self, heads) -> None:
        """Components written nowhere: in `the rest`, or else where the game starts them (if that zone is not
        written); then the zones into the state's data."""
        start, zones, rest_zone = self.st, self.zones, self.rest_zone
        left = [i for i in range(len(self.engine.ITEM_KIND)) if i not in self.taken]
        homeless = []
        written = set(zones)
        for item in left:
            if rest_zone is not None:
                zones[rest_zone].append(item)
            elif start._loc[item] < 0:
                continue  # in no place at the start of a game either
            elif start._loc[item] in written:
                homeless.append(item)
            else:
                zones.setdefault(start._loc[item], []).append(item)
        if homeless:
            shown = ", ".join(_compress([self.names.item(i) for i in homeless[:40]], self.names.bare))
            line = self.zone_lines.get(start._loc[homeless[0]], heads[-1][0] if heads else _Line(1, ""))
            self.fail(line, line.indent + 1, f"{len(homeless)} components are in no zone and on no board: {shown}"
                                             f"{'...' if len(homeless) > 40 else ''}",
                      "write them in a zone, or `the rest` in the zone that holds everything else")
        for z in range(self.t.zone_count):
            items = zones.get(z, [])
            self.data["zones"][z] = items if z in self.t.stacked else sorted(items)

    def zone(self, line: _Line, head: str) -> int:
        engine, t = self.engine, self.t
        m = re.fullmatch(r"(\w+)(?:\s+of\s+(.+))?", head)
        info = engine._zone_info.get(m.group(1)) if m else None
        if info is None:
            known = [z.name for z in engine.ZONES] + [b.name for b in engine.BOARDS]
            self.fail(line, line.indent + 1, f"{engine.TITLE} has no zone or board {head!r}",
                      self.close(m.group(1) if m else head, known) or f"zones: {', '.join(z.name for z in engine.ZONES)}")
        base = t.zone_base[info.name]
        if info.per_player:
            if not m.group(2):
                self.fail(line, line.indent + 1, f"there is one {info.name} per player: say whose",
                          f"such as `{info.name} of player 1: ...`")
            return base + self.seat_word(line, m.group(2))
        if m.group(2):
            self.fail(line, self.col(line, " of ") + 1, f"{info.name} is shared, not one per player",
                      "leave out `of ...`")
        return base

    def take(self, line: _Line, column: int, token: str, where: int) -> int:
        """A free item for ``token``: a label (the first copy not yet written) or `item N`."""
        m = re.fullmatch(r"item (\d+)", token)
        if m:
            candidates = [self.item_number(line, column, m.group(1))]
        else:
            candidates = self.names.items_of.get(token)
            if candidates is None:
                self.fail(line, column, f"{self.engine.TITLE} has no component shown as {token!r}",
                          self.close(token, self.names.items_of))
        in_play = set(self.t.in_play_items)
        look = None if m else self.look(token)
        for item in sorted(candidates, key=lambda i: (i not in in_play, i)) + self.changeable(look, candidates):
            if item not in self.taken:
                self.taken.add(item)
                self.where[item] = (where, line.number)
                self.change_to(item, token, look)
                return item
        if not candidates:  # (a look none is made with: `king 0`)
            self.fail(line, column, f"no piece is left that can become {token!r}: every one is written already")
        self.fail(line, column, f"every {token!r} is written already ({len(candidates)} in the game)")

    def look(self, label: str) -> tuple[str, dict]:
        """What a label shows: its component and attribute values (those of the first item made so, or of a
        look none is made with)."""
        if label in self.names.unmade:
            return self.names.unmade[label]
        proto = self.names.items_of[label][0]
        return self.engine.ITEM_KIND[proto], {attr: values[proto] for attr, values in self.engine.ITEM_ATTRS.items()
                                              if proto in values}

    def changeable(self, look: Optional[tuple[str, dict]], candidates: list[int]) -> list[int]:
        """Where attributes can change, the items that can show ``look`` (their component, the attributes that
        cannot change equal) besides ``candidates``: taken when every one made so is written already."""
        engine = self.engine
        if look is None or not engine.CHANGING:
            return []
        kind, combo = look
        fixed = [(attr, values) for attr, values in engine.ITEM_ATTRS.items()
                 if kind not in engine.CHANGING.get(attr, ((), ()))[1]]
        return [item for item, k in enumerate(engine.ITEM_KIND) if k == kind and item not in candidates
                and all(values.get(item) == combo.get(attr) for attr, values in fixed)]

    def change_to(self, item: int, label: str, look: Optional[tuple[str, dict]]) -> None:
        """``item`` written as ``label``: its attributes that can change given the look's values."""
        engine = self.engine
        if not engine.CHANGING or look is None or self.labels[item] == label:
            return
        for attr, values in self.data["attributes"].items():
            if engine.ITEM_KIND[item] in engine.CHANGING[attr][1]:
                values[item] = look[1][attr]
        self.labels[item] = label

    def items(self, line: _Line, text: str, offset: int, zone: int, out: list[int]) -> bool:
        """The items of a zone's line; True when it says `the rest`."""
        text = text.strip()
        if text in ("", "empty"):
            return False
        rest = False
        position = line.raw.find(text, offset)
        for token in text.split(","):
            column = line.raw.find(token.strip(), position) + 1
            position = column + len(token.strip())
            token = token.strip()
            if token == "the rest":
                rest = True
                continue
            for label in self.expand(line, column, token):
                out.append(self.take(line, column, label, zone))
        return rest

    def expand(self, line: _Line, column: int, token: str) -> list[str]:
        """One token of a list: a label, `LABEL xN`, `PREFIX N..M` or `item N`."""
        known = self.names.items_of
        if token in known or re.fullmatch(r"item \d+", token):
            return [token]
        m = re.fullmatch(r"(.+?) x(\d+)", token)
        if m and (m.group(1) in known or re.fullmatch(r"item \d+", m.group(1))):
            try:
                return [m.group(1)] * whole_number(m.group(2), 1, len(self.engine.ITEM_KIND))
            except NotAWholeNumber:
                self.fail(line, column, f"there are not {_short(m.group(2))} of {m.group(1)!r} in the game")
        m = re.fullmatch(r"(.*\D)(\d+)\.\.(\d+)", token)
        if m:
            low = self.whole(line, column, m.group(2), 0, WHOLE_LIMIT, "a run's first number")
            high = self.whole(line, column, m.group(3), 0, WHOLE_LIMIT, "a run's last number")
            if high < low or high - low > len(self.engine.ITEM_KIND):
                self.fail(line, column, f"{token!r} is no run: write the lower number first")
            labels = [f"{m.group(1)}{n}" for n in range(low, high + 1)]
            missing = [label for label in labels if label not in known]
            if missing:
                self.fail(line, column, f"{token!r} names {missing[0]!r}, which is no component of {self.engine.TITLE}")
            return labels
        if not token:
            self.fail(line, column, "an empty name in a list", "separate the components with `, `")
        self.fail(line, column, f"{self.engine.TITLE} has no component shown as {token!r}",
                  self.close(token, known) or "a list holds labels, `LABEL xN`, runs `red 0..17` and `the rest`")

    def board(self, line: _Line, block: list[_Line], b: int, key: Optional[str], rest: str, boards) -> None:
        engine, t = self.engine, self.t
        info = engine.BOARDS[b]
        rest = rest.strip()
        legend = None
        if rest and rest != "empty":  # a one-line diagram: rows split by `/`, then an optional key
            m = re.fullmatch(r"(\S+)(?:\s*\((.*)\))?", rest)
            if not m:
                self.fail(line, self.col(line, rest), f"cannot read the diagram {_short(rest)}",
                          "one character per space, rows split by `/`, then the key: `x.o/.x./..o (x = cross, "
                          "o = nought)`")
            rows = m.group(1).split("/")
            legend = self.legend(line, m.group(2) or "")
            if block:
                self.fail(block[0], block[0].indent + 1, "a board given on one line takes no block")
            if len(rows) != len(info.rows):
                self.fail(line, self.col(line, m.group(1)), f"{info.name} has {len(info.rows)} rows, not {len(rows)}")
            cells = [(line, self.col(line, m.group(1)), "".join(rows))]
            self.diagram(b, cells, legend, boards, row_width_check=[(line, self.col(line, m.group(1)), r) for r in rows])
            return
        if key is not None:  # `grid (x = cross, ...):` and rows of the map below
            legend = self.legend(line, key)
            rows = []
            for row_line in block:
                words = row_line.text.split()
                label = words[0] if words else ""
                if label not in info.rows:
                    self.fail(row_line, row_line.indent + 1, f"{info.name} has no row {label!r}",
                              f"rows: {', '.join(info.rows)}")
                rows.append((row_line, info.rows.index(label), words[1:]))
            if len(rows) != len(info.rows):
                self.fail(line, line.indent + 1, f"{info.name} has {len(info.rows)} rows; the diagram gives {len(rows)}")
            width = len(info.columns)
            for row_line, r, cells in rows:
                if len(cells) != width or any(len(c) != 1 for c in cells):
                    self.fail(row_line, row_line.indent + 1, f"a row of {info.name} has {width} spaces, one character "
                                                              f"each, separated by spaces")
                for c, ch in enumerate(cells):
                    self.cell(row_line, self.col(row_line, ch, row_line.indent + len(info.rows[r])), b,
                              r * width + c, ch, legend, boards)
            return
        for space_line in block:  # `space: component` lines
            where, colon, what = space_line.text.partition(":")
            if not colon:
                self.fail(space_line, space_line.indent + 1, "a space of a board is written `SPACE: COMPONENT`",
                          f"such as `{info.label(t.cells_in_use[b][0]) if t.cells_in_use[b] else '...'}: ...`")
            where, what = where.strip(), what.strip()
            column = self.col(space_line, what, space_line.raw.find(":"))
            item = self.take(space_line, column, what, -1 - b)
            self.put(space_line, space_line.indent + 1, b, where, item, boards)

    def legend(self, line: _Line, key: str) -> dict[str, str]:
        legend = {}
        for part in key.split(","):
            if not part.strip():
                continue
            m = re.fullmatch(r"\s*(\S)\s*=\s*(.+?)\s*", part)
            if not m or m.group(1) in ".-":
                self.fail(line, self.col(line, part.strip()), f"cannot read {_short(part.strip())} in the key",
                          "the key is `LETTER = LABEL, ...` (`.` is an empty space and `-` no space)")
            if m.group(2) not in self.names.items_of:
                self.fail(line, self.col(line, m.group(2)), f"{self.engine.TITLE} has no component shown as "
                                                            f"{m.group(2)!r}", self.close(m.group(2), self.names.items_of))
            legend[m.group(1)] = m.group(2)
        return legend

    def diagram(self, b, cells, legend, boards, row_width_check) -> None:
        info = self.engine.BOARDS[b]
        width = len(info.columns)
        for line, column, row in row_width_check:
            if len(row) != width:
                self.fail(line, column, f"a row of {info.name} has {width} spaces, not {len(row)}: {row!r}")
        line, column, flat = cells[0]
        for cell, ch in enumerate(flat):
            r = cell // width
            self.cell(line, column + cell + r, b, cell, ch, legend, boards)

    def cell(self, line, column, b, cell, ch, legend, boards) -> None:
        info, t = self.engine.BOARDS[b], self.t
        if ch == "-":
            if t.in_use[b][cell]:
                self.fail(line, column, f"{info.label(cell)} is a space in use; `-` is for no space",
                          "write `.` for an empty space")
            return
        if ch == ".":
            return
        if ch not in legend:
            self.fail(line, column, f"{ch!r} is not in the key", f"the key says {', '.join(f'{k} = {v}' for k, v in legend.items()) or 'nothing'}")
        item = self.take(line, column, legend[ch], -1 - b)
        self.put(line, column, b, info.label(cell), item, boards)

    def put(self, line, column, b, where: str, item: int, boards) -> None:
        info, t = self.engine.BOARDS[b], self.t
        if info.kind == "triangles":
            labels = t.placement_label[b]
            placement = next((p for p, label in enumerate(labels) if label == where), None)
            if placement is not None:
                covered = t.placement_cells[b][placement]
            else:
                by_label = {info.label(c): c for c in range(info.size)}
                if any(w not in by_label for w in where.split()):
                    bad = next(w for w in where.split() if w not in by_label)
                    self.fail(line, self.col(line, bad), f"{info.name} has no space {bad!r}",
                              self.close(bad, by_label))
                covered = tuple(sorted(by_label[w] for w in where.split()))
        else:
            found = [c for c in range(info.size) if info.label(c) == where]
            if not found:
                self.fail(line, column, f"{info.name} has no space {where!r}",
                          self.close(where, [info.label(c) for c in t.cells_in_use[b]]))
            covered = (found[0],)
        for c in covered:
            if not t.in_use[b][c]:
                self.fail(line, column, f"{info.label(c)} is not in use in a game of {self.players} players")
            if boards[b][c] >= 0:
                self.fail(line, column, f"{info.label(c)} already holds {self.labels[boards[b][c]]!r}")
        for c in covered:
            boards[b][c] = item

    def item_arg(self, line: _Line, column: int, raw: str) -> "_ItemRef":
        """An item named as a step's argument: `item N`, a label, or a label `in ZONE` / `on SPACES`; found once
        every zone and board is read (see resolve)."""
        m = re.fullmatch(r"item (\d+)", raw)
        if m:
            return _ItemRef(line, column, None, None, None, self.item_number(line, column, m.group(1)))
        label, how, where = raw, None, None
        if raw not in self.names.items_of:
            found = re.fullmatch(r"(.+?)\s+(in|on)\s+(.+)", raw)
            if found and found.group(1) in self.names.items_of:
                label, how, where = found.groups()
        if label not in self.names.items_of:
            self.fail(line, column, f"{self.engine.TITLE} has no component shown as {label!r}",
                      self.close(label, self.names.items_of))
        if how == "in":
            zone = self.zone(line, where)
            return _ItemRef(line, column, label, "in", zone, None)
        return _ItemRef(line, column, label, how, where, None)

    def item_number(self, line: _Line, column: int, digits: str) -> int:
        try:
            return whole_number(digits, 0, len(self.engine.ITEM_KIND) - 1)
        except NotAWholeNumber:
            self.fail(line, column, f"there is no item {_short(digits)}", f"items are 0 to {len(self.engine.ITEM_KIND) - 1}")

    def resolve(self, ref: "_ItemRef", zones: dict, boards: list) -> int:
        if ref.item is not None:
            return ref.item
        labels = self.labels
        if ref.how == "in":
            found = [i for i in zones.get(ref.where, []) if labels[i] == ref.label]
            if not found:
                self.fail(ref.line, ref.column, f"no {ref.label!r} is written in that zone")
            return min(found)
        if ref.how == "on":
            for b, info in enumerate(self.engine.BOARDS):
                first = ref.where.split()[0]
                cell = next((c for c in range(info.size) if info.label(c) == first), None)
                if cell is not None and boards[b][cell] >= 0 and labels[boards[b][cell]] == ref.label:
                    return boards[b][cell]
            self.fail(ref.line, ref.column, f"no {ref.label!r} is written on {ref.where}")
        if not self.names.items_of[ref.label]:
            self.fail(ref.line, ref.column, f"no piece is made as {ref.label!r}: say which one it is",
                      f"`{ref.label} on SPACE` or `{ref.label} in ZONE`")
        return self.names.items_of[ref.label][0]
