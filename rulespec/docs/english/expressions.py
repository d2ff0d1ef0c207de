"""Expressions said in English: one renderer per expression class (``ir.E``), each one phrase of
Markdown (``the colour of the tile is the colour of the space``)."""

from __future__ import annotations

from typing import Optional

from ...model import ir
from ...model.lookahead import going_after
from ...model.value_types import is_space
from ..escape import md_text
from .words import English, article, human, join, noun_of_type, plural, renders

# ----------------------------------------------------------------------------- expressions

_COMPARE = {"=": "is", "!=": "is not", "<": "is less than", "<=": "is at most", ">": "is more than",
            ">=": "is at least"}
_ARITH = {"+": "plus", "-": "minus", "*": "times", "mod": "modulo", "div": "divided (rounded down) by",
          "/": "divided (exactly) by"}


@renders(ir.Const)
def _const(en: English, e: ir.Const) -> str:
    if isinstance(e.value, bool):
        return "true" if e.value else "false"
    if e.value is None:  # what a counter holding a seat, a direction or a word holds before it is set
        return "none"
    if e.type == ir.DIRECTION:
        return ir.COMPASS[e.value]
    return md_text(e.value)


@renders(ir.Var)
def variable(en: English, e: ir.Var) -> str:
    name = e.name
    if len(name) <= 2:
        return en.var_name(name)
    noun = noun_of_type(e.type)
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
    if e.seat is not None and is_space(e.seat.type):  # a counter per space
        return f"the {human(e.name)} count on {en.expr(e.seat)}"
    return en.owned(f"{human(e.name)} count" if e.type == ir.INT else human(e.name), e.seat)


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


@renders(ir.Ray)
def _ray(en: English, e: ir.Ray) -> str:
    return (f"the spaces after {en.expr(e.space)} going {_direction_words(en, e.direction)}, up to and including "
            f"the first that holds a component (the board's edge stops them too)")


@renders(ir.GroupOf)
def _group_of(en: English, e: ir.GroupOf) -> str:
    return (f"the group of {en.expr(e.space)}: it and every space joined to it through neighbouring spaces "
            f"that hold the same as it (each empty, if it is empty)")


@renders(ir.Jumps)
def _jumps(en: English, e: ir.Jumps) -> str:
    return f"the spaces {article(human(e.jump))} jump from {en.expr(e.space)} lands on"


@renders(ir.Connected)
def _connected(en: English, e: ir.Connected) -> str:
    var = en.var_name(e.var)
    return (f"a chain of neighbouring spaces of {en.expr(e.domain)}, each {var} such that {en.expr(e.condition)}, "
            f"joins a space where {en.expr(e.start)} to a space where {en.expr(e.goal)}")


def _direction_words(en: English, e: ir.E) -> str:
    """`north` for a direction written out; `in direction d` for one a rule goes through."""
    if isinstance(e, ir.Const):
        return ir.COMPASS[e.value]
    if isinstance(e, ir.GraphDirection):
        return f"along its link {human(e.name)}"
    return f"in direction {en.expr(e)}"


@renders(ir.NeighboursOf)
def _neighbours_of(en: English, e: ir.NeighboursOf) -> str:
    return f"the spaces linked to {en.expr(e.space)}"


@renders(ir.GraphDirection)
def _graph_direction(en: English, e: ir.GraphDirection) -> str:
    return f"the direction {human(e.name)}"


@renders(ir.LineSet)
def _line_set(en: English, e: ir.LineSet) -> str:
    return f"the lines {human(e.name)} of the {human(e.board)}"


@renders(ir.Turned)
def _turned(en: English, e: ir.Turned) -> str:
    if e.way == "opposite":
        return f"the direction opposite {en.expr(e.direction)}"
    ways = sorted(set(e.table))
    among = join([ir.COMPASS[d] for d in ways])
    clock = "clockwise" if e.way == "right" else "anticlockwise"
    return f"{en.expr(e.direction)} turned {e.way} (the next direction {clock} among {among})"


@renders(ir.Directions)
def _directions(en: English, e: ir.Directions) -> str:
    if e.names:  # a graph's own
        return f"the directions of the {human(e.board)} ({join([human(n) for n in e.names])})"
    if e.name:
        return f"the {human(e.name)} directions ({join([ir.COMPASS[d] for d in e.directions])})"
    return f"the directions of the {human(e.board)} ({join([ir.COMPASS[d] for d in e.directions])})"


@renders(ir.SeatAttr)
def _seat_attr(en: English, e: ir.SeatAttr) -> str:
    return f"the {human(e.attr)} of {en.expr(e.seat)}"


@renders(ir.IsKind)
def _is_kind(en: English, e: ir.IsKind) -> str:
    return f"{en.expr(e.item)} is {article(human(e.component))}"


@renders(ir.Holds)
def _holds(en: English, e: ir.Holds) -> str:
    return f"{en.expr(e.space)} holds {article(human(e.component))}"


@renders(ir.HoldsValue)
def _holds_seat_value(en: English, e: ir.HoldsValue) -> str:
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


@renders(ir.ThereIs)
def _there_is(en: English, e: ir.ThereIs) -> str:
    count = e.count
    noun = en.element_noun(count.var_type)
    where = f" for which {en.expr(count.where)}" if count.where is not None else ""
    return f"there is {'no' if e.negated else 'a'} {noun} {en.var_name(count.var)} in {en.expr(count.domain)}{where}"


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
    if en.boards[e.board].lattice == "graph":  # a named set of spaces (`spaces south: A, B`), not a mark drawn on it
        return f"{en.expr(e.space)} is {article(human(e.mark))} space"
    return f"{en.expr(e.space)} is marked {human(e.mark)}"


@renders(ir.InRegion)
def _in_region(en: English, e: ir.InRegion) -> str:
    return f"{en.expr(e.space)} is a {human(e.region)} space"


@renders(ir.FaceOf)
def _face_of(en: English, e: ir.FaceOf) -> str:
    return f"the face of the {human(e.board)} that {en.expr(e.space)} lies on"


@renders(ir.NumberOf)
def _number_of(en: English, e: ir.NumberOf) -> str:
    if e.values is not None:
        listed = ", ".join(map(str, e.values if len(e.values) <= 4 else e.values[:3] + ("...",)))
        return f"the place of {en.expr(e.value)} among {listed} (the first is 1)"
    if e.value.type == ir.SEAT:
        return f"the number of {en.expr(e.value)} (player 1 is 1, player 2 is 2, ...)"
    return f"the place of {en.expr(e.value)} among its board's directions (the first is 1)"


@renders(ir.SpaceIndex)
def _space_index(en: English, e: ir.SpaceIndex) -> str:
    return f"the place of {en.expr(e.space)} in the order of the {human(e.board)}'s spaces (from 0)"


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


@renders(ir.HasLegalMove)
def _has_legal_move(en: English, e: ir.HasLegalMove) -> str:
    if e.among:  # `only when no other option is offered`: the step's options without that line
        others = join([f"**{human(name)}**" for name in e.among], "or")
        return (f"{'no' if e.negated else 'some'} other option is offered now ({others} "
                f"{'offers nothing' if e.negated else 'offers something'} to {en.expr(e.seat)})")
    offer = "no option" if e.negated else "at least one option"
    return (f"{en.expr(e.seat)} has {'no' if e.negated else 'a'} legal move ({en.step_link(e.step)}, the choice "
            f"each turn runs, would offer them {offer} now)")


@renders(ir.AfterIt)
def _after_it(en: English, e: ir.AfterIt) -> str:
    step = en.steps.get(e.step)
    option = next((o for o in (step.options if step else ()) if o.name == e.option), None)
    going = going_after(option, en.model) if option is not None else None
    if going is not None and going.steps:
        steps = join([en.step_link(name) for name in going.steps])
        return (f"in the position this option would leave (read once what it does and the automatic "
                f"{'steps' if len(going.steps) > 1 else 'step'} it sets going ({steps}) are done, before anyone "
                f"decides again: no end is checked and the turn has not passed), {en.expr(e.condition)}")
    return (f"in the position this option would leave (read after what it does, before anything that follows it: "
            f"no end is checked and the turn has not passed), {en.expr(e.condition)}")


@renders(ir.PlayerToMove)
def _player_to_move(en: English, e: ir.PlayerToMove) -> str:
    return "the player whose turn it is"


@renders(ir.StartingPlayer)
def _starting_player(en: English, e: ir.StartingPlayer) -> str:
    return "the starting player (who takes the first turn)"


@renders(ir.TurnNumber)
def _turn_number(en: English, e: ir.TurnNumber) -> str:
    return "the number of the turn (1 on the first)"


@renders(ir.PositionOccurred)
def _position_occurred(en: English, e: ir.PositionOccurred) -> str:
    times = en.expr(e.times)
    if e.board:
        return (f"{e.board} has shown at the start of this turn what it shows now at least {times} times (this time "
                f"included; the same is the same kind of component, with the same attributes, on each space, "
                f"whichever copy it is, and the same counts on the spaces; nothing else is compared)")
    return (f"the position at the start of this turn has occurred at least {times} times (this time included; "
            f"the same position is the same contents of every zone and space, in order, the same counters, the "
            f"same player to move and the same steps queued)")


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
    if isinstance(e.operand, ir.Check) and e.operand.test == "none":  # `X is not none`
        return f"{en.expr(e.operand.subject)} is on the board"
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
