"""The checked model said in English: one function per IR node type.

Every expression class (``ir.E``), statement class (``ir.S``) and declaration class (``ir.Cited``)
has exactly one renderer here, registered with :func:`renders`; ``tests/docs/test_english.py``
introspects :mod:`rulespec.model.ir` and fails when a class has none, so a new construct cannot
reach the language without a way to say itself. Nothing here knows any particular game: every
word that names a thing comes from the model (its zones, boards, components, steps...).

Expressions render to one phrase of Markdown; statements and declarations to Markdown lines (lists
nest with four spaces, as Python-Markdown wants). Examples of output, for a model with a zone
``rack`` per player and a board ``beach``::

    Compare(=)       the colour of the tile is the colour of the space
    Fits             the tile fits the space
    Move             Move the tile to the player's rack (as a *draw*).
"""

from __future__ import annotations

import dataclasses

import re
from typing import Callable, Iterable, Optional

from ..model import ir
from ..model.cost import walk as walk_expr
from .escape import md_code, md_text

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

_COMPARE = {"=": "is", "!=": "is not", "<": "is less than", "<=": "is at most", ">": "is more than",
            ">=": "is at least"}
_ARITH = {"+": "plus", "-": "minus", "*": "times", "mod": "modulo"}


def _noun_of_type(type_: str) -> str:
    if type_.startswith("space:"):
        return "space"
    if type_.startswith("placement:"):
        return "placement"
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
        return _noun_of_type(type_)

    def domain_phrase(self, var: str, var_type: str, domain: ir.E, where: Optional[ir.E]) -> str:
        """'the shells in the player's rack', 'the components *t* in the bag for which ...'."""
        inside = self.expr(domain)
        noun = self.element_noun(var_type)
        if isinstance(where, ir.IsKind) and isinstance(where.item, ir.Var) and where.item.name == var:
            return f"{plural(where.component)} in {inside}"
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


# ----------------------------------------------------------------------------- expressions


@renders(ir.Const)
def _const(en: English, e: ir.Const) -> str:
    if isinstance(e.value, bool):
        return "true" if e.value else "false"
    if e.type == ir.DIRECTION:
        return ir.COMPASS[e.value]
    return md_text(e.value)


@renders(ir.Var)
def _var(en: English, e: ir.Var) -> str:
    name = e.name
    if len(name) <= 2:
        return en.var_name(name)
    noun = _noun_of_type(e.type)
    if noun == "space" and name != "space":
        return f"the {human(name)} space"
    return f"the {human(name)}"


@renders(ir.SeatConst)
def _seat_const(en: English, e: ir.SeatConst) -> str:
    return f"player {e.index + 1}"


@renders(ir.OptionRef)
def _option_ref(en: English, e: ir.OptionRef) -> str:
    return f"the chosen {en.link('option', e.name)}"


@renders(ir.CounterRef)
def _counter_ref(en: English, e: ir.CounterRef) -> str:
    return en.owned(f"{human(e.name)} count", e.seat)


@renders(ir.ScoreRef)
def _score_ref(en: English, e: ir.ScoreRef) -> str:
    return en.owned(en.link("score", e.score), e.seat)


@renders(ir.PlayersSet)
def _players(en: English, e: ir.PlayersSet) -> str:
    return "the players"


@renders(ir.ZoneRef)
def _zone_ref(en: English, e: ir.ZoneRef) -> str:
    zone = en.zones.get(e.zone)
    name = human(e.zone)
    if e.seat is None and zone is not None and zone.per_player:
        return f"all the {plural(name)} together"
    return en.owned(name, e.seat)


@renders(ir.BoardRef)
def _board_ref(en: English, e: ir.BoardRef) -> str:
    return f"the {human(e.board)}"


@renders(ir.QueueRef)
def _queue_ref(en: English, e: ir.QueueRef) -> str:
    return f"the {human(e.queue)} queue"


@renders(ir.ItemAttr, ir.SpaceAttr)
def _attribute(en: English, e) -> str:
    return f"the {human(e.attr)} of {en.expr(e.item if isinstance(e, ir.ItemAttr) else e.space)}"


@renders(ir.Occupant)
def _occupant(en: English, e: ir.Occupant) -> str:
    return f"the component on {en.expr(e.space)}"


@renders(ir.Top)
def _top(en: English, e: ir.Top) -> str:
    return f"the component on top of {en.expr(e.zone)}"


@renders(ir.SeatStep)
def _seat_step(en: English, e: ir.SeatStep) -> str:
    if e.offset == 1:
        return f"the player to the left of {en.expr(e.seat)}"
    if e.offset == -1:
        return f"the player to the right of {en.expr(e.seat)}"
    side = "left" if e.offset > 0 else "right"
    return f"the player {abs(e.offset)} seats to the {side} of {en.expr(e.seat)}"


def _others(en: English, e) -> str:
    return f"the other players, clockwise from the one to the left of {en.expr(e.seat)}"


if hasattr(ir, "Others"):  # newer models only
    renders(ir.Others)(_others)


@renders(ir.Size)
def _size(en: English, e: ir.Size) -> str:
    t = e.collection.type
    inside = en.expr(e.collection)
    if t == ir.SEATS:
        return "the number of players"
    if t == ir.QUEUE:
        return f"the number of steps waiting in {inside}"
    if t.startswith("spaces:"):
        return f"the number of spaces of {inside}"
    if t.startswith("placements:"):
        return f"the number of {inside}"
    return f"the number of components in {inside}"


@renders(ir.RegionComplete)
def _region_complete(en: English, e: ir.RegionComplete) -> str:
    return (f"the {human(e.region)} that {en.expr(e.space)} belongs to is complete (each of its spaces "
            f"in use holds a component)")


def _touch_word(en: English, board: Optional[str]) -> str:
    info = en.boards.get(board or "")
    return "shares a side with" if info is not None and getattr(info, "lattice", "grid") == "triangles" else "is next to"


@renders(ir.Check)
def _check(en: English, e: ir.Check) -> str:
    subject = en.expr(e.subject)
    if e.test == "empty":
        return f"{subject} is empty"
    if e.test == "not_empty":
        return f"{subject} is not empty"
    if e.test == "occupied":
        return f"{subject} holds a component"
    if e.test == "occupied_neighbour":
        return f"{subject} {_touch_word(en, e.board)} a space that holds a component"
    if e.test == "none":
        return f"{subject} is off the board (there is none)"
    return f"{subject} is {human(e.test)}"


@renders(ir.Neighbour)
def _neighbour(en: English, e: ir.Neighbour) -> str:
    return f"the space {_direction_words(en, e.direction)} of {en.expr(e.space)}"


@renders(ir.LineOf)
def _line_of(en: English, e: ir.LineOf) -> str:
    return (f"the line of {en.expr(e.length)} spaces starting at {en.expr(e.space)} and running "
            f"{_direction_words(en, e.direction)} (shorter where the board ends)")


@renders(ir.Walk)
def _walk(en: English, e: ir.Walk) -> str:
    how = "up to the first for which" if e.until else "as long as"
    return (f"the spaces after {en.expr(e.space)} going {_direction_words(en, e.direction)}, {how} "
            f"{en.expr(e.condition)} (calling each {en.var_name(e.var)}; the board's edge stops them too)")


@renders(ir.Connected)
def _connected(en: English, e: ir.Connected) -> str:
    var = en.var_name(e.var)
    return (f"a chain of neighbouring spaces of {en.expr(e.domain)}, each {var} such that {en.expr(e.condition)}, "
            f"joins a space where {en.expr(e.start)} to a space where {en.expr(e.goal)}")


def _direction_words(en: English, e: ir.E) -> str:
    """`north` for a direction written out; `in direction d` for one a rule goes through."""
    if isinstance(e, ir.Const):
        return ir.COMPASS[e.value]
    return f"in direction {en.expr(e)}"


@renders(ir.Directions)
def _directions(en: English, e: ir.Directions) -> str:
    return f"the directions of the {human(e.board)} ({join([ir.COMPASS[d] for d in e.directions])})"


@renders(ir.SeatAttr)
def _seat_attr(en: English, e: ir.SeatAttr) -> str:
    return f"the {human(e.attr)} of {en.expr(e.seat)}"


@renders(ir.SeatAttribute)
def _seat_attribute(en: English, d: ir.SeatAttribute) -> list[str]:
    seats = join([f"player {i + 1}'s is {md_text(human(v))}" for i, v in enumerate(d.values)])
    return _para(f"Each player has a {human(d.name)}: {seats}.")


@renders(ir.IsKind)
def _is_kind(en: English, e: ir.IsKind) -> str:
    return f"{en.expr(e.item)} is {article(human(e.component))}"


@renders(ir.Holds)
def _holds(en: English, e: ir.Holds) -> str:
    return f"{en.expr(e.space)} holds {article(human(e.component))}"


@renders(ir.HoldsSeatValue)
def _holds_seat_value(en: English, e: ir.HoldsSeatValue) -> str:
    if e.attribute is None:
        return f"{en.expr(e.space)} holds the component {en.expr(e.value)} names"
    return f"{en.expr(e.space)} holds a component whose {human(e.attribute)} is {en.expr(e.value)}"


@renders(ir.Fits)
def _fits(en: English, e: ir.Fits) -> str:
    return f"{en.expr(e.item)} fits {en.expr(e.space)}"


@renders(ir.Member)
def _member(en: English, e: ir.Member) -> str:
    return f"{en.expr(e.element)} is one of {en.expr(e.collection)}"


@renders(ir.Count)
def _count(en: English, e: ir.Count) -> str:
    return f"the number of {en.domain_phrase(e.var, e.var_type, e.domain, e.where)}"


@renders(ir.First)
def _first(en: English, e: ir.First) -> str:
    noun = en.element_noun(e.type)
    where = f" for which {en.expr(e.where)}" if e.where is not None else ""
    return f"the first {noun} {en.var_name(e.var)} in {en.expr(e.domain)}{where}"


@renders(ir.Total)
def _total(en: English, e: ir.Total) -> str:
    noun = en.element_noun(e.var_type)
    where = f" for which {en.expr(e.where)}" if e.where is not None else ""
    return (f"the sum of {en.expr(e.value)} over every {noun} {en.var_name(e.var)} in {en.expr(e.domain)}"
            f"{where}")


@renders(ir.BestSets)
def _best_sets(en: English, e: ir.BestSets) -> str:
    table = join([f"a set of {size} scores {points}" for size, points in e.table])
    split = (f"the best split of {en.expr(e.domain)} into sets of different {plural(human(e.attribute))} "
             f"({join([md_text(k) for k in e.kinds], 'or')}), with {en.expr(e.wild)} wild components filling gaps (never a set of wild ones alone), where {table}")
    if e.figure == "points":
        return f"the points of {split}"
    return f"how many real components are left over by {split} (of the best splits, the one leaving the most)"


@renders(ir.Placements)
def _placements(en: English, e: ir.Placements) -> str:
    what = en.expr(e.item) if e.item is not None else f"a {human(e.shape or '?')}"
    return f"the placements of {what} on the {human(e.board)} (every position and rotation)"


@renders(ir.CellsOf)
def _cells_of(en: English, e: ir.CellsOf) -> str:
    return f"the spaces covered by {en.expr(e.subject)}"


@renders(ir.IsMarked)
def _is_marked(en: English, e: ir.IsMarked) -> str:
    return f"{en.expr(e.space)} is marked {human(e.mark)}"


@renders(ir.FaceOf)
def _face_of(en: English, e: ir.FaceOf) -> str:
    return f"the face of the {human(e.board)} that {en.expr(e.space)} lies on"


@renders(ir.FacesInUse)
def _faces_in_use(en: English, e: ir.FacesInUse) -> str:
    return f"the faces laid together to make the {human(e.board)}"


@renders(ir.AttributeValues)
def _attribute_values(en: English, e: ir.AttributeValues) -> str:
    return f"the {plural(human(e.attr))} ({join([md_text(v) for v in e.values], 'and')})"


@renders(ir.Compare)
def _compare(en: English, e: ir.Compare) -> str:
    if e.order:  # values of an ordered attribute: `higher than`, in its order
        said = _ORDERED.get(e.op, e.op)
        return f"{en.expr(e.left)} {said} {en.expr(e.right)} (in the order {' < '.join(md_text(v) for v in e.order)})"
    return f"{en.expr(e.left)} {_COMPARE.get(e.op, e.op)} {en.expr(e.right)}"


_ORDERED = {"<": "ranks below", "<=": "ranks no higher than", ">": "ranks above", ">=": "ranks no lower than"}


@renders(ir.Extreme)
def _extreme(en: English, e: ir.Extreme) -> str:
    noun = en.element_noun(e.var_type)
    where = f" for which {en.expr(e.where)}" if e.where is not None else ""
    word = ("highest" if e.func == "max" else "lowest") if e.order else ("largest" if e.func == "max" else "smallest")
    return f"the {word} {en.expr(e.value)} of every {noun} {en.var_name(e.var)} in {en.expr(e.domain)}{where}"


@renders(ir.Conditional)
def _conditional(en: English, e: ir.Conditional) -> str:
    return f"{en.expr(e.then)} if {en.expr(e.condition)}, otherwise {en.expr(e.otherwise)}"


@renders(ir.Won)
def _won(en: English, e: ir.Won) -> str:
    return f"{en.expr(e.seat)} won the game"


@renders(ir.Arith)
def _arith(en: English, e: ir.Arith) -> str:
    # `a + b + c` is ((a + b) + c): its left side is walked in a loop, not recursively, so a chain as long
    # as the limits allow (with a long chain inside it at the left) takes one frame per chain, not per term.
    chain = []
    while isinstance(e, ir.Arith) and e.type != "?":
        chain.append(e)
        e = e.left
    said = en.expr(e)  # the leftmost term, then each `op right` in order, as the recursion said them
    for link in reversed(chain):
        said += f" {_ARITH.get(link.op, link.op)} {en.expr(link.right)}"
    return said


@renders(ir.Negate)
def _negate(en: English, e: ir.Negate) -> str:
    return f"minus {en.expr(e.operand)}"


@renders(ir.Not)
def _not(en: English, e: ir.Not) -> str:
    return f"it is not so that {en.expr(e.operand)}"


@renders(ir.BoolOp)
def _bool(en: English, e: ir.BoolOp) -> str:
    parts = []
    for operand in e.operands:
        said = en.expr(operand)
        if isinstance(operand, ir.BoolOp) and operand.op != e.op:
            said = ("either " if operand.op == "or" else "both ") + said
        parts.append(said)
    return join(parts, e.op)


@renders(ir.Span)
def _span(en: English, e: ir.Span) -> str:
    return f"the numbers from {en.expr(e.low)} to {en.expr(e.high)}"


@renders(ir.DefinedValue)
def _defined_value(en: English, e: ir.DefinedValue) -> str:
    said = en.link("define", e.name)
    if not e.args:
        return said
    return f"{said} ({join([en.expr(a) for a in e.args])})"


@renders(ir.Builtin)
def _builtin(en: English, e: ir.Builtin) -> str:
    args = [en.expr(a) for a in e.args]
    if e.func == "abs":
        return f"the size of {args[0]} without its sign"
    if e.func == "min":
        return f"the smaller of {join(args)}"
    if e.func == "max":
        return f"the larger of {join(args)}"
    return f"{md_text(e.func)} of {join(args)}"


# ----------------------------------------------------------------------------- statements


def _cause(cause: Optional[str]) -> str:
    return f" (as {article('*' + md_text(cause) + '*')} move)" if cause else ""


@renders(ir.Move)
def _move(en: English, s: ir.Move, depth: int) -> list[str]:
    return [en.item(depth, f"Move {en.expr(s.item)} to {en.expr(s.to)}{_cause(s.cause)}.")]


@renders(ir.Place)
def _place(en: English, s: ir.Place, depth: int) -> list[str]:
    return [en.item(depth, f"Place {en.expr(s.item)} on {en.expr(s.space)}{_cause(s.cause)}.")]


@renders(ir.Then)
def _then(en: English, s: ir.Then, depth: int) -> list[str]:
    return [en.item(depth, f"Then {en.step_link(s.step)}{en.args(s.step, s.args)}.")]


@renders(ir.Enqueue)
def _enqueue(en: English, s: ir.Enqueue, depth: int) -> list[str]:
    return [en.item(depth, f"Put {en.step_link(s.step)}{en.args(s.step, s.args)} at the end of the "
                           f"{human(s.queue)} queue.")]


@renders(ir.Resolve)
def _resolve(en: English, s: ir.Resolve, depth: int) -> list[str]:
    return [en.item(depth, f"Carry out the steps waiting in the {human(s.queue)} queue one by one, oldest first, "
                           f"until it is empty.")]


@renders(ir.SetCounter)
def _set_counter(en: English, s: ir.SetCounter, depth: int) -> list[str]:
    counter = en.owned(f"{human(s.counter)} count", s.seat)
    if s.add:
        return [en.item(depth, f"Add {en.expr(s.value)} to {counter}.")]
    return [en.item(depth, f"Set {counter} to {en.expr(s.value)}.")]


@renders(ir.If)
def _if(en: English, s: ir.If, depth: int) -> list[str]:
    lines = [en.item(depth, f"If {en.expr(s.condition)}:")] + en.stmts(s.then, depth + 1)
    if s.otherwise:
        lines += [en.item(depth, "Otherwise:")] + en.stmts(s.otherwise, depth + 1)
    return lines


@renders(ir.ForEach)
def _for_each(en: English, s: ir.ForEach, depth: int) -> list[str]:
    noun = en.element_noun(s.var_type)
    where = "" if isinstance(s.domain, ir.PlayersSet) else f" in {en.expr(s.domain)}"
    return [en.item(depth, f"For each {noun} {en.var_name(s.var)}{where}, in order:")] + en.stmts(s.body, depth + 1)


@renders(ir.Repeat)
def _repeat(en: English, s: ir.Repeat, depth: int) -> list[str]:
    times = en.expr(s.times)
    return [en.item(depth, f"Do this {times} times:" if times != "1" else "Do this once:")] + en.stmts(s.body, depth + 1)


@renders(ir.Roll)
def _roll(en: English, s: ir.Roll, depth: int) -> list[str]:
    holder = en.owned(human(s.holder), s.seat)
    count = en.expr(s.count)
    dice = "the die" if count == "1" else f"the {count} dice" if count.isdigit() else f"the dice ({count} of them)"
    return [en.item(depth, f"Roll {dice} of {holder} again: each die is a chance event of its own, every face "
                           f"equally likely whatever the others show.")]


@renders(ir.Lose)
def _lose(en: English, s: ir.Lose, depth: int) -> list[str]:
    holder = en.owned(human(s.holder), s.seat)
    return [en.item(depth, f"One die of {holder} is lost: it is set aside for good in {human(s.lost)}, and "
                           f"is not rolled again (nothing is lost when no die is left).")]


@renders(ir.Nothing)
def _nothing(en: English, s: ir.Nothing, depth: int) -> list[str]:
    return [en.item(depth, "Nothing happens.")]


@renders(ir.NextTurn)
def _next_turn(en: English, s: ir.NextTurn, depth: int) -> list[str]:
    return [en.item(depth, f"The next turn goes to {en.expr(s.seat)}, whoever would have been next.")]


# ----------------------------------------------------------------------------- declarations


def _para(text: str) -> list[str]:
    return [text, ""]


@renders(ir.Ruling)
def _ruling(en: English, d: ir.Ruling) -> list[str]:
    # A ruling's text is the rule file's own words: the reading its authors chose.
    return _para(f"Ruling {md_text(d.name)}, “{md_text(d.title)}”: {md_text(d.text)}")


@renders(ir.Definition)
def _definition(en: English, d: ir.Definition) -> list[str]:
    what = "holds when" if d.value.type == ir.BOOL else "is"
    if not d.params:
        return _para(f"*{md_text(human(d.name))}* {what} {en.expr(d.value)}.")
    names = join([f"{_noun_of_type(p.type) if p.type != ir.INT else 'number'} {en.var_name(p.name)}"
                  for p in d.params])
    return _para(f"*{md_text(human(d.name))}* of {names} {what} {en.expr(d.value)}.")


@renders(ir.Option)
def _option(en: English, d: ir.Option) -> list[str]:
    return _para(f"Before the game the players choose the {human(d.name)} (“{md_text(d.title)}”): "
                 f"{join([md_text(v) for v in d.values], 'or')}; it is {md_text(d.default)} unless they choose "
                 f"otherwise.")


@renders(ir.Component)
def _component(en: English, d: ir.Component) -> list[str]:
    name = human(d.name)
    total = d.copies
    parts = []
    for attr, values in d.attributes:
        total *= len(values)
        if values and all(isinstance(v, int) for v in values) and list(values) == list(range(values[0], values[-1] + 1)):
            parts.append(f"every {human(attr)} from {values[0]} to {values[-1]}")
        elif attr in d.ordered:
            parts.append(f"every {human(attr)} ({join([md_text(v) for v in values], 'and')}, from lowest to "
                         f"highest)")
        else:
            parts.append(f"every {human(attr)} ({join([md_text(v) for v in values], 'and')})")
    if parts:
        each = "" if d.copies == 1 else f" {d.copies} copies of"
        text = f"There is{each} {article(name)} for {join(parts)}: {total} in all."
    else:
        text = f"There {'is' if total == 1 else 'are'} {total} {name if total == 1 else plural(name)}, all alike."
    if d.shown_as:
        text += f" Each is named like {quoted(d.shown_as)}."
    return _para(text)


@renders(ir.LeaveOut)
def _leave_out(en: English, d: ir.LeaveOut) -> list[str]:
    box = next((z for z in en.model.zones if z.start == "left_out"), None)
    where = f" (they start in the {human(box.name)})" if box is not None else ""
    if not d.players:
        return _para(f"Every {join([human(v) for v in d.values], 'and')} stays out of the game{where}.")
    return _para(f"With {d.players} players, every component whose {human(d.attribute)} is "
                 f"{join([md_text(v) for v in d.values], 'or')} stays out of the game{where}.")


@renders(ir.Zone)
def _zone(en: English, d: ir.Zone) -> list[str]:
    name = human(d.name)
    text = f"Each player has a {name}." if d.per_player else f"There is one {name}, shared by all."
    text += {
        "public": " Everybody sees what is in it.",
        "hidden": " Nobody sees what is in it; everybody sees how many components it holds.",
        "owner": " Only its owner sees what is in it; everybody sees how many components it holds.",
        "top": " Everybody sees the component on top; the ones under it are covered (everybody sees how many"
               " there are, and has seen each one while it was on top).",
    }.get(d.visibility, f" Visibility: {d.visibility}.")
    if d.size_unseen:
        text = text.replace("everybody sees how many components it holds",
                            "nobody sees how many components it holds" if d.visibility == "hidden" else
                            "the others do not see even how many components it holds")
        text = text.replace("Everybody sees the component on top; the ones under it are covered (everybody sees "
                            "how many there are, and has seen each one while it was on top).",
                            "Nobody sees anything of it, not even how many components it holds.")
    if d.stacked:
        text += " It is a pile: components keep the order they arrived in, and the last one is on top."
    if d.start == "in_play":
        text += " At the start it holds every component in play."
    elif d.start == "left_out":
        text += " At the start it holds every component left out of the game."
    return _para(text)


@renders(ir.Dice)
def _dice(en: English, d: ir.Dice) -> list[str]:
    count = f"{md_text(d.count)} {'die' if d.count == '1' else 'dice'}" if d.count.isdigit() else \
        f"as many dice as the chosen {en.link('option', d.count)}"
    faces = d.values
    if faces and all(isinstance(v, int) for v in faces) and list(faces) == list(range(faces[0], faces[-1] + 1)):
        shows = f"a {human(d.attribute)} from {faces[0]} to {faces[-1]}"
    else:
        shows = f"one {human(d.attribute)} of {join([md_text(v) for v in faces], 'or')}"
    named = "" if d.name in ("die", "dice") else f" (each a {human(d.name)})"
    whose = f"Each player has {count}{named} in their {human(d.holder)}" if d.per_player else \
        f"There {'is' if d.count == '1' else 'are'} {count}{named} in the {human(d.holder)}, shared by all"
    seen = {
        "public": "everybody sees what they show",
        "hidden": "nobody sees what they show until the rules move them out; everybody sees how many there are",
        "owner": "only their owner sees what they show; everybody sees how many there are",
    }.get(d.visibility, f"visibility: {d.visibility}")
    return _para(f"{whose}; each die shows {shows}, and {seen}. Rolling them (`roll`) rolls each die once, "
                 f"a chance event with every face equally likely, whatever the other dice show.")


@renders(ir.Counter)
def _counter(en: English, d: ir.Counter) -> list[str]:
    who = "Each player has a count" if d.per_player else "There is a count"
    return _para(f"{who} called {human(d.name)}, which starts at {d.start}.")


@renders(ir.Queue)
def _queue(en: English, d: ir.Queue) -> list[str]:
    return _para(f"There is a queue called {human(d.name)}: steps put in it wait, in the order they were put "
                 f"there, until the rules say to carry them out.")


@renders(ir.Face)
def _face(en: English, d: ir.Face) -> list[str]:
    letters = sorted({c for c in d.cells if c not in ".-"})
    when = f" when {en.expr(d.condition)}" if d.condition is not None else " always"
    marked = f", with {len(letters)} marked group{'s' if len(letters) != 1 else ''} of spaces" if letters else ""
    return _para(f"Face {md_text(d.name)} is used{when}{marked}.")


@renders(ir.Board)
def _board(en: English, d: ir.Board) -> list[str]:
    name = human(d.name)
    if getattr(d, "lattice", "grid") == "triangles":
        text = (f"The {name} is a board of triangles in {len(d.row_values)} rows; a tile covers triangles "
                f"according to its {human(d.shape_attribute)}. Two triangles are neighbours when they share a side. "
                f"East and west run along a row, northeast-southwest and northwest-southeast along the slanting "
                f"strips of triangles; north crosses the flat top of a triangle pointing down, south the flat "
                f"bottom of one pointing up.")
        for letter, mark in getattr(d, "marks", ()):
            text += f" A triangle drawn with {code(letter)} is marked {human(mark)}."
    else:
        columns = d.column_values
        text = (f"The {name} is a grid with one row per {human(d.row_attribute)} "
                f"({join([md_text(v) for v in d.row_values])}) and one column per {human(d.column_attribute)} "
                f"from {columns[0]} to {columns[-1]}.")
        if d.row_option or d.column_option:
            sized = join([f"its {what} stop at {human(option)}" for what, option in
                          (("rows", d.row_option), ("columns", d.column_option)) if option])
            text += (f" The map is drawn at its largest; {sized}: the spaces past it are not in use.")
        if d.adjacency == "hexagonal":
            text += (" Its spaces are hexagons: each row lies half a hexagon east of the row above, so a "
                     "space's neighbours are the spaces in use to its northwest and northeast (in the row above), "
                     "west and east, and southwest and southeast (in the row below); there is no north or south.")
        elif d.adjacency == "orthogonal":
            text += (" A space's neighbours are the spaces directly left, right, above and below it that are in use.")
        elif d.adjacency == "diagonal":
            text += " A space's neighbours are the spaces diagonally next to it (at its corners) that are in use."
        else:
            text += (" A space's neighbours are the eight spaces around it (left, right, above, below and "
                     "diagonally) that are in use.")
        for region in d.regions:
            text += (f" Spaces drawn with the same letter form one {human(region)}; a {human(region)} may span "
                     f"several spaces.")
    lines = _para(text)
    for face in d.faces:
        letters = sorted({c for c in face.cells if c not in ".-"})
        when = f" when {en.expr(face.condition)}" if face.condition is not None else " always"
        if d.regions and letters:
            what = f", with {len(letters)} {human(d.regions[0]) if len(letters) == 1 else plural(human(d.regions[0]))}"
        elif letters:
            what = f", with marked spaces ({', '.join(letters)})"
        else:
            what = ""
        holes = sum(1 for c in face.cells if c == "-")
        if holes:
            what += f" and {holes} places with no space"
        lines += _para(f"Face {md_text(face.name)} is used{when}{what}.")
    return lines


@renders(ir.Shape)
def _shape(en: English, d: ir.Shape) -> list[str]:
    cells = ", ".join(f"({r}, {c})" for r, c in d.cells)
    n = len(d.cells)
    return _para(f"A {human(d.name)} covers {n} triangle{'s' if n != 1 else ''}: {cells} (row, column; a "
                 f"triangle whose row and column add up to an even number points up). It may be turned "
                 f"to any rotation.")


@renders(ir.Fit)
def _fit(en: English, d: ir.Fit) -> list[str]:
    where = f" when {en.expr(d.condition)}" if d.condition is not None else ", any space"
    return _para(f"{article(human(d.component)).capitalize()} fits a space of the {human(d.board)}{where}.")


def _params(en: English, params: tuple[ir.Param, ...]) -> str:
    if not params:
        return ""
    return " It is given " + join([_var(en, ir.Var(p.type, None, p.name, p.name)) for p in params]) + "."


@renders(ir.ChoiceOption)
def _choice_option(en: English, d: ir.ChoiceOption) -> list[str]:
    head = f"**{human(d.name)}**, shown as {quoted(d.template)}"
    chosen = [b for b in d.bindings if not (isinstance(b.domain, ir.PlayersSet) and b.var == "player")]
    if chosen:
        head += ": for any " + join([(f"{human(b.var)}" if len(b.var) > 2 else
                                       f"{en.element_noun(b.type)} {en.var_name(b.var)}")
                                      + ("" if isinstance(b.domain, ir.PlayersSet) else f" in {en.expr(b.domain)}")
                                      for b in chosen])
    if d.conditions:
        head += (", " if chosen else ": ") + "allowed only if " + join([en.expr(c) for c in d.conditions])
    lines = [en.item(0, head + ".")]
    lines += en.stmts(d.body, 1)
    return lines


@renders(ir.Step)
def _step(en: English, d: ir.Step) -> list[str]:
    lines: list[str] = []
    params = _params(en, d.params)
    if d.kind == "auto":
        lines += _para(f"A step that happens by itself.{params}")
        lines += en.stmts(d.body)
        lines.append("")
        return lines
    if d.kind == "chance":
        o = d.outcome
        if o is not None and o.draw_from is not None:
            text = (f"Chance draws a component {en.var_name(o.var)} from {en.expr(o.draw_from)}, every component "
                    f"there equally likely; the outcome is shown as {quoted(o.template)}.")
        elif o is not None and getattr(o, "pick_from", None) is not None:
            among = en.expr(o.pick_from)
            if getattr(o, "pick_where", None) is not None:
                among += f" where {en.expr(o.pick_where)}"
            text = (f"Chance picks {en.var_name(o.var)} among {among}, each equally likely; the "
                    f"outcome is shown as {quoted(o.template)}.")
        elif o is not None:
            text = (f"Chance picks {en.var_name(o.var)} among {join([md_text(f) for f in o.faces], 'and')}, each equally likely; "
                    f"the outcome is shown as {quoted(o.template)}.")
        else:
            text = "A chance step."
        lines += _para(text + params)
        if d.body:
            lines += _para("Then:")
            lines += en.stmts(d.body)
            lines.append("")
        return lines
    if d.together:
        seats = "Each player" if d.together_where is None else f"Each player for whom {en.expr(d.together_where)}"
        who = (f"{seats} chooses one of these options at the same time as the others, in secret (the choosing "
               f"player is *player*); a player who has chosen waits, and once every one of them has chosen, "
               f"the choices are revealed and carried out together, in seat order")
    elif d.by is None:
        who = "Any player may take one of these options first (the acting player is *player*)"
    else:
        who = f"{en.expr(d.by)[:1].upper()}{en.expr(d.by)[1:]} chooses one of these options"
    skipped = "A player with no option allowed takes no part; if nobody has one" if d.together else \
        "If no option is allowed"
    lines += _para(f"{who}.{params} {skipped}, the step is skipped.")
    for option in d.options:
        if d.together_where is not None:  # said once above, not again for every option
            option = dataclasses.replace(option, conditions=option.conditions[1:])
        lines += en.declaration(option)
    lines.append("")
    return lines


@renders(ir.Trigger)
def _trigger(en: English, d: ir.Trigger) -> list[str]:
    causes = f" as {join(['*' + md_text(c) + '*' for c in d.event.causes], 'or')}" if d.event.causes else ""
    lines = _para(f"Whenever a component is placed on the {human(d.event.board)}{causes}, at once (the "
                  f"placed component is *item*, its space *space*, the acting player *player*):")
    return lines + en.stmts(d.body) + [""]


@renders(ir.Instead)
def _instead(en: English, d: ir.Instead) -> list[str]:
    params = f" (given {join([en.var_name(p.name) for p in d.params])})" if d.params else ""
    lines = _para(f"When {en.step_link(d.step)}{params} is about to happen and {en.expr(d.condition)}, "
                  f"this happens instead (at most once for the same step):")
    return lines + en.stmts(d.body) + [""]


@renders(ir.End)
def _end(en: English, d: ir.End) -> list[str]:
    timing = {"after_step": "After every step", "turn_start": "At the start of every turn"}.get(d.timing, d.timing)
    each = ""
    if d.each_var and d.each_domain is not None:
        element = {ir.SEATS: ir.SEAT, ir.ZONE: ir.ITEM, ir.ZONES: ir.ITEM}.get(d.each_domain.type, "?")
        where = "" if isinstance(d.each_domain, ir.PlayersSet) else f" in {en.expr(d.each_domain)}"
        each = f" for some {en.element_noun(element)} {en.var_name(d.each_var)}{where}"
    text = f"{timing}: the game ends if{each} {en.expr(d.condition)}."
    if d.winner is not None:
        text += f" Then {en.expr(d.winner)} wins."
    else:
        text += " The ranking then decides the places."
    if d.then_step is not None:
        which = (f" (for the {en.var_name(d.each_var)} the game ended for)"
                 if d.each_var and any(isinstance(x, ir.Var) and x.name == d.each_var for a in d.then_args
                                       for x in walk_expr(a)) else "")
        text += (f" Before anything is scored, {en.step_link(d.then_step)}{en.args(d.then_step, d.then_args)}"
                 f"{which} is carried out.")
    return _para(text)


@renders(ir.Score)
def _score(en: English, d: ir.Score) -> list[str]:
    return _para(f"The {human(d.name)} of a player {en.var_name(d.var)} is {en.expr(d.value)}.")


@renders(ir.Returns)
def _returns(en: English, d: ir.Returns) -> list[str]:
    total = "" if d.total is None else (" The payoffs always add up to 0: what one player wins, the others lose "
                                        "(zero-sum)." if d.total == 0 else
                                        f" The payoffs always add up to {d.total} (constant-sum).")
    if d.form == "value":
        between = "" if d.between is None else (f" A player's payoff is never less than {d.between[0]} nor more "
                                                f"than {d.between[1]}.")
        return _para(f"Each player's payoff is worked out from the game: a player {en.var_name(d.var or 'p')} "
                     f"receives {en.expr(d.value)}.{total}{between}")
    return _para(f"When the game ends, a player ranked first receives {d.win}, everyone receives {d.draw} when "
                 f"all tie for first (a draw), and every other player receives {d.loss}.{total}")


@renders(ir.Ranking)
def _ranking(en: English, d: ir.Ranking) -> list[str]:
    steps = []
    for key, score in d.keys:
        if key == "winner_first":
            steps.append("a player the ending names as winner comes first")
        elif key in ("lowest", "highest"):
            steps.append(f"then the {key} {en.link('score', score or '?')} ranks higher")
        elif key == "ties_share":
            steps.append("players still tied share the place")
        elif key == "lot":
            steps.append("a tie for first place is broken by drawing lots")
        else:
            steps.append(human(key))
    return _para("Players are ranked: " + "; ".join(steps) + ".")


@renders(ir.Match)
def _match(en: English, d: ir.Match) -> list[str]:
    legs = [f"leg {n} with {human(option)} {code(value)}" for n, (option, value) in enumerate(d.legs, start=1)]
    totals = join([en.link("score", name) for name in d.totals])
    return _para(f"“{md_text(d.title)}”: {len(d.legs)} games in a row ({'; '.join(legs)}), each leg started by the "
                 f"player after the previous leg's starter. The {totals} of every leg are added up, and "
                 f"players are ranked on those totals.")


@renders(ir.Invariant)
def _invariant(en: English, d: ir.Invariant) -> list[str]:
    if d.form == "always":
        text = f"At every moment of play, {en.expr(d.condition)}."
    elif d.form == "on_event" and d.event is not None:
        causes = f" as {join(['*' + md_text(c) + '*' for c in d.event.causes], 'or')}" if d.event.causes else ""
        text = f"Whenever a component is placed on the {human(d.event.board)}{causes}: {en.expr(d.condition)}."
    else:
        text = (f"Nothing is ever put in the {human(d.queue or '?')} queue by a move made as "
                f"{join(['*' + md_text(c) + '*' for c in d.causes], 'or')}.")
    return _para(f"“{md_text(d.title)}”. {text}")


def example_line(en: English, line: ir.ExampleLine) -> tuple[str, str]:
    """(Given | When | Then, the sentence) for one line of an executable example."""
    w = line.what
    if w == "players":
        return "Given", f"{line.number} players"
    if w == "option":
        return "Given", f"the {human(line.name or '')} option is {md_text(line.value)}"
    if w == "items":
        things = [f"{code(label)}" + (f" on {code(at)}" if at else "") for label, at in line.items]
        return "Given", f"{en.expr(line.target)} holds {join(things)}"
    if w == "step":
        return "Given", f"the next thing to do is {en.step_link(line.name or '')}{en.args(line.name or '', line.args)}"
    if w == "position":
        return "Given", "the position " + "; ".join(code(text.strip()) for text, _, _ in line.position
                                                    if text.strip() and not text.strip().startswith("#"))
    if w == "counter":
        return "Given", f"{en.owned(human(line.name or '') + ' count', line.expr)} is {line.number}"
    if w == "action":
        return "When", f"{code(line.value or '')} is played"
    if w == "legal":
        return "Then", f"{code(line.value or '')} is allowed"
    if w == "illegal":
        return "Then", f"{code(line.value or '')} is not allowed"
    if w == "over":
        return "Then", f"the game is over by {en.link('end', line.name or '')}"
    if w == "fact":
        return "Then", en.expr(line.expr)
    if w == "setup":
        draws = join([code(d) for d in line.values])
        text = "the game is set up" + (f", drawing {draws}" if draws else "")
        if line.name == "first":
            text += (", then " if draws else ", ") + "each further draw of the set-up takes the first outcome"
        return "Given", text
    text = _example_fact(en, line)
    if text is None:
        raise TypeError(f"no English for example line {w!r}")
    return "Then", text


def _ratio(top: int, bottom: int) -> str:
    return str(top) if bottom == 1 else f"{top}/{bottom}"


def _example_fact(en: English, line: ir.ExampleLine) -> Optional[str]:
    """The sentence for one of an example's facts beyond a condition (`then player 2 wins`...)."""
    w = line.what
    seats = join([en.expr(e) for e in line.exprs])
    who = en.expr(line.expr) if line.expr is not None else ""
    texts = join([code(v) for v in line.values])
    if w == "wins":
        return f"{seats} {'wins' if len(line.exprs) == 1 else 'win'}" if line.exprs else "nobody wins"
    if w == "draw":
        return "the game is a draw"
    if w == "game_over":
        return "the game is over"
    if w == "not_over":
        return "the game goes on"
    if w == "ranking":
        return f"the ranking is {join([en.expr(e) for e in line.exprs], 'then')}"
    if w == "returns":
        return "the payoffs are " + ", ".join(_ratio(t, b) for t, b in line.ratios) + " (in seat order)"
    if w == "offered_exactly":
        return f"exactly {texts} {'is' if len(line.values) == 1 else 'are'} offered" if line.values else \
            "no action is offered"
    if w == "offered":
        return f"{who} is offered {texts}"
    if w == "offered_no":
        return f"{who} is offered no {join([code(v) for v in line.values], 'or')}"
    if w == "decides":
        return {"any": "any player may decide", "chance": "chance decides", "nobody": "nobody decides"}.get(
            line.name or "", f"{who} decides")
    if w == "chance_outcomes":
        return "the chance outcomes are " + join([f"{code(v)} ({_ratio(*r)})" for v, r in zip(line.values, line.ratios)])
    if w == "chance_even":
        return f"there are {line.number} equally likely chance outcomes"
    if w in ("sees", "not_sees"):
        return f"{who} {'sees' if w == 'sees' else 'does not see'} what {en.expr(line.target)} holds"
    if w == "space_empty":
        return f"space {code(line.value or '')} is empty"
    if w == "space_holds":
        return f"space {code(line.value or '')} holds {code(line.values[0])}"
    if w == "turn_number":
        return f"it is turn {line.number}"
    if w == "turn_of":
        return f"it is {who}'s turn"
    if w == "phase":
        return f"the game is in its {md_text(line.name or '')} phase"
    if w == "leg":
        return f"it is leg {line.number} of the match"
    if w == "ran":
        times = {0: "never", 1: "once", 2: "twice"}.get(line.number, f"{line.number} times")
        return f"since the last action, {code(line.name or '')} ran {times}"
    if w in ("gained", "lost"):
        what = str(line.number) if line.number is not None else join([code(v) for v in line.values])
        return f"since the last action, {en.expr(line.target)} {w} {what}"
    return None


@renders(ir.Example)
def _example(en: English, d: ir.Example) -> list[str]:
    lines = []
    for line in d.lines:
        word, text = example_line(en, line)
        lines.append(f"- **{word}** {text}.")
    return lines + [""]


@renders(ir.Cited)
def _turns(en: English, d: ir.Cited) -> list[str]:
    m = en.model
    text = (f"Turns go clockwise, starting with player {m.first_seat + 1}; each turn carries out "
            f"{en.step_link(m.turn_step or '')} for the player whose turn it is.")
    if m.skip_when is not None:
        text += f" A player {en.var_name(m.skip_var or 'p')} is skipped when {en.expr(m.skip_when)}."
    return _para(text)


def game_overview(en: English) -> list[str]:
    m = en.model
    players = f"{m.min_players} players" if m.min_players == m.max_players else \
        f"{m.min_players} to {m.max_players} players"
    text = f"{md_text(m.title)} is played by {players}."
    if m.max_turns:
        text += f" No game lasts more than {m.max_turns} turns."
    return _para(text)
