"""Shuffles: `shuffle ZONE` puts a stacked zone in one of its orders as one chance event.

Like `roll`, the statement starts a chance step the checker declares, `shuffle_<zone>` (with a seat for a
zone kept per player), whose outcome is the zone's order: every distinct order of its components equally
likely, orders of identical components (the same label) one outcome.
"""

from __future__ import annotations

from typing import Iterable, Optional

from ..language import ast
from ..language.errors import did_you_mean
from . import ir
from .ir import SEAT, ZONE, ZONES
from .value_types import describe_type

ORDER = "order"  # the type of a shuffle's outcome: the zone's components, bottom first


class Shuffles:
    """`shuffle ZONE` (Checker's part): ``expand_shuffles`` declares the chance steps before the tables are
    collected; ``shuffle`` checks the statement against ``self.zones``."""

    @staticmethod
    def shuffle_step(zone: str) -> str:
        return f"shuffle_{zone}"

    def expand_shuffles(self, decls: list) -> list:
        """Each zone some `shuffle` names gets its chance step, declared after the declarations, at its first
        `shuffle` and citing that declaration's clauses."""
        found: dict[str, tuple[ast.Shuffle, ast.Node]] = {}
        for decl, node in self._shuffles(decls):
            name = node.zone.attr if node.zone.kind == "of" else node.zone.id if node.zone.kind == "name" else None
            if name is not None:
                found.setdefault(name, (node, decl))
        zones = {d.name: d for d in decls if d.kind == "zone"}
        added = []
        for name, (node, decl) in found.items():
            zone = zones.get(name)
            if zone is None:
                continue  # (said where the statement is checked)
            loc = node.loc
            per_player = zone.per_player
            target = ast.Of(loc=loc, attr=name, target=ast.Name(loc=loc, id="player")) if per_player \
                else ast.Name(loc=loc, id=name)
            outcome = ast.Outcome(loc=loc, template=f"shuffle {name}: {{{ORDER}}}", var=ORDER, shuffle=target)
            added.append(ast.ChanceDecl(loc=loc, name=self.shuffle_step(name), outcome=outcome, body=(),
                                        params=(ast.Param(loc=loc, name="player", type="seat"),) if per_player else (),
                                        cites=decl.cites, rulings=decl.rulings))
        return decls + added if added else decls

    def _shuffles(self, decls) -> Iterable[tuple[ast.Node, ast.Shuffle]]:
        def walk(stmts):
            for s in stmts if isinstance(stmts, tuple) else ():
                if s.kind == "shuffle":
                    yield s
                for attr in ("then", "otherwise", "body"):
                    yield from walk(getattr(s, attr, ()) or ())
        for d in decls:
            for s in walk(getattr(d, "body", ()) or ()):
                yield d, s
            for option in getattr(d, "options", ()) or ():
                for s in walk(option.body):
                    yield d, s

    def shuffle_zone(self, target: ast.Expr, scope: dict[str, str]) -> Optional[ir.E]:
        """The stacked zone `shuffle` names, checked (None with the error said)."""
        zone = self.expr(target, scope)
        if zone.type == "?":
            return None
        declared = self.zones.get(zone.zone) if isinstance(zone, ir.ZoneRef) else None
        if zone.type == ZONES:
            self.error(target.loc, f"`{zone.text}` is kept per player", hint=f"write `shuffle {zone.text} of <player>`")
            return None
        if zone.type != ZONE or declared is None:
            names = [z for z in self.zones]
            self.error(target.loc, f"`{zone.text}` is {describe_type(zone.type)}: only a zone's components are "
                                   f"shuffled", hint=did_you_mean(self.text(target), names))
            return None
        if not declared.stacked:
            self.error(target.loc, f"zone `{declared.name}` is not stacked: its components have no order to shuffle",
                       hint=f"declare it with `, stacked` (the last component in is on top)")
            return None
        return zone

    def shuffle(self, node: ast.Shuffle, scope: dict[str, str]) -> Optional[ir.S]:
        """`shuffle bag`: the chance step `shuffle_bag` started, as `then` starts a step."""
        zone = self.shuffle_zone(node.zone, scope)
        if zone is None:
            return None
        seat = node.zone.target if node.zone.kind == "of" else None
        then = ast.Then(loc=node.loc, step=self.shuffle_step(zone.zone), args=(seat,) if seat is not None else ())
        return ir.Shuffle(node.loc, zone.zone, self.expr(seat, scope, SEAT) if seat is not None else None,
                          self.stmts((then,), scope))
