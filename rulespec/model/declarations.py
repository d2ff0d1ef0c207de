"""The game's own declarations: its header, rulings, options, components, leave-outs, zones, fits, setup and turns."""

from __future__ import annotations

import re
import string
from typing import Optional, Sequence

from ..language import ast
from ..language.errors import did_you_mean
from . import ir
from .ir import BOOL, ITEM, SEAT
from .value_types import space_type


class Declarations:
    """The game's declarations, each made into its ``ir`` form: the parts ``build`` puts together."""

    def game_header(self) -> ast.GameDecl:
        """The one game declaration (a stand-in when there is none), its id, player count and citations."""
        if len(self.games) != 1:
            loc = self.games[1].loc if len(self.games) > 1 else None
            self.error(loc, "a rule file declares exactly one game" if self.games else "this file declares no game",
                       hint=None if self.games else 'start with `game "Name"` and its `id` and `players` lines')
        game = self.games[0] if self.games else ast.GameDecl(loc=ast.Loc(file=self.file.path, line=1, column=1,
                                                                            end_line=1, end_column=1), name="?")
        if game.id is None and self.games:
            self.error(game.loc, "the game has no id", hint='add a line `id "my-game"` under `game`')
        if self.games and not (2 <= game.min_players <= game.max_players or 1 <= game.min_players <= game.max_players):
            self.error(game.players_loc or game.loc, "the game needs a player count",
                       hint="add `players 2 to 4` under `game`")
        if game.id is not None and not re.fullmatch(r"[a-z][a-z0-9-]*", game.id):
            self.error(self._id_loc(game), f"the game id \"{game.id}\" may use only small letters, digits and -, "
                                           f"starting with a letter",
                       hint="the id names the generated module and its class: write it like `my-game`")
        self.cites_of(game, "the game")
        # (the rulings of the game's own lines: `at most 200 turns ruling R-1`)
        self.rulings_applied(game.players_rulings, game.players_loc or game.loc)
        self.rulings_applied(game.max_turns_rulings, game.max_turns_loc or game.loc)
        self.rulings_applied(game.decision_limit_rulings, game.decision_limit_loc or game.loc)
        self.rulings_applied(game.action_numbers_rulings, game.action_numbers_loc or game.loc)
        self.rulings_applied(game.chance_numbers_rulings, game.chance_numbers_loc or game.loc)
        return game

    def clause_texts_checked(self) -> tuple[ir.ClauseText, ...]:
        """What the cited clauses say (`clause ID "..."`), in file order; a ruling's words are its own."""
        for cid, d in self.clause_texts.items():
            if cid in self.rulings:
                self.error(d.loc, f"{cid} is a ruling, not a rulebook clause",
                           hint=f"a ruling's words are its own text, at {self.rulings[cid].loc}: remove this line")
        return tuple(ir.ClauseText(d.id, d.loc, d.text) for d in self.clause_texts.values())

    def rulings_options_components(self) -> tuple[tuple, tuple, tuple]:
        """The rulings, options and components, the components counted (``items_bounded``) and their labels'
        templates checked."""
        rulings = tuple(ir.Ruling(d.id, d.loc, d.cites, d.rulings, d.title, d.text) for d in self.rulings.values())
        options = tuple(ir.Option(d.name, d.loc, self.cites_of(d, f"option `{d.name}`"), d.rulings, d.title,
                                  d.values, d.default, d.numeric) for d in self.options.values())
        for d in self.options.values():
            if d.default not in d.values:
                self.error(d.loc, f"the default `{d.default}` is not one of the values",
                           hint=did_you_mean(d.default, d.values))
        self.items_bounded = self.count_items()
        components = tuple(ir.Component(d.name, d.loc, self.cites_of(d, f"component `{d.name}`"), d.rulings,
                                        tuple((a.name, a.values) for a in d.attributes), d.copies, d.shown_as,
                                        tuple(a.name for a in d.attributes if a.ordered), d.changing,
                                        next(((a.name, a.counts) for a in d.attributes if a.counts), None))
                           for d in self.components.values())
        for d in self.components.values():
            if d.shown_as and self.template_ok(d.shown_as, d.loc if "shown" in self._line(d.loc) else
                                               self._shown_loc(d)):
                fields = {f for _, f, _, _ in string.Formatter().parse(d.shown_as) if f}
                attrs = {a.name for a in d.attributes}
                for f in sorted(fields - attrs):
                    self.error(d.loc, f"`shown as` uses {{{f}}}, which `{d.name}` does not have",
                               hint=did_you_mean(f, attrs))
        return rulings, options, components

    def leave_outs_checked(self, decls: list, game: ast.GameDecl) -> list[ir.LeaveOut]:
        """The components left out of play, for every player count or for one."""
        leave_outs = []
        for d in decls:
            if d.kind != "leave_out" or self._inherited_for_unseated_count(d, d.players, "leave-out"):
                continue
            self.cites_of(d, "this leave-out")
            if not d.players:
                if d.values[0] not in self.components:
                    self.error(d.loc, f"there is no component `{d.values[0]}`",
                               hint=did_you_mean(d.values[0], self.components))
                leave_outs.append(ir.LeaveOut(f"leave out every {d.values[0]}", d.loc, d.cites, d.rulings, 0, "",
                                              d.values))
                continue
            values = self.attributes.get(d.attribute)
            if values is None:
                self.error(d.loc, f"no component has the attribute `{d.attribute}`",
                           hint=did_you_mean(d.attribute, self.attributes))
            else:
                for v in d.values:
                    if v not in values:
                        self.error(d.loc, f"`{v}` is not a {d.attribute}", hint=did_you_mean(v, [str(x) for x in values]))
            if self.games and not game.min_players <= d.players <= game.max_players:
                self.error(d.loc, f"the game is not played with {d.players} players")
            leave_outs.append(ir.LeaveOut(f"leave out with {d.players} players", d.loc, d.cites, d.rulings,
                                          d.players, d.attribute, d.values))
        return leave_outs

    def zones_checked(self, game: ast.GameDecl, leave_outs: Sequence[ir.LeaveOut]) -> tuple[ir.Zone, ...]:
        """The zones, and which shared zone holds the components in play and those left out at the start."""
        zones = tuple(ir.Zone(d.name, d.loc, self.cites_of(d, f"zone `{d.name}`"), d.rulings, d.per_player,
                              d.visibility, d.start, d.stacked, d.start_component, d.size_unseen,
                              self.start_copies(d, game, leave_outs),
                              d.at_most.most if d.at_most is not None else None)
                      for d in self.zones.values())
        self.zone_bounds_fit(zones)
        self.start_copies_fit(zones, game)
        for d in self.zones.values():
            if d.start_component is not None:
                if d.start_component not in self.components:
                    self.error(d.loc, f"there is no component `{d.start_component}`",
                               hint=did_you_mean(d.start_component, self.components))
                if d.per_player:
                    self.error(d.loc, f"zone `{d.name}` is one per player; only a shared zone can hold components "
                                      f"at the start")
        claimed = {z.start_component for z in zones if z.start_component}
        claimed.update(component for z in zones for component, _, _ in z.start_copies)
        if set(self.components) - claimed and not any(z.start == "in_play" for z in zones):
            self.error(game.loc, "no zone holds the components at the start",
                       hint="add `, holds every component in play` to one shared zone")
        if leave_outs and not any(z.start == "left_out" for z in zones):
            self.error(leave_outs[0].loc, "components are left out, but no zone holds them",
                       hint="add `, holds every component left out` to a shared zone (the box)")
        for z in zones:
            if z.start and z.per_player:
                self.error(z.loc, f"zone `{z.name}` is one per player; only a shared zone can hold components at the start")
        return zones

    def holders_and_boards(self) -> tuple[tuple, tuple, tuple, tuple]:
        """The counters, queues, boards and shapes (the boards' spaces and placements counted)."""
        counters = tuple(ir.Counter(d.name, d.loc, self.cites_of(d, f"counter `{d.name}`"), d.rulings, d.per_player,
                                    self.counter_kind(d.name)[2], d.board, d.outside_position,
                                    *self.counter_kind(d.name)[:2]) for d in self.counters.values())
        queues = tuple(ir.Queue(d.name, d.loc, self.cites_of(d, f"queue `{d.name}`"), d.rulings)
                       for d in self.queues.values())
        boards = tuple(self.board(d) for d in self.boards.values())
        shapes = tuple(self.shape(d) for d in self.shapes.values())
        self.bound_boards(boards, shapes)
        return counters, queues, boards, shapes

    def fits_checked(self, decls: list) -> list[ir.Fit]:
        """Where a component fits on a board: one fit per component and board."""
        fits = []
        fit_first: dict[tuple[str, str], object] = {}
        for d in decls:
            if d.kind != "fit":
                continue
            self.cites_of(d, "this fit")
            first = fit_first.setdefault((d.component, d.board), d.loc)
            if first is not d.loc:
                # one fit per component and board: where it fits is one condition (and one generated table)
                self.error(d.loc, f"`fit {d.component} on {d.board}` is declared twice",
                           hint=f"the first is at {first}; join the two conditions with `or` in one fit")
                continue
            if d.component not in self.components:
                self.error(d.loc, f"there is no component `{d.component}`", hint=did_you_mean(d.component, self.components))
            if d.board not in self.boards:
                self.error(d.loc, f"there is no board `{d.board}`", hint=did_you_mean(d.board, self.boards))
                continue
            scope = {"item": ITEM, "space": space_type(d.board)}
            condition = self.expr(d.condition, scope, BOOL) if d.condition is not None else None
            fits.append(ir.Fit(f"fit {d.component} on {d.board}", d.loc, d.cites, d.rulings, d.component, d.board,
                               condition))
        return fits

    def setup_step(self, decls: list) -> Optional[ir.Step]:
        """The game's setup: its first `setup` declaration, as a step of its own."""
        setups = [d for d in decls if d.kind == "setup"]
        setup = None
        if setups:
            d = setups[0]
            setup = ir.Step("setup", d.loc, self.cites_of(d, "setup"), d.rulings, "auto", (),
                            body=self.stmts(d.body, {}))
        return setup

    def turn_order(self, decls: list, game: ast.GameDecl) -> tuple:
        """(the `turns` declaration, its citations, the step each turn runs, the first seat, when a seat is
        skipped): the step must take exactly the one player whose turn it is."""
        turns_decl = next((d for d in decls if d.kind == "turns"), None)
        turns, turn_step, first_seat, skip_when = None, None, 0, None
        if turns_decl is None:
            self.error(game.loc, "the game has no turns",
                       hint="add `turns go clockwise from player 1, each turn runs <step>`")
        else:
            self.cites_of(turns_decl, "turns")
            turns = ir.Cited("turns", turns_decl.loc, turns_decl.cites, turns_decl.rulings)
            turn_step, first_seat = turns_decl.step, turns_decl.first_seat - 1
            if self.games and not 1 <= turns_decl.first_seat <= game.min_players:
                self.error(turns_decl.loc, f"there is no player {turns_decl.first_seat} in a "
                                           f"{game.min_players}-player game",
                           hint=f"the first turn goes to a player from 1 to {game.min_players}")
            if turns_decl.skip_when is not None:
                skip_when = self.expr(turns_decl.skip_when, {turns_decl.skip_var: SEAT}, BOOL)
            self.used.add("step:" + turn_step)
            step = self.steps.get(turn_step)
            if step is None:
                self.error(turns_decl.loc, f"there is no step `{turn_step}`", hint=did_you_mean(turn_step, self.steps))
            elif [p.type for p in step.params] != ["seat"]:
                self.error(step.loc, f"`{turn_step}` runs each turn, so it takes exactly one player: "
                                     f"`{turn_step}(player: seat)`")
        return turns_decl, turns, turn_step, first_seat, skip_when

    def legal_move_cycles(self, steps: tuple, turn_step: Optional[str]) -> None:
        """`p has a legal move` lists the options of the turn's choice: one of those options cannot ask it in
        what it is chosen from or in its conditions (it would ask itself, without end)."""
        step = next((s for s in steps if s.name == turn_step and s.kind == "choice"), None)
        for option in (step.options if step is not None else ()):
            for e in [b.domain for b in option.bindings] + list(option.conditions):
                found = next((n for n in self.walk_through_definitions(e)
                              if isinstance(n, ir.HasLegalMove) and not n.among), None)  # (among: its others)
                if found is not None:
                    self.error(found.loc, f"`{found.text}` asks whether `{turn_step}` offers an option, but it is "
                                          f"asked in option `{turn_step}.{option.name}`, which it would list: it "
                                          f"would ask itself", width=len(found.text),
                               hint="ask it in an end, a `skipping` condition or another step")
                    return

    def seat_attribute(self, d: ast.SeatAttributeDecl, game: ast.GameDecl) -> ir.SeatAttribute:
        self.cites_of(d, f"`each player has a {d.name}`")
        if len(d.values) < game.max_players:
            self.error(d.loc, f"`{d.name}` gives {len(d.values)} value(s) but the game has up to {game.max_players} "
                              f"players", hint="give one value per seat, player 1's first")
        if len(set(d.values)) != len(d.values):
            self.error(d.loc, f"`{d.name}` repeats a value", hint="give each seat its own value")
        return ir.SeatAttribute(d.name, d.loc, d.cites, d.rulings, d.values)
