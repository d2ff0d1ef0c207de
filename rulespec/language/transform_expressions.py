"""Lark's parse tree -> AST: the statements of a step and the expressions (a mixin of ``ToAst``)."""

from __future__ import annotations

from lark import v_args

from . import ast
from .ast_building import AstBuilder, AstProblem, read_number, split_tails
from .grammar import starts_a_value, value_word_problem


@v_args(meta=True)
class ExpressionsToAst(AstBuilder):
    # --- statements
    def move_stmt(self, meta, children):
        item, to, cause = children
        return ast.Move(loc=self._loc(meta), item=item, to=to, cause=str(cause) if cause else None)

    def place_stmt(self, meta, children):
        item, space, cause = children
        return ast.Place(loc=self._loc(meta), item=item, space=space, cause=str(cause) if cause else None)

    def args(self, meta, children):
        return tuple(c for c in children if c is not None)

    def then_stmt(self, meta, children):
        return ast.Then(loc=self._loc(meta), step=str(children[0]), args=children[1])

    def queue_stmt(self, meta, children):
        return ast.Enqueue(loc=self._loc(meta), step=str(children[0]), args=children[1], queue=str(children[2]))

    def resolve_stmt(self, meta, children):
        return ast.Resolve(loc=self._loc(meta), queue=str(children[0]))

    def target(self, meta, children):
        return (str(children[0]), children[1])

    def set_stmt(self, meta, children):
        (name, seat), value = children
        return ast.SetCounter(loc=self._loc(meta), counter=name, seat=seat, value=value)

    def add_stmt(self, meta, children):
        value, (name, seat) = children
        return ast.AddCounter(loc=self._loc(meta), counter=name, seat=seat, value=value)

    def roll_stmt(self, meta, children):
        return ast.Roll(loc=self._loc(meta), holder=children[0])

    def shuffle_stmt(self, meta, children):
        return ast.Shuffle(loc=self._loc(meta), zone=children[0])

    def lose_stmt(self, meta, children):
        die, holder = children
        return ast.Lose(loc=self._loc(meta), die=str(die), holder=holder)

    def next_turn_stmt(self, meta, children):
        return ast.NextTurn(loc=self._loc(meta), seat=children[0])

    def let_stmt(self, meta, children):
        name, value = children
        return ast.Let(loc=self._loc(meta), name=str(name), value=value)

    def nothing_stmt(self, meta, children):
        return ast.Nothing(loc=self._loc(meta))

    def if_stmt(self, meta, children):
        condition, then, *else_ifs, otherwise = children
        otherwise = tuple(otherwise) if otherwise else ()
        for loc, other_condition, other_then in reversed(else_ifs):  # `else if D:` is an `if` inside the `else`
            otherwise = (ast.If(loc=loc, condition=other_condition, then=tuple(other_then), otherwise=otherwise),)
        return ast.If(loc=self._loc(meta), condition=condition, then=tuple(then), otherwise=otherwise)

    def else_if(self, meta, children):
        condition, then = children
        return self._loc(meta), condition, then

    def for_stmt(self, meta, children):
        var, domain, start, body = children
        return ast.ForEach(loc=self._loc(meta), var=str(var), domain=domain, body=tuple(body), start=start)

    def repeat_stmt(self, meta, children):
        times, body = children
        return ast.Repeat(loc=self._loc(meta), times=times, body=tuple(body))

    # --- expressions
    def any_of(self, meta, children):
        if len(children) == 1:  # `?rule -> alias` still builds a node for a single operand
            return children[0]
        return ast.BoolOp(loc=self._loc(meta), op="or", operands=tuple(children))

    def all_of(self, meta, children):
        if len(children) == 1:
            return children[0]
        return ast.BoolOp(loc=self._loc(meta), op="and", operands=tuple(children))

    def negation(self, meta, children):
        return ast.Not(loc=self._loc(meta), operand=children[0])

    def compare(self, meta, children):
        left, op, right = children
        return ast.Compare(loc=self._loc(meta), op=str(op), left=left, right=right)

    def _test(self, meta, children, test):
        return ast.Test(loc=self._loc(meta), test=test, subject=children[0])

    def is_empty(self, meta, children):
        return self._test(meta, children, "empty")

    def is_not_empty(self, meta, children):
        return self._test(meta, children, "not_empty")

    def is_occupied(self, meta, children):
        return self._test(meta, children, "occupied")

    def is_none(self, meta, children):
        return self._test(meta, children, "none")

    def is_not_none(self, meta, children):  # (`X is not none` is `not (X is none)`: checked and run as that)
        return ast.Not(loc=self._loc(meta), operand=self._test(meta, children, "none"))

    def neighbour(self, meta, children):
        return ast.Neighbour(loc=self._loc(meta), space=children[0], direction=children[1])

    def walk(self, meta, children):
        var, space, direction, how, condition = children
        return ast.Walk(loc=self._loc(meta), var=str(var), space=space, direction=direction, until=str(how) == "until",
                        condition=condition)

    def ray(self, meta, children):
        return ast.Ray(loc=self._loc(meta), space=children[0], direction=children[1])

    def group_of(self, meta, children):
        return ast.GroupOf(loc=self._loc(meta), space=children[0])

    def named_directions(self, meta, children):
        return ast.NamedDirections(loc=self._loc(meta), name=str(children[0]), board=children[1])

    def jumps(self, meta, children):
        return ast.Jumps(loc=self._loc(meta), jump=str(children[0]), space=children[1])

    def connected(self, meta, children):
        var, domain, condition, start, goal = children
        return ast.Connected(loc=self._loc(meta), var=str(var), domain=domain, condition=condition, start=start,
                             goal=goal)

    def line_of(self, meta, children):
        return ast.LineOf(loc=self._loc(meta), length=children[0], space=children[1], direction=children[2])

    def is_complete(self, meta, children):
        return self._test(meta, children, "complete")

    def has_occupied_neighbour(self, meta, children):
        return self._test(meta, children, "occupied_neighbour")

    def is_kind(self, meta, children):
        return ast.IsKind(loc=self._loc(meta), subject=children[0], component=str(children[1]))

    def holds_kind(self, meta, children):
        return ast.IsKind(loc=self._loc(meta), subject=children[0], component=str(children[1]), holds=True)

    def holds_seat_value(self, meta, children):
        return ast.IsKind(loc=self._loc(meta), subject=children[0], component=str(children[1]), holds=True,
                          seat=children[2])

    def fits(self, meta, children):
        return ast.Fits(loc=self._loc(meta), item=children[0], space=children[1])

    def span(self, meta, children):
        return ast.Span(loc=self._loc(meta), low=children[0], high=children[1])

    def define(self, meta, children):
        rest, cites, rulings = split_tails([c for c in children if c is not None])
        name, *rest = rest
        if starts_a_value(str(name)):  # (a file that uses it fails to parse first: parser.py says the same)
            message, hint = value_word_problem(str(name))
            raise AstProblem(name.line, name.column, message, width=len(name), hint=hint)
        params = rest[0] if len(rest) > 1 else ()
        return ast.DefineDecl(loc=self._loc(meta), name=str(name), params=tuple(params), body=rest[-1],
                              cites=cites, rulings=rulings)

    def member(self, meta, children):
        return ast.Member(loc=self._loc(meta), element=children[0], collection=children[1])

    def plus(self, meta, children):
        return ast.Arith(loc=self._loc(meta), op="+", left=children[0], right=children[1])

    def minus(self, meta, children):
        return ast.Arith(loc=self._loc(meta), op="-", left=children[0], right=children[1])

    def times(self, meta, children):
        return ast.Arith(loc=self._loc(meta), op="*", left=children[0], right=children[1])

    def modulo(self, meta, children):
        return ast.Arith(loc=self._loc(meta), op="mod", left=children[0], right=children[1])

    def divide(self, meta, children):
        return ast.Arith(loc=self._loc(meta), op="div", left=children[0], right=children[1])

    def exact_divide(self, meta, children):  # `a / b`: the exact fraction (a return's value only: model checks)
        return ast.Arith(loc=self._loc(meta), op="/", left=children[0], right=children[1])

    def negate(self, meta, children):
        return ast.Negate(loc=self._loc(meta), operand=children[0])

    def turned_right(self, meta, children):
        return ast.Turned(loc=self._loc(meta), direction=children[0], way="right")

    def turned_left(self, meta, children):
        return ast.Turned(loc=self._loc(meta), direction=children[0], way="left")

    def number(self, meta, children):
        return ast.Num(loc=self._loc(meta), value=read_number(children[0]))

    def name(self, meta, children):
        return ast.Name(loc=self._loc(meta), id=str(children[0]))

    def seat_literal(self, meta, children):
        return ast.SeatLiteral(loc=self._loc(meta), word=str(children[0]), number=read_number(children[1], "players"))

    def of(self, meta, children):
        return ast.Of(loc=self._loc(meta), attr=str(children[0]), target=children[1])

    def call(self, meta, children):
        return ast.Call(loc=self._loc(meta), func=str(children[0]), args=tuple(children[1:]))

    def extreme(self, meta, children):
        func, value, var, domain, where = children
        return ast.Extreme(loc=self._loc(meta), func=str(func), value=value, var=str(var), domain=domain, where=where)

    def conditional(self, meta, children):
        condition, then, otherwise = children
        return ast.Conditional(loc=self._loc(meta), condition=condition, then=then, otherwise=otherwise)

    def won(self, meta, children):
        return ast.Won(loc=self._loc(meta), seat=children[0])

    def has_legal_move(self, meta, children):
        return ast.HasLegalMove(loc=self._loc(meta), seat=children[0])

    def has_no_legal_move(self, meta, children):
        return ast.HasLegalMove(loc=self._loc(meta), seat=children[0], negated=True)

    def player_to_move(self, meta, children):
        return ast.TurnValue(loc=self._loc(meta), value="player_to_move")

    def turn_number(self, meta, children):
        return ast.TurnValue(loc=self._loc(meta), value="turn_number")

    def starting_player(self, meta, children):
        return ast.TurnValue(loc=self._loc(meta), value="starting_player")

    def position_occurred(self, meta, children):
        return ast.PositionOccurred(loc=self._loc(meta), times=children[0])

    def board_position_occurred(self, meta, children):
        return ast.PositionOccurred(loc=self._loc(meta), times=children[1], board=str(children[0]))

    def count(self, meta, children):
        var, domain, where = children
        return ast.Count(loc=self._loc(meta), var=str(var), domain=domain, where=where)

    def set_points(self, meta, children):
        return (read_number(children[0], "attribute_values"), read_number(children[1]))

    def set_table(self, meta, children):
        return tuple(children)

    def _best_sets(self, meta, children, figure):
        attribute, domain, wild, table = children
        return ast.BestSets(loc=self._loc(meta), figure=figure, attribute=str(attribute), domain=domain,
                            wild=wild, table=table)

    def best_points(self, meta, children):
        return self._best_sets(meta, children, "points")

    def best_leftovers(self, meta, children):
        return self._best_sets(meta, children, "leftovers")

    def there_is(self, meta, children, negated: bool = False):
        var, domain, where = children
        return ast.ThereIs(loc=self._loc(meta), var=str(var), domain=domain, where=where, negated=negated)

    def there_is_no(self, meta, children):
        return self.there_is(meta, children, negated=True)

    def first(self, meta, children):
        var, domain, where = children
        return ast.First(loc=self._loc(meta), var=str(var), domain=domain, where=where)

    def total(self, meta, children):
        value, var, domain, where = children
        return ast.Total(loc=self._loc(meta), value=value, var=str(var), domain=domain, where=where)
