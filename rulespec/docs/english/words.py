"""The words every English renderer uses: the registry of renderers (:func:`renders`), small words
(plurals, articles, lists, code), and :class:`English`, which renders one checked model by dispatching
each IR node to its renderer (rulespec/docs/english/expressions.py, statements.py, declarations.py)."""

from __future__ import annotations

import re
from typing import Callable, Iterable, Optional

from ...language.ast import named_step_of
from ...model import ir
from ..escape import md_code, md_text

# ----------------------------------------------------------------------------- registry

EXPRESSIONS: dict[type, Callable] = {}
STATEMENTS: dict[type, Callable] = {}
DECLARATIONS: dict[type, Callable] = {}


def renders(*classes: type) -> Callable:
    """Register a renderer for IR classes (expressions, statements or declarations)."""

    def register(function: Callable) -> Callable:
        for cls in classes:
            if issubclass(cls, ir.E):
                table = EXPRESSIONS
            elif issubclass(cls, ir.S):
                table = STATEMENTS
            else:
                table = DECLARATIONS
            if cls in table:
                raise RuntimeError(f"two English renderers for {cls.__name__}")
            table[cls] = function
        return function

    return register


# ----------------------------------------------------------------------------- small words


def human(name: str) -> str:
    """``pass_streak`` -> ``pass streak``."""
    return name.replace("_", " ").strip()


def plural(noun: str) -> str:
    """A plain English plural, good enough for component and zone names."""
    if noun.endswith(("fish", "sheep", "deer", "series")):
        return noun
    if noun.endswith(("s", "x", "z", "ch", "sh")):
        return noun + "es"
    if noun.endswith("y") and noun[-2:-1] not in "aeiou":
        return noun[:-1] + "ies"
    return noun + "s"


def article(noun: str) -> str:
    return ("an " if noun[:1].lower() in "aeiou" else "a ") + noun


def join(words: list[str], last: str = "and") -> str:
    words = [w for w in words if w]
    if len(words) <= 1:
        return "".join(words)
    if len(words) == 2:
        return f"{words[0]} {last} {words[1]}"
    return ", ".join(words[:-1]) + f", {last} {words[-1]}"


def code(text: str) -> str:
    """Inline code that shows the text exactly, whatever backticks or Markdown are in it."""
    return md_code(text)


def quoted(text: str) -> str:
    """A template or action text: shown as code, so ``{tile}`` is never read as Markdown attributes."""
    return code(text)


def anchor(kind: str, name: str) -> str:
    """The id of a declaration's heading on its game page (stable: it is the kind and the name)."""
    return re.sub(r"[^A-Za-z0-9_-]+", "-", f"{kind}-{name}").strip("-")


STEP_KINDS = {"auto": "step", "choice": "choice", "chance": "chance"}



def noun_of_type(type_: str) -> str:
    if type_.startswith("space:"):
        return "space"
    if type_.startswith("placement:"):
        return "placement"
    if type_.startswith("spaces:"):  # one of a set of lines (`lines mills: ...`)
        return "line"
    if type_.startswith("direction:"):  # one of a graph's named directions
        return "direction"
    return {ir.SEAT: "player", ir.ITEM: "component", ir.INT: "number", ir.SYMBOL: "value",
            ir.DIRECTION: "direction"}.get(type_, "thing")


class English:
    """Renders one checked model. ``link(kind, name)`` gives a Markdown target for a declaration."""

    def __init__(self, model: ir.Model, link: Optional[Callable[[str, str], Optional[str]]] = None):
        self.model = model
        self._link = link
        self.zones = {z.name: z for z in model.zones}
        self.boards = {b.name: b for b in model.boards}
        self.steps = {s.name: s for s in model.steps}
        if model.setup is not None:
            self.steps.setdefault("setup", model.setup)

    # ---- links
    def link(self, kind: str, name: str, text: Optional[str] = None) -> str:
        text = md_text(text if text is not None else human(name))
        target = self._link(kind, name) if self._link else None
        return f"[{text}]({target})" if target else text

    def step_link(self, name: str) -> str:
        step = self.steps.get(name)
        kind = STEP_KINDS.get(step.kind, "step") if step is not None else "step"
        return self.link(kind, name)

    def end_timing(self, timing: str) -> str:
        """When the ends of ``timing`` are checked, as the start of a sentence."""
        step = named_step_of(timing)
        if step is not None:
            return f"Each time {self.step_link(step)} is done (with the steps it starts, up to a player's next choice)"
        return {"after_step": "After every step", "turn_start": "At the start of every turn",
                "after_turn": "Once each turn is over (every step it started done)"}.get(timing, timing)

    # ---- expressions
    def expr(self, e: Optional[ir.E]) -> str:
        if e is None:
            return "nothing"
        if e.type == "?":  # only a model that failed to check has these
            return code(e.text)
        renderer = EXPRESSIONS.get(type(e))
        if renderer is None:
            raise TypeError(f"no English for expression {type(e).__name__}")
        return renderer(self, e)

    def condition(self, e: ir.E) -> str:
        """A condition inside a larger sentence: mixed and/or get 'both'/'either' to show grouping."""
        return self.expr(e)

    def possessive(self, seat: ir.E) -> str:
        said = self.expr(seat)
        if isinstance(seat, (ir.Var, ir.SeatConst)):
            return said + "'s"
        return None  # type: ignore[return-value]

    def owned(self, thing: str, seat: Optional[ir.E]) -> str:
        """'the player's rack', 'player 2's rack', or 'the rack of the player to the left of *p*'."""
        if seat is None:
            return f"the {thing}"
        mine = self.possessive(seat)
        return f"{mine} {thing}" if mine else f"the {thing} of {self.expr(seat)}"

    def element_noun(self, type_: str) -> str:
        return noun_of_type(type_)

    def domain_phrase(self, var: str, var_type: str, domain: ir.E, where: Optional[ir.E]) -> str:
        """'the shells in the player's rack', 'the components *t* in the bag for which ...'."""
        inside = self.expr(domain)
        noun = self.element_noun(var_type)
        if isinstance(where, ir.IsKind) and isinstance(where.item, ir.Var) and where.item.name == var:
            return f"{plural(human(where.component))} in {inside}"
        if where is None:
            if isinstance(domain, ir.PlayersSet):
                return "players"
            return f"{plural(noun)} in {inside}"
        return f"{plural(noun)} {self.var_name(var)} in {inside} for which {self.expr(where)}"

    @staticmethod
    def var_name(name: str) -> str:
        return f"*{md_text(name)}*"

    # ---- statements
    def stmts(self, body: Iterable[ir.S], depth: int = 0) -> list[str]:
        lines: list[str] = []
        for s in body:
            renderer = STATEMENTS.get(type(s))
            if renderer is None:
                raise TypeError(f"no English for statement {type(s).__name__}")
            lines.extend(renderer(self, s, depth))
        return lines

    @staticmethod
    def item(depth: int, text: str) -> str:
        return "    " * depth + "- " + text

    # ---- declarations
    def declaration(self, d: ir.Cited) -> list[str]:
        renderer = DECLARATIONS.get(type(d))
        if renderer is None:
            raise TypeError(f"no English for declaration {type(d).__name__}")
        return renderer(self, d)

    def args(self, step: str, args: tuple[ir.E, ...]) -> str:
        if not args:
            return ""
        info = self.steps.get(step)
        names = [p.name for p in info.params] if info is not None and len(info.params) == len(args) else \
            [f"value {n + 1}" for n in range(len(args))]
        said = ""
        pairs = list(zip(names, args))
        if pairs and pairs[0][1].type == ir.SEAT:
            said = f" for {self.expr(pairs[0][1])}"
            pairs = pairs[1:]
        if pairs:
            said += (", with " if said else " with ") + join([f"{self.expr(a)} as {self.var_name(n)}" for n, a in pairs])
        return said
