"""One position of one game: the public game API, and the private primitives generated code calls.

A half-resolved turn is data: the stack holds ``(step, args, actor, cause, replaced)`` tuples, so a
state clones, compares and round-trips through JSON at any point. Everything a user may call is public
(``apply``, ``legal_actions``, ``clone``, ``to_json``...: tests/core/test_public_names.py pins the list);
what generated code and the runtime use is private (``st._move``, ``st._zones``, ``st._t``...).
"""

from __future__ import annotations

import bisect
import operator
from itertools import compress, count
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Iterable, Optional, Sequence, Union

from .blame import located, reason
from .board_reading import BoardReading
from .secret_choices import SecretChoices
from .imagining import IMAGINING_KEEPS, Imagining
from .lifting import Lifting
from .shifting import Shifting
from .looks_kept import LooksKept
from .tallies import Tallying
from .common import (AFTER, CHANCE, ENDING, LOTS, RESOLVE, SIMULTANEOUS, TERMINAL, WRITTEN_KEPT, IllegalAction,
                     RuleRuntimeError)
from .copies import grouped_by_copies, grouped_by_labels, one_of_each_copy
from .drawn_outcomes import drawn_outcomes, listed_outcomes
from .pending import SHORT_LISTING, Action, Pending
from .serialise import state_to_dict, state_to_json

if TYPE_CHECKING:
    from .engine import Engine

# ----------------------------------------------------------------------------- the state


class State(BoardReading, SecretChoices, Imagining, Shifting, Lifting, Tallying, LooksKept):
    """One position of one game. Use the engine API: legal_actions, apply, clone, observation..."""

    __slots__ = ("_engine", "_t", "players", "_options", "_zones", "_boards", "_masks", "_causes", "_loc", "_counters",
                 "_queues", "_stack", "_phase", "_turn_seat", "_turn_number", "_next_seat", "_leg", "_legs", "_over",
                 "history", "_violations", "fired", "_actor", "_last_cause", "_thens", "_pending", "_loops",
                 "_firing", "_chosen", "_ends_seen", "_reach", "_written", "_written_before", "_ends_clean", "_origin",
                 "_origin_moves", "_attrs", "_labels", "_seen", "_seen_on", "_journal", "_tally", "_looks_on")

    # ---- primitives used by generated code
    def _seat_in_play(self, seat: int) -> int:
        """A seat the rules name by number (`player 3`), when that many play."""
        if seat >= self.players:
            raise RuleRuntimeError(f"the rules name player {seat + 1}, but {self.players} players play this game")
        return seat

    def _loop(self, times: int) -> range:
        """`repeat N times`: N turns of the loop, counted against the action's loop budget."""
        if times > 0:
            self._count_loops(times)
        return range(times)

    def _loop_over(self, items: Iterable[int]) -> Sequence[int]:
        """`for each x in ...`: a copy of what the loop walks (its body may move it; a range stays), counted likewise."""
        if items.__class__ is not tuple and items.__class__ is not range:  # (both immutable: walked as they are)
            items = list(items)
        loops = self._loops = self._loops + len(items)
        if loops > self._engine.MAX_LOOP_TURNS:
            self._count_loops(0)  # (raises)
        return items

    def _count_loops(self, turns: int) -> None:
        self._loops += turns
        if self._loops > self._engine.MAX_LOOP_TURNS:
            raise RuleRuntimeError(
                f"the loops of one action ran more than {self._engine.MAX_LOOP_TURNS:,} times (`repeat` or "
                f"`for each` inside one another?): Engine.MAX_LOOP_TURNS is the limit")

    def _move(self, item: int, zone: int, cause: str) -> None:
        where = self._loc[item]
        if self._journal is not None:  # (a look-ahead: runtime/imagining.py)
            self._journal_move(item, where, zone)
        if 0 <= where < self._t.zone_count:  # _take from a zone, inline
            items = self._zones[where]
            if items[-1] == item:  # the top of a pile, most often
                items.pop()
            else:
                items.remove(item)
        else:
            self._take(item)
        if zone in self._t.stacked:
            self._zones[zone].append(item)
        else:
            bisect.insort(self._zones[zone], item)
        self._loc[item] = zone
        self._last_cause = cause

    def _move_bounded(self, item: int, zone: int, cause: str) -> None:
        """`move X to Z` where Z is declared `at most N` (the generator writes it so only then): refused with a
        rule error when Z would hold more, else _move."""
        if self._loc[item] != zone and len(self._zones[zone]) >= self._t.bounded[zone].at_most:
            raise self._too_many(zone, f"the rules put {self._labels[item]} into it")
        self._move(item, zone, cause)

    def _too_many(self, zone: int, doing: str) -> RuleRuntimeError:
        """The rule error of a zone declared `at most N` asked to hold more: the zone (its player's), its
        declaration's line, and what was asked (the step's line is added where it is raised: runtime/blame.py)."""
        info = self._t.bounded[zone]
        base = self._t.zone_base[info.name]
        named = f"{info.name} of player {zone - base + 1}" if info.per_player else info.name
        return RuleRuntimeError(f"zone `{info.name}` holds at most {info.at_most} ({self._engine.SOURCE}:{info.line}), "
                                f"and {named} holds {len(self._zones[zone])}: {doing}")

    def _set_attr(self, attr: str, item: int, value) -> None:
        """`set colour of d to white`: an attribute declared `can change`, given one of its values."""
        engine = self._engine
        values, kinds = engine.CHANGING[attr]
        if engine.ITEM_KIND[item] not in kinds:
            raise RuleRuntimeError(f"the rules set the {attr} of {self._labels[item]}, but the {attr} of a "
                                   f"{engine.ITEM_KIND[item]} cannot change (it is not declared `can change`)")
        if value not in values or value.__class__ is bool:
            raise RuleRuntimeError(f"the rules set the {attr} of {self._labels[item]} to {value!r}, which is not "
                                   f"one of its values ({', '.join(map(str, values))})")
        now = self._attrs[attr]
        if now[item] != value:
            if self._journal is not None:
                self._journal.extend(((now, item, now[item]), (self._labels, item, self._labels[item])))
            now[item] = value
            self._labels[item] = engine._label_now(self, item)

    def _add_attr(self, attr: str, item: int, value: int) -> None:
        """`add 1 to level of d`: a number attribute declared `can change`, kept within its values."""
        self._set_attr(attr, item, self._attrs[attr][item] + value)

    def _others(self, seat: int) -> list[int]:
        """The other seats, clockwise from the left of ``seat``."""
        return [(seat + k) % self.players for k in range(1, self.players)]

    def _first(self, text: str, candidates: Iterable[int]) -> int:
        for candidate in candidates:
            return candidate
        raise RuleRuntimeError(f"`{text}` found nothing; test with count(...) before taking it")

    def _first_with(self, text: str, items: Sequence[int], values: dict, value) -> int:
        """`any(x in Z where A of x = value)`: the first of ``items`` whose attribute (``values``: item -> its
        value) is ``value``; as _first when none is."""
        if items.__class__ is not list:
            items = list(items)
        if values.__class__ is dict:  # (a table that never changes)
            if self._journal is not None:  # (a look-ahead)
                return self._first_kept(text, items, values, value)
            if len(items) > FIRST_KEPT:  # (a long zone: a pick found far into it kept with its contents)
                return self._first_kept(text, items, values, value, FIRST_KEPT)
        try:
            return items[operator.indexOf(map(values.__getitem__, items), value)]
        except ValueError:
            return self._first(text, ())

    def _extreme(self, text: str, largest: bool, values: list, order: Optional[dict] = None):
        """`max(...)` / `min(...)` of the values found (an ordered attribute's by their ``order``)."""
        if not values:
            raise RuleRuntimeError(f"`{text}` found nothing to compare; test with count(...) first")
        pick = max if largest else min
        return pick(values, key=order.__getitem__) if order is not None else pick(values)

    @staticmethod
    def _mod(value: int, divisor: int) -> int:
        """`a mod b`: the remainder, from 0 to b - 1 for b above 0 (as Python's %)."""
        if divisor == 0:
            raise RuleRuntimeError("the rules ask for a remainder after dividing by 0 (`... mod 0`)")
        return value % divisor

    @staticmethod
    def _div(value: int, divisor: int) -> int:
        """`a div b`: the quotient rounded down, so that a = b * (a div b) + a mod b (as Python's //)."""
        if divisor == 0:
            raise RuleRuntimeError("the rules ask for a quotient after dividing by 0 (`... div 0`)")
        return value // divisor

    @staticmethod
    def _ratio(value, divisor):
        """`a / b` (a return's value only): the exact quotient, a Fraction (State.returns gives it as a float)."""
        if divisor == 0:
            raise RuleRuntimeError("the rules ask for a return divided by 0 (`... / 0`)")
        return Fraction(value, divisor)

    def _all_but(self, seat: int) -> list[int]:
        """`loser p`: the winners of an end that names its loser, every other seat."""
        return [s for s in self._t.seats if s != seat]

    def _won(self, seat: int) -> bool:
        """`p won`: the game is over and seat is one of its winners (false before; a draw has none)."""
        return self._over is not None and seat in self._engine._winners(self)

    def _top(self, zone: int) -> int:
        items = self._zones[zone]
        if not items:
            raise RuleRuntimeError("the rules ask for the top of an empty zone; test `is not empty` first")
        return items[-1]

    def _place(self, board: int, item: int, cell: int, cause: str) -> None:
        t = self._t
        contents = self._boards[board]
        if not t.in_use[board][cell]:
            raise RuleRuntimeError(f"{self._engine.BOARDS[board].label(cell)} is not in use in this game")
        if contents[cell] >= 0:
            raise RuleRuntimeError(f"{self._engine.BOARDS[board].label(cell)} already holds "
                                   f"{self._labels[contents[cell]]}")
        self._take(item)
        if self._journal is not None:
            self._journal_cells(board, (cell,), item)
        # _occupy(board, (cell,), item, cause), inline: one space
        contents[cell] = item
        self._causes[board][cell] = cause
        at = t.board_base[board] + cell
        written = self._written
        written.append(at)
        bits = t.cell_bit[board]
        if bits:
            self._masks[board] |= bits[cell]
        self._loc[item] = at
        if self._tally is not None:  # (kept once a count asked for it: runtime/tallies.py)
            self._tallied(board, item, 1)
        if self._looks_on is not None:  # (kept once a position's key asked for it: runtime/looks_kept.py)
            self._looked(board, cell, item)
        if len(written) > WRITTEN_KEPT:
            self._written_before += len(written)
            self._written = []
        engine = self._engine
        if (engine._triggers_by_board if self._journal is None else engine._triggers_ahead_by_board)[board] \
                or engine._event_invariants_by_board[board]:
            self._placed(board, item, cell, cause)
        else:
            self._last_cause = cause  # (_placed, with nothing to fire)

    def _place_tile(self, board: int, item: int, placement: int, cause: str) -> None:
        """Put a tile on a board of triangles, covering every cell of the placement."""
        t = self._t
        cells = t.placement_cells[board][placement]
        if self._masks[board] & t.placements[board][placement][1]:
            raise RuleRuntimeError(f"{t.placement_label[board][placement]} is not free")
        self._take(item)
        self._occupy(board, cells, item, cause)
        self._placed(board, item, cells[0], cause)

    def _placement_free(self, board: int, placement: int) -> bool:
        return not self._masks[board] & self._t.placements[board][placement][1]

    def _one_of_each(self, items: Iterable[int]) -> list[int]:
        """The first of every group of identical copies among ``items``, in order."""
        items = items if items.__class__ is list else list(items)
        if self._attrs is None:  # (runtime/copies.py)
            return one_of_each_copy(items, self._engine._with_copies, self._engine._copy_group)
        # copies are alike as they read now (an attribute may have changed)
        groups = [(self._engine.ITEM_KIND[item], self._labels[item]) for item in items]
        first = dict(zip(reversed(groups), reversed(items)))  # each group's first item (C loops, not Python ones)
        if len(first) == len(items):
            return items.copy()  # no two copies of one component
        return [first[group] for group in dict.fromkeys(groups)]

    def _legal_placements(self, board: int, shape: Optional[str]) -> tuple[int, ...]:
        """Every placement of the shape that is free and shares a side with an occupied cell, in table order."""
        return self._t.legal_placements(board, shape, self._masks[board])

    def _any_legal_placement(self, board: int, shape: str) -> bool:
        """Whether some placement of the shape is free and shares a side with an occupied cell."""
        # "has an occupied neighbour" is false on an empty board: no placement touches nothing.
        return self._t.geometry[board].any_legal_placement(self._engine.SHAPES[shape], self._masks[board],
                                                          contact_when_empty=True)

    def _placement_touches(self, board: int, placement: int) -> bool:
        """Whether the placement shares a side with an occupied cell (a corner is not enough)."""
        return self._masks[board] & self._t.placements[board][placement][2] != 0

    def _cells_of(self, board: int, item: int) -> tuple[int, ...]:
        cells, t = self._boards[board], self._t
        where = self._loc[item] - t.board_base[board]
        if not 0 <= where < len(cells):
            return ()
        # A tile's cells start at its location and lie within the longest span of any placement.
        end = min(len(cells), where + t.tile_span[board])
        return tuple(c for c in range(where, end) if cells[c] == item)

    def _occupy(self, board: int, cells: Sequence[int], item: int, cause: str) -> None:
        t = self._t
        base, written = t.board_base[board], self._written
        contents, causes = self._boards[board], self._causes[board]
        if self._journal is not None:
            self._journal_cells(board, cells, item)
        for cell in cells:
            contents[cell] = item
            causes[cell] = cause
            written.append(base + cell)
            if t.cell_bit[board]:
                self._masks[board] |= t.cell_bit[board][cell]
        self._loc[item] = base + cells[0]
        if self._tally is not None:
            self._tallied(board, item, 1)
        if self._looks_on is not None:
            for cell in cells:
                self._looked(board, cell, item)
        if len(written) > WRITTEN_KEPT:
            self._written_before += len(written)
            self._written = []

    def _placed(self, board: int, item: int, cell: int, cause: str) -> None:
        """Fire the triggers and event invariants of a placement. A trigger that places a component fires
        that placement's triggers from inside its own run: more than Engine.MAX_TRIGGER_DEPTH runs inside
        one another raise RuleRuntimeError (apply() undoes the action), long before Python's recursion limit."""
        self._last_cause = cause
        actor = self._actor
        engine = self._engine
        # (a look-ahead, keeping a journal, passes over a trigger none of whose writes it reads)
        for trigger in (engine._triggers_by_board if self._journal is None else engine._triggers_ahead_by_board)[board]:
            if not trigger.causes or cause in trigger.causes:
                self._count("trigger " + trigger.name)
                depth = self._firing  # trigger runs under way inside one another
                if depth >= self._engine.MAX_TRIGGER_DEPTH:
                    raise RuleRuntimeError(
                        f"triggers fired inside one another more than {self._engine.MAX_TRIGGER_DEPTH} deep "
                        f"(`{trigger.name}` placing on `{self._engine.BOARDS[board].name}`): a trigger that places "
                        f"a component fires the triggers of that placement at once; to go on step by step, "
                        f"`queue` or `then` a step instead. Engine.MAX_TRIGGER_DEPTH is the limit")
                self._firing = depth + 1
                try:
                    trigger.run(self, item, cell, actor, cause)
                finally:
                    self._firing = depth
                self._last_cause = cause
        for inv in self._engine._event_invariants_by_board[board]:
            if (not inv.causes or cause in inv.causes) and not inv.check(self, item, cell, actor):
                self._violations.append(f"{inv.name}: {inv.title} (placing {self._labels[item]} on "
                                       f"{self._engine.BOARDS[board].label(cell)} as {cause})")

    def _take(self, item: int) -> None:
        where = self._loc[item]
        t = self._t
        if where < t.zone_count:
            items = self._zones[where]
            if self._journal is not None:  # (undone by putting the item back where it was: not a copy of the zone)
                at = items.index(item)
                self._journal.append((items, slice(at, at), (item,)))
                del items[at]
            else:
                items.remove(item)
        else:
            for b in range(len(t.board_base) - 1, -1, -1):
                if where >= t.board_base[b]:
                    cells = self._boards[b]
                    first = where - t.board_base[b]
                    if self._tally is not None and cells[first] == item:  # (it stands there: taken off)
                        self._tallied(b, item, -1)
                    # On a board of triangles a tile may cover several cells after its first.
                    for cell in range(first, min(len(cells), first + t.tile_span[b])):
                        if cells[cell] == item:
                            if self._journal is not None:
                                self._journal_cells(b, (cell,), None)
                            cells[cell] = -1
                            if self._looks_on is not None:
                                self._looked(b, cell, -1)
                            self._causes[b][cell] = None
                            self._written.append(t.board_base[b] + cell)
                            if t.cell_bit[b]:
                                self._masks[b] &= ~t.cell_bit[b][cell]
                    break

    def _journal_move(self, item: int, where: int, zone: int) -> None:
        """What _move will write, as it was: the item's location and the zones it leaves and enters."""
        journal, zones = self._journal, self._zones
        journal.append((self._loc, item, where))
        if 0 <= where < self._t.zone_count:
            journal.append((zones[where], _WHOLE, zones[where].copy()))
        journal.append((zones[zone], _WHOLE, zones[zone].copy()))

    def _journal_cells(self, board: int, cells: Sequence[int], item: Optional[int]) -> None:
        """What writing ``cells`` of ``board`` will change, as it was: their contents and causes, the board's
        mask and (placing ``item``; None: emptying them) the item's location."""
        journal, contents, causes = self._journal, self._boards[board], self._causes[board]
        for cell in cells:
            journal.append((contents, cell, contents[cell]))
            journal.append((causes, cell, causes[cell]))
        journal.append((self._masks, board, self._masks[board]))
        if item is not None:
            journal.append((self._loc, item, self._loc[item]))

    def _count(self, rule: str) -> None:
        """How often each step (by name), option (``option STEP.OPTION``), trigger (``trigger NAME``: each time
        its event happens) and replacement (``instead NAME``) has fired: for simulations and coverage."""
        self.fired[rule] = self.fired.get(rule, 0) + 1

    def _then(self, step: str, args: tuple) -> None:
        self._thens.append((step, args if args.__class__ is tuple else tuple(args)))

    def _enqueue(self, queue: str, step: str, args: tuple) -> None:
        cause = self._last_cause
        for inv in self._engine._queue_invariants.get(queue, ()):
            if cause in inv.causes:
                self._violations.append(f"{inv.name}: {inv.title} ({step} queued in {queue} by a move as {cause})")
        self._queues[queue].append([step, list(args), self._actor, queue, []])

    def _holds(self, board: int, cell: int, kind: str) -> bool:
        item = self._boards[board][cell]
        return item >= 0 and self._engine.ITEM_KIND[item] == kind

    def _has_occupied_neighbour(self, board: int, cell: int) -> bool:
        cells = self._boards[board]
        for n in self._t.neighbours[board][cell]:
            if cells[n] >= 0:
                return True
        return False

    def _region_complete(self, board: int, cell: int) -> bool:
        region = self._t.region_of[board][cell]
        if region < 0:
            return False
        cells = self._boards[board]
        return all(cells[c] >= 0 for c in self._t.region_cells[board][region])

    def _zones_named(self, zone: str) -> list[int]:
        base = self._t.zone_base[zone]
        info = self._engine._zone_info[zone]
        if not info.per_player:
            return self._zones[base]
        out: list[int] = []
        for seat in range(self.players):
            out.extend(self._zones[base + seat])
        return out

    def _draw_items(self, zone: int) -> tuple[list[int], Optional[list[int]]]:
        """A random draw from ``zone``: (a representative item per label, how many items share it), or weights
        None when every item reads differently."""
        items = self._zones[zone]
        engine = self._engine
        if engine._labels_distinct:
            return items.copy(), None
        if engine._label_shared is not None:  # labels that never change: the copies alone grouped
            return grouped_by_copies(items, engine._label_shared, self._labels)
        return grouped_by_labels(items, self._labels)

    # ---- the engine API
    @property
    def game(self) -> "Engine":
        return self._engine

    def current_player(self) -> int:
        pending = self._offer()
        if pending is None:
            return CHANCE if self._over is None else TERMINAL
        return pending.seat

    def simultaneous_seats(self) -> list[int]:
        """At a simultaneous decision (current_player() is SIMULTANEOUS, a choice `by each player`): the seats
        that still have to choose, in seat order; a seat that has chosen waits for the others. Empty anywhere
        else. Each seat's choice is applied as any action (``apply``), in any order; once the last of them
        has chosen, every choice is carried out together, in seat order, as one step."""
        pending = self._offer()
        if pending is None or pending.seat != SIMULTANEOUS:
            return []
        seats = pending.seats_listed()  # (rows grouped by seat: read at their slices' borders)
        return seats if seats is not None else sorted({action.player for action in pending.all_actions()})

    def is_terminal(self) -> bool:
        return self._over is not None

    def is_chance_node(self) -> bool:
        pending = self._pending
        if pending is None:
            pending = self._offer()
        return pending is not None and pending.seat == CHANCE

    def legal_actions(self, player: Optional[int] = None) -> list[Action]:
        if player is not None:
            self._check_seat(player, "legal_actions")
        pending = self._pending
        if pending is None:
            pending = self._offer()
            if pending is None:
                return []
        actions = pending.actions
        if actions is None:
            actions = pending.all_actions()
        if player is not None:
            found = pending.seat_rows(player) if pending.seat == SIMULTANEOUS else None
            if found is not None:  # the seat's slice of a simultaneous listing
                return actions[found[0]:found[1]]
            return [a for a in actions if a.player == player]
        return actions.copy()  # (a copy: the caller may change its list)

    def chance_outcomes(self) -> list[tuple[Action, Fraction]]:
        pending = self._pending
        if pending is None:
            pending = self._offer()
        if pending is None or pending.seat != CHANCE:
            return []
        if pending.weights is None and pending.shared is not None and pending.count > SHORT_LISTING:
            return drawn_outcomes(pending)  # a long static draw, every outcome as likely: from the engine's pairs
        return listed_outcomes(pending)

    def apply(self, action: Union[Action, str]) -> None:
        pending = self._pending
        if pending is not None and action.__class__ is Action and self._over is None:
            actions = pending.actions
            if actions is not None and pending.count <= SHORT_LISTING:  # one of a short listing's own Actions, most often
                index = 0  # (counted by hand: enumerate() costs more than the loop for a short listing)
                for offered in actions:
                    if offered is action:
                        self._play(pending, index)
                        return
                    index += 1
        if action.__class__ is not Action:
            if isinstance(action, str):
                action = self._engine.parse_action(self, action)
            elif not isinstance(action, Action):
                _not_an_action(action)
        if action.player.__class__ is not int or action.text.__class__ is not str:
            _not_an_action(action)
        if self._over is not None:
            raise IllegalAction(f"the game is over; {action} cannot be played")
        pending = self._pending
        if pending is None:
            pending = self._offer()
            if pending is None:
                raise IllegalAction(self._engine._why_not(self, action))
        offered = pending.offered
        if offered is not None and offered[0] is action:
            index = offered[1]  # the action random_step just made
        else:
            index = pending.find(action)
            if index is None:
                raise IllegalAction(self._engine._why_not(self, action))
        self._play(pending, index)

    def _play(self, pending: Pending, index: int) -> None:
        """Play entry ``index`` of the pending decision (apply() once the action is found)."""
        seat = pending.seat
        if seat == SIMULTANEOUS:
            self._choose_in_secret(pending, index)
            return
        engine = self._engine
        rows = pending.rows
        if rows is not None:
            player, text, option, binding = rows[index]
            options = pending.options
            if options is None:  # a chance step listed with its texts
                effect, counted = pending.effect, None
            else:
                effect = options[option].effect
                counted = engine._option_rules[effect]  # which option of the choice was taken
        elif pending.items is not None:  # a draw (Pending.call and .pick, inline); its effect is no option's
            effect, binding, counted, player = pending.effect, (pending.items[index],), None, CHANCE
            actions = pending.actions
            text = (actions[index] if actions is not None else pending.pick(index)).text
        else:
            effect, binding = pending.call(index)
            action = pending.pick(index)
            player, text = action.player, action.text
            counted = engine._option_rules.get(effect)
        moves = len(self.history)  # to undo the step if it fails: the state's origin, played to here (_undo)
        if self._origin is None:
            self._origin, self._origin_moves = self._copy(), moves
        stack, fired = self._stack, self.fired
        try:
            self._loops = 0
            frame = stack.pop()
            self._pending = None
            self._actor = actor = frame[2] if player == CHANCE else player
            self._last_cause = cause = frame[3]  # a queue statement before any move takes the step's own cause
            step = frame[0]
            fired[step] = fired.get(step, 0) + 1  # _count, inline
            if counted is not None:
                fired[counted] = fired.get(counted, 0) + 1
            effect(self, cause, *frame[1], *binding)  # (self._thens is empty between steps)
            thens = self._thens
            if thens:  # _push_thens, inline
                stack, actor, replaced = self._stack, self._actor, frame[4]
                thens.reverse()  # (in place: the list is dropped next; cheaper than reversed())
                for then, args in thens:  # (then() is given a tuple of arguments)
                    stack.append((then, args, actor, cause, replaced))
                self._thens = []
            self.history.append(self._t.seat_prefix[player] + text)  # str(Action) (seat_prefix[CHANCE]: "chance: ")
            plain = engine._plain_turns
            if plain is not None and not self._stack and self._over is None and self._phase == "play":
                plain.next_turn(self, engine)  # the turn is over, and nothing lies between turns (runtime/plain_turns.py)
                return
            check = engine._after_step
            if check is None:
                engine._check_ends(self, "after_step")
            elif self._over is None and self._phase == "play":  # _check_ends, inline
                stack = self._stack
                if not (self._ends_clean or stack and (stack[-1][0] == LOTS or stack[0][0] == ENDING)):
                    found = check(self)
                    if found is not None:
                        engine._end(self, engine.ENDS[found[0]], *found[1:])
            if engine._inline_choices and self._over is None:
                self._offer_next_choice(engine)
            else:
                engine._advance(self)
        except RuleRuntimeError as error:
            self._undo(pending, moves)
            raise located(error)
        except Exception as error:  # generated rule code met a value it cannot use: a rule-file problem
            self._undo(pending, moves)
            raise located(RuleRuntimeError(f"the rules could not resolve {Action(player, text)}: "
                                           f"{reason(error)}"), error.__traceback__) from error

    def _offer_next_choice(self, engine: Engine) -> None:
        """After a step, Engine._advance with its first steps inline when the next step is a choice listed by
        its choices function (Engine._inline_choices) and not replaced now. When the turn is over, the next
        turn begins first (_advance's first run, an idle turn), and _advance goes on from those counts if it
        must. Else (and under budgets of fewer automatic steps than these) _advance."""
        stack = self._stack
        turned = 0  # the runs (and idle turns) of _advance done here: the next turn's
        if not stack and engine.MAX_AUTO_STEPS > 1:
            engine._next_turn(self)
            stack = self._stack
            turned = 1
        listed = engine._inline_choices.get(stack[-1][0]) if stack and self._over is None else None
        if listed is None or engine.MAX_AUTO_STEPS <= turned:
            engine._advance(self, turned, turned)
            return
        frame = stack[-1]
        info, insteads = listed
        for instead in insteads:
            if instead.name not in frame[4] and instead.applies(self, *frame[1]):
                engine._advance(self, turned, turned)  # (which replaces it)
                return
        seat, rows = engine._turn_listing_taken(self, frame) if engine._turn_listing is not None else \
            info.choices(self, *frame[1])
        if rows:  # (as _advance offers them)
            self._pending = (engine._kept_pending(seat, rows, info.options) if info.rows_kept else
                             engine._rows_offered(seat, rows, info.options))
        else:  # nothing to choose: _advance skips it
            engine._advance(self, turned, turned)

    def _writes(self) -> int:
        """How many spaces placements and removals have written in this state's line (a copy goes on counting
        from its original's count): the mark a record of a board keeps, for _changed_since."""
        return self._written_before + len(self._written)

    def _changed_since(self, board: int, seen: list, mark: int) -> tuple[list, list]:
        """(a copy of ``board``'s contents, the spaces where they differ from ``seen``), for a record of the
        board made when the state had made ``mark`` writes (_writes(): the spaces placements and removals
        wrote, kept in ``_written`` since ``_written_before`` writes, a hint). The hint is checked, never
        trusted: ``seen`` with the hinted spaces written over must be the board now (else it was changed
        some other way: undone, read back, written by a test, or the record is older than the writes this
        state holds), and then every space outside the hint is as it was; failing that, every space is
        compared. Before the hint come the last two answers (module globals; each answer's contents are a
        list no one changes): the board still as the last one left it, the same record gets the same
        answer, and a record one answer older gets the spaces either answer changed that differ now."""
        global _changed_last, _changed_before
        cells = self._boards[board]
        last = _changed_last  # the last answer: records made at once (one step's ends and listing) share it
        if last[0] is cells and last[2] == cells:  # (the board as it was then)
            if last[1] is seen:
                return last[2], last[3]  # the same record: the same answer
            before = _changed_before
            if before[1] is seen and before[2] is last[1]:
                # A record one answer older (a seat's listing, made a move before the ends' records): the two
                # answers chain from its contents to the board's, so what changed is among theirs.
                changed = []
                for cell in before[3] + last[3]:
                    if seen[cell] != cells[cell] and cell not in changed:
                        changed.append(cell)
                return last[2], changed
            shared = last[2]
        else:
            shared = None
        written = self._written
        base = self._t.board_base[board]
        now = seen.copy()
        changed = []
        mark -= self._written_before  # (where the record's writes end in this state's list, if it holds them)
        if 0 <= mark <= len(written):
            size = len(cells)
            for at in written[mark:]:
                cell = at - base
                if 0 <= cell < size and now[cell] != cells[cell]:  # (once for a space written twice)
                    now[cell] = cells[cell]
                    changed.append(cell)
        if now == cells:
            if shared is not None:
                now = shared  # (equal contents: one list for every record made now)
        else:
            now = cells.copy() if shared is None else shared
            changed = list(compress(count(), map(operator.ne, cells, seen)))
        if shared is None:  # (an older record's answer at the same contents is not kept: the last two chain)
            _changed_before, _changed_last = last, (cells, seen, now, changed)
        return now, changed

    def _contents_now(self, board: int) -> list:
        """A copy of ``board``'s contents for a new record: the one _changed_since gave last when the board
        still holds those contents (records made at once share one list; none is ever changed)."""
        global _changed_last, _changed_before
        cells = self._boards[board]
        last = _changed_last
        if last[0] is cells and last[2] == cells:
            return last[2]
        now = cells.copy()
        _changed_before, _changed_last = last, (cells, now, now, [])  # (since itself, nothing changed)
        return now

    def clone(self) -> "State":
        return self._copy()

    def _copy(self) -> "State":
        """clone(), which new_game() uses too (a test that breaks clone on purpose breaks only what it calls)."""
        copy = _new_state(State)  # every slot set here by name (faster than a loop over them; see _CLONED)
        # _options and _legs are replaced, never changed in place (as _ends_seen): shared
        copy._engine, copy._t, copy.players, copy._options = self._engine, self._t, self.players, self._options
        copy._zones = zones = []
        for items in self._zones:  # (a loop of list.copy: cheaper here than list(map(list, ...)), a comprehension or [:])
            zones.append(items.copy())
        boards = self._boards
        if boards:
            copy._boards = list(map(list, boards))
            copy._masks = self._masks.copy()
            copy._causes = list(map(list, self._causes))
        else:  # a game without boards
            copy._boards, copy._masks, copy._causes = [], [], []
        copy._loc = self._loc.copy()
        counters = copy._counters = self._counters.copy()
        for name in self._t.list_counters:  # (the counters per player: a list each, copied; the others are numbers)
            counters[name] = counters[name].copy()
        queues = self._queues
        copy._queues = {k: [list(e) for e in v] for k, v in queues.items()} if queues else {}
        copy._stack = self._stack.copy()
        copy._phase, copy._turn_seat, copy._turn_number = self._phase, self._turn_seat, self._turn_number
        copy._next_seat, copy._leg, copy._legs = self._next_seat, self._leg, self._legs
        copy._over, copy.history, copy._violations = self._over, self.history.copy(), self._violations.copy()
        copy.fired, copy._actor, copy._last_cause = self.fired.copy(), self._actor, self._last_cause
        copy._thens, copy._pending = [], self._pending
        copy._loops, copy._firing, copy._chosen = self._loops, self._firing, self._chosen
        copy._ends_seen = self._ends_seen  # (replaced, never changed in place: shared)
        copy._seen = self._seen  # (likewise: the positions seen at turn starts, runtime/repetition.py)
        copy._seen_on = self._seen_on  # (likewise: per board)
        copy._journal = None  # (a look-ahead's, kept on the state it runs on: runtime/imagining.py)
        copy._tally = None  # (made again when a count first asks: runtime/tallies.py)
        copy._looks_on = None  # (likewise, when a position's key asks: runtime/looks_kept.py)
        copy._reach = self._reach  # (likewise)
        copy._ends_clean = self._ends_clean
        copy._origin, copy._origin_moves = self._origin, self._origin_moves  # (never changed: shared)
        # The hint goes on from where this state's stands: a record made at its last write (an end check's
        # after the step) reads the copy's own writes; an older one compares (see _changed_since).
        copy._written, copy._written_before = [], self._written_before + len(self._written)
        attrs = self._attrs
        if attrs is None:  # (no attribute can change: the engine's labels, shared)
            copy._attrs, copy._labels = None, self._labels
        else:
            copy._attrs = {attr: values.copy() for attr, values in attrs.items()}
            copy._labels = self._labels.copy()
        return copy

    def outcome(self) -> Optional[dict]:
        """How the game ended (None while it goes on). Seats are numbered from 0, as everywhere in the API
        (seat 0 is "player 1" of the rules and of action texts). ``draw`` is True when every seat ties for
        first; then ``winners`` is empty."""
        if self._over is None:
            return None
        return self._engine._outcome(self)

    def standing(self) -> list[int]:
        """Each seat's rank (index = seat, from 0; 1 is first) by the rule file's ranking chain as it stands
        now, ties sharing the better rank; once the game is over, ``outcome()["ranking"]``. For players that
        judge a position before the end (rulespec.play.mcts, greedy_step)."""
        return self._engine._standing(self)

    def returns(self) -> list[float]:
        """Each seat's payoff (index = seat, from 0), as the rule file's `returns` declares: by result (win,
        draw, loss; 0 for everyone until the game is over) or a number per seat (worked out now, so also
        during play). Without a declaration: +1 / 0 / -1 from the ranking, zero-sum (each seat gets +1 for
        every seat it ranks above and -1 for every seat above it, divided by players - 1; a draw is 0)."""
        return self._engine._returns(self)

    def observation(self, seat: int) -> dict:
        self._check_seat(seat, "observation")
        return self._engine._observation(self, seat)

    def _check_seat(self, seat: Any, asked: str) -> None:
        if seat.__class__ is not int:
            raise TypeError(f"{asked}() takes a seat (an int from 0 to {self.players - 1}), not "
                            f"{type(seat).__name__}")
        if not 0 <= seat < self.players:
            raise ValueError(f"{asked}() takes a seat from 0 to {self.players - 1} (seat 0 is player 1), not {seat}")

    def _to_dict(self) -> dict:
        return state_to_dict(self)

    def to_position(self) -> str:
        """The state as a position a person can read and write (``game.position(text)`` reads it back)."""
        from .position import to_position
        return to_position(self)

    def to_json(self) -> str:
        return state_to_json(self)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self._engine is other._engine and self._to_dict() == other._to_dict()

    def __hash__(self) -> int:  # states are mutable; hash by content for use in tests only
        return hash(self.to_json())

    def __repr__(self) -> str:
        return f"<{self._engine.TITLE} state, {self.players} players, turn {self._turn_number}, " \
               f"{'over' if self._over else 'playing'}>"

    def __str__(self) -> str:
        return self._engine._describe(self)

    # ---- internals
    def _decision(self):
        """The pending decision as (seat or CHANCE, [(action, effect, weight, binding)]), or None."""
        pending = self._offer()
        return None if pending is None else (pending.seat, pending.full())

    def _offer(self) -> Optional[Pending]:
        """The pending decision, listed once per state (see Pending)."""
        pending = self._pending
        if pending is None and self._over is None and self._stack:
            pending = self._pending = self._engine._pending_decision(self)
        return pending

    def _push_thens(self, frame) -> None:
        if self._thens:
            cause, replaced = frame[3], frame[4]
            for step, args in reversed(self._thens):
                self._stack.append((step, tuple(args), self._actor, cause, replaced))
            self._thens = []

    def _undo(self, pending: Pending, moves: int) -> None:
        """Put the state back as it was before a step that failed half-way (a RuleRuntimeError: a rule-file
        problem met at run time), with ``pending`` its decision again: the state's origin (the set-up state a
        new game is a copy of, or a copy made at the first step of any other state) played forward by the
        history, up to the ``moves`` before the step. Every chance outcome is in the history, so the replay is
        exact (verify's history_replay checks the same of every game); a step pays nothing to be undoable.
        The replay runs without the budgets (Engine.MAX_AUTO_STEPS...): each of its steps passed them once,
        whatever they are now. Changes made to a state other than by apply() since its origin (a test
        writing a board) are lost by the undo."""
        origin, origin_moves, engine = self._origin, self._origin_moves, self._engine
        engine._turn_listing = None  # (a listing kept in the failed step is never offered)
        fresh = origin._copy()
        fresh._origin = origin  # (its own first step makes no copy)
        fresh._engine = engine._without_budgets()
        try:
            for entry in self.history[origin_moves:moves]:
                fresh.apply(entry)
        except Exception as error:  # (the rules are deterministic: only a state changed outside apply() gets here)
            raise RuntimeError(f"a failed step could not be undone: replaying the history from the state's origin "
                               f"failed at {entry!r}: {error}") from error
        fresh._engine = engine
        for name in State.__slots__:
            setattr(self, name, getattr(fresh, name))
        self._origin, self._origin_moves, self._pending = origin, origin_moves, pending


def _not_an_action(action: Any) -> None:
    if isinstance(action, Action):
        raise TypeError(f"apply() takes an Action(player: int, text: str), not Action({action.player!r}, "
                        f"{action.text!r})")
    raise TypeError(f"apply() takes an Action or its text, not {type(action).__name__}")


_new_state = object.__new__
# _first_with outside a look-ahead: in a zone of more items than this, a pick found further into it than this is
# kept with the zone's contents (Imagining._first_kept: compared whole, then read back), not searched for again
# while they stay the same (a bowl of stones whose white ones lie behind 361 black, asked for one at every
# listing); one found sooner is searched for again, cheaper than a copy and a comparison of the whole zone (Hex's
# supply, whose zone changes at every move: 0.93x kept whatever the depth).
FIRST_KEPT = 64
# State._changed_since's last answer: (the board's contents list, the record's contents, the contents then, the
# spaces changed); reused only for the same two lists with the board's contents equal to those then
_changed_last: tuple = (None, None, None, ())
_changed_before: tuple = _changed_last  # the answer before it (its contents then are the last answer's record)
# The slots _copy() sets, one by one: a slot added to State and not to _copy() fails here, at import.
_CLONED = frozenset(("_engine", "_t", "players", "_options", "_zones", "_boards", "_masks", "_causes", "_loc",
                     "_counters", "_queues", "_stack", "_phase", "_turn_seat", "_turn_number", "_next_seat", "_leg",
                     "_legs", "_over", "history", "_violations", "fired", "_actor", "_last_cause", "_thens", "_pending",
                     "_loops", "_firing", "_chosen", "_ends_seen", "_reach",
                     "_written", "_written_before", "_ends_clean", "_origin", "_origin_moves", "_attrs", "_labels", "_seen",
                     "_seen_on", "_journal", "_tally", "_looks_on"))
if _CLONED != frozenset(State.__slots__):
    raise ImportError(f"State.clone() does not copy {sorted(frozenset(State.__slots__) - _CLONED)}")
if IMAGINING_KEEPS != frozenset(State.__slots__):  # (every slot put back after a look-ahead, one way or another)
    raise ImportError(f"a look-ahead does not put back {sorted(frozenset(State.__slots__) - IMAGINING_KEEPS)}")
_WHOLE = slice(None)  # a journal's key for a zone kept whole (put back in place)
_RUNTIME_STEPS = frozenset((RESOLVE, LOTS, ENDING, AFTER))  # steps of the runtime's own, not of a rule file
_new_pending = object.__new__
_first = operator.itemgetter(0)
_second = operator.itemgetter(1)
_seat_and_text = operator.itemgetter(0, 1)
