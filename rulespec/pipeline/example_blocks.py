"""The example runner's `for every` blocks and match lines (a mixin of ExampleRun, rulespec/pipeline/examples.py).

`for every offered action "..."` / `for every chance outcome "..."`: each action offered (or outcome) the pattern
matches is taken on a copy of the state at the block, and the lines under it run on that copy; the state at the
block is left as it was, so the lines after it go on from there. `given leg N scored ...` starts the example
inside a match with those earlier legs' scores; `then the match total of S for P is N` reads the match's total.
"""

from __future__ import annotations

from typing import Callable, Optional

from ..runtime.engine import Engine, State


class ExampleFailure(AssertionError):
    """An example that does not hold, said at its rule-file line."""


class ExampleBlocks:
    """`for every` and the match's legs and totals, on the runner's ``fail``, ``_begin``, ``act`` and ``_matches``."""

    # the action or outcome of the `for every` instance being run, and the block's line
    instance: Optional[tuple[str, int]] = None

    def instance_said(self) -> str:
        """How a failure names the instance it happened in (nothing outside a `for every`)."""
        if self.instance is None:
            return ""
        text, line = self.instance
        return f", instance {text!r} of `for every` at line {line}"

    def for_every(self, st: State, over: str, pattern: Optional[str], instance: Callable[[State], State],
                  line: int = 0) -> None:
        """Each action offered (``over`` "action") or chance outcome ("outcome") that ``pattern`` matches, taken on
        a copy of ``st``, then ``instance`` (the block's lines) run on the copy. Every instance runs; the example
        fails at the first failure, saying how many of the instances failed."""
        self._begin(st, line)
        texts = self._every_action(st, pattern, line) if over == "action" else self._every_outcome(st, pattern, line)
        snapshot = getattr(self, "snapshot", None)
        failed: list[tuple[str, str]] = []
        for text in texts:
            self.instance = (text, line)
            try:
                copy = st.clone()
                self.act(copy, text, line)
                instance(copy)
            except ExampleFailure as failure:
                failed.append((text, str(failure)))
            except Exception as error:  # anything the runner's checks missed: still this instance's failure
                try:
                    self.fail(self.line, f"the example could not run: {type(error).__name__}: {error}")
                except ExampleFailure as failure:
                    failed.append((text, str(failure)))
            finally:
                self.instance = None
        self.snapshot, self.line = snapshot, line
        if failed:
            first, message = failed[0]
            others = [text for text, _ in failed[1:]]
            tail = "" if not others else f"; {len(failed)} of the {len(texts)} instances fail, also " + ", ".join(
                repr(text) for text in others[:5]) + (" ..." if len(others) > 5 else "")
            raise ExampleFailure(message + tail)

    def _every_action(self, st: State, pattern: Optional[str], line: int) -> list[str]:
        if st._over is not None:
            self.fail(line, "`for every offered action`: the game is over, so no action is offered")
        if st.is_chance_node():
            self.fail(line, "`for every offered action`: chance decides here, and no player is offered anything "
                            "(`for every chance outcome` takes each outcome)")
        offered = self._offered(st, line)
        if pattern is None:
            found = offered
        elif pattern.startswith("player ") and ": " in pattern:
            seat, wanted = pattern.split(": ", 1)
            found = [a for a in offered if a.startswith(seat + ": ") and self._matches(a.split(": ", 1)[1], wanted)]
        else:
            found = [a for a in offered if ": " in a and self._matches(a.split(": ", 1)[1], pattern)]
        if not found:
            self.fail_in_play(line, "`for every offered action`: " + (f"no offered action reads {pattern!r}; "
                                                                       if pattern else "") + f"offered: {offered[:10]}")
        return found

    def _every_outcome(self, st: State, pattern: Optional[str], line: int) -> list[str]:
        outcomes = [text for text, _ in self._chances(st, line)]
        if pattern is not None:
            wanted = pattern[len("chance:"):].strip() if pattern.startswith("chance:") else pattern
            found = [text for text in outcomes if self._matches(text, wanted)]
            if not found:
                self.fail(line, f"`for every chance outcome`: no chance outcome reads {pattern!r}; the outcomes are "
                                f"{outcomes[:10]}")
            outcomes = found
        return ["chance: " + text for text in outcomes]

    # ---- matches
    def earlier_legs(self, engine: Engine, st: State, leg: int, scored: list) -> None:
        """``st`` is in leg ``leg`` of the match: the legs before it recorded as played with no winner, each score
        0 unless ``scored`` (leg, score, a value per seat, line) gives it."""
        st._leg = leg - 1
        st._legs = [{"end": "given", "winners": [], "options": dict(engine._leg_options(n)),
                     "scores": {name: [0] * st.players for name in engine.SCORES}} for n in range(leg - 1)]
        for number, name, values, at in scored:
            if name not in engine.SCORES:
                self.fail(at, f"there is no score `{name}`")
            if not 1 <= number < leg:
                self.fail(at, f"the example is in leg {leg}, so leg {number} was not played before it")
            if len(values) != st.players or any(v.__class__ is not int for v in values):
                self.fail(at, f"a leg's `{name}` is one whole number per player: {st.players} players")
            st._legs[number - 1]["scores"][name] = list(values)

    def start_in_match(self, engine: Engine, players: int, scored: list) -> State:
        """The example's state in the leg after the last one ``scored`` gives (`given leg N scored ...`)."""
        at = scored[0][3]
        if engine.MATCH is None:
            self.fail(at, "the example plays one game, not a match: it has no earlier legs "
                          "(`with variant ...` for a variant that adds a match)")
        leg = max(number for number, _, _, _ in scored) + 1
        if leg > len(engine.MATCH[0]):
            self.fail(at, f"the match has {len(engine.MATCH[0])} legs: after leg {leg - 1} there is none")
        try:
            st = engine._empty_state(players, engine._leg_options(leg - 1))
        except ValueError as error:
            self.fail(at, f"the game cannot be set up for {players} players: {error}")
        self.earlier_legs(engine, st, leg, scored)
        return st

    def match_total(self, st: State, name: str, seat: Callable[[], int], total: int, line: int = 0) -> None:
        """`then the match total of S for P is N`: S added up over the legs played and this one."""
        self._begin(st, line)
        match = self.engine.MATCH
        if match is None:
            self.fail(line, "the example plays one game, not a match: there is no match total (`given leg 1 scored "
                            "...` or `given set-up of leg 2` starts it inside the match)")
        if name not in match[1]:
            self.fail(line, f"the match does not add up `{name}`")
        seat = self._seat(st, seat(), line, "the line")
        try:
            this_leg = self.engine.SCORES[name](st, seat)
        except Exception as error:
            self.fail(line, f"`{name}` could not be worked out: {type(error).__name__}: {error}")
        legs = [leg["scores"][name][seat] for leg in st._legs] + [this_leg]
        if sum(legs) != total:
            shown = ", ".join(f"leg {n}: {value}" for n, value in enumerate(legs, 1))
            self.fail(line, f"the match total of {name} for player {seat + 1} is {sum(legs)} ({shown}), not {total}")
