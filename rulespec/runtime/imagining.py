"""`only if C after it`: an option carried out on the state itself, C read, and every write undone.

A look-ahead used to carry the option out on a copy of the whole state (boards, zones, locations, counters,
history, fired, attributes...) to read one condition: a copy per candidate move, most of it never written.
Now the option runs on the state itself while it keeps a journal, and the journal is then played backwards.

What an option can change, and how each part comes back (IMAGINING_KEEPS names every slot; state.py
checks so at import):

- the boards (contents, causes, occupancy masks), the locations, the zones and the changing attributes and
  labels are written only by the State primitives (_move, _take, _place, _occupy, _set_attr), which put
  ``(container, key, value before)`` on ``_journal`` while one is kept; a zone is kept whole
  (``key`` a full slice), or, where one item is taken from it, as that item at its place (``key`` the
  empty slice there: put back, not a copy of the zone), or, where _lift puts one in, as the slice it went into
  (taken out again), so every container comes back in place (generated code holds some in locals); _shift and
  _lift leave the spaces' causes alone in a look-ahead (no generated code reads them: runtime/shifting.py);
- the counters, ``fired``, the stack, the queues and the violations, written by generated code and the
  look-ahead's automatic steps (runtime/lookahead.py) too, are copies during the look-ahead (small, as a
  clone copies them), the originals put back after; the history is only appended to, and cut back;
- every other slot is one value (a number, a tuple, or a dict or list that is replaced, never changed in
  place: ``_reach``, ``_seen``...), kept and put back as it was; the engine, tables, players and options
  an option's statements cannot change.

A look-ahead's pick of the first item of a zone with an attribute's value (`place any(c in bowl where colour
of c = colour of player) on s`) is kept with the zone's contents it was found in (_first_kept): the option
listing carries out every candidate from the same position, so the zone is the same list again each time
and the pick is read back after comparing the contents, not searched for again.

A plain look-ahead (model/look_ahead_writes.py: its option, the steps it sets going and the triggers it runs
only move, place, set counters and attributes, loop and run `then`s) starts with _imagine_plain: only the slots
such statements can write (_PLAIN_WRITES) are kept, only the counter lists they can set copied, the violations
cut back rather than copied; the generator picks it where the model says so.

A lean look-ahead (codegen/lean_look_ahead.py: a plain one whose statements run no trigger, check no invariant
or end, walk no loop and leave no `then` for carry_through, every step they set going run at once) starts with
_imagine_lean: of _PLAIN_WRITES only those its statements and its condition can write (_LEAN_WRITES) are kept;
no list of `then`s, loops, triggers fired or violations is kept or cut back.

Look-aheads may run inside one another (a condition read ahead that reads ahead itself): each keeps where
the journal stood, and the outermost one stops the journal.
"""

from __future__ import annotations

import operator
from typing import Any, Optional

# The slots put back by one assignment (_imagine and _unimagine name them in this order): those holding one
# value (a number, a tuple, or a dict or list replaced, never changed in place); the lists of writes and of
# `then`s (which may be replaced), cut back to where they stood; and those a look-ahead runs on a copy of.
_SCALARS = ("_phase", "_turn_seat", "_turn_number", "_next_seat", "_leg", "_legs", "_over", "_actor",
            "_last_cause", "_pending", "_loops", "_firing", "_chosen", "_ends_seen", "_reach", "_written",
            "_written_before", "_ends_clean", "_origin", "_origin_moves", "_seen", "_seen_on", "_journal",
            "_thens", "_counters", "fired", "_stack", "_queues", "_violations")
# The slots whose contents the primitives journal (never replaced: generated code holds some in locals).
_JOURNALLED = frozenset(("_boards", "_masks", "_causes", "_loc", "_zones", "_attrs", "_labels", "_tally", "_looks_on"))
_CUT_BACK = frozenset(("history",))  # (only appended to)
_UNCHANGED = frozenset(("_engine", "_t", "players", "_options"))  # (an option's statements cannot change them)
IMAGINING_KEEPS = frozenset(_SCALARS) | _JOURNALLED | _CUT_BACK | _UNCHANGED
# What a plain look-ahead (model/look_ahead_writes.py: moves, placements, counters, attributes, loops, `then`s)
# can write among _SCALARS, and what it cannot (the turn, the phase, the stack, the queues, the positions seen).
_PLAIN_WRITES = ("_actor", "_last_cause", "_loops", "_firing", "_reach", "_ends_seen", "_written", "_written_before",
                 "_ends_clean", "_journal", "_thens", "_counters", "fired", "_violations")
_PLAIN_UNWRITTEN = frozenset(("_phase", "_turn_seat", "_turn_number", "_next_seat", "_leg", "_legs", "_over",
                              "_pending", "_chosen", "_origin", "_origin_moves", "_seen", "_seen_on", "_stack",
                              "_queues"))
if frozenset(_PLAIN_WRITES) | _PLAIN_UNWRITTEN != frozenset(_SCALARS):
    raise ImportError("imagining.py: _PLAIN_WRITES and _PLAIN_UNWRITTEN must split _SCALARS")
# What a lean look-ahead can write among _PLAIN_WRITES (its primitives, counters, the steps run at once, the
# condition's kept answers), and what it cannot (no loop walked, no trigger fired, no `then` left, no invariant).
_LEAN_WRITES = ("_actor", "_last_cause", "_reach", "_ends_seen", "_written", "_written_before", "_ends_clean",
                "_journal", "_counters", "fired")
_LEAN_UNWRITTEN = frozenset(("_loops", "_firing", "_thens", "_violations"))
if frozenset(_LEAN_WRITES) | _LEAN_UNWRITTEN != frozenset(_PLAIN_WRITES):
    raise ImportError("imagining.py: _LEAN_WRITES and _LEAN_UNWRITTEN must split _PLAIN_WRITES")
# (the attribute table's id, the value) -> (the table, the zone's contents, where the first with the value was)
_firsts_kept: dict[tuple, tuple[dict, list, int]] = {}


class Imagining:
    """State's look-ahead: _imagine before the option's statements, _unimagine after (in a `finally`)."""

    __slots__ = ()

    def _imagine(self, actor: int, step: str) -> tuple[tuple, Optional[str]]:
        """Start carrying out an option of ``step`` as ``actor`` on this state, to read the position it would
        leave: what _unimagine needs to put the state back, and the cause its statements run with (that of
        the step's frame on top of the stack, its decision pending, else the turn's)."""
        journal, counters, queues, stack = self._journal, self._counters, self._queues, self._stack
        kept = (self._phase, self._turn_seat, self._turn_number, self._next_seat, self._leg, self._legs, self._over,
                self._actor, self._last_cause, self._pending, self._loops, self._firing, self._chosen,
                self._ends_seen, self._reach, self._written, self._written_before, self._ends_clean, self._origin,
                self._origin_moves, self._seen, self._seen_on, journal, self._thens, counters, self.fired, stack,
                queues, self._violations,  # (_SCALARS, in order)
                0 if journal is None else len(journal), len(self.history), len(self._thens), len(self._written))
        if journal is None:
            self._journal = []
        # What generated code writes itself, a copy for the look-ahead (as clone() copies them): the originals
        # come back by the assignment, and a function that holds one in a local reads the game's own.
        self._counters = counters = counters.copy()
        for name in self._t.list_counters:  # (a list per player each)
            counters[name] = counters[name].copy()
        self.fired, self._stack, self._violations = self.fired.copy(), stack.copy(), self._violations.copy()
        if queues:
            self._queues = {name: [list(entry) for entry in entries] for name, entries in queues.items()}
        self._actor = actor
        if stack and stack[-1][0] == step:
            return kept, stack[-1][3]
        return kept, ("turn" if step == self._engine.TURN_STEP else None)

    def _unimagine(self, kept: tuple) -> None:
        """Put the state back as it was when _imagine gave ``kept``: every write since undone, in place."""
        journal = self._journal
        (self._phase, self._turn_seat, self._turn_number, self._next_seat, self._leg, self._legs, self._over,
         self._actor, self._last_cause, self._pending, self._loops, self._firing, self._chosen, self._ends_seen,
         self._reach, written_list, self._written_before, self._ends_clean, self._origin, self._origin_moves,
         self._seen, self._seen_on, self._journal, thens_list, self._counters, self.fired, self._stack,
         self._queues, self._violations, mark, moves, thens, written) = kept
        if len(journal) > mark:
            for container, key, before in reversed(journal[mark:]):
                container[key] = before
            del journal[mark:]
        del self.history[moves:]
        # (the lists as they stood: _place may start a new list of writes, the look-ahead's steps one of thens)
        del thens_list[thens:]
        del written_list[written:]
        self._thens, self._written = thens_list, written_list

    def _imagine_plain(self, actor: int, step: str, lists: tuple[str, ...]) -> tuple[tuple, Optional[str]]:
        """_imagine for a plain look-ahead (model/look_ahead_writes.py): only the slots its statements can write
        kept (_PLAIN_WRITES), and of the counters kept as lists only ``lists``, those they can set, copied."""
        journal, counters, thens, written = self._journal, self._counters, self._thens, self._written
        kept = (self._actor, self._last_cause, self._loops, self._firing, self._reach, self._ends_seen, written,
                self._written_before, self._ends_clean, journal, thens, counters, self.fired, self._violations,
                0 if journal is None else len(journal), len(self.history), len(thens), len(written),
                len(self._violations))
        if journal is None:
            self._journal = []
        if lists:
            self._counters = counters = counters.copy()
            for name in lists:
                counters[name] = counters[name].copy()
        else:
            self._counters = counters.copy()
        self.fired = self.fired.copy()  # (the violations, only appended to by a placement's invariants, cut back)
        self._actor = actor
        stack = self._stack
        if stack and stack[-1][0] == step:
            return kept, stack[-1][3]
        return kept, ("turn" if step == self._engine.TURN_STEP else None)

    def _unimagine_plain(self, kept: tuple) -> None:
        """_unimagine for what _imagine_plain gave."""
        journal = self._journal
        (self._actor, self._last_cause, self._loops, self._firing, self._reach, self._ends_seen, written_list,
         self._written_before, self._ends_clean, self._journal, thens_list, self._counters, self.fired,
         self._violations, mark, moves, thens, written, violations) = kept
        if len(journal) > mark:
            for container, key, before in reversed(journal[mark:]):
                container[key] = before
            del journal[mark:]
        del self.history[moves:]
        del self._violations[violations:]
        del thens_list[thens:]
        del written_list[written:]
        self._thens, self._written = thens_list, written_list

    def _imagine_lean(self, actor: int, step: str, lists: tuple[str, ...]) -> tuple[tuple, Optional[str]]:
        """_imagine_plain for a lean look-ahead (codegen/lean_look_ahead.py): only _LEAN_WRITES kept."""
        journal, counters, written = self._journal, self._counters, self._written
        kept = (self._actor, self._last_cause, self._reach, self._ends_seen, written, self._written_before,
                self._ends_clean, journal, counters, self.fired, 0 if journal is None else len(journal),
                len(self.history), len(written))
        if journal is None:
            self._journal = []
        self._counters = counters = counters.copy()
        for name in lists:
            counters[name] = counters[name].copy()
        self.fired = self.fired.copy()
        self._actor = actor
        stack = self._stack
        if stack and stack[-1][0] == step:
            return kept, stack[-1][3]
        return kept, ("turn" if step == self._engine.TURN_STEP else None)

    def _unimagine_lean(self, kept: tuple) -> None:
        """_unimagine for what _imagine_lean gave."""
        journal = self._journal
        (self._actor, self._last_cause, self._reach, self._ends_seen, written_list, self._written_before,
         self._ends_clean, self._journal, self._counters, self.fired, mark, moves, written) = kept
        if len(journal) > mark:
            for container, key, before in reversed(journal[mark:]):
                container[key] = before
            del journal[mark:]
        del self.history[moves:]
        del written_list[written:]
        self._written = written_list

    def _first_kept(self, text: str, items: list, values: dict, value: Any, deeper_than: int = -1) -> int:
        """State._first_with during a look-ahead, for an attribute table that never changes (a module's
        ITEM_ATTRS entry): the answer found in the same contents before, if the contents are the same list
        of items again (compared whole: the answer depends on nothing else); else found, and kept when it lies
        further into the contents than ``deeper_than``."""
        key = (id(values), value)
        kept = _firsts_kept.get(key)
        if kept is not None and kept[0] is values and kept[1] == items:
            return items[kept[2]]
        try:
            at = operator.indexOf(map(values.__getitem__, items), value)
        except ValueError:
            return self._first(text, ())
        if at > deeper_than:
            if len(_firsts_kept) > 64:  # (few tables and values are live at once)
                _firsts_kept.clear()
            _firsts_kept[key] = (values, items.copy(), at)
        return items[at]
