"""Declarations said in English: one renderer per declaration class (``ir.Cited``), each Markdown lines;
the lines of an example, and the overview of a game's turns."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Optional

from ...model import ir
from ...model.counter_values import held_words
from ...model.tree import walk as walk_expr
from ..escape import md_text
from .expressions import _COMPARE, variable
from .words import English, article, code, human, join, noun_of_type, plural, quoted, renders

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
    names = join([f"{noun_of_type(p.type) if p.type != ir.INT else 'number'} {en.var_name(p.name)}"
                  for p in d.params])
    return _para(f"*{md_text(human(d.name))}* of {names} {what} {en.expr(d.value)}.")


@renders(ir.Option)
def _option(en: English, d: ir.Option) -> list[str]:
    return _para(f"Before the game the players choose the {human(d.name)} (“{md_text(d.title)}”): "
                 f"{join([md_text(v) for v in d.values], 'or')}; it is {md_text(d.default)} unless they choose "
                 f"otherwise.")


@renders(ir.SeatAttribute)
def _seat_attribute(en: English, d: ir.SeatAttribute) -> list[str]:
    seats = join([f"player {i + 1}'s is {md_text(human(v))}" for i, v in enumerate(d.values)])
    return _para(f"Each player has a {human(d.name)}: {seats}.")


@renders(ir.Component)
def _component(en: English, d: ir.Component) -> list[str]:
    name = human(d.name)
    total = d.total
    parts = []
    for attr, values in d.attributes:
        if d.counts and attr == d.counts[0]:
            continue
        if values and all(isinstance(v, int) for v in values) and list(values) == list(range(values[0], values[-1] + 1)):
            parts.append(f"every {human(attr)} from {values[0]} to {values[-1]}")
        elif attr in d.ordered:
            parts.append(f"every {human(attr)} ({join([md_text(v) for v in values], 'and')}, from lowest to "
                         f"highest)")
        else:
            parts.append(f"every {human(attr)} ({join([md_text(v) for v in values], 'and')})")
    if d.counts:
        text = f"There are{' for ' + join(parts) if parts else ''}: {_counted(d, name)}; {total} in all."
        unmade = [v for v, n in zip(dict(d.attributes)[d.counts[0]], d.counts[1]) if n == 0]
        if unmade:  # `king 0`: a value only the rules give
            text += f" No {name} starts as {join([article(md_text(v)) for v in unmade], 'or')}."
    elif parts:
        each = f"is {article(name)}" if d.copies == 1 else f"are {d.copies} {plural(name)}"
        text = f"There {each} for {join(parts)}: {total} in all."
    else:
        text = f"There {'is' if total == 1 else 'are'} {total} {name if total == 1 else plural(name)}, all alike."
    if d.shown_as:
        text += f" Each is named like {quoted(d.shown_as)}."
    if d.changing:
        changing = join([f"its {human(attr)}" for attr in d.changing], "and")
        text += f" During play the rules may change {changing}; {'it is' if len(d.changing) == 1 else 'they are'} read as it is now."
    return _para(text)


def _counted(d: ir.Component, name: str) -> str:
    """`kind (pawn 8, king)`: "8 pieces whose kind is pawn and 1 whose kind is king"."""
    attr, counts = d.counts
    made = [(v, n) for v, n in zip(dict(d.attributes)[attr], counts) if n]  # (those counted 0 are said after)
    said = [f"{n} {name if n == 1 else plural(name)} whose {human(attr)} is {md_text(v)}" if i == 0 else
            f"{n} whose {human(attr)} is {md_text(v)}" for i, (v, n) in enumerate(made)]
    return join(said, "and")


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
        "others": " Every player but its owner sees what is in it (it is held facing away); its owner sees how"
                  " many components it holds.",
        "top": " Everybody sees the component on top; the ones under it are covered (everybody sees how many"
               " there are, and has seen each one while it was on top).",
    }.get(d.visibility, f" Visibility: {d.visibility}.")
    if d.size_unseen:
        text = text.replace("everybody sees how many components it holds",
                            "nobody sees how many components it holds" if d.visibility == "hidden" else
                            "the others do not see even how many components it holds")
        text = text.replace("its owner sees how many components it holds",
                            "its owner does not see even how many components it holds")
        text = text.replace("Everybody sees the component on top; the ones under it are covered (everybody sees "
                            "how many there are, and has seen each one while it was on top).",
                            "Nobody sees anything of it, not even how many components it holds.")
    if d.stacked:
        text += " It is a pile: components keep the order they arrived in, and the last one is on top."
    if d.at_most is not None:
        text += (f" {'Each' if d.per_player else 'It'} never holds more than {d.at_most} "
                 f"component{'' if d.at_most == 1 else 's'}: the rules putting more in it are an error.")
    if d.start == "in_play":
        text += " At the start it holds every component in play."
    elif d.start == "left_out":
        text += " At the start it holds every component left out of the game."
    if d.start_component:
        text += f" At the start it holds every {human(d.start_component)}."
    if d.start_copies:
        text += " At the start " + join([_copies_held(d, component, count, seat)
                                         for component, count, seat in d.start_copies]) + "."
    return _para(text)


def _copies_held(d: ir.Zone, component: str, count: int, seat: Optional[int]) -> str:
    """`holds 3 ticket` as words: "it holds 3 tickets", "each player's tokens holds 2 tokens", "player 1's
    dealer holds the button"."""
    name, zone = human(component), human(d.name)
    copies = f"{count} {plural(name) if count != 1 else name}"
    if seat is not None:
        return f"player {seat + 1}'s {zone} holds " + (f"the {name}" if count == 1 else copies)
    return (f"each player's {zone} holds " if d.per_player else "it holds ") + copies


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
        "others": "every player but their owner sees what they show; their owner sees how many there are",
    }.get(d.visibility, f"visibility: {d.visibility}")
    return _para(f"{whose}; each die shows {shows}, and {seen}. Rolling them (`roll`) rolls each die once, "
                 f"a chance event with every face equally likely, whatever the other dice show.")


@renders(ir.TurnLimit)
def _turn_limit(en: English, d: ir.TurnLimit) -> list[str]:
    return _para(f"No game lasts more than {en.expr(d.value)} turns: the limit is worked out from the options and "
                 f"the number of players, and the rules promise never to reach it.")


@renders(ir.DecisionLimit)
def _decision_limit(en: English, d: ir.DecisionLimit) -> list[str]:
    return _para(f"No game takes more than {en.expr(d.value)} decisions, each player's choice counting one and "
                 f"chance none: the limit is worked out from the options and the number of players, and the "
                 f"rules promise never to go past it.")


@renders(ir.ActionNumbers)
def _action_numbers(en: English, d: ir.ActionNumbers) -> list[str]:
    return _para(f"Its actions are numbered 0 to {en.expr(d.value)}: each option says its own number, from what "
                 f"it chooses, and OpenSpiel and PettingZoo offer each player's actions by these numbers.")


@renders(ir.ChanceNumbers)
def _chance_numbers(en: English, d: ir.ChanceNumbers) -> list[str]:
    return _para(f"Its chance outcomes are numbered 0 to {en.expr(d.value)}: each chance step says its outcome's "
                 f"number, from what chance picks, and OpenSpiel gives each chance node's outcomes these numbers.")


@renders(ir.Counter)
def _counter(en: English, d: ir.Counter) -> list[str]:
    if d.board is not None:
        return _para(f"Each space of the {human(d.board)} board has a count called {human(d.name)}, which starts "
                     f"at {d.start}.")
    who = "Each player has a count" if d.per_player else "There is a count"
    outside = (" It is not part of the position: two positions that differ only in it are the same position "
               "when the rules ask how often a position has occurred.") if d.outside_position else ""
    if d.holds != ir.INT:  # a seat, a direction or a word, kept as its index among them (-1: none)
        words = held_words(en.model, d)
        kind = "a player" if d.holds == ir.SEAT else "a direction" if d.holds.startswith(ir.DIRECTION) else \
            f"one of the words {', '.join(words)}"
        start = md_text(words[d.start]) if d.start >= 0 else "none (no value yet)"
        who = "Each player has a value" if d.per_player else "There is a value"
        return _para(f"{who} called {human(d.name)}, which holds {kind} and starts at {start}.{outside}")
    return _para(f"{who} called {human(d.name)}, which starts at {d.start}.{outside}")


@renders(ir.Queue)
def _queue(en: English, d: ir.Queue) -> list[str]:
    return _para(f"There is a queue called {human(d.name)}: steps put in it wait, in the order they were put "
                 f"there, until the rules say to carry them out.")


@renders(ir.Face)
def _face(en: English, d: ir.Face) -> list[str]:
    letters = sorted({c for c in d.cells if c not in ".-"})
    when = f" when {en.expr(d.condition)}" if d.condition is not None else " always"
    marked = f", with {len(letters)} marked group{'s' if len(letters) != 1 else ''} of spaces" if letters else ""
    return _para(f"Face {md_text(human(d.name))} is used{when}{marked}.")


def _graph_board(d: ir.Board) -> str:
    """A board declared as a graph: its spaces by name, its links, named directions and sets of lines."""
    names = [str(v) for v in d.row_values]
    text = (f"The {human(d.name)} is a board of {len(names)} named spaces ({join([md_text(n) for n in names])}) "
            f"joined by {len(d.links)} links; a space's neighbours are the spaces linked to it.")
    for direction, links in d.directions:
        text += (f" Going {human(direction)} leads along a link from " +
                 join([f"{md_text(names[a])} to {md_text(names[b])}" for a, b in links]) + ".")
    sets: dict[str, list[str]] = {}
    for space, set_name in d.marks:  # `spaces south: A, B`
        sets.setdefault(set_name, []).append(space)
    for set_name, spaces in sets.items():
        text += f" The {human(set_name)} spaces are " + join([md_text(n) for n in spaces]) + "."
    for set_name, lines in d.line_sets:
        text += (f" The lines {human(set_name)} are " +
                 join([" ".join(md_text(names[c]) for c in line) for line in lines]) + ".")
    return text


@renders(ir.Board)
def _board(en: English, d: ir.Board) -> list[str]:
    name = human(d.name)
    if getattr(d, "lattice", "grid") == "graph":
        return _para(_graph_board(d))
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
        rows = _lines("row", d.row_attribute, join([md_text(v) for v in d.row_values]))
        is_a = "has" if name == "grid" else "is a grid of"  # not "The grid is a grid of ..."
        text = (f"The {name} {is_a} {len(d.row_values)} rows ({rows}) and {len(columns)} columns "
                f"({_lines('column', d.column_attribute, f'{columns[0]} to {columns[-1]}')}).")
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
    text += _board_moves_text(d)
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
        lines += _para(f"Face {md_text(human(face.name))} is used{when}{what}.")
    return lines


def _board_moves_text(d: ir.Board) -> str:
    """A board's own sets of directions and its jumps, said after its shape."""
    return "".join(" " + _direction_set(None, named)[0] for named in d.direction_sets) + \
        "".join(" " + _jump(None, jump)[0] for jump in d.jumps)


@renders(ir.DirectionSet)
def _direction_set(en: Optional[English], d: ir.DirectionSet) -> list[str]:
    return _para(f"Its {human(d.name)} directions are {join([ir.COMPASS[x] for x in d.directions])}.")


@renders(ir.Jump)
def _jump(en: Optional[English], d: ir.Jump) -> list[str]:
    said = article(human(d.name))
    leaps = join([_leap_words(rows, columns) for rows, columns in d.offsets], "or")
    return _para(f"{said[:1].upper() + said[1:]} jump leaps from a space to the space {leaps} of it, where the "
                 f"board has a space there (over whatever lies between).")


def _leap_words(rows: int, columns: int) -> str:
    """`2 south and 1 east`: a leap of (rows down the map, columns east) in compass words."""
    parts = [f"{abs(n)} {word[0] if n < 0 else word[1]}" for n, word in
             ((rows, ("north", "south")), (columns, ("west", "east"))) if n]
    return " and ".join(parts)


def _lines(noun: str, attribute: str, values: str) -> str:
    """A grid's rows or columns said by the attribute that names them ("one per colour: red, blue"), or
    by their values alone where the attribute is called after them (`row`, `col`)."""
    said = human(attribute)
    return values if said in (noun, noun[:3], plural(noun)) else f"one per {said}: {values}"


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
    """" It is carried out for the player, with the first space." (its parameters, seats first)."""
    said = {p.name: variable(en, ir.Var(p.type, None, p.name, p.name)) for p in params}
    seats = [said[p.name] for p in params if p.type == ir.SEAT]
    others = [said[p.name] for p in params if p.type != ir.SEAT]
    text = f" It is carried out for {join(seats)}" if seats else ""
    if others:
        text += (", with " if seats else " It is carried out with ") + join(others)
    return text + "." if text else ""


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
    if d.number is not None:
        head += f"; its action number is {en.expr(d.number)}"
    lines = [en.item(0, head + ".")]
    lines += en.stmts(d.body, 1)
    return lines


def _fraction(weight: int, total: int) -> str:
    """A face's chance as a fraction in lowest terms: 9/10, 0 (never), 1 (always)."""
    chance = Fraction(weight, total)
    return str(chance.numerator) if chance.denominator == 1 else f"{chance.numerator}/{chance.denominator}"


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
        if o is not None and getattr(o, "shuffle", None) is not None:
            text = (f"Chance puts {en.expr(o.shuffle)} in one of its orders, every distinct order equally likely "
                    f"(orders that differ only by identical components are one); the outcome is shown as its "
                    f"components from the bottom up, the last on top: {quoted(o.template)}.")
        elif o is not None and o.draw_from is not None:
            text = (f"Chance draws a component {en.var_name(o.var)} from {en.expr(o.draw_from)}, every component "
                    f"there equally likely; the outcome is shown as {quoted(o.template)}.")
        elif o is not None and getattr(o, "pick_from", None) is not None:
            among = en.expr(o.pick_from)
            if getattr(o, "pick_where", None) is not None:
                among += f" where {en.expr(o.pick_where)}"
            likely = "each equally likely" if getattr(o, "weight", None) is None else \
                f"each as likely as its weight, {en.expr(o.weight)} (one weighted 0 is never picked)"
            names = getattr(o, "names", (o.var,))
            picked = (en.var_name(o.var) if len(names) == 1 else
                      f"{join([en.var_name(n) for n in names], 'and')}, each from {en.expr(o.pick_from)}, so")
            if len(names) > 1:  # every combination of their values is one candidate
                among = "every combination of their values" + among[len(en.expr(o.pick_from)):]
            text = (f"Chance picks {picked} among {among}, {likely}; the "
                    f"outcome is shown as {quoted(o.template)} (outcomes shown alike are one, their chances added).")
            if len(names) == 1:
                text = text.replace(" (outcomes shown alike are one, their chances added).", ".")
        elif o is not None and getattr(o, "weights", ()):
            total = sum(o.weights)
            odds = [f"{md_text(str(f))} with chance {_fraction(w, total)}" for f, w in zip(o.faces, o.weights)]
            text = (f"Chance picks {en.var_name(o.var)}: {join(odds, 'and')}; the outcome is shown as "
                    f"{quoted(o.template)}.")
        elif o is not None:
            text = (f"Chance picks {en.var_name(o.var)} among {join([md_text(str(f)) for f in o.faces], 'and')}, each equally likely; "
                    f"the outcome is shown as {quoted(o.template)}.")
        else:
            text = "A chance step."
        if o is not None and getattr(o, "number", None) is not None:
            text += f" Its outcome's number is {en.expr(o.number)}."
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
    timing = en.end_timing(d.timing)
    each = ""
    if d.each_var and d.each_domain is not None:
        element = {ir.SEATS: ir.SEAT, ir.ZONE: ir.ITEM, ir.ZONES: ir.ITEM}.get(d.each_domain.type, "?")
        where = "" if isinstance(d.each_domain, ir.PlayersSet) else f" in {en.expr(d.each_domain)}"
        each = f" for some {en.element_noun(element)} {en.var_name(d.each_var)}{where}"
    text = f"{timing}: the game ends if{each} {en.expr(d.condition)}.{_end_order(en, d)}"
    if d.winner is not None and d.loser:
        text += f" Then {en.expr(d.winner)} loses, and every other player wins (they share the win)."
    elif d.winner is not None:
        text += f" Then {en.expr(d.winner)} wins."
    elif d.draw:
        text += " The game is then a draw: every player ties for first, whatever the ranking would say."
    else:
        text += " The ranking then decides the places."
    if d.then_step is not None:
        which = (f" (for the {en.var_name(d.each_var)} the game ended for)"
                 if d.each_var and any(isinstance(x, ir.Var) and x.name == d.each_var for a in d.then_args
                                       for x in walk_expr(a)) else "")
        text += (f" Before anything is scored, {en.step_link(d.then_step)}{en.args(d.then_step, d.then_args)}"
                 f"{which} is carried out.")
    return _para(text)


def _end_order(en: English, d: ir.End) -> str:
    """Where d stands among the ends checked at the same moment: they are tried in the order declared."""
    same = [e.name for e in en.model.ends if e.timing == d.timing]
    if len(same) < 2:
        return ""
    before = same[:same.index(d.name)]
    if not before:
        return " It is tried first of the ends checked then (they are tried in the order they are declared)."
    return (f" It is tried only after {join([en.link('end', name) for name in before])} (ends checked at the "
            f"same moment are tried in the order they are declared; the first that holds ends the game).")


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
    """(Given | When | Then | For every, the sentence) for one line of an executable example (a `for every`
    block: its head; the lines under it are lines of their own)."""
    w = line.what
    if w == "for_every":
        what = "action offered" if line.name == "action" else "chance outcome"
        form = f" of the form {code(line.value)}" if line.value else ""
        return "For every", f"{what} here{form}, played from this same position"
    if w == "leg_scores":
        scores = ", ".join(line.values)
        return "Given", f"leg {line.number} of the match is over, and scored {human(line.name or '')} {scores} " \
                        f"(in seat order)"
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
    if w == "space_counter":
        return "Given", f"the {human(line.name or '')} count on space {code(line.value or '')} is {line.number}"
    if w == "action":
        return "When", f"{code(line.value or '')} is played"
    if w == "refused":
        return "When", f"{code(line.value or '')} is tried, it is refused, and nothing changes"
    if w == "legal":
        return "Then", f"{code(line.value or '')} is allowed"
    if w == "illegal":
        return "Then", f"{code(line.value or '')} is not allowed"
    if w == "numbered" and (line.value or "").startswith("chance:"):
        return "Then", f"{code(line.value or '')} may happen, and its outcome number is {line.number}"
    if w == "numbered":
        return "Then", f"{code(line.value or '')} is allowed, and its action number is {line.number}"
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


def _ordinal(number: int) -> str:
    words = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
    return words[number - 1] if 1 <= number <= len(words) else f"in place {number}"


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
        return f"there are {line.number} equally likely chance outcomes" + (
            f", each of the form {code(line.values[0])}" if line.values else "")
    if w == "chance_read":
        return f"every chance outcome is of the form {join([code(v) for v in line.values], 'or')}"
    if w == "place":
        return f"{who} is {_ordinal(line.number or 0)} in the ranking"
    if w == "log":
        return f"the log's last {'entry is' if len(line.values) == 1 else f'{len(line.values)} entries are'} {texts}"
    if w == "sees_top":
        return f"{who} sees only the top of {en.expr(line.target)} (and how many lie under it)"
    if w in ("sees", "not_sees"):
        return f"{who} {'sees' if w == 'sees' else 'does not see'} what {en.expr(line.target)} holds"
    if w == "space_empty":
        return f"space {code(line.value or '')} is empty"
    if w == "space_count":
        return f"the {human(line.name or '')} count on space {code(line.value or '')} {_COMPARE.get(line.values[0], line.values[0])} {line.number}"
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
    if w == "match_total":
        return f"{en.owned(human(line.name or '') + ' total', line.expr)} over the match so far (this leg's included) " \
               f"is {line.number}"
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
        lines.append(f"- **{word}** {text}" + (":" if line.body else "."))
        for inner in line.body:  # (a `for every` block's lines, one level in)
            word, text = example_line(en, inner)
            lines.append(f"    - **{word}** {text}.")
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
    if m.turn_limit is not None:
        text += (f" No game lasts more than {en.expr(m.turn_limit.value)} turns (worked out from the options and "
                 f"the number of players; {m.max_turns} at the most).")
    elif m.max_turns:
        text += f" No game lasts more than {m.max_turns} turns."
    if m.decision_limit is not None:
        text += f" No game takes more than {en.expr(m.decision_limit.value)} decisions."
    if m.action_numbers is not None:
        text += f" Its actions are numbered 0 to {en.expr(m.action_numbers.value)}."
    if m.chance_numbers is not None:
        text += f" Its chance outcomes are numbered 0 to {en.expr(m.chance_numbers.value)}."
    return _para(text)
