"""The game's page, its examples (:class:`GameExamples`, a part of rulespec/docs/pages.py's GamePage): each
example run, with the boards before and after and a table of what changed in the zones, counters and queues."""

from __future__ import annotations

from collections import Counter

from ..runtime.position_writing import counter_shown
from .english import human
from .escape import md_code, md_text
from .page_markdown import natural_key, tabs
from .sources import Declaration
from .svg import board_svg, engine_picture


class GameExamples:
    """The section "Examples", each run on the GamePage's engine (a failing example is kept in
    ``failed_examples``: the site refuses it)."""

    def examples(self) -> list[str]:
        items = [d for d in self.decls if d.kind == "example"]
        if not items:
            return []
        lines = ["## Examples", "",
                 "Each example is executable: `rulespec check` sets up the position under **Given**, plays the "
                 "actions under **When**, and checks every **Then**. The pictures are drawn from the position "
                 "before the first action and at the end.", ""]
        for d in items:
            lines += self.example_block(d)
        return lines

    def example_block(self, d: Declaration) -> list[str]:
        """An example: its English and source, run, with the board before and after (a failure is noted, and
        kept in ``failed_examples``: the site refuses to publish it)."""
        from .examples import run_example
        lines = [f"### {md_text(d.node.title if d.node is not None else d.name)} {{ #{d.anchor} }}", ""]
        lines += [f"Example {md_code(d.name)}. "] if d.node is None else [f"Example {md_code(d.name)}."]
        lines += [""]
        lines += self.cites_line(d.node)
        lines += self.ruling_notes(d.node)
        lines += tabs(self.english(d), d.text)
        run = run_example(self.engine, d.name)
        if run is None:
            return lines
        if not run.passed:
            self.failed_examples.append((d, run.message))
            lines += ['!!! failure "This example fails"', "", f"    {md_text(run.message)}", ""]
        return lines + self._example_pictures(d, run)

    def _example_pictures(self, d: Declaration, run) -> list[str]:
        engine = run.engine
        lines = []
        if run.before is None or run.after is None:
            return lines
        for b, board in enumerate(engine.BOARDS):
            occupied = any(i >= 0 for i in run.before._boards[b]) or any(i >= 0 for i in run.after._boards[b])
            if not occupied:
                continue
            players = run.after.players
            # The example by its title, as its heading names it ("Two starfish in a row ..."), not its name; a
            # picture's own title names it in words (a title is free text, a name is not).
            said = getattr(d.node, "title", "") or human(d.name)
            # (the first board's pictures also show the counters and the public zones)
            before = board_svg(engine_picture(engine, b, players, state=run.before, model=self.model, table=b == 0,
                                              caption=f"The {human(board.name)} before: example {human(d.name)}"))
            after = board_svg(engine_picture(engine, b, players, state=run.after, previous=run.before,
                                             model=self.model, table=b == 0,
                                             caption=f"The {human(board.name)} after: example {human(d.name)}"))
            same = run.before._boards[b] == run.after._boards[b]
            if same:
                lines += [f"![The {human(board.name)} in the example “{md_text(said)}”]"
                          f"({self.image(f'example-{d.name}-{board.name}', before)})", ""]
            else:
                lines += [f"The {human(board.name)} before the first action and at the end "
                          f"(changed spaces are outlined):", "",
                          '=== "Before"', "",
                          f"    ![The {human(board.name)} before the actions of the example “{md_text(said)}”]"
                          f"({self.image(f'example-{d.name}-{board.name}-before', before)})", "",
                          '=== "After"', "",
                          f"    ![The {human(board.name)} after the actions of the example “{md_text(said)}”]"
                          f"({self.image(f'example-{d.name}-{board.name}-after', after)})", ""]
        rows = _zone_rows(engine, run.before, run.after)
        if rows:
            lines += ["| where | before | after |", "| --- | --- | --- |"]
            lines += [f"| {a} | {b} | {c} |" for a, b, c in rows]
            lines.append("")
        return lines


def _items_text(labels: list[str]) -> str:
    if not labels:
        return "empty"
    if len(labels) > 12:
        return f"{len(labels)} components"
    counts = Counter(labels)
    return ", ".join(f"{md_code(label)}" + (f" ×{n}" if n > 1 else "") for label, n in sorted(counts.items(),
                                                                                         key=lambda kv: natural_key(kv[0])))


def _zone_rows(engine, before, after) -> list[tuple[str, str, str]]:
    rows = []
    t = after._t
    for zone in engine.ZONES:
        base = t.zone_base[zone.name]
        for owner in range(after.players if zone.per_player else 1):
            a = [engine.ITEM_LABEL[i] for i in before._zones[base + owner]]
            b = [engine.ITEM_LABEL[i] for i in after._zones[base + owner]]
            if not a and not b:
                continue
            if zone.start and sorted(a) == sorted(b):
                continue  # the supply or the box, untouched: not worth a row
            name = human(zone.name) + (f" of player {owner + 1}" if zone.per_player else "")
            rows.append((name, _items_text(a), _items_text(b)))
    for name, value in after._counters.items():
        old = before._counters.get(name)
        if old != value:
            engine = after._engine
            rows.append((f"{human(name)} count", counter_shown(engine, name, old), counter_shown(engine, name, value)))
    for name, entries in after._queues.items():
        old = before._queues.get(name, [])
        if old or entries:
            rows.append((f"{human(name)} queue", ", ".join(md_text(e[0]) for e in old) or "empty",
                         ", ".join(md_text(e[0]) for e in entries) or "empty"))
    return rows
