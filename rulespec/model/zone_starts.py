"""Zones that start with copies of a component named (`holds 3 ticket`, `player 1 holds the button`): checked
against the components' copies, the player counts and the other zones' starts."""

from __future__ import annotations

from typing import Sequence

from ..language import ast
from ..language.errors import did_you_mean
from . import ir


class ZoneStarts:
    """The copies each zone starts with (Checker's part): reads ``zones``, ``components``, ``games``."""

    def start_copies(self, d: ast.ZoneDecl, game: ast.GameDecl,
                     leave_outs: Sequence[ir.LeaveOut]) -> tuple[tuple[str, int, int | None], ...]:
        """A zone's starting copies as (component, count, seat from 0 or None: each player's zone / the one)."""
        found = []
        for start in d.start_copies:
            component = self.components.get(start.component)
            if component is None:
                self.error(start.loc, f"there is no component `{start.component}`",
                           hint=did_you_mean(start.component, self.components))
                continue
            if start.count < 1:
                self.error(start.loc, f"zone `{d.name}` would start with no `{start.component}`",
                           hint="start it with 1 or more, or leave the start out")
            if start.seat is not None and not d.per_player:
                self.error(start.loc, f"zone `{d.name}` is shared: it has no player {start.seat}'s zone",
                           hint=f"make it `one per player`, or write `holds {start.count} {start.component}`")
                continue
            if start.seat is not None and not 1 <= start.seat <= game.min_players:
                self.error(start.loc, f"player {start.seat} does not play every game: the game is for "
                                      f"{game.min_players} to {game.max_players} players",
                           hint=f"name a player from 1 to {game.min_players}")
                continue
            for leave_out in leave_outs:
                if leave_out.attribute in {a.name for a in component.attributes} or \
                        not leave_out.players and start.component in leave_out.values:
                    self.error(start.loc, f"zone `{d.name}` starts with copies of `{start.component}`, but "
                                          f"`{leave_out.name}` leaves some of them out (line {leave_out.loc.line})",
                               hint="start the zone with a component no leave-out names")
                    break
            found.append((start.component, start.count, None if start.seat is None else start.seat - 1))
        return tuple(found)

    def start_copies_fit(self, zones: Sequence[ir.Zone], game: ast.GameDecl) -> None:
        """Each copy starts in one zone: the copies zones start with add up to no more than the component
        has (with the most players, a zone one per player holding N in each), and a component every copy
        of which starts in a zone (`holds every X`) starts in no other."""
        every = {z.start_component: z for z in zones if z.start_component}
        asked: dict[str, int] = {}
        for zone in zones:
            decl = self.zones[zone.name]
            for start, (component, count, seat) in zip((s for s in decl.start_copies
                                                       if s.component in self.components), zone.start_copies):
                if component in every:
                    self.error(start.loc, f"`{component}` starts in zone `{every[component].name}` (`holds every "
                                          f"{component}`, line {every[component].loc.line}); a component starts in "
                                          f"one zone only", hint=f"write how many start in each zone instead")
                    continue
                asked[component] = asked.get(component, 0) + count * (game.max_players
                                                                       if zone.per_player and seat is None else 1)
                copies = self.copies_of(self.components[component])
                if asked[component] > copies:
                    self.error(start.loc, f"`{component}` has {copies} cop{'y' if copies == 1 else 'ies'}, but the "
                                          f"zones start with {asked[component]} of it"
                                          + (f" ({count} in each player's `{zone.name}` with {game.max_players} "
                                             f"players)" if zone.per_player and seat is None else ""),
                               hint="a component starts in one zone only: declare more copies (`x N`), or start "
                                    "the zones with fewer")

    def zone_bounds_fit(self, zones: Sequence[ir.Zone]) -> None:
        """A zone's `at most N` is 1 or more and no fewer than it starts with where the file fixes that
        (`holds 3 ticket`, `holds every X`); one holding every component in play or left out is checked when
        a game starts (which components those are depends on the players and the options)."""
        for zone in zones:
            if zone.at_most is None:
                continue
            bound = self.zones[zone.name].at_most
            if zone.at_most < 1:
                self.error(bound.loc, f"zone `{zone.name}` would hold nothing (`at most {zone.at_most}`)",
                           hint="say the most it may hold, 1 or more, or leave `at most` out")
                continue
            starts: dict = {}
            for component, count, seat in zone.start_copies:
                starts[seat] = starts.get(seat, 0) + count
            if zone.start_component is not None and zone.start_component in self.components:
                starts[None] = starts.get(None, 0) + self.copies_of(self.components[zone.start_component])
            most = max((starts.get(None, 0) + (starts[seat] if seat is not None else 0) for seat in starts), default=0)
            if most > zone.at_most:
                self.error(bound.loc, f"zone `{zone.name}` holds at most {zone.at_most}, but it starts with {most}",
                           hint=f"declare the most it may hold (`at most {most}` or more), or start it with fewer")

    @staticmethod
    def copies_of(component: ast.ComponentDecl) -> int:
        """How many components the declaration makes (`kind (pawn 8, king)` counts each value as written)."""
        combinations = 1
        for attribute in component.attributes:
            combinations *= sum(attribute.counts) if attribute.counts else len(attribute.values)
        return combinations * component.copies
