"""An option's walk narrowed to a few spaces a step away from one space, in board order known when generated
(issue #40).

`for t in grid where ... t = neighbour of s towards south ...` is narrowed to the spaces its condition names
(codegen/narrowing.py): spaces_among sorts them into board order and leaves out those past the board's edge,
at every walk. On a grid a space's neighbour one step (dr, dc) away is numbered r * width + c, so the board
order of a space's neighbours is the order of their steps, and two directions never name the same space: the
walk is of the neighbours written out in that order (a tuple of the module's tables' look-ups), each past the
edge (none: a space not in use is an edge too, runtime/tables.py _toward) skipped by the loop. A seat's own
directions (`p = player 1 and t = neighbour of s towards south or p = player 2 and ...`) are chosen by tests
of which at most one holds (one name equal to different constants). Any other narrowed walk is left to
spaces_among.
"""

from __future__ import annotations

import dataclasses
from typing import Optional

from ..lib.geometry import direction_steps
from ..model import ir
from ..model.narrowing import Fixed, fixed_walk
from .quoting import ident


class StepsInOrder:
    """Option walks of a space's neighbours, in the order known when generated (CodeGenerator's part)."""

    def steps_in_order(self, var: str, domain: ir.E, where: Optional[ir.E]) -> Optional[str]:
        """The code of the spaces the walk of ``var`` over ``domain`` visits when ``where`` names only spaces a
        step from one space (or, under tests of which at most one holds, such spaces for each), in board order,
        a space past the edge as None (the loop skips it: written_loop_skips); None for any other walk."""
        if not isinstance(domain, ir.BoardRef) or where is None:
            return None
        b = self.boards[domain.board]
        board = self.m.boards[b]
        if board.lattice != "grid":
            return None
        fixed = fixed_walk(var, board, where, self.definitions, frozenset(), self.may_be_none)
        if fixed is None:
            return None
        steps = direction_steps(board.adjacency)
        if fixed == Fixed(spaces=fixed.spaces):
            code = self._steps_tuple(fixed, domain.board, steps)
        elif fixed == Fixed(guarded=fixed.guarded) and _one_holds_at_most([test for test, _ in fixed.guarded]):
            by_test: dict[str, list[ir.E]] = {}
            for test, part in fixed.guarded:
                if part != Fixed(spaces=part.spaces):
                    return None
                by_test.setdefault(self.expr(test), []).extend(part.spaces)
            chain = [(self._steps_tuple(Fixed(spaces=tuple(spaces)), domain.board, steps), test)
                     for test, spaces in by_test.items()]
            if any(tuple_code is None for tuple_code, _ in chain):
                return None
            code = "(" + "".join(f"{tuple_code} if {test} else " for tuple_code, test in chain) + "())"
        elif fixed == Fixed(spaces_over=fixed.spaces_over) and len(fixed.spaces_over) == 1:
            code = self._over_directions(fixed.spaces_over[0], domain.board, steps)
        else:
            return None
        if code is not None:
            self.walks_skipping_none.add(code)
        return code

    def one_group_chosen(self, fixed: Fixed, const: str, b: int) -> Optional[str]:
        """The code of the walk of a board whose every space is in use narrowed, under tests of which at most
        one holds, each to one group of spaces (a row's, a column's, a place's: in board order, each once):
        that group, chosen by its test (`p = player 1 and row of s = 8 or p = player 2 and row of s = 1`: the
        seat's far row), not put together and sorted by spaces_among; None for any other walk."""
        if not (fixed.guarded and fixed == Fixed(guarded=fixed.guarded) and self.every_space_in_use(b)
                and _one_holds_at_most([test for test, _ in fixed.guarded])):
            return None
        by_test: dict[str, Fixed] = {}
        for test, part in fixed.guarded:
            code = self.expr(test)
            by_test[code] = by_test[code] | part if code in by_test else part
        chain = []
        for test_code, part in by_test.items():
            if part.guarded:
                return None
            spaces, groups = self.fixed_parts(part, const, b)
            if spaces or len(groups) != 1:
                return None
            code = groups[0]  # (fixed_parts' code of the group)
            chain.append(f"{code} if {test_code} else ")
        return "(" + "".join(chain) + "())"

    def _steps_tuple(self, fixed: Fixed, board: str, steps) -> Optional[str]:
        """The spaces of ``fixed``, each a step from one and the same space by a constant direction, as a tuple
        in board order (by their steps), each direction once; None when they are not."""
        ordered: dict[int, str] = {}
        around = None
        for space in fixed.spaces:
            if not (isinstance(space, ir.Neighbour) and space.board == board and isinstance(space.space, ir.Var)
                    and isinstance(space.direction, ir.Const) and type(space.direction.value) is int
                    and 0 <= space.direction.value < len(steps)):
                return None
            if around not in (None, space.space.name):
                return None
            around = space.space.name
            ordered[space.direction.value] = self.expr(space)
        # (a direction the lattice lacks leads nowhere from any space: past every edge, put last)
        order = sorted(ordered, key=lambda d: steps[d] if steps[d] is not None else (9, 9))
        return "(" + "".join(f"{ordered[d]}, " for d in order) + ")"

    def _over_directions(self, over: tuple, board: str, steps) -> Optional[str]:
        """`count(d in D where t = neighbour of s towards d) > 0`, D the board's directions or a set of them, or
        a seat's own set (`d in forward of player`): the neighbours of s in D's directions, written out in board
        order (for a seat's set, the seat's own tuple chosen by its number); None for any other."""
        var, collection, space = over
        if not (isinstance(space, ir.Neighbour) and isinstance(space.direction, ir.Var)
                and space.direction.name == var and isinstance(space.space, ir.Var)):
            return None

        def written(directions) -> Optional[str]:
            spaces = tuple(dataclasses.replace(space, direction=ir.Const(space.direction.type, None, str(d), d))
                           for d in dict.fromkeys(directions))
            return self._steps_tuple(Fixed(spaces=spaces), board, steps)

        if isinstance(collection, ir.Directions) and collection.board == board:
            return written(collection.directions)
        if isinstance(collection, ir.SeatAttr) and collection.directions \
                and isinstance(collection.seat, (ir.Var, ir.SeatConst)):
            chain = [written(directions) for directions in collection.directions]
            if any(code is None for code in chain):
                return None
            seat = self.expr(collection.seat)
            return "(" + "".join(f"{code} if ({seat} == {i!r}) else " for i, code in enumerate(chain)) + "())"
        return None

    def written_loop_skips(self, var: str, domain: str) -> None:
        """After the head of a loop over ``domain``: a walk of neighbours written out skips those past the edge."""
        if domain in self.walks_skipping_none:
            w = self.w
            w.line(f"if v_{ident(var)} is None:", note="past the board's edge")
            w.indent()
            w.line("continue")
            w.dedent()


def _one_holds_at_most(tests: list) -> bool:
    """Whether at most one of ``tests`` can hold at a time: each `x = C` for one name x and a constant C (a seat,
    a number, a word), the same C the same test."""
    name = None
    for test in tests:
        if not (isinstance(test, ir.Compare) and test.op == "=" and not test.order):
            return False
        var, constant = (test.left, test.right) if isinstance(test.left, ir.Var) else (test.right, test.left)
        if not (isinstance(constant, (ir.SeatConst, ir.Const)) and isinstance(var, ir.Var)
                and name in (None, var.name)):
            return False
        name = var.name
    return True  # (two tests of the same constant are the same test, their parts joined: see steps_in_order)
