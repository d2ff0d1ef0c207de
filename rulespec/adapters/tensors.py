"""The tensors of a rulespec game seen through the adapters: a seat's observation tensor (TensorLayout), its
information-state tensor (InformationLayout, from the rows it has seen: SeenRows) and what every seat sees
alike (public_view). Built from ``State.observation(seat)`` only, so from the declared visibility: nothing
here knows any game.
"""

from __future__ import annotations

import dataclasses
from typing import Sequence

from ..runtime.engine import Engine
from ..runtime.helpers import labels_in_order

COUNTER_LIMIT = 1e15  # a counter holds a whole number from -10^15 to 10^15 (the runtime's limit)


def unique_in_order(values) -> list:
    """The values in their first order, each once."""
    seen: dict = {}
    for value in values:
        seen.setdefault(value, None)
    return list(seen)


class TensorLayout:
    """The observation tensor of one seat, built from ``State.observation(seat)`` (so from the declared
    visibility only). Pieces, in this order (names as in ``pieces``):

    * ``seat``: one-hot of the observing seat (players)
    * ``to_act``: one-hot of who decides now: each seat, then any seat (a claim window), chance, nobody
    * ``turn``: the turn number; ``turn_player``: one-hot of the seat whose turn it is; ``leg``: the leg
    * ``zone:NAME`` (per-player zones: ``zone:NAME:N`` for player N): its size, then, when the seat may
      see it, how many of each component label it holds (labels in component order), and for a stacked
      zone a one-hot of the label on top; a zone of which only the top is seen (``only top seen``): its
      size, then a one-hot of the label on top (all zeros when it is empty); a seat that sees nothing of a
      zone whose size is unseen (``size unseen``) has all of its piece 0
    * ``board:NAME``: per space (row-major), a one-hot of the label of the component on it
    * ``counter:NAME``: its value (per seat for a per-player counter, per space (row-major) for a counter per
      space); ``queue:NAME``: its length
    """

    def __init__(self, engine: Engine, players: int):
        self.players = players
        self.components = len(engine.ITEM_LABEL)
        self.labels = labels_in_order(engine.COMPONENTS)  # (with a look none is made with: `king 0`)
        self.label_index = {label: i for i, label in enumerate(self.labels)}
        n, count = players, len(self.labels)
        pieces: list[tuple[str, int]] = [("seat", n), ("to_act", n + 3), ("turn", 1), ("turn_player", n), ("leg", 1)]
        self.zones = []  # (piece, zone name, owner or None, visible to whom, stacked)
        for zone in engine.ZONES:
            for owner in (range(n) if zone.per_player else [None]):
                piece = f"zone:{zone.name}" + (f":{owner + 1}" if owner is not None else "")
                size = 1
                if zone.visibility == "top":  # what is seen of it is its top
                    size += count
                elif zone.visibility != "hidden":
                    size += count * (2 if zone.stacked else 1)
                pieces.append((piece, size))
                self.zones.append((piece, zone.name, owner, zone.visibility, zone.stacked))
        self.boards = []
        for board in engine.BOARDS:
            pieces.append((f"board:{board.name}", board.size * count))
            self.boards.append((board.name, {board.label(c): c for c in range(board.size)}))
        self.counters = []
        self.space_cells = {name: {label: c for c, label in enumerate(engine.BOARDS[b].labels)}
                            for name, b in engine.SPACE_COUNTERS.items()}  # a counter per space: label -> space
        for name, (per_player, _) in engine.COUNTERS.items():
            on = engine.SPACE_COUNTERS.get(name)  # a counter per space: a number per space of its board
            pieces.append((f"counter:{name}", engine.BOARDS[on].size if on is not None else n if per_player else 1))
            self.counters.append(name)
        # a counter holding a seat, a direction or a word (shown by its word): its index among them, -1 none
        self.counter_index = {name: {word: i for i, word in enumerate(words)} | {"none": -1}
                              for name, words in engine.COUNTER_WORDS.items()}
        self.queues = list(engine.QUEUES)
        pieces += [(f"queue:{name}", 1) for name in self.queues]
        self.pieces = pieces
        self.offsets = {}
        at = 0
        for name, size in pieces:
            self.offsets[name] = (at, size)
            at += size
        self.size = at

    def bounds(self) -> tuple[list[float], list[float]]:
        """The least and the most each entry can hold: 0 and 1 in a one-hot, 0 and the number of components
        for a zone's size and counts, 0 and the runtime's limit for the turn, the leg and a queue's length,
        the runtime's limits for a counter (a rule file declares no range for its counters)."""
        low, high = [0.0] * self.size, [1.0] * self.size
        for name, (at, size) in self.offsets.items():
            if name.startswith("zone:"):
                high[at:at + size] = [float(self.components)] * size
            elif name in ("turn", "leg") or name.startswith("queue:"):
                high[at:at + size] = [COUNTER_LIMIT] * size
            elif name.startswith("counter:"):
                low[at:at + size], high[at:at + size] = [-COUNTER_LIMIT] * size, [COUNTER_LIMIT] * size
        return low, high

    def fill(self, tensor, view: dict, to_act: int) -> None:
        """Write a seat's observation (``State.observation(seat)``) into ``tensor`` (a flat float array)."""
        tensor[:] = self.values(view, to_act)

    def values(self, view: dict, to_act: int) -> list[float]:
        """A seat's observation (``State.observation(seat)``) as the tensor's entries, in a list."""
        values = [0.0] * self.size  # (a list, then one copy: much faster than setting array items one by one)
        count, offsets, index = len(self.labels), self.offsets, self.label_index
        if view.get("seat") is not None:  # (a public view is nobody's: its seat piece is all zeros)
            values[offsets["seat"][0] + view["seat"]] = 1.0
        values[offsets["to_act"][0] + to_act] = 1.0
        values[offsets["turn"][0]] = view["turn"]
        values[offsets["turn_player"][0] + view["turn_player"]] = 1.0
        values[offsets["leg"][0]] = view["leg"]
        for piece, name, owner, visibility, stacked in self.zones:
            zone_view = view["zones"][name]
            if owner is not None:
                zone_view = zone_view[owner]
            at = offsets[piece][0]
            values[at] = zone_view.get("size", 0)  # a zone of unseen size: always 0 for this seat
            items = zone_view.get("items")
            if visibility == "top":
                if items:
                    values[at + 1 + index[items[-1]]] = 1.0
            elif items is not None:
                for label in items:
                    values[at + 1 + index[label]] += 1.0
                if stacked and items:
                    values[at + 1 + count + index[items[-1]]] = 1.0
        for name, cells in self.boards:
            at = offsets[f"board:{name}"][0]
            for space, label in view["boards"][name].items():
                values[at + cells[space] * count + index[label]] = 1.0
        for name in self.counters:
            at, size = offsets[f"counter:{name}"]
            value = view["counters"].get(name)
            if isinstance(value, dict):  # a counter per space: by its spaces' labels
                cells = self.space_cells[name]
                for label, count in value.items():
                    values[at + cells[label]] = count
            elif value is not None:  # (absent from a public view when the seats see it differently)
                value = value if isinstance(value, list) else [value]
                if name in self.counter_index:  # by its words: each one's index (-1: none)
                    value = [self.counter_index[name][v] for v in value]
                values[at:at + size] = value
        for name in self.queues:
            values[offsets[f"queue:{name}"][0]] = len(view["queues"].get(name, ()))
        return values


INFORMATION_TENSOR_LIMIT = 1 << 17  # floats: above it, the tensor keeps the latest rows of the history only
RECENT_ROWS = 16  # rows kept of a history too long for the whole of it (at most: fewer when a row is large)


class InformationLayout:
    """A seat's information state as a tensor: its own history of what it has seen, one row per move it
    saw (the lines of its information state string, a claim window's rounds apart), in order. A row
    holds, in this order:

    * ``mover``: one-hot of who moved (each seat, then chance, then ``start`` for the first row)
    * ``action``: one-hot of the seat's own action (all zeros when another seat or chance moved: what
      others did is seen only through what it changed)
    * ``observation``: the seat's observation tensor (``TensorLayout``) right after that move

    Where the whole history fits (no claim window, and 1 + the step budget rows of at most
    ``INFORMATION_TENSOR_LIMIT`` floats in all: Kuhn, Leduc, tic-tac-toe, Hex), ``history`` is all of it,
    padded with rows of zeros (a row that has not happened). Otherwise ``history`` is the latest ``rows``
    rows (``RECENT_ROWS``, fewer when that many would pass the limit), oldest first, padded with zeros
    after them, followed by ``own_actions``: how many times the seat took each action in the whole game,
    and ``history_length``: how many rows its whole history has. Every part is worked out from what the
    seat has seen, so two histories it cannot tell apart give it the same tensor, and its size is fixed.
    """

    def __init__(self, observation: TensorLayout, players: int, num_actions: int, rows: int, whole: bool):
        self.observation, self.players, self.num_actions, self.rows = observation, players, num_actions, rows
        self.whole = whole  # the whole history (else the latest rows and the counts)
        self.pieces = [("mover", players + 2), ("action", num_actions), ("observation", observation.size)]
        self.row = players + 2 + num_actions + observation.size
        self.size = self.rows * self.row + (0 if whole else num_actions + 1)

    def fill(self, tensor, seen: "SeenRows") -> None:
        """Write a seat's history (SeenRows) into ``tensor``."""
        tensor[:] = 0.0
        n, skip = self.players, self.players + 2 + self.num_actions
        first = max(len(seen.recent) - self.rows, 0)
        for r, (mover, action, view, to_act) in enumerate(seen.recent[first:]):
            at = r * self.row
            tensor[at + mover] = 1.0
            if action >= 0:
                tensor[at + n + 2 + action] = 1.0
            tensor[at + skip:at + self.row] = seen.observed(first + r, self.observation)
        if not self.whole:
            at = self.rows * self.row
            for action, count in seen.own.items():
                tensor[at + action] = count
            tensor[at + self.num_actions] = seen.total


@dataclasses.dataclass(slots=True)
class SeenRows:
    """A seat's rows of the information state tensor (each ``(mover, own action or -1, view, to_act)``):
    the latest ``kept`` of them, how many times the seat took each action, and how many rows in all; and
    each kept row's observation as tensor entries, worked out the first time a tensor needs it (a row never
    changes once seen, so a tensor asked for at every move fills one new row, not the whole history)."""

    kept: int
    recent: list = dataclasses.field(default_factory=list)
    own: dict = dataclasses.field(default_factory=dict)
    total: int = 0
    # per row of recent: its entries, or None (worked out from the row: not part of what is compared)
    filled: list = dataclasses.field(default_factory=list, compare=False, repr=False)

    def add(self, row: tuple) -> None:
        self.recent.append(row)
        self.filled.append(None)
        if len(self.recent) > self.kept:
            del self.recent[0], self.filled[0]
        self.total += 1
        if row[1] >= 0:
            self.own[row[1]] = self.own.get(row[1], 0) + 1

    def observed(self, index: int, layout: TensorLayout):
        """Row ``index`` of recent's observation in ``layout``'s entries, a read-only float32 array (copies
        share it)."""
        entries = self.filled[index]
        if entries is None:
            import numpy  # (an adapter's dependency: tensors are asked for only through the adapters)
            _, _, view, to_act = self.recent[index]
            entries = numpy.array(layout.values(view, to_act), numpy.float32)
            entries.flags.writeable = False
            self.filled[index] = entries
        return entries

    def copy(self) -> "SeenRows":
        return SeenRows(self.kept, list(self.recent), dict(self.own), self.total, list(self.filled))


_NOT_ALIKE = object()


def public_view(views: Sequence[dict]) -> dict:
    """What every seat sees alike (each seat's ``State.observation``, so the declared visibility): the
    parts of the views that are the same in all of them, key by key through dicts and through lists of
    dicts (a per-player zone's owners), other values whole. A zone's size every seat sees stays, its
    items only where every seat sees them; the observing seat and its own choices go."""

    def alike(values: list):
        first = values[0]
        if all(isinstance(v, dict) for v in values):
            kept = {}
            for key, value in first.items():
                if all(key in v for v in values):
                    common = alike([v[key] for v in values])
                    if common is not _NOT_ALIKE:
                        kept[key] = common
            return kept
        if all(isinstance(v, list) and len(v) == len(first) for v in values) and first and \
                all(isinstance(part, dict) for v in values for part in v):
            return [alike([v[i] for v in values]) for i in range(len(first))]
        return first if all(v == first for v in values[1:]) else _NOT_ALIKE

    return alike(list(views))


def flatten_view(view: dict) -> dict[str, str]:
    """An observation as "part -> its text", one level into zones, boards, counters and queues. (repr, not
    JSON, for speed: an observation's dicts are built in one fixed order.)"""
    flat = {}
    for key, value in view.items():
        if key in ("zones", "boards", "counters", "queues") and value.__class__ is dict:
            for name, part in value.items():
                flat[f"{key}.{name}"] = repr(part)
        elif key != "seat":
            flat[key] = repr(value)
    return flat
