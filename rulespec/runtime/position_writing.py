"""A state written as a position: :func:`to_position` (the format: rulespec/runtime/position.py)."""

from __future__ import annotations

import json
import string
from typing import TYPE_CHECKING, Optional

from .common import LOTS
from .position_format import MAX_LETTERS, _compress, _names, _read_over
from .repetition import record_to_list
from .space_counts import counts_text

if TYPE_CHECKING:  # a position is written from these; state.py calls this module (through position.py)
    from .engine import Engine
    from .state import State


def _letters(engine: Engine, st: State, b: int) -> Optional[dict[str, str]]:
    """A letter for each label of a component that may lie on grid ``b``, or None: write it by spaces."""
    names = _names(engine)
    labels: list[str] = []
    # (the labels of what may lie there first, as made: the same letters whichever item reads which label now)
    fitting = [i for i in range(len(engine.ITEM_KIND)) if st._t.fits[b][i]]
    kinds = {engine.ITEM_KIND[i] for i in fitting}
    for label in [engine.ITEM_LABEL[i] for i in fitting] + \
            [label for kind, _, label in engine._unmade_looks if kind in kinds] + \
            [st._labels[i] for i in st._boards[b] if i >= 0]:
        if label not in labels:
            labels.append(label)
    if len(labels) > MAX_LETTERS or any(label not in names.bare for label in labels):
        return None
    used: dict[str, str] = {}
    for label in labels:
        # the last word first: it tells copies of one kind apart (`bottle 8` is 8, `cross` is c)
        words = label.lower().split()
        candidates = [c for word in reversed(words) for c in word if c.isalnum()] + \
            list(string.ascii_lowercase + string.digits)
        letter = next(c for c in candidates if c not in used.values())
        used[label] = letter
    return used


def _frame_text(engine: Engine, st: State, frame, default_cause: str) -> str:
    names = _names(engine)
    step, args, actor, cause, replaced = frame[0], frame[1], frame[2], frame[3], frame[4]
    info = engine.STEPS.get(step)
    types = info.param_types if info is not None and info.param_types else ()
    shown = []
    for i, arg in enumerate(args):
        type_ = types[i] if i < len(types) else ("seat" if step == LOTS else "")
        if type_ == "seat":
            shown.append(f"player {arg + 1}")
        elif type_ == "item":
            shown.append(_item_arg(engine, st, arg))
        elif type_.startswith("space:"):
            board = next(bi for bi in engine.BOARDS if bi.name == type_[6:])
            shown.append(board.label(arg))
        else:
            shown.append(str(arg))
    text = f"{step}({', '.join(shown)})"
    if actor != st._turn_seat:
        text += f" by player {actor + 1}"
    if replaced:
        text += f" replacing {', '.join(replaced)}"
    if cause != default_cause:
        text += f" as {cause}"
    return text


def _item_arg(engine: Engine, st: State, item: int) -> str:
    """An item a pending step names: its label and, when it has copies, where it is (a rule may ask where
    this very copy lies: `hexagon on r4c8 r4c9 r5c8`, `starfish in rack of player 2`)."""
    names = _names(engine)
    text = names.item(item, st._labels)
    if len(names.items_of[st._labels[item]]) == 1 or text.startswith("item "):
        return text
    where, t = st._loc[item], st._t
    if where < 0:
        return text
    if where < t.zone_count:
        zone = next(z for z in reversed(engine.ZONES) if t.zone_base[z.name] <= where)
        owner = where - t.zone_base[zone.name]
        return f"{text} in {zone.name}" + (f" of player {owner + 1}" if zone.per_player else "")
    b = max(k for k in range(len(engine.BOARDS)) if t.board_base[k] <= where)
    cells = st._boards[b]
    first = where - t.board_base[b]
    covered = [c for c in range(first, len(cells)) if cells[c] == item]
    return f"{text} on {' '.join(engine.BOARDS[b].label(c) for c in covered)}"


def _over_text(engine: Engine, over: dict) -> str:
    winners = over.get("winners", [])
    text = f"{over.get('end')}, " + (f"winners {', '.join(f'player {w + 1}' for w in winners)}" if winners
                                     else "no winners")
    if _read_over(engine, text) == over:
        return text
    return json.dumps(over, sort_keys=True)


def to_position(st: State) -> str:
    """The position of ``st`` as text that ``st.game.position(...)`` reads back (see the module's doc)."""
    engine, t = st._engine, st._t
    names = _names(engine)
    lines = [f"game {engine.GAME_ID}", f"players {st.players}"]
    lines += [f"option {name} = {value}" for name, value in st._options.items()]
    lines += [f"variant {name}" for name in engine.VARIANTS_APPLIED]
    lines.append(f"phase {st._phase}")
    lines.append(f"turn {st._turn_number} of player {st._turn_seat + 1}")
    if st._next_seat is not None:
        lines.append(f"next seat player {st._next_seat + 1}")
    if engine.MATCH is not None or st._leg:
        lines.append(f"leg {st._leg + 1}")
    if st._legs:
        lines.append(f"legs played: {json.dumps(st._legs, sort_keys=True)}")
    if st._seen:  # (a game that counts positions: rulespec/runtime/repetition.py; this turn's last)
        lines.append("positions seen: " + ", ".join(f"{key} x{count}" for key, count in record_to_list(st, st._seen)))
    for name, seen in st._seen_on.items():  # (a game that counts a board's positions)
        if seen:
            lines.append(f"positions seen on {name}: "
                         + ", ".join(f"{key} x{count}" for key, count in record_to_list(st, seen, board=True)))
    for b, board in enumerate(engine.BOARDS):
        cells = st._boards[b]
        letters = _letters(engine, st, b) if board.kind == "grid" else None  # (a graph: `space: item` lines)
        if letters is not None:
            width = len(board.columns)
            rows = []
            for r in range(len(board.rows)):
                row = ""
                for c in range(r * width, (r + 1) * width):
                    row += "-" if not t.in_use[b][c] else "." if cells[c] < 0 else \
                        letters[st._labels[cells[c]]]
                rows.append(row)
            shown = set("".join(rows))  # the key names the letters on the board, not every kind there is
            key = ", ".join(f"{letter} = {label}" for label, letter in letters.items() if letter in shown)
            lines.append(f"{board.name}: {'/'.join(rows)}" + (f" ({key})" if key else ""))
            continue
        placed = []
        seen = set()
        for cell, item in enumerate(cells):
            if item < 0 or item in seen:
                continue
            seen.add(item)
            covered = tuple(c for c in range(cell, len(cells)) if cells[c] == item)
            placed.append(f"  {' '.join(board.label(c) for c in covered)}: {names.item(item, st._labels)}")
        lines.append(f"{board.name}:" + ("" if placed else " empty"))
        lines += placed
    for zone in engine.ZONES:
        base = t.zone_base[zone.name]
        for owner in range(st.players if zone.per_player else 1):
            items = st._zones[base + owner]
            head = f"{zone.name} of player {owner + 1}" if zone.per_player else zone.name
            tokens = _compress([names.item(i, st._labels) for i in items], names.bare)
            lines.append(f"{head}: {', '.join(tokens) if tokens else 'empty'}")
    for name, value in st._counters.items():
        if name in engine.SPACE_COUNTERS:  # a number per space, row by row (rulespec/runtime/space_counts.py)
            b = engine.SPACE_COUNTERS[name]
            lines.append(f"counter {name}: {counts_text(engine.BOARDS[b], t.in_use[b], value)}")
            continue
        lines.append(f"counter {name}: {counter_shown(engine, name, value)}")  # (a word by its name)
    for queue, entries in st._queues.items():
        for entry in entries:
            lines.append(f"queued in {queue}: {_frame_text(engine, st, entry, queue)}")
    default_cause = "setup" if st._phase == "setup" else "turn"
    frames = [_frame_text(engine, st, frame, default_cause) for frame in st._stack]
    i = 0
    while i < len(frames):  # the same step pending several times in a row: `pending draw_tile(player 2) x9`
        j = i + 1
        while j < len(frames) and frames[j] == frames[i]:
            j += 1
        lines.append(f"pending {frames[i]}" + (f" x{j - i}" if j - i > 1 else ""))
        i = j
    for seat, text in st._chosen:
        lines.append(f"chosen in secret: player {seat + 1}: {text}")
    if st._over is not None:
        lines.append(f"game over: {_over_text(engine, st._over)}")
    return "\n".join(lines) + "\n"


def counter_shown(engine, name: str, value) -> str:
    """A counter's value as a reader reads it: a number; a seat, a direction or a word by its name (or none);
    a counter per player, its values in seat order."""
    words = engine.COUNTER_WORDS.get(name)
    if isinstance(value, list):
        return ", ".join(counter_shown(engine, name, v) for v in value)
    return str(value) if words is None else words[value] if value >= 0 else "none"
