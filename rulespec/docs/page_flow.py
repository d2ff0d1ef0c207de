"""The game's page, how a game runs (:class:`GameFlow`, a part of rulespec/docs/pages.py's GamePage): setting up,
a turn and what it can lead to (a tree of the steps each step starts), and the order in which rules apply
(replacements, triggers, queues, end checks, ranking, the turn limit)."""

from __future__ import annotations

from typing import Sequence

from ..model import ir
from .english import human, join
from .escape import md_code, md_text

# How deep the "what a turn can lead to" tree indents (the bundled games need 9 levels); a longer `then`
# chain is cut there, the rest of it described step by step under the rules.
CALL_TREE_DEPTH = 24


def _walk_statements(body: Sequence[ir.S]):
    """Every statement of a body and of the blocks inside it, in order (a walk with a stack of its own:
    blocks may nest as deep as the file allows)."""
    todo = [iter(body)]
    while todo:
        s = next(todo[-1], None)
        if s is None:
            todo.pop()
            continue
        yield s
        inners = [inner for inner in (getattr(s, attr, None) for attr in ("then", "otherwise", "body"))
                  if isinstance(inner, tuple)]
        todo.extend(iter(inner) for inner in reversed(inners))


class GameFlow:
    """The section "How a game runs" (from the GamePage's model, English and declarations by key)."""

    def flow(self) -> list[str]:
        m = self.model
        en = self.en
        lines = ["## How a game runs", ""]
        if m.setup is not None:
            d = self.by_key.get(("setup", "setup"))
            lines += [f"**Setting up.** The [setup](#{d.anchor if d else 'setup'}) runs once, before the first "
                      f"turn; the decisions and draws it starts are taken in order.", ""]
            lines += self._call_tree("setup")
            lines.append("")
        if m.turn_step:
            lines += [f"**A turn.** Turns go clockwise from player {m.first_seat + 1}; each turn carries out "
                      f"{en.step_link(m.turn_step)} for the player whose turn it is, and ends when nothing it "
                      f"started is left to do. What a turn can lead to:", ""]
            lines += self._call_tree(m.turn_step)
            lines.append("")
        lines += ["### The order in which rules apply", ""]
        lines += ["1. A step's lines run from top to bottom. Steps it starts with `then` run after it, in the "
                  "order they were written, before anything that was waiting already.",
                  "2. A choice with no allowed option is skipped; a chance step draws by the odds shown."]
        n = 3
        if m.insteads:
            order = "; ".join(f"{k}. [{human(i.name)}](#{self._anchor('instead', i.name)}) replaces "
                              f"{en.step_link(i.step)} when {en.expr(i.condition)}"
                              for k, i in enumerate(m.insteads, 1))
            lines.append(f"{n}. Before a step starts, the replacement effects for it are tried in the order they are "
                         f"declared, and the first whose condition holds happens instead; a replacement never "
                         f"applies twice to the same step. In order: {order}.")
            n += 1
        for board in m.boards:
            triggers = [t for t in m.triggers if t.event.board == board.name]
            checks = [i for i in m.invariants if i.form == "on_event" and i.event and i.event.board == board.name]
            if not triggers and not checks:
                continue
            parts = []
            for k, t in enumerate(triggers, 1):
                causes = f" (only as {join(['*' + md_text(c) + '*' for c in t.event.causes], 'or')})" if t.event.causes else ""
                parts.append(f"{k}. the trigger [{human(t.name)}](#{self._anchor('trigger', t.name)}){causes}")
            text = (f"{n}. When a component is placed on the {human(board.name)}, its triggers run at once, in the "
                    f"order they are declared: " + ("; ".join(parts) if parts else "none") + ".")
            if checks:
                text += (" Then these invariants are checked: "
                         + ", ".join(f"[{human(i.name)}](#{self._anchor('invariant', i.name)})" for i in checks) + ".")
            lines.append(text)
            n += 1
        for q in m.queues:
            lines.append(f"{n}. The {human(q.name)} queue is first in, first out: steps put in it wait until "
                         f"`resolve {q.name}` runs, then run oldest first, including any queued meanwhile.")
            n += 1
        for timing in dict.fromkeys(["after_step", "turn_start"] + [e.timing for e in m.ends]):
            ends = [e for e in m.ends if e.timing == timing]
            if ends:
                lines.append(f"{n}. {en.end_timing(timing)}, the end conditions are checked in the order they are declared, and the "
                             f"first that holds ends the game: "
                             + ", then ".join(f"[{human(e.name)}](#{self._anchor('end', e.name)})" for e in ends) + ".")
                n += 1
        if m.ranking is not None:
            lines.append(f"{n}. When the game is over, the [ranking](#{self._anchor('ranking', 'ranking')}) "
                         f"orders the players.")
            n += 1
        if m.turn_limit is not None:
            lines.append(f"{n}. A game that goes past {en.expr(m.turn_limit.value)} turns (worked out from the options "
                         f"and the number of players) is stopped: the rules promise it never does, and verification "
                         f"checks that promise.")
        elif m.max_turns:
            lines.append(f"{n}. A game that reaches turn {m.max_turns} is stopped: the rules promise it never does, "
                         f"and verification checks that promise.")
        lines.append("")
        return lines

    def _anchor(self, kind: str, name: str) -> str:
        d = self.by_key.get((kind, name))
        return d.anchor if d is not None else f"{kind}-{name}"

    def _call_tree(self, start: str) -> list[str]:
        steps = {s.name: s for s in self.model.steps}
        if self.model.setup is not None:
            steps["setup"] = self.model.setup
        insteads: dict[str, list[ir.Instead]] = {}
        for i in self.model.insteads:
            insteads.setdefault(i.step, []).append(i)
        triggers_by_board = {}
        for t in self.model.triggers:
            triggers_by_board.setdefault(t.event.board, []).append(t)
        lines: list[str] = []
        shown: set[str] = set()

        def calls(body) -> tuple[list[str], list[str]]:
            """What a body says it starts (one line each), and the steps it starts, in order."""
            out, out_steps = [], []
            for s in _walk_statements(body):
                if isinstance(s, ir.Then):
                    out.append(f"then {self.en.step_link(s.step)}")
                    out_steps.append(s.step)
                elif isinstance(s, ir.Enqueue):
                    out.append(f"queues {self.en.step_link(s.step)} in {human(s.queue)}")
                    out_steps.append(s.step)
                elif isinstance(s, ir.Place):
                    board = s.space.type.split(":", 1)[1] if ":" in s.space.type else ""
                    for t in triggers_by_board.get(board, ()):
                        if not t.event.causes or (s.cause or "") in t.event.causes:
                            effects = []
                            for inner in _walk_statements(t.body):
                                if isinstance(inner, (ir.Then, ir.Enqueue)):
                                    out_steps.append(inner.step)
                                    effects.append(f"then {self.en.step_link(inner.step)}" if isinstance(inner, ir.Then)
                                                   else f"may queue {self.en.step_link(inner.step)} in "
                                                        f"{human(inner.queue)}")
                            out.append(f"fires [{human(t.name)}](#{self._anchor('trigger', t.name)})"
                                       + (f" (which {join(effects)})" if effects else ""))
                elif isinstance(s, ir.Resolve):
                    out.append(f"resolves the {human(s.queue)} queue")
            return list(dict.fromkeys(out)), out_steps

        # A walk with a stack of its own, not recursion: a `then` chain may be as long as the file allows.
        # Past CALL_TREE_DEPTH levels the tree says the chain goes on instead of indenting further.
        todo: list[tuple] = [("step", start, 0)]
        while todo:
            entry = todo.pop()
            if entry[0] == "option":  # an option of a choice, and then the steps it starts
                _, pad, option, depth = entry
                said, out_steps = calls(option.body)
                lines.append(f"{pad}    - option **{human(option.name)}** {md_code(option.template)}"
                             + (": " + "; ".join(said) if said else ""))
                todo.extend(("step", inner, depth + 2) for inner in reversed(list(dict.fromkeys(out_steps))))
                continue
            _, name, depth = entry
            step = steps.get(name)
            if step is None:
                continue
            pad = "    " * depth
            kind = {"auto": "step", "choice": "choice", "chance": "chance"}[step.kind]
            replaced = "".join(f" (replaced by [{human(i.name)}](#{self._anchor('instead', i.name)}) when "
                               f"{self.en.expr(i.condition)})" for i in insteads.get(name, ()))
            if name in shown:
                lines.append(f"{pad}- {self.en.step_link(name)} ({kind}, described above)")
                continue
            if depth > CALL_TREE_DEPTH:
                lines.append(f"{pad}- {self.en.step_link(name)} ({kind}) ... (the chain continues: see each step "
                             f"under the rules below)")
                continue
            shown.add(name)
            lines.append(f"{pad}- {self.en.step_link(name) if name != 'setup' else 'setup'} ({kind}){replaced}")
            if step.kind == "choice":
                todo.extend(("option", pad, option, depth) for option in reversed(step.options))
            else:
                said, out_steps = calls(step.body)
                if said:
                    lines.append(f"{pad}    - " + "; ".join(said))
                todo.extend(("step", inner, depth + 1) for inner in reversed(list(dict.fromkeys(out_steps))))
        return lines
