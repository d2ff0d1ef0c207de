"""Expressions: each resolved against the tables and typed; a value of the wrong type is told with what to write."""

from __future__ import annotations

import re
from typing import Optional

from ..language import ast
from ..language.errors import did_you_mean
from . import ir
from .ir import BOOL, INT, ITEM, NUMBERS, QUEUE, SEAT, SEATS, SYMBOL, SYMBOLS, ZONE, ZONES
from .value_types import BUILTINS, is_graph_direction, space_type, spaces_type, board_of, is_space, is_placement, element_type, describe_type, VALUES_OF

SEAT_STEPS = {"left": 1, "right": -1}


def did_you_mean_own_first(word: str, own, built_in) -> Optional[str]:
    """The closest of the file's own names when one is close enough, else the closest built-in word: a typo
    of the file's `mine` is `mine`, though the built-in `min` is a letter closer."""
    return did_you_mean(word, own) or did_you_mean(word, built_in)


class Expressions:
    """Expressions: ``expr`` checks one against a scope (variable -> type) and the tables ``collect`` made, and
    returns its typed ``ir`` form (type ``"?"`` after a mistake, so that it is told once). Reads the
    tables; adds to ``used``, ``symbols`` (an attribute's values named) and ``uses_won``."""

    def expr(self, node, scope: dict[str, str], want: Optional[str] = None) -> ir.E:
        if (want is not None and is_graph_direction(want) and node.kind == "name" and node.id not in scope
                and node.id in self.graph_direction_names(board_of(want))):
            # a graph's direction named where one is wanted (`free_towards(s, around)` for `d: direction of B`)
            return self.graph_direction(board_of(want), node, scope)
        if want is not None and self.is_none_word(node, scope) and (want in (SEAT, SYMBOL, ir.DIRECTION)
                                                                     or is_graph_direction(want)):
            return ir.Const(want, node.loc, "none", None)  # `set led to none`: a counter holding no value
        result = self._expr(node, scope)
        if want not in (None, "?") and result.type != "?" and not self._compatible(result.type, want):
            self.error(node.loc, f"`{self.text(node)}` is {describe_type(result.type)}, but {describe_type(want)} "
                                 f"is needed here", hint=self._type_hint(result.type, want, self.text(node))
                       or (self.word_option_hint(result) if want == INT else None))
        return result

    def is_none_word(self, node, scope: dict[str, str]) -> bool:
        """Whether ``node`` is the word `none` (no name of the file's own): a counter's value when it holds none."""
        return getattr(node, "kind", "") == "name" and node.id == "none" and "none" not in scope \
            and "none" not in self.symbols and "none" not in self.defines and "none" not in self.counters

    def word_option_hint(self, e: ir.E) -> Optional[str]:
        """An option of words (`t100`) used as a number: say how to give it numbers."""
        option = self.options.get(e.name) if isinstance(e, ir.OptionRef) else None
        if option is None or option.numeric:
            return None
        digits = [re.sub(r"^[^0-9]*", "", v) for v in option.values]
        shown = ", ".join(digits) if all(d.isdigit() for d in digits) else "20, 50, 100"
        default = re.sub(r"^[^0-9]*", "", option.default) if all(d.isdigit() for d in digits) else shown.split(", ")[0]
        return (f"the values of option `{option.name}` are words ({', '.join(option.values)}); an option whose "
                f"values are all numbers is a number in the rules: `option {option.name} \"{option.title}\": "
                f"{shown} default {default}`")

    @staticmethod
    def _type_hint(have: str, want: str, text: str) -> Optional[str]:
        """What to write instead, for the mix-ups a newcomer makes most."""
        if have == INT and want == BOOL:
            return f"compare it: `{text} > 0`, `{text} = 1`"
        if have == BOOL and want == INT:
            return ("a condition is not a number: count what passes it instead, "
                    "`count(q in players where ...)`, `count(s in grid where ...)`")
        if have == SYMBOL and want == ir.DIRECTION:
            return ("a direction is a compass word (`north`, `southeast`, ...) or a name going through `directions "
                    "of BOARD` (`count(d in directions of grid where ...)`); a seat's value from `each player has` "
                    "is a direction when every value is a compass word (`each player has a forward: south, north`)")
        return None

    @staticmethod
    def _compatible(have: str, want: str) -> bool:
        if have == want:
            return True
        if want == "space" and is_space(have):
            return True
        return False

    def _bad(self, node) -> ir.E:
        return ir.Const("?", node.loc, self.text(node), 0)

    def _expr(self, node, scope: dict[str, str]) -> ir.E:
        text, loc = self.text(node), node.loc
        kind = node.kind
        if kind == "num":
            return ir.Const(INT, loc, text, node.value)
        if kind == "seat":
            return self._seat(node)
        if kind == "name":
            return self._name(node, scope)
        if kind == "of":
            return self._of(node, scope)
        if kind == "call":
            return self._call(node, scope)
        if kind == "first":
            return self._first(node, scope)
        if kind in ("count", "total"):
            return self._count_or_total(node, scope)
        if kind == "there_is":
            return self._there_is(node, scope)
        if kind == "placements":
            return self._placements(node, scope)
        if kind == "is_marked":
            return self._is_marked(node, scope)
        if kind == "is_a_space":
            return self._is_a_space(node, scope)
        if kind == "best_sets":
            return self._best_sets(node, scope)
        if kind == "compare":
            left = self.expr(node.left, scope)
            held = left.type if isinstance(left, ir.CounterRef) and left.type != INT else None
            right = self.expr(node.right, scope, held) if held and self.is_none_word(node.right, scope) \
                else self.expr(node.right, scope)
            order = self._check_comparable(node, left, right)
            return ir.Compare(BOOL, loc, text, node.op, left, right, order)
        if kind == "extreme":
            return self._extreme(node, scope)
        if kind == "conditional":
            return self._conditional(node, scope)
        if kind == "won":
            self.uses_won.append(node)
            return ir.Won(BOOL, loc, text, self.expr(node.seat, scope, SEAT))
        if kind == "has_legal_move":
            return self._has_legal_move(node, scope)
        if kind == "turn_value":
            if node.value == "player_to_move":
                return ir.PlayerToMove(SEAT, loc, text)
            if node.value == "starting_player":
                return ir.StartingPlayer(SEAT, loc, text)
            return ir.TurnNumber(INT, loc, text)
        if kind == "position_occurred":
            return self._position_occurred(node, scope)
        if kind == "arith":
            if node.op == "/" and id(node) not in self.fractions_allowed:
                self.error(loc, f"`{text}` is an exact fraction, which only a player's return may be (`returns of p`): "
                                f"a count, a counter, a score, a comparison or a definition holds whole numbers",
                           hint="for the quotient rounded down write `div` (`a div b`); in `returns of p` a `/` may "
                                "stand in the value itself, in a branch of `if ... then ... else`, or in a sum, "
                                "a difference, a product or a quotient of these")
            return ir.Arith(INT, loc, text, node.op, self.expr(node.left, scope, INT), self.expr(node.right, scope, INT))
        if kind == "negate":
            return ir.Negate(INT, loc, text, self.expr(node.operand, scope, INT))
        if kind == "turned":
            return self._turned(node, scope)
        if kind == "not":
            return ir.Not(BOOL, loc, text, self.expr(node.operand, scope, BOOL))
        if kind == "bool":
            return ir.BoolOp(BOOL, loc, text, node.op, tuple(self.expr(o, scope, BOOL) for o in node.operands))
        if kind == "test":
            return self._test(node, scope)
        if kind == "is_kind" and node.seat is not None:
            return self._holds_seat_value(node, scope)
        if kind == "is_kind":
            return self._is_kind(node, scope)
        if kind == "fits":
            item = self.expr(node.item, scope, ITEM)
            space = self.expr(node.space, scope, "space")
            board = board_of(space.type) or "?"
            return ir.Fits(BOOL, loc, text, board, item, space)
        if kind in ("neighbour", "line_of", "walk", "ray"):
            return self._along(node, scope)
        if kind == "group_of":
            return self._group_of(node, scope)
        if kind == "named_directions":
            return self._named_directions(node, scope)
        if kind == "jumps":
            return self._jumps(node, scope)
        if kind == "connected":
            return self._connected(node, scope)
        if kind == "span":
            return ir.Span(NUMBERS, loc, text, self.expr(node.low, scope, INT), self.expr(node.high, scope, INT))
        if kind == "member":
            return self._member(node, scope)
        self.error(loc, f"`{text}` cannot be used here")
        return self._bad(node)

    def _has_legal_move(self, node: ast.HasLegalMove, scope: dict[str, str]) -> ir.E:
        """`p has a legal move`: what the choice each turn runs would offer p now, so that step must be a
        choice made by one player (see legal_move_cycles for a choice that would ask itself)."""
        text, loc = self.text(node), node.loc
        seat = self.expr(node.seat, scope, SEAT)
        step = self.turn_step_name
        decl = self.steps.get(step) if step is not None else None
        if decl is not None and (decl.kind != "choice" or decl.by is None):
            what = (f"a {decl.kind}" if decl.kind != "choice" else
                    "a choice made by every player at once" if decl.together else "a choice any player may take")
            self.error(loc, f"`{text}` asks what the choice each turn runs would offer, but each turn runs "
                            f"`{step}`, {what}",
                       hint=f"make `{step}` a choice by the player whose turn it is (`choice {step}(player: seat) by "
                            f"player`), its options the moves; a player's legal moves are its options")
            return self._bad(node)
        self.asks_legal_moves = True
        return ir.HasLegalMove(BOOL, loc, text, seat, step or "?", node.negated)

    def _position_occurred(self, node: ast.PositionOccurred, scope: dict[str, str]) -> ir.E:
        """`the position has occurred N times`: positions are recorded at turn starts, so the game needs turns;
        N (a number or a numeric option) must be 2 or more: at a turn start the position now has occurred once.
        `the position on B has occurred N times` likewise, of a board B the game declares."""
        text, loc = self.text(node), node.loc
        times = self.expr(node.times, scope, INT)
        if self.turn_step_name is None:
            self.error(loc, f"`{text}` counts the positions at the start of each turn, but the game has no turns",
                       hint="declare the turns (`turns go clockwise from player 1, each turn runs STEP`)")
            return self._bad(node)
        if node.board is not None and node.board not in self.boards:
            self.error(self._name_loc(loc, node.board), f"`{text}` counts what a board's spaces show, but there is "
                                                        f"no board `{node.board}`", width=len(node.board),
                       hint=did_you_mean(node.board, self.boards) or "name a board the game declares")
            return self._bad(node)
        least = self._least_times(times)
        if least is not None and least < 2:
            said = f"`{times.text}` can be {least}" if not isinstance(times, ir.Const) else f"it says {least}"
            self.error(node.times.loc or loc, f"`{text}` asks for a position seen {least} times, but {said}: "
                                              f"the position at a turn start has always occurred at least once "
                                              f"(that turn's own), so the condition would always hold",
                       width=len(times.text), hint="write 2 times or more: `the position has occurred 2 times` "
                                                   "holds when the position has been seen once before")
            return self._bad(node)
        if node.board is None:
            self.counts_positions = True
        else:
            self.counts_positions_on.add(node.board)
        return ir.PositionOccurred(BOOL, loc, text, times, node.board or "")

    def _least_times(self, times: ir.E) -> Optional[int]:
        """The least value of a written number or of a numeric option (None for what only play decides)."""
        if isinstance(times, ir.Const) and isinstance(times.value, int) and not isinstance(times.value, bool):
            return times.value
        if isinstance(times, ir.OptionRef) and times.type == INT:
            return min(int(v) for v in self.options[times.name].values)
        return None

    def _seat(self, node: ast.SeatLiteral) -> ir.E:
        """`player 2`: a seat the game has."""
        text, loc = self.text(node), node.loc
        if node.word != "player":
            self.error(loc, f"`{node.word} {node.number}` is not a value", hint="write a seat as `player 2`")
            return self._bad(node)
        top = max((g.max_players for g in self.games), default=99)
        if not 1 <= node.number <= top:
            self.error(loc, f"there is no player {node.number}", hint=f"seats are numbered 1 to {top}")
        return ir.SeatConst(SEAT, loc, text, node.number - 1)

    def _call(self, node: ast.Call, scope: dict[str, str]) -> ir.E:
        """`f(a, b)`: a definition's use, or a built-in function (abs, min, max) of numbers."""
        text, loc = self.text(node), node.loc
        if node.func in self.defines:
            return self._use(node, node.func, node.args, scope)
        if node.func not in BUILTINS:
            hint = ("a range of whole numbers is written with two dots: `1..3` (`for n in 1..size of cup`)"
                    if node.func in ("range", "numbers", "between", "seq") else
                    did_you_mean_own_first(node.func, self.defines, BUILTINS)
                    or f"functions: {', '.join(list(BUILTINS) + list(self.defines))}")
            self.error(loc, f"there is no function `{node.func}`", hint=hint)
            return self._bad(node)
        if len(node.args) != BUILTINS[node.func]:
            self.error(loc, f"`{node.func}` takes {BUILTINS[node.func]} value(s), not {len(node.args)}")
        args = tuple(self.expr(a, scope, INT) for a in node.args)
        return ir.Builtin(INT, loc, text, node.func, args)

    def _first(self, node: ast.First, scope: dict[str, str]) -> ir.E:
        """`first x in D where C`: an element of a collection."""
        text, loc = self.text(node), node.loc
        domain = self.expr(node.domain, scope)
        element = element_type(domain.type)
        if element is None:
            if domain.type != "?":
                self.error(node.domain.loc, f"`{self.text(node.domain)}` is {describe_type(domain.type)}; "
                                            f"`first` picks from a collection")
            return self._bad(node)
        inner = self.bind(scope, node.var, element, loc, domain)
        where = self.expr(node.where, inner, BOOL) if node.where is not None else None
        return ir.First(element, loc, text, node.var, domain, where)

    def _there_is(self, node: ast.ThereIs, scope: dict[str, str]) -> ir.E:
        """`there is x in D where C`: the count of the x passing C, asked only whether it is more than 0."""
        count = self._count_or_total(node, scope)
        if not isinstance(count, ir.Count):
            return self._bad(node)
        return ir.ThereIs(BOOL, node.loc, self.text(node), count, node.negated)

    def _count_or_total(self, node, scope: dict[str, str]) -> ir.E:
        """`count(x in D where C)` and `total(V for x in D where C)`: numbers over a collection."""
        text, loc = self.text(node), node.loc
        kind = node.kind
        domain = self.expr(node.domain, scope)
        element = element_type(domain.type)
        if element is None and domain.type != "?":
            looks = "there is nothing in it to look for" if kind == "there_is" else "it has nothing to count"
            self.error(node.domain.loc, f"`{self.text(node.domain)}` is {describe_type(domain.type)}; {looks}",
                       hint=f"{'look' if kind == 'there_is' else 'count'} over a zone, a board or the players")
            element = "?"
        inner = self.bind(scope, node.var, element or "?", loc, domain)
        where = self.expr(node.where, inner, BOOL) if node.where is not None else None
        if kind in ("count", "there_is"):
            return ir.Count(INT, loc, text, node.var, element or "?", domain, where)
        value = self.expr(node.value, inner, INT)
        return ir.Total(INT, loc, text, value, node.var, element or "?", domain, where)

    def _placements(self, node: ast.Placements, scope: dict[str, str]) -> ir.E:
        """`placements of T on B`: where a shape or a tile may lie on a board of triangles."""
        text, loc = self.text(node), node.loc
        board = self.boards.get(node.board)
        if board is None or board.lattice != "triangles":
            self.error(loc, f"`{node.board}` is not a board of triangles",
                       hint=did_you_mean(node.board, [b for b, d in self.boards.items() if d.lattice == "triangles"]))
            return self._bad(node)
        if node.subject.kind == "name" and node.subject.id in self.shapes and node.subject.id not in scope:
            return ir.Placements("placements:" + board.name, loc, text, board.name, None, node.subject.id)
        item = self.expr(node.subject, scope, ITEM)
        return ir.Placements("placements:" + board.name, loc, text, board.name, item, None)

    def _subject_space(self, node, scope: dict[str, str]) -> Optional[tuple[ir.E, str]]:
        """The space a condition about a space is about, and its board; None (reported) when it is no space."""
        space = self.expr(node.subject, scope)
        board = board_of(space.type) if is_space(space.type) else None
        if board is None:
            if space.type != "?":
                self.error(node.subject.loc, f"`{space.text}` is {describe_type(space.type)}, not a space")
            return None
        return space, board

    def _is_marked(self, node: ast.IsMarked, scope: dict[str, str]) -> ir.E:
        """`s is marked M`: a space against its board's marks."""
        text, loc = self.text(node), node.loc
        found = self._subject_space(node, scope)
        if found is None:
            return self._bad(node)
        space, board = found
        marks = [m.name for m in self.boards[board].marks] + [s.set_name for s in self.boards[board].spaces if s.set_name]
        if node.mark not in marks:
            self.error(loc, f"the board {board} has no mark `{node.mark}`",
                       hint=did_you_mean(node.mark, marks) or f"its marks: {', '.join(marks) or 'none'}")
        return ir.IsMarked(BOOL, loc, text, board, space, node.mark)

    def _is_a_space(self, node: ast.IsASpace, scope: dict[str, str]) -> ir.E:
        """`s is a goal space`: a space of a grid in one of its regions, or of a board of triangles bearing a mark."""
        text, loc = self.text(node), node.loc
        found = self._subject_space(node, scope)
        if found is None:
            return self._bad(node)
        space, board = found
        regions = [r.name for r in self.boards[board].regions]
        marks = [m.name for m in self.boards[board].marks] + [s.set_name for s in self.boards[board].spaces if s.set_name]
        if node.name in regions:
            return ir.InRegion(BOOL, loc, text, board, space, node.name)
        if node.name in marks:
            return ir.IsMarked(BOOL, loc, text, board, space, node.name)
        kinds = [*regions, *marks]
        self.error(self._name_loc(loc, node.name), f"the board {board} has no region or mark `{node.name}`",
                   width=len(node.name),
                   hint=did_you_mean(node.name, kinds) or (f"its regions and marks: {', '.join(kinds)}" if kinds else
                        f"declare one in the board: `region {node.name}: one per letter` and letters on its map"))
        return self._bad(node)

    def _best_sets(self, node: ast.BestSets, scope: dict[str, str]) -> ir.E:
        """The best sets of one attribute's values in a zone, scored by a table of set sizes."""
        text, loc = self.text(node), node.loc
        kinds = self.attributes.get(node.attribute)
        if kinds is None:
            self.error(loc, f"no component has the attribute `{node.attribute}`",
                       hint=did_you_mean(node.attribute, self.attributes))
            return self._bad(node)
        domain = self.expr(node.domain, scope)
        if domain.type not in (ZONE, ZONES, "?"):
            self.error(node.domain.loc, f"`{domain.text}` is {describe_type(domain.type)}; sets are made from "
                                        f"the components in a zone")
        sizes = [size for size, _ in node.table]
        if len(set(sizes)) != len(sizes) or any(not 1 <= s <= len(kinds) for s in sizes):
            self.error(loc, f"set sizes must be different and between 1 and {len(kinds)} (the number of "
                            f"{node.attribute}s)")
        return ir.BestSets(INT, loc, text, node.figure, node.attribute, tuple(str(k) for k in kinds), domain,
                           self.expr(node.wild, scope, INT), node.table)

    def _conditional(self, node: ast.Conditional, scope: dict[str, str]) -> ir.E:
        """`if C then A else B`: both sides one kind of value."""
        text, loc = self.text(node), node.loc
        condition = self.expr(node.condition, scope, BOOL)
        then, otherwise = self.expr(node.then, scope), self.expr(node.otherwise, scope)
        type_ = then.type if then.type != "?" else otherwise.type
        if "?" not in (then.type, otherwise.type) and not (self._compatible(then.type, otherwise.type)
                                                          or self._compatible(otherwise.type, then.type)):
            self.error(node.otherwise.loc, f"`{otherwise.text}` is {describe_type(otherwise.type)}, but "
                                           f"`{then.text}` after `then` is {describe_type(then.type)}",
                       hint="both sides of `if ... then A else B` give the same kind of value")
        return ir.Conditional(type_, loc, text, condition, then, otherwise)

    def _member(self, node: ast.Member, scope: dict[str, str]) -> ir.E:
        """`x in C`: an element of the collection's kind."""
        text, loc = self.text(node), node.loc
        element = self.expr(node.element, scope)
        collection = self.expr(node.collection, scope)
        want = element_type(collection.type)
        if want is None and collection.type != "?":
            self.error(node.collection.loc, f"`{collection.text}` is {describe_type(collection.type)}, not a "
                                            f"collection")
        elif want is not None and element.type not in (want, "?"):
            self.error(node.element.loc, f"`{element.text}` is {describe_type(element.type)}; "
                                         f"`{collection.text}` holds {describe_type(want)}s")
        return ir.Member(BOOL, loc, text, element, collection)

    def _extreme(self, node: ast.Extreme, scope: dict[str, str]) -> ir.E:
        """`max(V for x in X where C)`, `min(...)`: V a number or a value of an ordered attribute."""
        text, loc = self.text(node), node.loc
        if node.func not in ("max", "min"):
            self.error(loc, f"`{node.func}(... for {node.var} in ...)` is not a value the rules know",
                       hint="`max(...)` and `min(...)` take the largest or smallest value over a collection; "
                            "`sum(...)` adds them up, `count(...)` counts")
            return self._bad(node)
        domain = self.expr(node.domain, scope)
        element = element_type(domain.type)
        if element is None and domain.type != "?":
            self.error(node.domain.loc, f"`{self.text(node.domain)}` is {describe_type(domain.type)}; "
                                        f"`{node.func}` goes over a collection", hint="a zone, a board, the players or a range `1..n`")
        inner = self.bind(scope, node.var, element or "?", loc, domain)
        where = self.expr(node.where, inner, BOOL) if node.where is not None else None
        value = self.expr(node.value, inner)
        order: tuple[str, ...] = ()
        if value.type == SYMBOL:
            attribute = self.order_of(value)
            named = self.attribute_of(value)
            if attribute is None and self.attributes.get(named):
                self.unordered(node.value.loc, named, self.attributes[named],
                               f"`{node.func}` has no {'highest' if node.func == 'max' else 'lowest'} to find")
            elif attribute is None:
                self.error(node.value.loc, f"`{value.text}` is a word of no order, so it has no {node.func}imum",
                           hint="`max` and `min` take numbers or the values of an ordered attribute "
                                "(`component card: rank (jack < queen < king)`)")
            else:
                order = tuple(str(v) for v in self.ordered[attribute])
        elif value.type not in (INT, "?"):
            self.error(node.value.loc, f"`{value.text}` is {describe_type(value.type)}; `{node.func}` takes numbers "
                                       f"or the values of an ordered attribute")
        return ir.Extreme(value.type, loc, text, node.func, value, node.var, element or "?", domain, where, order)

    def _along(self, node, scope: dict[str, str]) -> ir.E:
        """`neighbour of s towards d`, `line of N from s towards d`, `walk(...)` and `ray from s towards d`: s a
        space of a board."""
        space = self.expr(node.space, scope)
        graph = board_of(space.type) if is_space(space.type) and self.boards[board_of(space.type)].lattice == "graph" \
            else None
        direction = self.graph_direction(graph, node.direction, scope) if graph else \
            self.expr(node.direction, scope, ir.DIRECTION)
        if direction is None:
            return self._bad(node)
        length = self.expr(node.length, scope, INT) if node.kind == "line_of" else None
        if node.kind == "walk":
            board = board_of(space.type) if is_space(space.type) else None
            inner = self.bind(scope, node.var, space_type(board) if board else "?", node.loc)
            condition = self.expr(node.condition, inner, BOOL)
        if space.type == "?":
            return self._bad(node)
        if not is_space(space.type):
            self.error(node.space.loc, f"`{space.text}` is {describe_type(space.type)}, but a space of a board "
                                       f"is needed here")
            return self._bad(node)
        board = board_of(space.type)
        adjacency = "triangles" if self.boards[board].lattice == "triangles" else self.boards[board].adjacency
        if isinstance(direction, ir.Const) and direction.type == ir.DIRECTION \
                and direction.value not in ir.lattice_directions(adjacency):
            words = [ir.COMPASS[d] for d in ir.lattice_directions(adjacency)]
            self.error(node.direction.loc, f"a board of hexagons has no {ir.COMPASS[direction.value]}: "
                                           f"{board} is `adjacency hexagonal`",
                       hint=f"its directions are {', '.join(words)} (each row lies half a hexagon east of the "
                            f"row above)")
        if node.kind == "walk":
            return ir.Walk(spaces_type(board), node.loc, self.text(node), board, node.var, space, direction,
                           node.until, condition)
        if node.kind == "ray":
            return ir.Ray(spaces_type(board), node.loc, self.text(node), board, space, direction)
        if node.kind == "neighbour":
            return ir.Neighbour(space.type, node.loc, self.text(node), board, space, direction)
        return ir.LineOf(spaces_type(board), node.loc, self.text(node), board, length, space, direction)

    def _group_of(self, node: ast.GroupOf, scope: dict[str, str]) -> ir.E:
        """`group of s`: s a space of a board."""
        space = self.expr(node.space, scope)
        if space.type == "?":
            return self._bad(node)
        if not is_space(space.type):
            self.error(node.space.loc, f"`{space.text}` is {describe_type(space.type)}; a group is that of a "
                                       f"space of a board", hint="write `group of s` with s a space (`for s in grid`)")
            return self._bad(node)
        board = board_of(space.type)
        return ir.GroupOf(spaces_type(board), node.loc, self.text(node), board, space)

    def _connected(self, node: ast.Connected, scope: dict[str, str]) -> ir.E:
        """`connected(s in D where C from A to B)`: D spaces of one board (a grid, hexagons or triangles)."""
        domain = self.expr(node.domain, scope)
        board = board_of(domain.type) if domain.type.startswith("spaces:") else None
        if board is None and domain.type != "?":
            self.error(node.domain.loc, f"`{domain.text}` is {describe_type(domain.type)}; a path runs over the "
                                        f"spaces of a board", hint="write `connected(s in BOARD where ...)`")
        inner = self.bind(scope, node.var, space_type(board) if board else "?", node.loc)
        condition = self.expr(node.condition, inner, BOOL)
        start = self.expr(node.start, inner, BOOL)
        goal = self.expr(node.goal, inner, BOOL)
        if board is None:
            return self._bad(node)
        return ir.Connected(BOOL, node.loc, self.text(node), board, node.var, domain, condition, start, goal)

    def _name(self, node: ast.Name, scope: dict[str, str]) -> ir.E:
        name, loc, text = node.id, node.loc, self.text(node)
        if name in scope:
            return ir.Var(scope[name], loc, text, name)
        if name in self.defines:
            return self._use(node, name, (), scope)
        if name == "players":
            return ir.PlayersSet(SEATS, loc, text)
        if name in self.zones:
            zone = self.zones[name]
            self.used.add("zone:" + name)
            return ir.ZoneRef(ZONES if zone.per_player else ZONE, loc, text, name, None)
        if name in self.boards:
            return ir.BoardRef(spaces_type(name), loc, text, name)
        if name in self.queues:
            self.used.add("queue:" + name)
            return ir.QueueRef(QUEUE, loc, text, name)
        if name in self.counters:
            self.used.add("counter:" + name)
            if self.counters[name].per_player:
                self.error(loc, f"`{name}` is kept per player", hint=f"write `{name} of <player>`")
            elif self.counters[name].board is not None:
                self.error(loc, f"`{name}` is kept per space of {self.counters[name].board}",
                           hint=f"write `{name} of <space>`")
            return ir.CounterRef(self.counter_value_type(name), loc, text, name, None)
        if name in self.options:
            return ir.OptionRef(INT if self.options[name].numeric else SYMBOL, loc, text, name)
        if name in self.symbols:
            return ir.Const(SYMBOL, loc, text, name)
        lines = self.line_set(name, loc, text)
        if lines is not None:
            return lines
        if name in ir.COMPASS:
            return ir.Const(ir.DIRECTION, loc, text, ir.COMPASS.index(name))
        graphs = [b for b, d in self.boards.items() if d.lattice == "graph" and name in self.graph_direction_names(b)]
        if len(graphs) == 1:  # a graph's named direction, as a value (`let d be around`)
            return self.graph_direction(graphs[0], node, scope)
        known = [n for n in scope if not n.startswith(VALUES_OF)] + list(self.zones) + list(self.boards) + list(self.counters) + list(self.options) + \
            list(self.queues) + sorted(self.symbols) + list(self.defines)
        self.error(loc, f"unknown name `{name}`", hint=did_you_mean_own_first(name, known, ["players", *ir.COMPASS]))
        return self._bad(node)

    def _of(self, node: ast.Of, scope: dict[str, str]) -> ir.E:
        attr, loc, text = node.attr, node.loc, self.text(node)
        if attr == "values" and isinstance(node.target, ast.Name) and node.target.id in self.attributes \
                and node.target.id not in scope:
            values = tuple(self.attributes[node.target.id])
            self.symbols.update(str(v) for v in values if isinstance(v, str))
            return ir.AttributeValues(SYMBOLS if values and isinstance(values[0], str) else NUMBERS, loc, text,
                                      node.target.id, values)
        target = self.expr(node.target, scope)
        t = target.type
        if t == "?":
            return self._bad(node)
        if attr in self.zones:
            return self._zone_of(node, target)
        if attr in self.counters and self.counters[attr].board is not None:
            return self._space_counter_of(node, target)
        if attr in self.counters:
            self.used.add("counter:" + attr)
            if t != SEAT or not self.counters[attr].per_player:
                self.error(loc, f"`{attr}` is not kept per player")
                return self._bad(node)
            return ir.CounterRef(self.counter_value_type(attr), loc, text, attr, target)
        if attr in self.scores:
            if t != SEAT:
                self.error(node.target.loc, f"`{attr} of` needs a player, not {describe_type(t)}")
                return self._bad(node)
            return ir.ScoreRef(INT, loc, text, attr, target)
        if attr == "others":
            if t != SEAT:
                self.error(node.target.loc, f"`others of` needs a player, not {describe_type(t)}")
                return self._bad(node)
            return ir.Others(SEATS, loc, text, target)
        if attr in SEAT_STEPS:
            if t != SEAT:
                self.error(node.target.loc, f"`{attr} of` needs a player, not {describe_type(t)}")
                return self._bad(node)
            return ir.SeatStep(SEAT, loc, text, target, SEAT_STEPS[attr])
        if attr in self.seat_attributes and t == SEAT:
            return self._seat_value_of(node, target)
        if attr == "number" and (t in (SEAT, ir.DIRECTION) or is_graph_direction(t)):
            return self._number_of(node, target)
        if attr == "opposite" and (t == ir.DIRECTION or is_graph_direction(t)):  # (a name of the file's first)
            return self._opposite_of(node, target)
        if attr == "number" and t in (SYMBOL, INT):
            return self._number_of_value(node, target, scope)
        if attr == "neighbours":
            return self.neighbours_of(node, target)
        if attr == "directions" and isinstance(target, ir.BoardRef):
            return self._directions_of(node, target)
        if attr == "occupant":
            if not is_space(t):
                self.error(node.target.loc, f"`occupant of` needs a space, not {describe_type(t)}")
                return self._bad(node)
            return ir.Occupant(ITEM, loc, text, board_of(t), target)
        if attr == "cells":
            return self._cells_of(node, target)
        if attr == "face" and is_space(t) and self.boards[board_of(t)].lattice == "triangles":
            return ir.FaceOf(SYMBOL, loc, text, board_of(t), target)
        if attr == "faces" and isinstance(target, ir.BoardRef):
            if self.boards[target.board].lattice != "triangles":
                self.error(node.target.loc, f"`faces of` lists the faces laid together on a board of triangles; "
                                            f"{target.board} is a grid with one face per game")
                return self._bad(node)
            return ir.FacesInUse(SYMBOLS, loc, text, target.board)
        if attr == "top":
            zone = self.zones.get(getattr(target, "zone", ""))
            if t != ZONE or zone is None or not zone.stacked:
                self.error(node.target.loc, f"`top of` needs a stacked zone, not {describe_type(t)}",
                           hint="declare the zone with `, stacked` so its order is kept")
                return self._bad(node)
            return ir.Top(ITEM, loc, text, target)
        if attr == "size" and not (t == ITEM and "size" in self.attributes):  # a component's own `size` attribute
            if t not in (ZONE, ZONES, SEATS, QUEUE) and not t.startswith(("spaces:", "placements:")):
                self.error(node.target.loc, f"`size of` needs a zone, a queue, a board or the players, "
                                            f"not {describe_type(t)}")
                return self._bad(node)
            return ir.Size(INT, loc, text, target)
        if attr == "index" and self._index_is_built_in(t):
            return self._index_of(node, target)
        if attr in self.region_names:
            return self._region_of(node, target)
        if attr in self.attributes or any(attr in (b.row_attribute, b.column_attribute) for b in self.boards.values()):
            return self._attribute_of_target(node, target)
        known = list(self.zones) + list(self.counters) + list(self.scores) + list(self.seat_attributes) + \
            list(self.region_names) + list(self.attributes)
        built_in = list(SEAT_STEPS) + ["occupant", "size", "top", "others", "cells", "face", "faces", "values",
                                       "directions", "neighbours", "index", "number", "opposite"]
        if attr == "opposite":
            self.error(node.target.loc, f"`opposite of` turns a direction around, and `{target.text}` is "
                                        f"{describe_type(t)}")
            return self._bad(node)
        self.error(loc, f"unknown name `{attr}` before `of`", hint=did_you_mean_own_first(attr, known, built_in))
        return self._bad(node)

    def _space_counter_of(self, node: ast.Of, target: ir.E) -> ir.E:
        """`seeds of s`: a counter kept per space of a board, on one of that board's spaces."""
        attr, loc, text = node.attr, node.loc, self.text(node)
        self.used.add("counter:" + attr)
        board = self.counters[attr].board
        if target.type != space_type(board):
            self.error(node.target.loc, f"`{target.text}` is {describe_type(target.type)}, but `{attr} of` needs a "
                                        f"space of {board}")
            return self._bad(node)
        return ir.CounterRef(INT, loc, text, attr, target)

    def _seat_value_of(self, node: ast.Of, target: ir.E) -> ir.E:
        """`forward of p`: a seat's value from `each player has` (a direction, a number or a word)."""
        attr, loc, text = node.attr, node.loc, self.text(node)
        self.used.add("seat_attribute:" + attr)
        values = self.seat_attributes[attr].values
        sets = self.seat_direction_sets(values)  # `each player has a forward: white_forward, black_forward`
        if sets is not None:
            return ir.SeatAttr(ir.DIRECTIONS, loc, text, attr, values, target, sets)
        # `each player has a forward: south, north`: compass words are directions (`towards forward of p`);
        # `each player has a store: 7, 0`: numbers are numbers
        kind = ir.DIRECTION if all(v in ir.COMPASS for v in values) else \
            INT if all(re.fullmatch(r"-?[0-9]+", v) for v in values) else SYMBOL
        return ir.SeatAttr(kind, loc, text, attr, values, target)

    def _number_of(self, node: ast.Of, target: ir.E) -> ir.E:
        """`number of p`: a seat's number, from 1 (`player 2` is 2); `number of d`: a direction's place in its
        board's directions (as `directions of B` lists them), from 1. A compass direction belongs to no board
        of its own: the file's boards (a graph's aside) must list the same directions, else it is refused."""
        loc, text = node.loc, self.text(node)
        if target.type != ir.DIRECTION:
            return ir.NumberOf(INT, loc, text, target)
        ways = self.boards_directions(loc, f"`{text}` is a direction's place among its board's directions",
                                      "number the directions yourself with a definition (`if d = north then 1 else ...`)")
        if ways is None:
            return self._bad(node)
        table = tuple(ways.index(d) + 1 if d in ways else 0 for d in range(len(ir.COMPASS)))
        return ir.NumberOf(INT, loc, text, target, table)

    def boards_directions(self, loc, what: str, hint: str) -> Optional[tuple[int, ...]]:
        """The directions (indices of COMPASS, in order) the file's boards list, a graph's aside: a compass
        direction belongs to no board of its own, so they must list the same (every direction where there is no
        such board); else refused at ``loc`` (``what`` is said, then the boards' lists) and None."""
        lists = {}
        for name, board in self.boards.items():
            if board.lattice == "graph":
                continue
            ways = ir.TRIANGLE_LINES if board.lattice == "triangles" else \
                ir.ADJACENCY_DIRECTIONS.get(board.adjacency, ir.ADJACENCY_DIRECTIONS["orthogonal"])
            lists.setdefault(tuple(ways), name)
        if len(lists) > 1:
            said = "; ".join(f"{board}: {', '.join(ir.COMPASS[d] for d in ways)}" for ways, board in lists.items())
            self.error(loc, f"{what}, but this file's boards list different directions ({said})", hint=hint)
            return None
        return next(iter(lists), tuple(range(len(ir.COMPASS))))

    def _opposite_of(self, node: ast.Of, target: ir.E) -> ir.E:
        """`opposite of d`: the compass direction half a turn from d (north and south, east and west, and so on
        diagonally), the same on squares, hexagons and triangles, whose directions come in opposite pairs. A
        graph's named directions have none (a link named `around` need not run back the way another runs):
        refused at the line."""
        loc, text = node.loc, self.text(node)
        if is_graph_direction(target.type):
            board = board_of(target.type)
            self.error(loc, f"`{text}`: {board} is a graph, whose named directions ({', '.join(self.graph_direction_names(board))}) "
                            f"have no opposite", width=len(text),
                       hint="name the way back as a direction of its own (`links back: b-a, ...`) and say which it is "
                            "with a definition (`if d = around then back else around`)")
            return self._bad(node)
        table = tuple((d + len(ir.COMPASS) // 2) % len(ir.COMPASS) for d in range(len(ir.COMPASS)))
        return ir.Turned(ir.DIRECTION, loc, text, target, "opposite", table)

    def _turned(self, node: ast.Turned, scope: dict[str, str]) -> ir.E:
        """`d turned right`: the next of the board's directions after d clockwise, in the order `directions of B`
        lists them (north, northeast, east, ... as far as the board has them): a quarter turn on squares with
        `adjacency orthogonal` or `diagonal`, an eighth with `all`, a sixth on hexagons and on triangles' strips;
        `left` the next anticlockwise. A direction the board's list leaves out turns to the first of the list it
        meets. A graph's named directions have no right and left: refused at the line."""
        loc, text = node.loc, self.text(node)
        direction = self.expr(node.direction, scope)
        if direction.type == "?":
            return self._bad(node)
        if is_graph_direction(direction.type):
            board = board_of(direction.type)
            self.error(loc, f"`{text}`: {board} is a graph, whose named directions have no right and left",
                       width=len(text), hint="say which direction comes next with a definition (`if d = around "
                                             "then across else around`)")
            return self._bad(node)
        if direction.type != ir.DIRECTION:
            hint = None
            if is_space(direction.type) and isinstance(node.direction, ast.Neighbour):
                hint = f"bracket the direction: `towards ({self.text(node.direction.direction)} turned {node.way})`"
            self.error(node.direction.loc, f"`{text}` turns a direction, and `{direction.text}` is "
                                           f"{describe_type(direction.type)}", hint=hint)
            return self._bad(node)
        ways = self.boards_directions(loc, f"`{text}` turns among its board's directions",
                                      "say which direction comes next with a definition (`if d = north then east "
                                      "else ...`)")
        if ways is None:
            return self._bad(node)
        n, step = len(ir.COMPASS), 1 if node.way == "right" else -1
        table = tuple(next(t % n for t in range(d + step, d + step * (n + 1), step) if t % n in ways)
                      for d in range(n))
        return ir.Turned(ir.DIRECTION, loc, text, direction, node.way, table)

    def _number_of_value(self, node: ast.Of, target: ir.E, scope: dict[str, str]) -> ir.E:
        """`number of rank of c`: a component attribute's value's place among its values as declared, from 1
        (a card's index in OpenSpiel's numbering). The attribute is the one the value is read from (`rank of
        c`, a counter holding ranks, a definition giving one, a name going through its values: `for s in values
        of suit`, or a `let` of one) or, for a word written out, the one attribute that has it."""
        loc, text = node.loc, self.text(node)
        attribute = self.attribute_of(target)
        if attribute is None and isinstance(target, ir.Var):
            attribute = scope.get(VALUES_OF + target.name)
        if attribute is None and isinstance(target, ir.CounterRef):
            held = self.counters[target.name].holds
            attribute = held[0] if held is not None and held[0] in self.attributes else None
            if attribute is None and held is not None and held[0] == "word":  # (`: word`, refused: read on as told)
                kept = tuple(self.counter_kind(target.name)[1])
                attribute = next((a for a, values in self.attributes.items() if tuple(values) == kept), None)
        if attribute is None and isinstance(target, ir.Const):
            having = [a for a, values in self.attributes.items() if target.value in values]
            attribute = having[0] if len(having) == 1 else None
        if attribute is None:
            self.error(loc, f"`{text}` is the place of a value among its attribute's values, but `{self.text(node.target)}` "
                            f"is not read from an attribute",
                       hint="write it of the attribute's own value (`number of rank of c`), of a counter holding "
                            "that attribute's words, or of a definition giving one")
            return self._bad(node)
        return ir.NumberOf(INT, loc, text, target, values=tuple(self.attributes[attribute]))

    def _directions_of(self, node: ast.Of, target: ir.BoardRef) -> ir.E:
        """`directions of B`: the ways a board's lines run."""
        loc, text = node.loc, self.text(node)
        board = self.boards[target.board]
        if board.lattice == "graph":
            return self.graph_directions(node, target.board)
        if board.lattice == "triangles":  # the six ways a strip of triangles runs
            return ir.Directions(ir.DIRECTIONS, loc, text, target.board, ir.TRIANGLE_LINES)
        return ir.Directions(ir.DIRECTIONS, loc, text, target.board,
                             ir.ADJACENCY_DIRECTIONS.get(board.adjacency, ir.ADJACENCY_DIRECTIONS["orthogonal"]))

    def _zone_of(self, node: ast.Of, target: ir.E) -> ir.E:
        """`hand of p`: a zone kept per player, of a player."""
        attr, loc, text = node.attr, node.loc, self.text(node)
        t = target.type
        zone = self.zones[attr]
        self.used.add("zone:" + attr)
        if not zone.per_player:
            self.error(loc, f"`{attr}` is shared; it belongs to no player", hint=f"write just `{attr}`")
            return self._bad(node)
        if t != SEAT:
            self.error(node.target.loc, f"`{target.text}` is {describe_type(t)}, but `{attr} of` needs a player")
            return self._bad(node)
        return ir.ZoneRef(ZONE, loc, text, attr, target)

    def _index_is_built_in(self, t: str) -> bool:
        """Whether `index of` is the built-in place of a space: not where the file's own `index` reads it (a
        component's attribute, a board's rows or columns or a region so named, as `size of` yields to one)."""
        own_board_name = any("index" in (b.row_attribute, b.column_attribute) for b in self.boards.values())
        own_item_attribute = t == ITEM and "index" in self.attributes
        return not (own_board_name or own_item_attribute or "index" in self.region_names)

    def _index_of(self, node: ast.Of, target: ir.E) -> ir.E:
        """`index of s`: a space's place in its board's order, from 0 (a table per setup: fixed before play)."""
        if not is_space(target.type):
            self.error(node.target.loc, f"`index of` needs a space, not {describe_type(target.type)}",
                       hint="`index of s` is the place of space s on its board (from 0, in board order)")
            return self._bad(node)
        return ir.SpaceIndex(INT, node.loc, self.text(node), board_of(target.type), target)

    def _cells_of(self, node: ast.Of, target: ir.E) -> ir.E:
        """`cells of t`: the spaces a placement, or a tile on the one board of triangles, covers."""
        loc, text = node.loc, self.text(node)
        t = target.type
        if is_placement(t):
            return ir.CellsOf(spaces_type(board_of(t)), loc, text, board_of(t), target)
        lattices = [b for b, d in self.boards.items() if d.lattice == "triangles"]
        if t == ITEM and len(lattices) == 1:
            return ir.CellsOf(spaces_type(lattices[0]), loc, text, lattices[0], target)
        self.error(node.target.loc, f"`cells of` needs a placement or a tile on a board of triangles, not "
                                    f"{describe_type(t)}")
        return self._bad(node)

    def _region_of(self, node: ast.Of, target: ir.E) -> ir.E:
        """`room of s`: the region of a space (only ever tested for completeness)."""
        attr, loc, text = node.attr, node.loc, self.text(node)
        t = target.type
        if not is_space(t) or board_of(t) != self.region_names[attr]:
            self.error(node.target.loc, f"`{attr} of` needs a space of {self.region_names[attr]}")
            return self._bad(node)
        if not getattr(self, "region_tested", False):
            # A region is only ever tested for completeness (the caller turns this into RegionComplete): read
            # anywhere else (`start of s = start of t`) it has no value to give, so it is refused here, at its
            # line, not left to fail when the rules run.
            self.error(loc, f"`{text}` is a region, which the rules can only test for completeness "
                            f"(`{text} is complete`)",
                       hint=f"to ask whether a space lies in a {attr} region, write `s is a {attr} space`; a board's "
                            f"map marks one kind of region, and regions cannot be told apart by their letters")
            return self._bad(node)
        # A region is only ever tested for completeness; the caller turns this into RegionComplete.
        return ir.Var("region:" + attr, loc, text, attr)

    def _attribute_of_target(self, node: ast.Of, target: ir.E) -> ir.E:
        """`rank of c`, `col of s`: a component's attribute, or a space's row or column."""
        attr, loc, text = node.attr, node.loc, self.text(node)
        t = target.type
        values = self.attributes.get(attr, ())
        attr_type = INT if values and isinstance(values[0], int) else SYMBOL
        if t == ITEM:
            if attr not in self.attributes:
                self.error(loc, f"no component has the attribute `{attr}`; it numbers the spaces of a board",
                           hint=f"write `{attr} of <space>`")
                return self._bad(node)
            return ir.ItemAttr(attr_type, loc, text, attr, target, attr in self.changing)
        if is_space(t):
            board = self.boards[board_of(t)]
            if attr == board.row_attribute and board.first_row is None and attr not in self.attributes \
                    and board.lattice == "grid":
                return self._bad(node)  # rows named after no attribute: reported once, at the board
            if attr == board.column_attribute or (attr == board.row_attribute and board.first_row is not None):
                attr_type = INT
            elif attr != board.row_attribute:
                self.error(loc, f"the spaces of {board.name} have no `{attr}`",
                           hint=f"they have `{board.row_attribute}` and `{board.column_attribute}`")
                return self._bad(node)
            return ir.SpaceAttr(attr_type, loc, text, board.name, attr, target)
        self.error(node.target.loc, f"`{attr} of` needs a component or a space, not {describe_type(t)}")
        return self._bad(node)

    def _test(self, node: ast.Test, scope: dict[str, str]) -> ir.E:
        outer, self.region_tested = getattr(self, "region_tested", False), node.test == "complete"
        try:  # (only `<region> of <space> is complete` may read a region: _region_of)
            subject = self.expr(node.subject, scope)
        finally:
            self.region_tested = outer
        t, loc, text = subject.type, node.loc, self.text(node)
        if t == "?":
            return self._bad(node)
        if node.test == "complete":
            if isinstance(subject, ir.Var) and subject.type.startswith("region:"):
                of = node.subject
                space = self.expr(of.target, scope)
                return ir.RegionComplete(BOOL, loc, text, board_of(space.type), subject.name, space)
            self.error(loc, "only a region can be complete", hint="write `<region> of <space> is complete`")
            return self._bad(node)
        if node.test == "none" and isinstance(subject, ir.CounterRef) and t != INT:  # a counter holding no value
            return ir.Compare(BOOL, loc, text, "=", subject, ir.Const(t, node.loc, "none", None), ())
        if node.test == "none":
            if not is_space(t):
                self.error(node.subject.loc, f"`{subject.text}` is {describe_type(t)}; only a space (a neighbour past "
                                             f"the board's edge) can be none")
                return self._bad(node)
            return ir.Check(BOOL, loc, text, node.test, subject, board_of(t))
        if is_placement(t) and node.test in ("empty", "occupied_neighbour"):
            return ir.Check(BOOL, loc, text, node.test, subject, board_of(t))
        if node.test in ("occupied", "occupied_neighbour"):
            if not is_space(t):
                self.error(node.subject.loc, f"`{subject.text}` is {describe_type(t)}, not a space")
                return self._bad(node)
            return ir.Check(BOOL, loc, text, node.test, subject, board_of(t))
        if t in (ZONE, QUEUE) or is_space(t) or t == ZONES:
            return ir.Check(BOOL, loc, text, node.test, subject, board_of(t))
        self.error(node.subject.loc, f"`{subject.text}` is {describe_type(t)}; only a zone, a queue or a space can "
                                     f"be empty")
        return self._bad(node)

    def conjuncts(self, guard) -> list:
        if guard is None:
            return []
        if guard.kind == "bool" and guard.op == "and":
            out = []
            for operand in guard.operands:
                out.extend(self.conjuncts(operand))
            return out
        return [guard]
