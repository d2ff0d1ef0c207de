"""What generated code asks of a board: a space's contents, its neighbours, lines, walks and rays, groups and
connected regions (worked out on integers, some kept while the board is unchanged), and the occupant of a
space (State's part)."""

from __future__ import annotations

import bisect
from typing import Callable, Optional

from .common import RuleRuntimeError
from .groups_kept import kept_group
from .pending import _action_at, _listed_actions, _listed_edits, _made_actions


# _reach_cover's masks: (key, board, region reached, by name, negated) -> the spaces' mask. A region is the
# same for every state whose contents give it (the key names the expression and its values), so is its mask.
_COVERS: dict[tuple, int] = {}


def _joined_around(near: tuple, cell: int, region: int) -> bool:
    """Whether the spaces of ``region`` next to ``cell`` are joined to one another by spaces of ``region`` next
    to ``cell`` (``near``: per space, its neighbours' bit mask): then a chain through ``cell`` can go round it,
    and taking ``cell`` out of a region reached from some starts leaves every other space reached."""
    around = near[cell] & region
    if not around:
        return False
    joined = grown = around & -around
    while grown:
        low = grown & -grown
        grown ^= low
        more = near[low.bit_length() - 1] & around & ~joined
        joined |= more
        grown |= more
    return joined == around


def _cut_off(near: tuple, neighbours: tuple, cell: int, region: int, start_mask: int) -> int:
    """``region`` (spaces reached from the starts, ``start_mask``, through one another, ``cell`` left out of it as
    it no longer passes) without the spaces that reached a start only through ``cell``. When the reached
    neighbours of ``cell`` reach one another around it (and one is a start if ``cell`` was), a chain through it
    goes round it: none. Else each group of them (an arc) is flooded breadth first through the region until
    it meets a start or a space already found to reach one; an arc that meets neither is cut off, with all it
    flooded."""
    around = near[cell] & region
    if _joined_around(near, cell, region) and (not start_mask >> cell & 1 or around & start_mask):
        return region
    alive = 0
    while around:
        low = around & -around
        seen, frontier, found = low, [low.bit_length() - 1], bool(low & (start_mask | alive))
        while frontier and not found:
            later = []
            for at in frontier:
                for n in neighbours[at]:
                    bit = 1 << n
                    if region & bit and not seen & bit:
                        seen |= bit
                        if bit & (start_mask | alive):
                            found = True
                            break
                        later.append(n)
                if found:
                    break
            frontier = later
        if found:
            alive |= seen
        else:
            region &= ~seen  # (the whole of what it reaches: no start among it)
        around &= ~seen
    return region


def _is_empty(item: int) -> bool:
    return item < 0


class BoardReading:
    """State's part: what generated code asks of a board (a space's contents, neighbours, walks, groups)."""

    __slots__ = ()

    def _space_empty(self, board: int, cell: Optional[int]) -> bool:
        """A neighbour is empty: false past the board's edge (none)."""
        return cell is not None and self._boards[board][cell] < 0

    def _space_occupied(self, board: int, cell: Optional[int]) -> bool:
        return cell is not None and self._boards[board][cell] >= 0

    def _space_holds(self, board: int, cell: Optional[int], kind: str) -> bool:
        """`S holds COMPONENT` where S can be past the edge: none holds nothing."""
        return cell is not None and self._holds(board, cell, kind)

    def _space_holds_value(self, board: int, cell: Optional[int], table: Optional[tuple], value) -> bool:
        """`S holds mark of p` where S can be past the edge: its occupant is ``value`` (``table`` None) or
        has it as its attribute (``table``: by item); none holds nothing."""
        if cell is None:
            return False
        if table is None:
            return self._holds(board, cell, value)
        return table[self._boards[board][cell]] == value

    def _neighbour(self, board: int, cell: Optional[int], direction: int) -> Optional[int]:
        """The neighbour of a space that can be past the edge: past it, none stays none."""
        return None if cell is None else self._t.toward[board][direction][cell]

    @staticmethod
    def _space_label(labels: tuple[str, ...], cell: Optional[int]) -> str:
        """A space's label in a text, where it can be past the edge: none reads `none`."""
        return "none" if cell is None else labels[cell]

    def _on_board(self, cell: Optional[int], what: str) -> int:
        """A space that can be past the edge, where the rules need one that is not (`row of`, `line from`)."""
        if cell is None:
            raise RuleRuntimeError(f"the rules ask for {what} a space past the board's edge (none); "
                                   "test `is none` first")
        return cell

    def _line(self, board: int, cell: int, direction: int, length: int) -> tuple[int, ...]:
        """``cell`` and the spaces after it in ``direction``, ``length`` at most (fewer at the board's edge)."""
        return self._t.lines(board, direction, length)[cell]

    def _walk(self, board: int, cell: int, direction: int, passes: Callable[[int], bool]) -> tuple[int, ...]:
        """The spaces after ``cell`` in ``direction`` as long as each ``passes`` (the board's edge stops it,
        and on a ring of a graph the way back to ``cell``: a walk passes each space once)."""
        step, out = self._t.toward[board][direction], []
        at = step[cell]
        while at is not None and at != cell and passes(at):
            out.append(at)
            at = step[at]
        return tuple(out)

    def _walk_begins(self, board: int, cell: int, direction: int, passes: Callable[[int], bool]) -> bool:
        """Whether _walk(board, cell, direction, passes) takes a first step: `size of walk(...) > 0`."""
        at = self._t.toward[board][direction][cell]
        return at is not None and at != cell and passes(at)

    def _ray(self, board: int, cell: int, direction: int) -> tuple[int, ...]:
        """The spaces after ``cell`` in ``direction`` up to and including the first occupied one (the board's
        edge stops it too)."""
        contents, ray = self._boards[board], self._t.rays[board, direction][cell]
        for n, at in enumerate(ray):
            if contents[at] >= 0:
                return ray[:n + 1]
        return ray

    def _group(self, board: int, cell: int) -> tuple[int, ...]:
        """``cell`` and every space joined to it through neighbouring spaces holding the same as it (a component
        of the same kind with the same attributes, whichever copy; for an empty ``cell``, the empty spaces),
        in board order: flooded once for the board as it stands where no attribute can change (groups_kept.py)."""
        if self._attrs is None:
            return kept_group(self, board, cell, self._flooded_group)
        return self._flooded_group(board, cell)

    def _flooded_group(self, board: int, cell: int) -> tuple[int, ...]:
        """_group: a flood fill from ``cell``."""
        contents, neighbours = self._boards[board], self._t.neighbours[board]
        item = contents[cell]
        if item < 0:
            alike = _is_empty
        else:
            kinds, kind, attrs = self._engine._steady_kind, self._engine._steady_kind[item], self._attrs
            if attrs is None:
                def alike(other: int) -> bool:
                    return other >= 0 and kinds[other] == kind
            else:
                now = [(values, values[item]) for values in attrs.values()]

                def alike(other: int) -> bool:
                    return other >= 0 and kinds[other] == kind and all(v[other] == mine for v, mine in now)
        group, frontier = {cell}, [cell]
        while frontier:
            for n in neighbours[frontier.pop()]:
                if n not in group and alike(contents[n]):
                    group.add(n)
                    frontier.append(n)
        return tuple(sorted(group))

    def _connected(self, board: int, cells, passes: Callable[[int], bool], start: Callable[[int], bool],
                   goal: Callable[[int], bool]) -> bool:
        """Whether a path of neighbouring spaces of ``cells``, each passing ``passes``, joins one where
        ``start`` holds to one where ``goal`` holds (one space may be both). Each space is tested at most once
        by each test."""
        domain = cells if isinstance(cells, (set, frozenset)) else set(cells)
        return self._fill(board, [c for c in cells if start(c) and passes(c)], domain.__contains__, passes, goal)

    def _connected_from(self, board: int, starts, passes: Callable[[int], bool],
                        start: Optional[Callable[[int], bool]], goal: Callable[[int], bool]) -> bool:
        """_connected over every space of ``board`` in use, where ``start`` can hold only on ``starts`` (spaces in
        use, in board order: what the start fixes, rulespec/codegen/connected.py): only those are tested by it,
        and none when it is None (the start is `t = s` itself: it holds on each of them)."""
        frontier = [c for c in starts if passes(c)] if start is None else [c for c in starts if start(c) and passes(c)]
        return self._fill(board, frontier, self._t.in_use[board].__getitem__, passes, goal)

    def _fill(self, board: int, frontier: list, inside: Callable[[int], bool], passes: Callable[[int], bool],
              goal: Callable[[int], bool]) -> bool:
        """Whether a path of neighbouring spaces ``inside`` the domain, each passing, joins one of ``frontier``
        (start spaces that pass) to one where ``goal`` holds: a flood fill outwards from them that stops at the
        first such space (a liberty found next to the stone asks no more)."""
        for cell in frontier:
            if goal(cell):
                return True
        seen = set(frontier)
        neighbours = self._t.neighbours[board]
        while frontier:
            for n in neighbours[frontier.pop()]:
                if n not in seen and inside(n):
                    seen.add(n)
                    if passes(n):
                        if goal(n):
                            return True
                        frontier.append(n)
        return False

    def _connected_kept(self, board: int, key: tuple, passes: Callable[[int], bool],
                        ends: Callable[..., tuple[Callable[[int], bool], Callable[[int], bool]]]) -> bool:
        """_connected over every space of ``board`` in use, where ``passes`` reads the board only at the space
        it tests and the start and goal tests read nothing that changes (rulespec.model.reads.connected_kept
        says when). ``key`` names the expression and the values of the names it reads besides its space;
        ``ends(state, *those values)`` gives the start and goal tests, asked for only to work out the plan.
        The spaces reached from the starts are kept (``_reach[key]``: at these contents, these spaces), so
        a later call looks only at the spaces that changed since: one that now passes joins with what it
        reaches; one inside the reached spaces that no longer passes means reaching again from the starts.
        What a record claims depends on the contents alone, so it stays true whatever happens to the state
        (an undone action, a clone, a test writing a board); a record is replaced, never changed."""
        t = self._t
        plan = t.reach_plans.get(key) or t.reach_plan(board, key, *ends(self, *key[1:]))
        starts, start_mask, goal_mask, near, neighbours, in_use = plan
        cells = self._boards[board]
        reach = self._reach
        kept = reach.get(key)
        region = 0
        if kept is not None:
            seen, region, mark = kept
            if seen == cells:
                return region & goal_mask != 0
            now, changed = self._changed_since(board, seen, mark)
            frontier = []
            # First what leaves the region (then what joins it: it may join through one): the reached spaces
            # that no longer pass, and what reached a start only through them (_cut_off).
            gone = joining = None
            for cell in changed:
                if in_use[cell]:
                    if not region >> cell & 1:
                        joining = [cell] if joining is None else joining + [cell]
                    elif not passes(cell):
                        gone = [cell] if gone is None else gone + [cell]
            if gone is not None:
                # One at a time, each from the region left by those before it: _cut_off's shortcut (the lost
                # space's reached neighbours joined around it) holds only of a region reached as it stands; with
                # every lost space taken out first, a neighbour reached through another lost one looks joined.
                for cell in gone:
                    if region >> cell & 1:  # (else cut off already with a lost space before it)
                        region = _cut_off(near, neighbours, cell, region & ~(1 << cell), start_mask)
            if joining is not None:
                for cell in joining:
                    if (start_mask >> cell & 1 or near[cell] & region) and passes(cell):
                        frontier.append(cell)
            if not frontier:  # nothing more reached (most often: the other side's stone, or one apart)
                self._reach = reach = reach.copy()  # (a new dict: the old one may be a clone's too)
                reach[key] = (now, region, self._written_before + len(self._written))
                return region & goal_mask != 0
        else:
            now = self._contents_now(board)
            frontier = [c for c in starts if passes(c)]
        tested = set(frontier)
        for cell in frontier:
            region |= 1 << cell
        while frontier:
            for n in neighbours[frontier.pop()]:
                if n not in tested and not region >> n & 1:
                    tested.add(n)
                    if passes(n):
                        region |= 1 << n
                        frontier.append(n)
        self._reach = reach = reach.copy()  # (likewise; reach.copy() costs less than {**reach, key: ...})
        reach[key] = (now, region, self._written_before + len(self._written))  # (_writes())
        return region & goal_mask != 0

    def _reach_cover(self, board: int, key: tuple, passes: Callable[[int], bool],
                     ends: Callable[..., tuple[Callable[[int], bool], Callable[[int], bool]]], by_name: bool,
                     negated: bool) -> int:
        """The bit mask of the spaces in use c of ``board`` from which `connected(t in B where C from t = c to
        G)` holds (``negated``: does not hold), C being ``passes`` and G the goal ``ends`` gives as start and
        goal (rulespec/codegen/reach_masks.py): what passes C reaches from where G holds, kept as
        _connected_kept keeps it, is the spaces that reach G; with ``by_name`` (`t = c or C`: c need not pass
        C) a space reaches G when G holds on it or on one of its neighbours, or a neighbour is reached. The
        masks are kept by the region reached (_COVERS), which the contents alone decide."""
        self._connected_kept(board, key, passes, ends)  # (brings the record of the region reached up to date)
        region = self._reach[key][1]
        found = _COVERS.get((key, board, region, by_name, negated))
        if found is None:
            plan = self._t.reach_plans[key]
            goal_mask, near = plan[2], plan[3]
            in_use = _COVERS.get((key, board))
            if in_use is None:
                in_use = sum(1 << cell for cell in self._t.cells_in_use[board])
            found = region
            if by_name:  # (the spaces left out are those neither reached nor a goal with no neighbour reached)
                rest = left_out = in_use & ~region & ~goal_mask
                while rest:
                    low = rest & -rest
                    rest ^= low
                    if near[low.bit_length() - 1] & region:
                        left_out ^= low
                found = in_use & ~left_out
            found = in_use & ~found if negated else in_use & found
            if len(_COVERS) > 256:  # (a few keys and the regions of a few positions at a time)
                _COVERS.clear()
            _COVERS[key, board] = in_use
            _COVERS[key, board, region, by_name, negated] = found
        return found

    def _listed_kept(self, board: int, key: tuple, test: Callable[[int], bool], make: Callable[[int], tuple]) -> list:
        """The rows ``[make(s) for s in board's spaces in use if test(s)]``, for a choice whose one option walks
        a board's spaces, whose conditions ``test`` read the board only at the space they test (besides
        values: seats, options, labels) and whose row ``make`` is the same in every state for the same key
        (kept rows; rulespec.codegen.python decides). ``key`` names the step and the values of its seat and
        arguments. As _connected_kept, the rows are kept per key with the contents they were listed at
        (``_reach[key]``: at these contents, these rows), and the next listing looks only at the spaces changed
        since, from the same hint, checked the same way: a space that now passes joins the rows in board
        order, one that no longer passes leaves them. The rows are a new list when anything changed (a
        listing is never changed once made); their Actions are kept with them (_listed_actions), and where each
        Action was listed (_action_at: Pending.find looks there first, and checks); rows made by editing the kept
        ones, with the edits (_listed_edits: an adapter edits its numbers of the kept rows the same way)."""
        reach = self._reach
        kept = reach.get(key)
        edited = None
        if kept is not None:
            seen, rows, at, actions, mark = kept
            now, changed = self._changed_since(board, seen, mark)
            if changed:
                edited, edits = rows, []
                rows, at, actions = rows.copy(), at.copy(), actions.copy()
                in_use = self._t.in_use[board]
                for cell in changed:
                    if not in_use[cell]:
                        continue
                    i = bisect.bisect_left(at, cell)
                    if i < len(at) and at[i] == cell:
                        if not test(cell):
                            del at[i], rows[i], actions[i]
                            edits.append((i, None))
                    elif test(cell):
                        row = make(cell)
                        at.insert(i, cell)
                        rows.insert(i, row)
                        edits.append((i, row))
                        actions.insert(i, action := _made_actions[row[0]][row[1]])
                        _action_at[id(action)] = (action, cell)
        else:
            now = self._contents_now(board)
            at = [cell for cell in self._t.cells_in_use[board] if test(cell)]
            rows = [make(cell) for cell in at]
            actions = [_made_actions[row[0]][row[1]] for row in rows]
            if len(_action_at) > 65536:  # (Actions are made once each: as many as the texts listed)
                _action_at.clear()
            _action_at.update(zip(map(id, actions), zip(actions, at)))
        self._reach = reach = reach.copy()  # (a new dict, as in _connected_kept)
        reach[key] = (now, rows, at, actions, self._written_before + len(self._written))  # (_writes())
        if len(_listed_actions) > 16:  # (the rows of recent listings: few are live at once)
            _listed_actions.clear()
        _listed_actions[id(rows)] = (rows, actions, at)
        if edited is not None:
            if len(_listed_edits) > 16:  # (as _listed_actions)
                _listed_edits.clear()
            _listed_edits[id(rows)] = (rows, edited, edits)
        return rows

    def _full_line(self, board: int, cell: int, direction: int, length: int) -> Optional[tuple[int, ...]]:
        """The line of ``length`` spaces from ``cell`` in ``direction``, or None when the board ends first."""
        return self._t.full_lines[board, direction, length][cell]

    def _occupant(self, board: int, cell: int) -> int:
        item = self._boards[board][cell]
        if item < 0:
            raise RuleRuntimeError(f"the rules ask what is on {self._engine.BOARDS[board].label(cell)}, which is empty")
        return item
