"""Lark's parse tree -> AST: examples, matches and variants (a mixin of ``ToAst``)."""

from __future__ import annotations

from typing import NamedTuple

from lark import v_args

from . import ast
from .ast_building import (AstBuilder, AstProblem, ExampleWith, option_value, read_number, read_signed_number,
                           split_tails, unquote)


class SetupLeg(NamedTuple):
    number: int
    loc: ast.Loc


@v_args(meta=True)
class ExamplesToAst(AstBuilder):
    # --- examples
    def given_players(self, meta, children):
        return ast.ExampleLine(loc=self._loc(meta), what="players", number=read_number(children[0], "players"))

    def given_option(self, meta, children):
        return ast.ExampleLine(loc=self._loc(meta), what="option", name=str(children[0]),
                               value=option_value(children[1]))

    def item_ref(self, meta, children):
        label, at = children
        return ast.ItemRef(loc=self._loc(meta), label=unquote(label), at=unquote(at) if at else None)

    def item_list(self, meta, children):
        return tuple(children)

    def given_items(self, meta, children):
        return ast.ExampleLine(loc=self._loc(meta), what="items", expr=children[0], items=children[1])

    def given_step(self, meta, children):
        return ast.ExampleLine(loc=self._loc(meta), what="step", name=str(children[0]), args=children[1])

    def given_position(self, meta, children):
        lines = tuple((unquote(s), s.line, s.column + 1) for s in children)
        return ast.ExampleLine(loc=self._loc(meta), what="position", position=lines)

    def given_counter(self, meta, children):
        name, seat, value = children
        return ast.ExampleLine(loc=self._loc(meta), what="counter", name=str(name), expr=seat, number=read_signed_number(value))

    def given_held_counter(self, meta, children):
        name, seat, value = children  # ("none",), ("word", w) or ("seat", word, n), as a counter's start
        return ast.ExampleLine(loc=self._loc(meta), what="counter", name=str(name), expr=seat, number=0,
                               values=tuple(str(v) for v in value))

    def given_space_counter(self, meta, children):
        name, label, value = children
        return ast.ExampleLine(loc=self._loc(meta), what="space_counter", name=str(name), value=unquote(label),
                               number=read_signed_number(value))

    def then_space_counter(self, meta, children):
        name, label, compare, value = children
        return self._line(meta, "space_count", name=str(name), value=unquote(label), values=(str(compare),),
                          number=read_signed_number(value))

    def when_action(self, meta, children):
        return ast.ExampleLine(loc=self._loc(meta), what="action", value=unquote(children[0]))

    def when_refused(self, meta, children):
        return ast.ExampleLine(loc=self._loc(meta), what="refused", value=unquote(children[0]))

    def then_legal(self, meta, children):
        return ast.ExampleLine(loc=self._loc(meta), what="legal", value=unquote(children[0]))

    def then_illegal(self, meta, children):
        return ast.ExampleLine(loc=self._loc(meta), what="illegal", value=unquote(children[0]))

    def then_numbered(self, meta, children):
        return ast.ExampleLine(loc=self._loc(meta), what="numbered", value=unquote(children[0]),
                               number=read_number(children[1], "number"))

    def then_over(self, meta, children):
        return ast.ExampleLine(loc=self._loc(meta), what="over", name=str(children[0]))

    def then_fact(self, meta, children):
        return ast.ExampleLine(loc=self._loc(meta), what="fact", expr=children[0])

    def with_variant(self, meta, children):
        return ("variant", str(children[0]), None)

    def with_option(self, meta, children):
        name, compare, value = children
        if str(compare) != "=":
            raise AstProblem(compare.line, compare.column, f"an option of an example is set with `=`, not "
                                                            f"`{compare}`", width=len(compare),
                              hint=f"write `option {name} = {value}`")
        return ("option", str(name), option_value(value))

    def example_with(self, meta, children):
        return ExampleWith(tuple(children))

    def example(self, meta, children):
        settings = next((c for c in children if isinstance(c, ExampleWith)), ExampleWith(()))
        rest, cites, rulings = split_tails([c for c in children if c is not None and not isinstance(c, ExampleWith)])
        name, title, *lines = rest
        return ast.ExampleDecl(loc=self._loc(meta), name=str(name), title=unquote(title), lines=tuple(lines),
                               cites=cites, rulings=rulings,
                               variants=tuple(n for kind, n, _ in settings.items if kind == "variant"),
                               with_options=tuple((n, v) for kind, n, v in settings.items if kind == "option"))

    # --- the facts and checks of an example (`then ...`)
    def setup_leg(self, meta, children):
        return SetupLeg(read_number(children[0]), self._loc(meta))

    def given_setup(self, meta, children, name=None):
        leg = next((c for c in children if isinstance(c, SetupLeg)), None)
        if leg is not None and leg.number < 1:
            raise AstProblem(leg.loc.line, leg.loc.column, "legs are numbered from 1", hint="`of leg 1` is the first")
        return ast.ExampleLine(loc=self._loc(meta), what="setup", name=name,
                               number=leg.number if leg is not None else None,
                               values=tuple(unquote(c) for c in children if c is not None and not isinstance(c, SetupLeg)))

    def given_setup_first(self, meta, children):
        return self.given_setup(meta, children, name="first")

    def ratio(self, meta, children):
        top, bottom = children
        return (read_signed_number(top), read_number(bottom) if bottom is not None else 1)

    def chance_odds(self, meta, children):
        return (unquote(children[0]), children[1])

    def ran_count(self, meta, children):
        word = str(children[0])
        return {"once": 1, "twice": 2, "never": 0}.get(word) if word in ("once", "twice", "never") \
            else read_number(children[0])

    def _line(self, meta, what, **fields):
        return ast.ExampleLine(loc=self._loc(meta), what=what, **fields)

    def then_wins(self, meta, children):
        return self._line(meta, "wins", exprs=tuple(children))

    def then_nobody_wins(self, meta, children):
        return self._line(meta, "wins", exprs=())

    def then_draw(self, meta, children):
        return self._line(meta, "draw")

    def then_game_over(self, meta, children):
        return self._line(meta, "game_over")

    def then_not_over(self, meta, children):
        return self._line(meta, "not_over")

    def then_ranking(self, meta, children):
        return self._line(meta, "ranking", exprs=tuple(children))

    ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")

    def then_place(self, meta, children):
        seat, place = children
        number = read_number(place, "players")
        if number < 1:
            raise AstProblem(place.line, place.column, "places are numbered from 1", hint="the winner is in place 1")
        return self._line(meta, "place", expr=seat, number=number)

    def then_place_word(self, meta, children):
        seat, word = children
        return self._line(meta, "place", expr=seat, number=self.ORDINALS.index(str(word)) + 1)

    def then_returns(self, meta, children):
        return self._line(meta, "returns", ratios=tuple(children))

    def then_offered_exactly(self, meta, children):
        return self._line(meta, "offered_exactly", values=tuple(unquote(c) for c in children))

    def then_nothing_offered(self, meta, children):
        return self._line(meta, "offered_exactly", values=())

    def then_offered(self, meta, children):
        return self._line(meta, "offered", expr=children[0], values=tuple(unquote(c) for c in children[1:]))

    def then_offered_no(self, meta, children):
        return self._line(meta, "offered_no", expr=children[0], values=tuple(unquote(c) for c in children[1:]))

    def then_decides(self, meta, children):
        return self._line(meta, "decides", expr=children[0])

    def then_anyone_decides(self, meta, children):
        return self._line(meta, "decides", name="any")

    def then_chance_decides(self, meta, children):
        return self._line(meta, "decides", name="chance")

    def then_nobody_decides(self, meta, children):
        return self._line(meta, "decides", name="nobody")

    def then_chance_outcomes(self, meta, children):
        return self._line(meta, "chance_outcomes", values=tuple(text for text, _ in children),
                          ratios=tuple(ratio for _, ratio in children))

    def then_chance_even(self, meta, children):
        count, pattern = children
        return self._line(meta, "chance_even", number=read_number(count),
                          values=(unquote(pattern),) if pattern is not None else ())

    def then_chance_all_read(self, meta, children):
        return self._line(meta, "chance_read", values=tuple(unquote(c) for c in children))

    def then_log(self, meta, children):
        return self._line(meta, "log", values=tuple(unquote(c) for c in children))

    def then_sees(self, meta, children):
        return self._line(meta, "sees", expr=children[0], args=(children[1],))

    def then_sees_top(self, meta, children):
        return self._line(meta, "sees_top", expr=children[0], args=(children[1],))

    def then_does_not_see(self, meta, children):
        return self._line(meta, "not_sees", expr=children[0], args=(children[1],))

    def then_space_empty(self, meta, children):
        label, board = children
        return self._line(meta, "space_empty", value=unquote(label), name=str(board) if board else None)

    def then_space_holds(self, meta, children):
        label, board, item = children
        return self._line(meta, "space_holds", value=unquote(label), name=str(board) if board else None,
                          values=(unquote(item),))

    def then_turn_number(self, meta, children):
        return self._line(meta, "turn_number", number=read_number(children[0]))

    def then_turn_of(self, meta, children):
        return self._line(meta, "turn_of", expr=children[0])

    def then_phase(self, meta, children):
        return self._line(meta, "phase", name=str(children[0]))

    def then_leg(self, meta, children):
        return self._line(meta, "leg", number=read_number(children[0]))

    def then_ran(self, meta, children):
        return self._line(meta, "ran", name=str(children[0]), number=children[1])

    def _moved(self, meta, what, children):
        target, amount = children
        if isinstance(amount, tuple):
            return self._line(meta, what, expr=target, items=amount)
        return self._line(meta, what, expr=target, number=read_number(amount))

    def then_gained(self, meta, children):
        return self._moved(meta, "gained", children)

    def then_lost(self, meta, children):
        return self._moved(meta, "lost", children)

    def given_leg_scores(self, meta, children):
        leg, name, *values = children
        if read_number(leg) < 1:
            raise AstProblem(leg.line, leg.column, "legs are numbered from 1", hint="`leg 1` is the first")
        return self._line(meta, "leg_scores", number=read_number(leg), name=str(name),
                          ratios=tuple((read_signed_number(v), 1) for v in values))

    def then_match_total(self, meta, children):
        name, seat, value = children
        return self._line(meta, "match_total", name=str(name), expr=seat, ratios=((read_signed_number(value), 1),))

    def _for_every(self, meta, children, over: str):
        pattern, *body = children
        return self._line(meta, "for_every", name=over, value=unquote(pattern) if pattern is not None else None,
                          body=tuple(line for line in body if line is not None))

    def for_every_action(self, meta, children):
        return self._for_every(meta, children, "action")

    def for_every_outcome(self, meta, children):
        return self._for_every(meta, children, "outcome")

    # --- matches
    def match_leg(self, meta, children):
        return ("leg", str(children[0]), option_value(children[1]))

    def match_totals(self, meta, children):
        return ("totals", tuple(str(c) for c in children))

    def match(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        name, title, *lines = rest
        legs = tuple((line[1], line[2]) for line in lines if line[0] == "leg")
        totals = tuple(n for line in lines if line[0] == "totals" for n in line[1])
        return ast.MatchDecl(loc=self._loc(meta), name=str(name), title=unquote(title), legs=legs, totals=totals,
                             cites=cites, rulings=rulings)

    # --- variants
    def remove_change(self, meta, children):
        target = children[0]
        return ast.Change(loc=self._loc(meta), action="remove",
                          target=unquote(target) if target.type == "STRING" else str(target))

    def replace_change(self, meta, children):
        decl = children[0]
        return ast.Change(loc=self._loc(meta), action="replace", target=ast.declaration_name(decl), declaration=decl)

    def add_change(self, meta, children):
        decl = children[0]
        return ast.Change(loc=self._loc(meta), action="add", target=ast.declaration_name(decl), declaration=decl)

    def option_replace(self, meta, children):
        choice, *option = children  # an option as a choice declares it (ToAst.option_decl)
        return ast.OptionReplace(loc=self._loc(meta), choice=str(choice), option=self.option_decl(meta, option))

    def variant(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        name, title, *changes = rest
        changes = [ast.Change(loc=c.loc, action="replace_option", target=ast.declaration_name(c), declaration=c)
                   if isinstance(c, ast.OptionReplace) else c for c in changes]
        return ast.VariantDecl(loc=self._loc(meta), name=str(name), title=unquote(title), changes=tuple(changes),
                               cites=cites, rulings=rulings)
