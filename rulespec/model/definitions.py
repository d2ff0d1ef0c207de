"""Definitions (`define`): each checked once, with its parameters only; cycles and depth refused."""

from __future__ import annotations

import dataclasses
from typing import Optional, Sequence

from ..language import ast
from ..lib.limits import LIMIT, refusal
from . import ir
from .value_types import BUILTINS

class Definitions:
    """Definitions: ``definitions`` (name -> checked ``ir.Definition``), ``defining`` (those being checked,
    outermost first) and ``cyclic`` (those that use themselves or nest too deep: told once, then left
    alone), all set by ``collect``; reads ``defines``."""

    def _use(self, node, name: str, arg_nodes: Sequence, scope: dict[str, str]) -> ir.E:
        """A use of definition ``name``: as many values as it has parameters, each of its parameter's type."""
        d = self.defines[name]
        self.used.add("define:" + name)
        if name in self.cyclic:  # reported once, at the definition
            return self._bad(node)
        if len(arg_nodes) != len(d.params):
            wanted = ", ".join(p.name for p in d.params)
            self.error(node.loc, f"`{name}` takes {len(d.params)} value(s){f' ({wanted})' if wanted else ''}, "
                                 f"not {len(arg_nodes)}",
                       hint=f"write `{name}({wanted})`" if d.params else f"write just `{name}`")
            return self._bad(node)
        definition = self.definition(name)
        if definition is None:
            return self._bad(node)
        args = tuple(self.expr(a, scope, p.type) for a, p in zip(arg_nodes, definition.params))
        if definition.value.type == "?":
            return self._bad(node)
        return ir.DefinedValue(definition.value.type, node.loc, self.text(node), name, args)

    def definition(self, name: str) -> Optional[ir.Definition]:
        """Definition ``name``, checked once (at its first use, or in file order): its value sees only its
        parameters and the game's declarations, never the names where it is used."""
        done = self.definitions.get(name)
        if done is not None or name in self.defining or name in self.cyclic:
            return done
        d = self.defines[name]
        if len(self.defining) >= LIMIT.definition_depth:
            self.error(self._name_loc(d.loc, name), refusal("definition_depth", len(self.defining) + 1) +
                       f" (`{' -> '.join(self.defining + [name])}`)", width=len(name),
                       hint="write the innermost definitions out where they are used")
            self.cyclic.add(name)
            return None
        self.defining.append(name)
        try:
            self.cites_of(d, f"definition `{name}`")
            for builtin in (name,) if name in BUILTINS else ():
                self.error(self._name_loc(d.loc, name), f"`{builtin}` is a built-in function", width=len(name),
                           hint="give the definition another name")
            if name in self.symbols:
                self.error(self._name_loc(d.loc, name), f"`{name}` is already a value (of an attribute or "
                                                        f"an option)", width=len(name),
                           hint="give the definition another name")
            params, scope = self.params(d.params)
            value = self.expr(d.body, scope)
        finally:
            self.defining.pop()
        definition = self.definitions[name] = ir.Definition(name, d.loc, d.cites, d.rulings, params, value)
        return definition

    def definition_cycles(self) -> None:
        """A definition that uses itself, directly or through others (``a -> b -> a``), would never be
        worked out: reported once per cycle, at the definition of the cycle declared first."""
        needs: dict[str, list[str]] = {}
        for name, d in self.defines.items():
            own = {p.name for p in d.params}
            found, stack = [], [d.body]
            while stack:
                node = stack.pop()
                if isinstance(node, tuple):
                    stack.extend(reversed(node))
                    continue
                if not isinstance(node, ast.Node):
                    continue
                if isinstance(node, ast.Call) and node.func in self.defines:
                    found.append(node.func)
                elif isinstance(node, ast.Name) and node.id in self.defines and node.id not in own:
                    found.append(node.id)
                stack.extend(reversed([getattr(node, f.name) for f in dataclasses.fields(node)
                                       if isinstance(getattr(node, f.name), (ast.Node, tuple))]))
            needs[name] = list(dict.fromkeys(found))
        for name in self.defines:
            path = self._shortest_cycle(name, needs)
            if path is None or self.cyclic & set(path):
                continue
            self.cyclic.update(path)
            d = self.defines[name]
            self.error(self._name_loc(d.loc, name), f"definition `{name}` uses itself: {' -> '.join(path)}",
                       width=len(name),
                       hint="a definition is worked out from the game; write it from declarations and other "
                            "definitions that do not lead back to it (a repeated rule is a `for each` or a `count`)")
        self.definition_depths(needs)

    def definition_depths(self, needs: dict[str, list[str]]) -> None:
        """Definitions used inside one another are at most ``definition_depth`` deep (each use is a call in
        the generated engine). Worked out without recursion; reported at the first definition too deep."""
        depth: dict[str, int] = {}
        deepest_next: dict[str, Optional[str]] = {}
        for start in self.defines:
            stack = [(start, False)]
            while stack:
                name, done = stack.pop()
                if name in depth or name in self.cyclic:
                    continue
                inner = [o for o in needs.get(name, ()) if o not in self.cyclic]
                if done:
                    best = max(inner, key=lambda o: depth.get(o, 0), default=None)
                    depth[name] = 1 + (depth.get(best, 0) if best is not None else 0)
                    deepest_next[name] = best
                    continue
                stack.append((name, True))
                stack.extend((o, False) for o in inner if o not in depth)
        too_deep = [name for name in self.defines if depth.get(name, 0) > LIMIT.definition_depth]
        if not too_deep:
            return
        first = too_deep[0]
        chain, name = [], first
        while name is not None:
            chain.append(name)
            name = deepest_next.get(name)
        d = self.defines[first]
        self.error(self._name_loc(d.loc, first), refusal("definition_depth", depth[first]) +
                   f" (`{' -> '.join(chain[:5])} -> ... -> {chain[-1]}`)", width=len(first),
                   hint="write some of the inner definitions out where they are used")
        self.cyclic.update(too_deep)  # not checked further: one mistake, one error

    @staticmethod
    def _shortest_cycle(start: str, needs: dict[str, list[str]]) -> Optional[list[str]]:
        """The shortest way from ``start`` back to itself through ``needs`` (breadth first), or None."""
        came_from: dict[str, str] = {}
        frontier = [start]
        while frontier:
            following = []
            for name in frontier:
                for other in needs.get(name, ()):
                    if other == start:
                        path = [name]
                        while path[-1] != start:
                            path.append(came_from[path[-1]])
                        return path[::-1] + [start]
                    if other not in came_from and other in needs:
                        came_from[other] = name
                        following.append(other)
            frontier = following
        return None

    def walk_through_definitions(self, e: Optional[ir.E]):
        """Every expression inside ``e`` and inside the definitions it uses (each definition once)."""
        from .tree import walk
        seen: set[str] = set()
        pending = [e]
        while pending:
            for node in walk(pending.pop()):
                yield node
                if isinstance(node, ir.DefinedValue) and node.name not in seen and node.name in self.definitions:
                    seen.add(node.name)
                    pending.append(self.definitions[node.name].value)
