"""Lark's parse tree -> :mod:`rulespec.language.ast`: the declarations (a game, its components and
zones, boards, the flow of a turn, ends, scores and checks), with the statements and expressions
(``transform_expressions``) and the examples, matches and variants (``transform_examples``) mixed in."""

from __future__ import annotations

import dataclasses
from fractions import Fraction
from typing import Any

from lark import Token, v_args

from . import ast
from ..lib.limits import LIMIT, refusal
from .ast_building import (AstProblem, Block, Cites, Rulings, ValueCount, check_number, counted, option_value, read_number,
                           read_signed_number, split_tails, token_loc, unquote, value_token)
from .transform_examples import ExamplesToAst
from .transform_expressions import ExpressionsToAst


@v_args(meta=True)
class ToAst(ExpressionsToAst, ExamplesToAst):
    """The whole transform: a rule file's parse tree -> its declarations."""

    # --- plumbing
    def start(self, meta, children):
        return [c for c in children if c is not None]

    def cite(self, meta, children):
        return Cites([str(c) for c in children])

    def rulings(self, meta, children):
        return Rulings([str(c) for c in children])

    # --- game
    def game(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        name = unquote(rest[0])
        fields: dict[str, Any] = {}
        for item in rest[1:]:
            fields.update(item)
        return ast.GameDecl(loc=self._loc(meta), name=name, cites=cites, rulings=rulings, **fields)

    def game_id(self, meta, children):
        return {"id": unquote(children[0])}

    def game_rulebook(self, meta, children):
        return {"rulebook": unquote(children[0])}

    def game_players(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        return {"min_players": read_number(rest[0], "players"), "max_players": read_number(rest[1], "players"), "players_loc": self._loc(meta),
                "players_cites": cites, "players_rulings": rulings}

    def game_max_turns(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        limit = rest[0]
        tail = {"max_turns_cites": cites, "max_turns_rulings": rulings, "max_turns_loc": self._loc(meta)}
        if isinstance(limit, ast.Num):  # a number: the bound of every configuration
            return {"max_turns": check_number(limit.value, limit.loc, "max_turns"), **tail}
        # worked out per configuration from the options and the player count (model/turn_limit.py)
        return {"turn_limit": limit, **tail}

    def game_max_decisions(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        # (a number or worked out per configuration, as a turn limit: model/turn_limit.py)
        return {"decision_limit": rest[0], "decision_limit_cites": cites, "decision_limit_rulings": rulings,
                "decision_limit_loc": self._loc(meta)}

    def game_action_numbers(self, meta, children):
        return self._numbers_from_zero(meta, children, "action_numbers", "actions", "actions")

    def game_chance_numbers(self, meta, children):
        return self._numbers_from_zero(meta, children, "chance_numbers", "chance outcomes", "chance outcomes")

    def _numbers_from_zero(self, meta, children, field: str, said: str, what: str) -> dict:
        """`actions numbered 0 to N` / `chance outcomes numbered 0 to N`: the header's fields (0 is the first)."""
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        first, last = rest
        if int(first) != 0:
            raise AstProblem(first.line, first.column, f"{what.rstrip('s')} numbers start at 0, not {first}",
                             width=len(first), hint=f"write `{said} numbered 0 to N`: OpenSpiel and PettingZoo "
                                                    f"number {what} from 0")
        return {field: last, f"{field}_cites": cites, f"{field}_rulings": rulings, f"{field}_loc": self._loc(meta)}

    def extends(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        return ast.Extends(loc=self._loc(meta), base=unquote(rest[0]), cites=cites, rulings=rulings)

    def removal(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        target = rest[0]
        return ast.Removal(loc=self._loc(meta), target=unquote(target) if target.type == "STRING" else str(target),
                           cites=cites, rulings=rulings)

    def renaming(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        return ast.Renaming(loc=self._loc(meta), old=str(rest[0]), new=str(rest[1]), cites=cites, rulings=rulings)

    def ruling(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        text = " ".join(unquote(t) for t in rest[2:])
        return ast.RulingDecl(loc=self._loc(meta), id=str(rest[0]), title=unquote(rest[1]), text=text,
                              cites=cites, rulings=rulings)

    def clause_text(self, meta, children):
        return ast.ClauseText(loc=self._loc(meta), id=str(children[0]),
                              text=" ".join(unquote(t) for t in children[1:]))

    def option(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        name, title, *values = rest
        default = values.pop()
        kinds = {v.type == "INT" for v in values + [default]}
        if len(kinds) > 1:
            odd = next(v for v in values + [default] if (v.type == "INT") != (values[0].type == "INT"))
            raise AstProblem(odd.line, odd.column, f"option `{name}` mixes numbers and words", width=len(odd),
                              hint="an option's values are all words (`plain, marked`) or all numbers (`20, 50, 100`)")
        return ast.OptionDecl(loc=self._loc(meta), name=str(name), title=unquote(title),
                              values=tuple(option_value(v) for v in values), default=option_value(default),
                              numeric=values[0].type == "INT", cites=cites, rulings=rulings)

    # --- components and zones
    def named_values(self, meta, children):
        if len(children) - 1 > LIMIT.attribute_values:
            extra = value_token(children[1 + LIMIT.attribute_values])
            raise AstProblem(extra.line, extra.column, refusal("attribute_values", len(children) - 1),
                              hint="an attribute lists the values components really have")
        return ast.Attribute(loc=self._loc(meta), name=str(children[0]),
                             values=tuple(str(value_token(v)) for v in children[1:]), **counted(children[1:]))

    def value_count(self, meta, children):
        """`pawn 8`: the value's token and its count (a count of 0 is checked with the component: its
        attribute must change)."""
        value, count = children
        return ValueCount(value, read_number(count, "copies"), self._loc(meta), token_loc(self.path, count))

    def ordered_values(self, meta, children):
        values, signs = children[1::2], children[2::2]
        for sign in signs:
            if str(sign) != "<":
                raise AstProblem(sign.line, sign.column, f"the values of an ordered attribute are joined by `<`, "
                                                          f"not `{sign}`", width=len(str(sign)),
                                  hint=f"list them lowest first: `{children[0]} ({' < '.join(str(value_token(v)) for v in values)})`")
        if len(values) > LIMIT.attribute_values:
            extra = value_token(values[LIMIT.attribute_values])
            raise AstProblem(extra.line, extra.column, refusal("attribute_values", len(values)),
                              hint="an attribute lists the values components really have")
        return ast.Attribute(loc=self._loc(meta), name=str(children[0]),
                             values=tuple(str(value_token(v)) for v in values), ordered=True, **counted(values))

    def number_range(self, meta, children):
        name, low, high = children
        first, last = read_number(low), read_number(high)
        if last < first:
            raise AstProblem(low.line, low.column, f"the range {low}..{high} is empty",
                              hint="write the smaller number first")
        if last - first + 1 > LIMIT.attribute_values:
            raise AstProblem(low.line, low.column, refusal("attribute_values", last - first + 1),
                              width=high.end_column - low.column if high.end_column else 1,
                              hint="an attribute lists the values components really have: use a shorter range")
        return ast.Attribute(loc=self._loc(meta), name=str(name), values=tuple(range(first, last + 1)))

    def option_range(self, meta, children):
        name, low, option = children
        # The values up to the option's largest are filled in by the checker, which knows the options.
        return ast.Attribute(loc=self._loc(meta), name=str(name), values=(read_number(low),), up_to=str(option))

    def component(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        name = str(rest[0])
        attributes = tuple(c for c in rest[1:] if isinstance(c, ast.Attribute))
        copies_token = next((c for c in rest[1:] if isinstance(c, Token) and c.type == "INT"), None)
        copies = read_number(copies_token, "copies") if copies_token is not None else 1
        self.counts_checked(name, attributes, copies_token)
        shown = next((unquote(c) for c in rest[1:] if isinstance(c, Token) and c.type == "STRING"), None)
        changing = next((c for c in rest[1:] if isinstance(c, tuple)), ((), None))
        self.none_made_checked(name, attributes, changing[0])
        return ast.ComponentDecl(loc=self._loc(meta), name=name, attributes=attributes, copies=copies,
                                 shown_as=shown, changing=changing[0], changing_loc=changing[1], cites=cites,
                                 rulings=rulings)

    @staticmethod
    def counts_checked(name: str, attributes, copies_token) -> None:
        """Counts (`kind (pawn 8, knight 2)`) on one attribute of a component, and not beside `x N`."""
        counted_ones = [a for a in attributes if a.counts]
        if copies_token is not None and counted_ones:
            raise AstProblem(copies_token.line, copies_token.column,
                             f"component `{name}` gives counts in `{counted_ones[0].name}` and `x {copies_token}` too",
                             width=len(copies_token), hint="say how many once: the counts by the values, or `x N` "
                                                           "for every combination alike")
        if len(counted_ones) > 1:
            second = counted_ones[1]
            raise AstProblem(second.counts_loc.line, second.counts_loc.column,
                             f"component `{name}` has counts in `{counted_ones[0].name}` and in `{second.name}`",
                             hint=f"counts go on one attribute: they say how many of each value there are for each "
                                  f"combination of the others")

    @staticmethod
    def none_made_checked(name: str, attributes, changing: tuple[str, ...]) -> None:
        """`king 0`: no component starts with the value, so it must be one the rules can give (its attribute
        can change), and some value must have components."""
        for attribute in attributes:
            at = attribute.none_made_loc
            if at is None:
                continue
            value = attribute.values[attribute.counts.index(0)]
            if attribute.name not in changing:
                raise AstProblem(at.line, at.column, f"`{value} 0`: no component `{name}` is made with "
                                                     f"{attribute.name} {value}, and its {attribute.name} cannot "
                                                     f"change, so none ever has it", width=1,
                                 hint=f"leave `{value}` out of the list, give it a count of 1 or more, or say "
                                      f"`, {attribute.name} can change` if the rules make it")
            if not any(attribute.counts):
                raise AstProblem(attribute.counts_loc.line, attribute.counts_loc.column,
                                 f"component `{name}`: every count in `{attribute.name}` is 0, so none is made",
                                 hint="give the values components start with a count of 1 or more")

    def changing(self, meta, children):
        """`, colour and rank can change`: (the names, where the clause is)."""
        return tuple(str(c) for c in children), self._loc(meta)

    def leave_out(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        players, attribute, *values = rest
        return ast.LeaveOut(loc=self._loc(meta), players=read_number(players, "players"), attribute=str(attribute),
                            values=tuple(str(v) for v in values), cites=cites, rulings=rulings)

    def leave_out_component(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        return ast.LeaveOut(loc=self._loc(meta), players=0, attribute="", values=(str(rest[0]),), cites=cites,
                            rulings=rulings)

    def zone_scope(self, meta, children):
        return "per_player" if len(children) > 1 else "shared"

    def visibility(self, meta, children):
        word = str(children[0])
        if word == "seen":  # `seen by owner` / `seen by others` (every seat but the owner)
            return "owner" if str(children[-1]) == "owner" else "others"
        return {"only": "top"}.get(word, word)

    def zone_start(self, meta, children):
        last = str(children[-1])
        if last == "play":
            return "in_play"
        if last == "out" and str(children[-2]) == "left":
            return "left_out"
        return ("component", last)

    def zone_holds_copies(self, meta, children):
        count, component = children
        return ast.StartCopies(loc=self._loc(meta), component=str(component),
                               count=read_number(count, "copies"))

    def zone_seat_holds(self, meta, children):
        seat, *count, component = children
        return ast.StartCopies(loc=self._loc(meta), component=str(component),
                               count=read_number(count[0], "copies") if count else 1,
                               seat=read_number(seat, "players"))

    def zone_stacked(self, meta, children):
        return "stacked"

    def zone_size_unseen(self, meta, children):
        return "size_unseen"

    def zone_at_most(self, meta, children):
        return ast.ZoneBound(loc=self._loc(meta), most=read_number(children[0], "items"))

    def zone(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        name, scope, visibility, *extras = rest
        start = next((e for e in extras if e in ("in_play", "left_out")), None)
        component = next((e[1] for e in extras if isinstance(e, tuple)), None)
        copies = tuple(e for e in extras if isinstance(e, ast.StartCopies))
        bound = next((e for e in extras if isinstance(e, ast.ZoneBound)), None)
        return ast.ZoneDecl(loc=self._loc(meta), name=str(name), per_player=(scope == "per_player"),
                            visibility=visibility, start=start, start_component=component, start_copies=copies,
                            stacked="stacked" in extras, size_unseen="size_unseen" in extras, cites=cites,
                            rulings=rulings, **({"at_most": bound} if bound is not None else {}))

    def per_player(self, meta, children):
        return True

    def per_space(self, meta, children):
        return ("board", str(children[0]))

    def counter(self, meta, children):
        rest, cites, rulings = split_tails(children)
        name, scope, start, outside_position = rest
        return self._counter(meta, (name, scope, None, start, outside_position), cites, rulings)

    def held_counter(self, meta, children):
        rest, cites, rulings = split_tails(children)
        return self._counter(meta, rest, cites, rulings)

    def _counter(self, meta, rest, cites, rulings):
        name, scope, holds, start, outside_position = rest
        board = scope[1] if isinstance(scope, tuple) else None
        start_value = start if isinstance(start, tuple) else None
        return ast.CounterDecl(loc=self._loc(meta), name=str(name), per_player=scope is True,
                               start=0 if start_value else read_signed_number(start), board=board,
                               outside_position=bool(outside_position), holds=holds, start_value=start_value,
                               cites=cites, rulings=rulings)

    def counter_type(self, meta, children):
        return str(children[0]), (str(children[1]) if children[1] is not None else None)

    def counter_start_word(self, meta, children):
        return "word", str(children[0])

    def counter_start_seat(self, meta, children):
        return "seat", str(children[0]), read_number(children[1], "players")

    def counter_start_none(self, meta, children):
        return ("none",)

    def queue(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        return ast.QueueDecl(loc=self._loc(meta), name=str(rest[0]), cites=cites, rulings=rulings)

    def seat_attribute(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        name, *values = rest
        shown = tuple(str(read_signed_number(v)) if v.type in ("INT", "NEGATIVE_INT") else str(v) for v in values)
        return ast.SeatAttributeDecl(loc=self._loc(meta), name=str(name), values=shown, cites=cites, rulings=rulings)

    def dice_scope(self, meta, children):
        return "per_player" if len(children) > 1 else "shared"

    def dice(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        name, attribute, count, scope, holder, visibility, *lost = rest
        number = read_number(count, "dice") if count.type == "INT" else str(count)
        if number == 0:
            raise AstProblem(count.line, count.column, "there are no dice: the count is 0",
                              hint="write how many dice there are, 1 or more")
        if attribute.counts:
            raise AstProblem(attribute.counts_loc.line, attribute.counts_loc.column,
                             f"dice `{name}`: a die's {attribute.name} is not counted, each die shows one",
                             hint=f"list the {attribute.name} values alone; how many dice there are is the count "
                                  f"after the list (`, {count} per player`)")
        return ast.DiceDecl(loc=self._loc(meta), name=str(name), attribute=attribute, count=number,
                            per_player=(scope == "per_player"), holder=str(holder), visibility=visibility,
                            lost=str(lost[0]) if lost else None, cites=cites, rulings=rulings)

    # --- boards
    def region(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        return ast.RegionDecl(loc=self._loc(meta), name=str(rest[0]), cites=cites, rulings=rulings)

    def map_row(self, meta, children):
        label, row = children
        cells, columns = [], []
        for offset, char in enumerate(str(row)):
            if char != " ":
                cells.append(char)
                columns.append(row.column + offset)
        return ast.MapRow(loc=self._loc(meta), label=str(label), cells=tuple(cells), cell_columns=tuple(columns))

    def face(self, meta, children):
        name, condition, *others = children
        rest, cites, rulings = split_tails([c for c in others if c is not None])
        return ast.FaceDecl(loc=self._loc(meta), name=str(name), condition=condition, rows=tuple(rest),
                            cites=cites, rulings=rulings)

    def mark(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        letter, name = rest
        if len(str(letter)) != 1 or not str(letter).islower():
            raise AstProblem(letter.line, letter.column, f"a mark is one small letter, not `{letter}`",
                              hint="write `mark g means gem`")
        return ast.MarkDecl(loc=self._loc(meta), letter=str(letter), name=str(name), cites=cites, rulings=rulings)

    def lattice_board(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        name, shape_attribute, *items = rest
        return ast.BoardDecl(
            loc=self._loc(meta), name=str(name), lattice="triangles", shape_attribute=str(shape_attribute),
            regions=tuple(i for i in items if isinstance(i, ast.RegionDecl)),
            marks=tuple(i for i in items if isinstance(i, ast.MarkDecl)),
            direction_sets=tuple(i for i in items if isinstance(i, ast.DirectionSetDecl)),
            jumps=tuple(i for i in items if isinstance(i, ast.JumpDecl)),
            faces=tuple(i for i in items if isinstance(i, ast.FaceDecl)), cites=cites, rulings=rulings)

    def graph_board(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        name, *items = rest
        parts = [part for item in items for part in item]
        return ast.BoardDecl(
            loc=self._loc(meta), name=str(name), lattice="graph", faces=(),
            spaces=tuple(p for p in parts if isinstance(p, ast.GraphSpace)),
            links=tuple(p for p in parts if isinstance(p, ast.GraphLink)),
            lines=tuple(p for p in parts if isinstance(p, ast.GraphLine)),
            positions=tuple(p for p in parts if isinstance(p, ast.GraphPosition)), cites=cites, rulings=rulings)

    def _graph_space(self, token) -> ast.GraphSpace:
        return ast.GraphSpace(loc=token_loc(self.path, token), name=str(token))

    def graph_spaces(self, meta, children):
        return [self._graph_space(c) for c in children]

    def graph_space_set(self, meta, children):
        name, *spaces = children
        return [dataclasses.replace(self._graph_space(c), set_name=str(name)) for c in spaces]

    def graph_links(self, meta, children):
        direction, *links = children
        named = str(direction) if direction is not None else ""
        return [dataclasses.replace(link, direction=named) for link in links]

    def graph_link(self, meta, children):
        first, second = children
        return ast.GraphLink(loc=self._loc(meta), first=str(first), second=str(second))

    def graph_lines(self, meta, children):
        name, *lines = children
        return [dataclasses.replace(line, set_name=str(name)) for line in lines]

    def graph_line(self, meta, children):
        return ast.GraphLine(loc=self._loc(meta), set_name="", spaces=tuple(self._graph_space(c) for c in children))

    def graph_positions(self, meta, children):
        return list(children)

    def graph_at(self, meta, children):
        name, x, y = children
        return ast.GraphPosition(loc=token_loc(self.path, name), name=str(name),
                                 x=read_number(x, "graph_coordinate"), y=read_number(y, "graph_coordinate"))

    def lattice_cell(self, meta, children):
        return (read_number(children[0], "lattice_coordinate"), read_number(children[1], "lattice_coordinate"))

    def shape(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        name, *cells = rest
        return ast.ShapeDecl(loc=self._loc(meta), name=str(name), cells=tuple(cells), cites=cites, rulings=rulings)

    def placements(self, meta, children):
        return ast.Placements(loc=self._loc(meta), subject=children[0], board=str(children[1]))

    def is_marked(self, meta, children):
        return ast.IsMarked(loc=self._loc(meta), subject=children[0], mark=str(children[1]))

    def is_a_space(self, meta, children):
        subject, name = [c for c in children if not (isinstance(c, Token) and c.type in ("A", "AN"))]
        return ast.IsASpace(loc=self._loc(meta), subject=subject, name=str(name))

    def pick_outcome(self, meta, children):
        template, var, *more_vars, collection, where, weight = children
        return ast.Outcome(loc=self._loc(meta), template=unquote(template), var=str(var), pick_from=collection,
                           pick_where=where, weight=weight, more_vars=tuple(map(str, more_vars)))

    def board(self, meta, children):
        rest, cites, rulings = split_tails(children)  # the Nones of `rows NAME [INT .. INT]` kept in place
        name, rows, row_low, row_high, columns, low, high, adjacency, *items = rest
        numbered: dict[str, Any] = {}
        if high.type == "NAME":  # `columns column 1..size`: the checker reads the option's largest value
            numbered["column_option"], high = str(high), Token("INT", str(read_number(low)), line=high.line,
                                                               column=high.column)
        if row_high is not None and row_high.type == "NAME":
            numbered["row_option"], row_high = str(row_high), Token("INT", str(read_number(row_low)),
                                                                    line=row_high.line, column=row_high.column)
        first, last = read_number(low), read_number(high)
        if row_low is not None:  # `rows row 1..6`: rows numbered, named by no component attribute
            # (`rows rank 8..1`: numbered upward from the bottom of the map, as chess's ranks are)
            numbered.update(first_row=read_number(row_low), last_row=read_number(row_high))
            count = abs(numbered["last_row"] - numbered["first_row"]) + 1
            if count > LIMIT.board_rows:
                raise AstProblem(row_low.line, row_low.column, refusal("board_rows", count),
                                  hint="a board's rows are numbered like its spaces: use a shorter range")
        if last - first + 1 > LIMIT.board_columns:
            raise AstProblem(low.line, low.column, refusal("board_columns", last - first + 1),
                              width=high.end_column - low.column if high.end_column else 1,
                              hint="a board's columns are numbered like its spaces: use a shorter range")
        return ast.BoardDecl(
            loc=self._loc(meta), name=str(name), row_attribute=str(rows), column_attribute=str(columns),
            first_column=first, last_column=last, adjacency=str(adjacency), **numbered,
            regions=tuple(i for i in items if isinstance(i, ast.RegionDecl)),
            marks=tuple(i for i in items if isinstance(i, ast.MarkDecl)),
            direction_sets=tuple(i for i in items if isinstance(i, ast.DirectionSetDecl)),
            jumps=tuple(i for i in items if isinstance(i, ast.JumpDecl)),
            faces=tuple(i for i in items if isinstance(i, ast.FaceDecl)), cites=cites, rulings=rulings)

    def direction_set(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        name, *directions = rest
        return ast.DirectionSetDecl(loc=self._loc(meta), name=str(name), directions=tuple(map(str, directions)),
                                    cites=cites, rulings=rulings)

    def jump(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        name, *offsets = rest
        return ast.JumpDecl(loc=self._loc(meta), name=str(name), offsets=tuple(offsets), cites=cites, rulings=rulings)

    def jump_offset(self, meta, children):
        rows, columns = children
        return (read_signed_number(rows, "board_rows"), read_signed_number(columns, "board_columns"))

    def jump_path(self, meta, children):
        return tuple(str(word) for word in children)

    def fit(self, meta, children):
        component, board, condition, *others = children
        _, cites, rulings = split_tails([c for c in others if c is not None])
        return ast.FitDecl(loc=self._loc(meta), component=str(component), board=str(board), condition=condition,
                           cites=cites, rulings=rulings)

    # --- flow
    def block(self, meta, children):
        return Block(c for c in children if c is not None)

    def setup(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        return ast.SetupDecl(loc=self._loc(meta), body=tuple(rest[0]), cites=cites, rulings=rulings)

    def turn_skip(self, meta, children):
        return ("skip", str(children[0]), children[1])

    def turns(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        skip = next((r for r in rest if isinstance(r, tuple)), None)
        return ast.TurnsDecl(loc=self._loc(meta), first_seat=read_number(rest[0], "players"), step=str(rest[1]), cites=cites,
                             rulings=rulings, skip_var=skip[1] if skip else None, skip_when=skip[2] if skip else None)

    def any_player(self, meta, children):
        return "any"

    def each_player(self, meta, children):
        return ("each", children[0] if children else None)

    def params(self, meta, children):
        return tuple(c for c in children if c is not None)

    def param(self, meta, children):
        name, type_, board = children
        return ast.Param(loc=self._loc(meta), name=str(name), type=str(type_),
                         board=str(board) if board is not None else None)

    def step(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        name, params, body = rest
        return ast.StepDecl(loc=self._loc(meta), name=str(name), params=params, body=tuple(body), cites=cites,
                            rulings=rulings)

    def binding(self, meta, children):
        pairs = []
        for var, domain in zip(children[0::2], children[1::2]):
            pairs.append(ast.Binding(loc=token_loc(self.path, var), var=str(var), domain=domain))
        return ("bindings", tuple(pairs))

    def guard(self, meta, children):
        return ("guard", children[0])

    def numbering(self, meta, children):
        return ("number", children[0])

    def offered_alone(self, meta, children):
        return ("alone", self._loc(meta))

    def after_guard(self, meta, children):
        return ("after", ast.AfterIt(loc=self._loc(meta), condition=children[0]))

    def option_decl(self, meta, children):
        name, template = children[0], children[1]
        rest, cites, rulings = split_tails([c for c in children[2:] if c is not None])
        bindings, guards, after, body, number, alone = (), [], None, [], None, None
        for child in rest:
            if isinstance(child, tuple) and child and child[0] == "alone":
                alone = child[1]
                continue
            if isinstance(child, tuple) and child and child[0] == "bindings":
                bindings = child[1]
            elif isinstance(child, tuple) and child and child[0] == "number":
                number = child[1]
            elif isinstance(child, tuple) and child and child[0] == "guard":
                guards.append(child[1])
            elif isinstance(child, tuple) and child and child[0] == "after":
                after = child[1]
            else:
                body.append(child)
        return ast.OptionChoice(loc=self._loc(meta), name=str(name), template=unquote(template), bindings=bindings,
                                guards=tuple(guards), after=after, body=tuple(body), cites=cites, rulings=rulings,
                                number=number, alone=alone)

    def choice(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        name, params, by, *options = rest
        together = isinstance(by, tuple) and by[0] == "each"
        where = by[1] if together else None
        by = None if by == "any" or together else by
        return ast.ChoiceDecl(loc=self._loc(meta), name=str(name), params=params, by=by, options=tuple(options),
                              cites=cites, rulings=rulings, together=together, together_where=where)

    def draw_outcome(self, meta, children):
        template, var, zone = children
        return ast.Outcome(loc=self._loc(meta), template=unquote(template), var=str(var), draw_from=zone)

    def roll_outcome(self, meta, children):
        template, var, *faces, weights = children
        return ast.Outcome(loc=self._loc(meta), template=unquote(template), var=str(var),
                           faces=tuple(read_number(f) if f.type == "INT" else str(f) for f in faces),
                           weights=weights or ())

    def face_weights(self, meta, children):
        return tuple(read_number(w) for w in children)

    def chance(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        name, params, outcome, *body = rest
        number = body.pop(0)[1] if body and isinstance(body[0], tuple) and body[0][0] == "number" else None
        return ast.ChanceDecl(loc=self._loc(meta), name=str(name), params=params, outcome=outcome, body=tuple(body),
                              cites=cites, rulings=rulings, number=number)

    def event(self, meta, children):
        board, *causes = [c for c in children if c is not None]
        return ast.Event(loc=self._loc(meta), board=str(board), causes=tuple(str(c) for c in causes))

    def trigger(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        name, event, *body = rest
        return ast.TriggerDecl(loc=self._loc(meta), name=str(name), event=event, body=tuple(body), cites=cites,
                               rulings=rulings)

    def instead(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        name, step, *others = rest
        params = []
        while others and isinstance(others[0], Token) and others[0].type == "NAME":
            params.append(str(others.pop(0)))
        condition, *body = others
        return ast.InsteadDecl(loc=self._loc(meta), name=str(name), step=str(step), params=tuple(params),
                               condition=condition, body=tuple(body), cites=cites, rulings=rulings)

    # --- ends, scores, checks
    def end_timing(self, meta, children):
        words = [str(c) for c in children]
        if words[1] == "at":
            timing = "turn_start"
        elif words[2] == "every":
            timing = "after_step" if words[3] == "step" else "after_turn"
        else:
            timing = ast.after_named_step(words[3])
        return ("timing", timing, self._loc(meta))

    def end_each(self, meta, children):
        return ("each", str(children[0]), children[1])

    def end_winner(self, meta, children):
        return ("winner", children[0])

    def end_loser(self, meta, children):
        return ("loser", children[0])

    def end_draw(self, meta, children):
        return ("draw",)

    def end_then(self, meta, children):
        return ("then", str(children[0]), children[1])

    def end(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        name, (_, timing, timing_loc), *others = rest
        each_var = each_domain = winner = then_step = None
        draw = loser = False
        then_args: tuple = ()
        condition = None
        for child in others:
            if isinstance(child, tuple) and child[0] == "each":
                each_var, each_domain = child[1], child[2]
            elif isinstance(child, tuple) and child[0] in ("winner", "loser"):
                winner, loser = child[1], child[0] == "loser"
            elif child == ("draw",):
                draw = True
            elif isinstance(child, tuple) and child[0] == "then":
                then_step, then_args = child[1], child[2]
            else:
                condition = child
        return ast.EndDecl(loc=self._loc(meta), name=str(name), timing=timing, timing_loc=timing_loc, each_var=each_var,
                           each_domain=each_domain, condition=condition, winner=winner, loser=loser, draw=draw,
                           then_step=then_step,
                           then_args=then_args, cites=cites, rulings=rulings)

    def score(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        name, var, value = rest
        return ast.ScoreDecl(loc=self._loc(meta), name=str(name), var=str(var), value=value, cites=cites,
                             rulings=rulings)

    def winner_first(self, meta, children):
        return ast.RankingKey(loc=self._loc(meta), key="winner_first")

    def by_score(self, meta, children):
        direction, name = children
        return ast.RankingKey(loc=self._loc(meta), key=str(direction), score=str(name))

    def ties_share(self, meta, children):
        return ast.RankingKey(loc=self._loc(meta), key="ties_share")

    def ties_by_lot(self, meta, children):
        return ast.RankingKey(loc=self._loc(meta), key="lot")

    def ranking(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        return ast.RankingDecl(loc=self._loc(meta), keys=tuple(rest), cites=cites, rulings=rulings)

    def payoff_sum(self, meta, children):
        return ("sum", 0 if str(children[0]) == "zero-sum" else read_signed_number(children[1]))

    def payoff_range(self, meta, children):  # (each bound a `ratio`: (top, bottom), bottom 1 for a whole number)
        bounds = []
        for top, bottom in children:
            if bottom == 0:
                raise AstProblem(meta.line, meta.column, "a payoff bound divided by 0",
                                 hint="write a fraction as `1/2`, its bottom above 0")
            bounds.append(top if bottom == 1 else Fraction(top, bottom))
        return ("range", tuple(bounds), self._loc(meta))

    def returns(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        total = next((c[1] for c in rest if isinstance(c, tuple)), None)
        win, draw, loss = (read_signed_number(t) for t in rest if not isinstance(t, tuple))
        return ast.ReturnsDecl(loc=self._loc(meta), form="result", win=win, draw=draw, loss=loss, cites=cites,
                               rulings=rulings, total=total)

    def returns_of(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        total = next((c[1] for c in rest if isinstance(c, tuple) and c[0] == "sum"), None)
        between = next((c for c in rest if isinstance(c, tuple) and c[0] == "range"), None)
        var, value = (c for c in rest if not isinstance(c, tuple))
        return ast.ReturnsDecl(loc=self._loc(meta), form="value", var=str(var), value=value, cites=cites,
                               rulings=rulings, total=total, between=None if between is None else between[1],
                               between_loc=None if between is None else between[2])

    def always(self, meta, children):
        return {"form": "always", "condition": children[0]}

    def on_event(self, meta, children):
        return {"form": "on_event", "event": children[0], "condition": children[1]}

    def never_queue_from(self, meta, children):
        return {"form": "never_queue", "queue": str(children[0]), "causes": tuple(str(c) for c in children[1:])}

    def invariant(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        name, title, body = rest
        return ast.InvariantDecl(loc=self._loc(meta), name=str(name), title=unquote(title), cites=cites,
                                 rulings=rulings, **body)
