"""The game's page, what it is made of (:class:`GameParts`, a part of rulespec/docs/pages.py's GamePage): the
components and zones as tables, the counters and queues, and each board drawn for every face, option setting
and player count."""

from __future__ import annotations

from collections import Counter

from ..model.value_types import expand_items
from .english import human, join, plural
from .escape import md_code, md_text, tab_title
from .svg import board_svg, engine_picture, face_picture, option_settings


class GameParts:
    """The sections "Components and zones" and "The board(s)" (from the GamePage's model, engine, English,
    declarations by key and its ``image`` store)."""

    def components(self) -> list[str]:
        m = self.model
        if not m.components and not m.zones:
            return []
        lines = ["## Components and zones", ""]
        # Dice are listed as the file declares them, not as the copies of each face the checker makes of them.
        dice = {d.name: d for d in getattr(m, "dice", ())}
        made_by_dice = {d.holder: d for d in dice.values()} | {d.supply: d for d in dice.values()} | \
            {d.lost: d for d in dice.values() if getattr(d, "lost", None)}
        if dice:
            lines += ["| dice | faces | how many | held in | who sees the faces |", "| --- | --- | --- | --- | --- |"]
            for d in dice.values():
                sees = {"public": "everybody", "hidden": "nobody (only the number)",
                        "owner": "its owner (others: the number)",
                        "others": "every player but its owner (its owner: the number)"}.get(d.visibility, d.visibility)
                count = md_text(d.count) if d.count.isdigit() else f"the option {md_code(d.count)}"
                lines.append(f"| [{human(d.name)}](#{self.by_key[('dice', d.name)].anchor}) | {human(d.attribute)}: "
                             f"{_values(d.values)} | {count} {'per player' if d.per_player else 'shared'} | "
                             f"{human(d.holder)} | {sees} |")
            lines += [""]
            lost = [d for d in dice.values() if getattr(d, "lost", None)]
            lines += [f"A {human(d.name)} lost during play is set aside for good in {human(d.lost)} (everybody sees "
                      f"how many, nobody their faces) and never rolled again." for d in lost] + ([""] if lost else [])
        if any(c.name not in dice for c in m.components):
            counts = self._in_play_counts()
            # One column for the components in play, whatever the number of players: a column per player
            # count made the table wider than the page (six columns for Shrimp's 2 to 6 players).
            lines += ["| component | made of | made | in play |", "| --- | --- | --- | --- |"]
            for c in m.components:
                if c.name in dice:
                    continue
                made = "; ".join(f"{human(a)}: {_values(vs)}" for a, vs in c.attributes) or "all alike"
                if c.copies > 1 and c.attributes:
                    made += f" ({c.copies} of each)"
                if c.counts:  # `kind: pawn 8, knight 2, king 1`
                    made = "; ".join(f"{human(a)}: " + (", ".join(f"{md_text(v)} {n}" for v, n in c.copies_table[1])
                                                         if a == c.counts[0] else _values(vs)) for a, vs in c.attributes)
                total = c.total
                in_play = {p: counts[p].get(c.name, 0) for p in counts}
                lines.append(f"| [{human(c.name)}](#{self.by_key[('component', c.name)].anchor}) | {made} | {total} | "
                             f"{_in_play_text(in_play, total)} |")
            lines += ["", "The last column counts the components in play for each number of players; the others "
                          "stay out of the game.", ""]
        if any(z.name not in made_by_dice for z in m.zones):
            lines += ["| zone | whose | who sees the contents | at the start | order |", "| --- | --- | --- | --- | --- |"]
            for z in m.zones:
                if z.name in made_by_dice:
                    continue
                sees = {"public": "everybody", "hidden": "nobody (only the number)",
                        "owner": "its owner (others: the number)",
                        "others": "every player but its owner (its owner: the number)",
                        "top": "everybody: the top only (the rest: the number)"}.get(z.visibility, z.visibility)
                if z.size_unseen:  # `size unseen`: those who may not see the contents see nothing at all
                    sees = {"hidden": "nobody (not even the number)",
                            "owner": "its owner (others: nothing, not even the number)",
                            "others": "every player but its owner (its owner: nothing, not even the number)"}.get(
                                z.visibility, sees)
                starts = [{"in_play": "every component in play", "left_out": "every component left out"}[z.start]] \
                    if z.start else []
                starts += [f"every {human(z.start_component)}"] if z.start_component else []
                starts += [(f"player {seat + 1}: " if seat is not None else "each: " if z.per_player else "")
                           + f"{count} {human(component) if count == 1 else plural(human(component))}"
                           for component, count, seat in z.start_copies]
                start = "; ".join(starts) or "empty"
                lines.append(f"| [{human(z.name)}](#{self.by_key[('zone', z.name)].anchor}) | "
                             f"{'one per player' if z.per_player else 'shared'} | {sees} | {start} | "
                             f"{'a pile: last in is on top' if z.stacked else 'no order'} |")
            lines.append("")
        extras = []
        for c in m.counters:
            extras.append(f"[{human(c.name)}](#{self.by_key[('counter', c.name)].anchor}) "
                          f"({'per player, ' if c.per_player else ''}starts at {c.start})")
        if extras:
            lines += ["Counts kept during play: " + join(extras) + ".", ""]
        queues = [f"[{human(q.name)}](#{self.by_key[('queue', q.name)].anchor})" for q in m.queues]
        if queues:
            lines += [f"Queues of steps waiting to be carried out: {join(queues)}.", ""]
        return lines

    def _in_play_counts(self) -> dict[int, Counter]:
        m = self.model
        items = expand_items(m.components)
        out = {}
        for players in range(m.min_players, m.max_players + 1):
            counts: Counter = Counter()
            for component, values, _ in items:
                left_out = False
                for lo in m.leave_outs:
                    if not lo.players and component in lo.values:
                        left_out = True
                    elif lo.players == players and str(values.get(lo.attribute)) in [str(v) for v in lo.values]:
                        left_out = True
                if not left_out:
                    counts[component] += 1
            out[players] = counts
        return out

    def lattice_faces(self, b: int, board) -> list[str]:
        """A board of triangles: every face (board piece) on its own, then the board as laid for each player
        count with the default options."""
        info = self.engine.BOARDS[b]
        lines = []
        for face_model, face in zip(board.faces, info.faces):
            when = f", used when {self.en.expr(face_model.condition)}" if face_model.condition is not None else ""
            lines += [f"#### Face {md_text(face.name)}{when}", ""]
            link = self.image(f"{board.name}-face-{face.name}",
                              board_svg(face_picture(info, face, f"The {human(board.name)}, face {face.name}")))
            lines += [f"![The {human(board.name)}, face {md_text(face.name)}]({link})", ""]
        laid: dict[str, list[int]] = {}
        for players in range(self.model.min_players, self.model.max_players + 1):
            try:
                laid.setdefault(self.engine._tables(players).face[b], []).append(players)
            except Exception:  # no face applies with the default options for this count
                continue
        if laid:
            lines += ["#### The board as laid, with the default options", ""]
            entries = []
            for face_names, counts in laid.items():
                label = _players_label(counts)
                caption = f"The {human(board.name)} ({face_names}), {label}"
                link = self.image(f"{board.name}-laid-{'-'.join(map(str, counts))}p",
                                  board_svg(engine_picture(self.engine, b, counts[0], caption=caption)))
                entries.append((label, f"![The {human(board.name)} with {label}]({link})"))
            lines += _tabs(entries)
        return lines

    def boards(self) -> list[str]:
        m = self.model
        if not m.boards:
            return []
        lines = ["## The board" + ("s" if len(m.boards) > 1 else ""), ""]
        engine = self.engine
        for b, board in enumerate(m.boards):
            d = self.by_key.get(("board", board.name))
            lines += [f"### {human(board.name)}", ""]
            if d is not None:
                lines += [f"Drawn from the map in the rule file ([board {md_text(board.name)}](#{d.anchor})).", ""]
            if board.lattice == "triangles":
                lines += self.lattice_faces(b, board)
                continue
            # Which face and which spaces are in use, for every option setting and player count.
            seen: dict[str, dict[tuple, list[int]]] = {}
            # A board sized by options (`rows row 1..size`): a picture per size, told by the options' values.
            sizing = [o for o in (board.row_option, board.column_option) if o]
            sizing = list(dict.fromkeys(sizing))
            sized_by: dict[tuple, str] = {}
            for options in option_settings(engine):
                variant = type(engine)(options)
                variant.model = m
                for players in range(m.min_players, m.max_players + 1):
                    try:
                        tables = variant._tables(players)
                    except Exception:  # no face applies with these options: nothing to draw
                        continue
                    face = tables.face[b]
                    pattern = tuple(tables.in_use[b])
                    groups = seen.setdefault(face, {})
                    key = (pattern,)
                    if players not in groups.setdefault(key, []):
                        groups[key].append(players)
                        groups[key].sort()
                    if (face, key) not in self._engines:
                        self._engines[(face, key)] = (variant, players)
                        sized_by[(face, key)] = ", ".join(f"{human(o)} {options[o]}" for o in sizing)
            for face in board.faces:
                groups = seen.get(face.name)
                if not groups:
                    continue
                when = f", used when {self.en.expr(face.condition)}" if face.condition is not None else ""
                lines += [f"#### Face {md_text(face.name)}{when}", ""]
                entries = []
                for key, counts in groups.items():
                    variant, players = self._engines[(face.name, key)]
                    label = _players_label(counts)
                    if sized_by.get((face.name, key)):
                        label = f"{sized_by[(face.name, key)]}, {label}"
                    caption = f"The {human(board.name)}, face {face.name}, {label}"
                    size = "-".join(str(variant.options[o]["value"]) for o in sizing) if sizing else ""
                    link = self.image(f"{board.name}-{face.name}-{size + '-' if size else ''}"
                                      f"{'-'.join(map(str, counts))}p",
                                      board_svg(engine_picture(variant, b, players, caption=caption)))
                    entries.append((label, f"![The {human(board.name)}, face {md_text(face.name)}, with {label}]({link})"))
                lines += _tabs(entries)
        return lines


def _in_play_text(in_play: dict[int, int], total: int) -> str:
    """``{2: 54, 3: 72, 4: 90}`` of 90 -> "54 with 2 players, 72 with 3, all with 4"; the same for every count
    -> "all" (or "none", or the number)."""
    def amount(n: int) -> str:
        return "all" if n == total else "none" if n == 0 else str(n)

    runs: list[list[int]] = []  # player counts in a row with the same number in play
    for players in sorted(in_play):
        if runs and in_play[runs[-1][-1]] == in_play[players] and runs[-1][-1] == players - 1:
            runs[-1].append(players)
        else:
            runs.append([players])
    if len(runs) <= 1:
        return amount(in_play[runs[0][0]]) if runs else amount(total)
    parts = []
    for k, run in enumerate(runs):
        seats = str(run[0]) if len(run) == 1 else f"{run[0]}–{run[-1]}"
        parts.append(f"{amount(in_play[run[0]])} with {seats}" + (" players" if k == 0 else ""))
    return ", ".join(parts)


def _values(values: tuple) -> str:
    if values and all(isinstance(v, int) for v in values) and list(values) == list(range(values[0], values[-1] + 1)):
        return f"{values[0]} to {values[-1]}"
    return ", ".join(md_text(v) for v in values)


def _tabs(entries: list[tuple[str, str]]) -> list[str]:
    """One picture as it is, several as content tabs (label, markdown image)."""
    if len(entries) == 1:
        return [entries[0][1], ""]
    lines = []
    for label, image in entries:
        lines += [f'=== "{tab_title(label)}"', "", f"    {image}", ""]
    return lines


def _players_label(counts: list[int]) -> str:
    if len(counts) == 1:
        return f"{counts[0]} players"
    return join([str(c) for c in counts], "or") + " players"
