"""The example runner's `then ... is offered`, `then ... decides` and chance lines (a mixin of ExampleRun,
rulespec/pipeline/examples.py): what the state offers each seat now, who decides, and the chance outcomes
with their odds, an offered text matched against a line's `{...}` pattern by its own template."""

from __future__ import annotations

from typing import Optional

from ..lib.template_matching import wild
from ..runtime.blame import located, rule_at
from ..runtime.engine import RuleRuntimeError, State


class ExampleOffers:
    """What is offered and who decides, on the runner's ``engine``, ``fail``, ``_begin`` and ``_seat``."""

    def _offered(self, st: State, line: int) -> list[str]:
        self._begin(st, line)
        try:
            return [str(a) for a in st.legal_actions()] if not st.is_chance_node() else []
        except Exception as error:
            self.fail(line, f"the choices could not be listed: {_failure(error)}")

    def offered_exactly(self, st: State, texts: list, line: int = 0) -> None:
        offered = self._offered(st, line)
        if sorted(offered) != sorted(texts):
            missing = [t for t in texts if t not in offered]
            extra = [t for t in offered if t not in texts]
            self.fail(line, "the offered actions differ: " + "; ".join(
                part for part in (f"not offered: {missing}" if missing else "",
                                  f"offered too: {extra[:10]}" if extra else "") if part))

    def _matches(self, action: str, pattern: str) -> bool:
        """Whether an offered action's text is one ``pattern`` stands for: the text itself, or, with `{...}`
        fields, an action of a template that the pattern is (some fields filled in). The action's own
        template is the most specific one its text fits (`place {t} from the mat on {w}`, not `place {t} on
        {w}`): the one with the most literal text (then the most fields). Matched by rulespec.lib.template_matching, never a
        regular expression made of the rule file's texts (issue #37)."""
        if "{" not in pattern:
            return action == pattern
        if not wild(pattern).fullmatch(action):
            return False
        templates = getattr(self, "_templates", None)
        if templates is None:
            templates = self._templates = sorted(
                {o.template for info in self.engine.STEPS.values() for o in (info.options or ())},
                key=lambda t: (-wild(t).literal_length, -wild(t).fields, t))
        own = next((t for t in templates if wild(t).fullmatch(action)), None)
        return own is None or wild(own).fullmatch(pattern)

    def offered(self, st: State, seat, texts: list, expected: bool, line: int = 0) -> None:
        offered = self._offered(st, line)
        seat = self._seat(st, seat(), line, "the line")
        mine = [a.split(": ", 1)[1] for a in offered if a.startswith(f"player {seat + 1}: ")]
        for text in texts:
            found = [a for a in mine if self._matches(a, text)]
            if expected and not found:
                self.fail(line, f"player {seat + 1} is not offered {text!r}; offered to player {seat + 1}: {mine[:10]}")
            if not expected and found:
                self.fail(line, f"player {seat + 1} is offered {found[0]!r}, but should be offered no {text!r}")

    def decides(self, st: State, seat, kind: Optional[str], line: int = 0) -> None:
        self._begin(st, line)
        from ..runtime.engine import ANY_PLAYER, CHANCE
        now = st.current_player() if st._over is None else None
        shown = {None: "nobody (the game is over)", CHANCE: "chance", ANY_PLAYER: "any player"}.get(
            now, f"player {now + 1}" if isinstance(now, int) and now >= 0 else "nobody")
        if kind == "nobody":
            if st._over is None:
                self.fail(line, f"expected nobody to decide, but {shown} decides")
            return
        want = {"chance": CHANCE, "any": ANY_PLAYER}.get(kind) if kind else self._seat(st, seat(), line, "the line")
        if now != want:
            wanted = {CHANCE: "chance", ANY_PLAYER: "any player"}.get(want, f"player {want + 1}")
            self.fail(line, f"expected {wanted} to decide, but {shown} decides")

    def _chances(self, st: State, line: int) -> list:
        self._begin(st, line)
        if st._over is not None or not st.is_chance_node():
            self.fail(line, "expected a chance node, but " + ("the game is over" if st._over is not None else
                                                             f"player {st.current_player() + 1} decides"
                                                             if st.current_player() >= 0 else "a claim window is open"))
        return [(str(a)[len("chance: "):], p) for a, p in st.chance_outcomes()]

    def chance_outcomes(self, st: State, texts: list, ratios: list, line: int = 0) -> None:
        from fractions import Fraction
        got = {}
        for text, p in self._chances(st, line):
            got[text] = got.get(text, 0) + p
        expected = {}
        for text, (top, bottom) in zip(texts, ratios):
            text = text[len("chance:"):].strip() if text.startswith("chance:") else text
            expected[text] = expected.get(text, 0) + Fraction(top, bottom)
        if got != expected:
            shown = ", ".join(f"{t!r} {p}" for t, p in list(got.items())[:12])
            self.fail(line, f"the chance outcomes are {shown}{' ...' if len(got) > 12 else ''}")

    def chance_even(self, st: State, count: int, line: int = 0, pattern: Optional[str] = None) -> None:
        got = self._chances(st, line)
        if len(got) != count or len({p for _, p in got}) > 1:
            self.fail(line, f"expected {count} equally likely outcomes, but there are {len(got)}"
                            f"{'' if len({p for _, p in got}) <= 1 else ', not equally likely'}")
        if pattern is not None:
            self.chance_read(st, [pattern], line)

    def chance_read(self, st: State, patterns: list, line: int = 0) -> None:
        """Every chance outcome now is of one of the templates (`roll {n}`), each some fields filled in."""
        patterns = [p[len("chance:"):].strip() if p.startswith("chance:") else p for p in patterns]
        other = [text for text, _ in self._chances(st, line) if not any(self._matches(text, p) for p in patterns)]
        if other:
            self.fail(line, f"{len(other)} chance outcome{'s' if len(other) > 1 else ''} read otherwise: "
                            f"{other[:5]}{' ...' if len(other) > 5 else ''}")


def _failure(error: Exception) -> str:
    """What went wrong in the rules, with the declaration and rule-file line it comes from (runtime/blame.py)."""
    if isinstance(error, RuleRuntimeError):
        return str(located(error))
    where = rule_at(error.__traceback__)
    return f"{type(error).__name__}: {error}" + (f" (at {where})" if where else "")
