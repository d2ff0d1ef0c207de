"""A definition that reads of the state only what a space holds, kept by that and its arguments (issue #40).

Shogi's `steps_to(s, t, p)`, `s holds king or (golden(s) and (ahead(s, t, p) >= 0 or ...)) or (s holds silver and
...) or ...`, asked for every neighbour of every piece of a listing and every neighbour of the king in every check
test, compares the occupant's kind with a dozen words, and works out `ahead` two or three times, at every call;
yet its value depends only on the occupant's kind and on s, t and p. Such a definition (its parameters spaces,
none that a use may pass past the board's edge, seats, directions, numbers, words or truth values; its value
reading of the state only `X holds V` with X a parameter that is a space and V a word or a seat's value of an attribute that can change, the rest constants,
its parameters, their fixed attributes (a space's row, column, a seat's values), comparisons, arithmetic, `and`,
`or`, `not`, `if ... then ... else`, a direction's set, and the definitions it calls if they are such too) is kept
in a module-level dict by (each such attribute's value on each such space, then the arguments): worked out as
written the first time, read from the dict after (define_<name> calling worked_<name>). A value is a function of
what the key holds, so the dict holds for every state of the engine (each board, attribute and seat's values
the same tables: per engine module); it is emptied when it holds MOST_KEPT entries. Decided from the checked
model, for a definition with two such reads or more (one is a look-up already); every other is as before.
"""

from __future__ import annotations

from typing import Optional

from ..model import ir
from ..model.tree import children
from ..model.checker import is_space
from .quoting import ident, lit

MOST_KEPT = 65536
_PLAIN_TYPES = (ir.SEAT, ir.INT, ir.BOOL, ir.SYMBOL)
_PURE = (ir.Const, ir.Var, ir.SpaceAttr, ir.SeatAttr, ir.Compare, ir.BoolOp, ir.Not, ir.Arith, ir.Negate,
         ir.Conditional, ir.Member, ir.Directions, ir.DefinedValue, ir.Builtin, ir.HoldsValue)


class ContentDefinitions:
    """Definitions kept by what a space holds and their arguments (CodeGenerator's part)."""

    def content_keys(self, definition: ir.Definition) -> Optional[tuple[tuple[str, str, str], ...]]:
        """The (attribute, space parameter, board) ``definition``'s key reads, in order met, or None when it is not
        such a definition (see the module)."""
        params = {p.name: p.type for p in definition.params}
        if not params or not all(t in _PLAIN_TYPES or is_space(t) or t == ir.DIRECTION for t in params.values()):
            return None
        changing = {a for c in self.m.components for a in c.changing}
        definitions = {d.name: d for d in self.m.definitions}
        keys: dict = {}
        reads = [0]

        def pure(e: ir.E, names: dict, depth: int) -> bool:
            """Whether ``e`` is such a value; ``names``: each name to (its type, the parameter of the definition
            kept that it stands for, or None for a written value)."""
            if not isinstance(e, _PURE):
                return False
            if isinstance(e, ir.Var):
                return e.name in names
            if isinstance(e, ir.HoldsValue):
                named = names.get(e.space.name) if isinstance(e.space, ir.Var) else None
                if named is None or named[1] is None or not is_space(named[0]) or e.attribute not in changing \
                        or e.board not in self.boards or not isinstance(e.value, (ir.Const, ir.SeatAttr)):
                    return False
                keys.setdefault((e.attribute, named[1], e.board), None)
                reads[0] += 1
                return pure(e.value, names, depth)
            if isinstance(e, ir.DefinedValue):
                callee = definitions.get(e.name)
                if callee is None or depth > 8 or len(callee.params) != len(e.args):
                    return False
                inner = {}
                for p, a in zip(callee.params, e.args):
                    if isinstance(a, ir.Var) and a.name in names:
                        inner[p.name] = names[a.name]
                    elif isinstance(a, ir.Const):
                        inner[p.name] = (p.type, None)
                    else:
                        return False
                return pure(callee.value, inner, depth + 1)
            return all(pure(part, names, depth) for part in children(e))

        if not pure(definition.value, {p.name: (p.type, p.name) for p in definition.params}, 0) \
                or reads[0] < 2 or not keys:
            return None
        if any(space in self.off_board.params_of(definition.name) for _, space, _ in keys):
            return None  # (a use may pass a space past the board's edge: its key could not be read)
        return tuple(keys)

    def content_definition(self, definition: ir.Definition) -> bool:
        """define_<name> for a definition kept by what a space holds and its arguments (see the module), calling
        worked_<name> (its value as written) the first time; False (nothing written) for any other."""
        keys = self.content_keys(definition)
        if keys is None:
            return False
        key_reads = "".join(f"st._attrs[{lit(attr)}][st._boards[{self.boards[board]}][v_{ident(space)}]], "
                            for attr, space, board in keys)
        write_kept_definition(self, definition, key_reads, "what its spaces hold", "content_definitions.py")
        return True


def write_kept_definition(gen, definition: ir.Definition, key_reads: str, kept_by: str, module: str) -> None:
    """define_<name> keeping its values in a module-level dict (KEPT_<name>, emptied when it holds MOST_KEPT) by
    ``key_reads`` (the key's parts read from the state, each followed by ", ") and its arguments, calling
    worked_<name> (its value as written) the first time a key is met: the writer of this module's definitions
    and of codegen/counter_definitions.py's, which differ only in what keys them (``kept_by``)."""
    w, name = gen.w, ident(definition.name)
    args = gen.params(definition.params)
    w.line("")
    w.line("")
    w.line(f"KEPT_{name} = {{}}", note=f"define_{definition.name}'s values by {kept_by} and its arguments")
    w.line("")
    w.line("")
    w.line(f"def define_{name}(st{args}):")
    w.indent()
    gen.doc(definition, f"Definition `{definition.name}`, kept by {kept_by} and its arguments (codegen/{module}).")
    w.line("key = (" + key_reads + "".join(f"v_{ident(p.name)}, " for p in definition.params) + ")")
    w.line(f"found = KEPT_{name}.get(key)")
    w.line("if found is None:")
    w.indent()
    w.line(f"if len(KEPT_{name}) >= {lit(MOST_KEPT)}:")
    w.indent()
    w.line(f"KEPT_{name}.clear()")
    w.dedent()
    w.line(f"found = KEPT_{name}[key] = worked_{name}(st{args})")
    w.dedent()
    w.line("return found")
    w.dedent()
