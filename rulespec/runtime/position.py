"""Positions a person can write down: a state as a few lines of text, and back.

``state.to_position()`` writes a state; ``game.position(text)`` reads one back into a ``State``,
checked like ``from_json``: what was read is a state's dict, which goes through the same pydantic
types of a state's shape (rulespec/runtime/state_schema.py) and the same game checks
(:func:`rulespec.runtime.state_check.check_state_dict`), so a bad position is refused with
:class:`InvalidPosition` at its line and column and nothing is half-built. The format (documented on
the site's "Positions" page, docs/positions.md)::

    game tic-tac-toe                      # optional; must be this game
    players 2                             # optional; the game's fewest players by default
    option side = A                       # one line per option (the engine's own by default)
    phase play                            # setup or play (play by default)
    turn 5 of player 1                    # the turn's number and player (turn 1 of the first seat)
    grid: c.n/.c./..n (c = cross, n = nought)    # a grid: one letter per space, rows by `/`
    beach:                                # or a block of `space: component` lines
      red 4: red 4
      blue 5: starfish
    supply: cross x2, nought x3           # a zone: labels; `LABEL xN` copies, `red 0..17` a run
    rack of player 1: red 3, green 0
    bag: the rest                         # every component written nowhere else
    counter pass_streak: 0                # counters by name; one value per seat if per player
    counter seeds: 4 4 4/4 4 4            # a counter per space: its board's rows by `/` (`-` not in use)
    queued in bonuses: give_left(player 1)
    pending turn(player 1)                # the steps under way, bottom first: the last one decides
    chosen in secret: player 2: bid 3     # a simultaneous decision's choices made so far (`by each player`)
    game over: three, winners player 1    # only once the game is over
    positions seen: 5e34... x2, ...       # a game that counts positions: each seen at a turn start (this one's last)
    positions seen on grid: 9a1f... x1, ...  # likewise a board's own positions (`the position on grid has occurred`)

What a position drops, on purpose: the history of actions, the rule counts (``fired``), invariant
violations found so far, and how each space's component came there (its cause, which no rule reads). A
position written without `positions seen` has no past: it has occurred once, itself.
Everything else a state holds is written, hidden parts included: a position is the whole state, not one
seat's view (a hidden zone's order, when it is stacked, is written bottom first).
"""

from __future__ import annotations

import json
import re
import string
from typing import TYPE_CHECKING, Any, Optional, Sequence

from ..lib.suggestions import close_matches
from .common import AFTER, ENDING, LOTS, RESOLVE, RuleRuntimeError
from .numbers import COUNTER_LIMIT, WHOLE_LIMIT, NotAWholeNumber, whole_number
from .repetition import record_to_list, start_board_records, start_record
from .space_counts import counts_text, read_counts
from .state_check import InvalidState, check_state_dict, most_turns

if TYPE_CHECKING:  # a position is read into, and written from, these; engine.py and state.py call this module
    from .engine import Engine
    from .state import State

MAX_POSITION_CHARS = 200_000  # a position is read in one pass; longer texts are refused before reading
MAX_REPEATED_FRAMES = 10_000  # `pending STEP(...) xN`: N at most this
MAX_LETTERS = 36  # a grid with more kinds of component than this is written as `space: component` lines
_UNSAFE = re.compile(r"[,():;\n]|^\s|\s$| x\d+$|\.\.")  # labels that cannot stand bare in a list


class InvalidPosition(InvalidState):
    """A position that cannot be read: ``line`` and ``column`` (from 1) in the position's text, the
    ``reason`` and a ``hint``; ``str()`` is ``"line L, column C: reason (hint)"``."""

    def __init__(self, line: int, column: int, reason: str, hint: Optional[str] = None, text: str = ""):
        self.line, self.column, self.hint, self.text = line, column, hint, text
        super().__init__(f"position line {line}, column {column}", reason + (f" ({hint})" if hint else ""))
        self.reason = reason


# ----------------------------------------------------------------------------- writing


class _Names:
    """How one engine writes and reads items, seats, spaces and letters."""

    def __init__(self, engine: Engine):
        self.engine = engine
        labels = engine.ITEM_LABEL
        groups: dict[str, set] = {}
        for item, label in enumerate(labels):
            groups.setdefault(label, set()).add(engine._copy_group[item])
        # A label names its items when they are interchangeable copies and it reads back as one token.
        self.bare = {label for label, group in groups.items() if len(group) == 1 and not _UNSAFE.search(label)
                     and not re.fullmatch(r"item \d+|the rest|empty", label)}
        self.items_of: dict[str, list[int]] = {}
        for item, label in enumerate(labels):
            self.items_of.setdefault(label, []).append(item)
        # A look no piece is made with (`king 0`): read as a piece that can change into it, written as it reads
        self.unmade = {label: (kind, combo) for kind, combo, label in engine._unmade_looks}
        for label in self.unmade:
            self.items_of.setdefault(label, [])
            if not _UNSAFE.search(label):
                self.bare.add(label)

    def item(self, item: int, labels: Optional[Sequence[str]] = None) -> str:
        """How an item is written: its label (in ``labels``, a state's, where an attribute can change)."""
        label = (self.engine.ITEM_LABEL if labels is None else labels)[item]
        return label if label in self.bare else f"item {item}"


def _names(engine: Engine) -> _Names:
    names = engine.__dict__.get("_position_names")
    if names is None:
        names = engine.__dict__["_position_names"] = _Names(engine)
    return names


def _compress(tokens: list[str], known: set[str]) -> list[str]:
    """`starfish x5` for copies in a row, `red 0..17` for a run of numbered labels."""
    counted: list[tuple[str, int]] = []
    for token in tokens:
        if counted and counted[-1][0] == token:
            counted[-1] = (token, counted[-1][1] + 1)
        else:
            counted.append((token, 1))
    out: list[str] = []
    i = 0
    while i < len(counted):
        token, n = counted[i]
        match = re.fullmatch(r"(.*\D)(\d+)", token)
        if n == 1 and match and token in known:
            prefix, first = match.group(1), int(match.group(2))
            j = i + 1
            while (j < len(counted) and counted[j][1] == 1 and counted[j][0] == f"{prefix}{first + j - i}"):
                j += 1
            if j - i >= 3:
                out.append(f"{prefix}{first}..{first + j - i - 1}")
                i = j
                continue
        out.append(token if n == 1 else f"{token} x{n}")
        i += 1
    return out


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
        shown = ", ".join(str(v) for v in value) if isinstance(value, list) else str(value)
        lines.append(f"counter {name}: {shown}")
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


# ----------------------------------------------------------------------------- reading


class _Line:
    __slots__ = ("number", "indent", "text", "raw")

    def __init__(self, number: int, raw: str):
        self.number, self.raw = number, raw
        stripped = raw.lstrip(" \t")
        self.indent = len(raw) - len(stripped)
        self.text = stripped.rstrip()


class _ItemRef:
    """An item a pending step names, found once the zones and boards are read."""
    __slots__ = ("line", "column", "label", "how", "where", "item")

    def __init__(self, line, column, label, how, where, item):
        self.line, self.column, self.label, self.how, self.where, self.item = line, column, label, how, where, item


class PositionReader:
    """Reads one position (``read()``); ``taken`` is then every item the text wrote (not `the rest`, not
    those left where the game starts them)."""

    def __init__(self, engine: Engine, text: str, players: Optional[int], advance: bool):
        self.engine = engine
        self.names = _names(engine)
        self.advance = advance
        self.default_players = players
        self.lines = [_Line(n, raw) for n, raw in enumerate(text.split("\n"), 1)]
        self.at: dict[str, int] = {}  # part of the state -> the line that gave it (for the checks' messages)

    # -- errors
    def fail(self, line: _Line, column: int, reason: str, hint: Optional[str] = None):
        raise InvalidPosition(line.number, column, reason, hint, line.raw)

    def col(self, line: _Line, piece: str, start: int = 0) -> int:
        found = line.raw.find(piece, start) if piece else -1
        return found + 1 if found >= 0 else line.indent + 1

    # -- the whole text
    def read(self) -> State:
        heads = self.blocks()
        header, options, variants, body = self.read_header(heads)
        self.start(heads, header, options, variants)
        self.zones: dict[int, list[int]] = {}
        self.zone_lines: dict[int, _Line] = {}
        self.rest_zone: Optional[int] = None
        self.boards = [[-1] * b.size for b in self.engine.BOARDS]
        self.written_boards: set[int] = set()
        self.queues: dict[str, list] = {name: [] for name in self.engine.QUEUES}
        self.stack: list = []
        self.chosen: list = []
        self.over_read: Optional[dict] = None
        self.taken: set[int] = set()
        for line, block in body:
            if not self.step_line(line):
                self.place_line(line, block)
        self.place_unwritten(heads)
        return self.built(heads)

    def blocks(self) -> list[tuple[_Line, list[_Line]]]:
        """The text's lines that say something, each with the indented lines of its block."""
        heads: list[tuple[_Line, list[_Line]]] = []
        for line in self.lines:
            if not line.text or line.text.startswith("#"):
                continue
            if line.indent and heads and heads[-1][0].text.endswith(":"):
                heads[-1][1].append(line)
            elif line.indent and heads:
                self.fail(line, line.indent + 1, "this line is indented, but the line before does not start a block",
                          "only a board written as `NAME:` takes indented `space: component` lines")
            else:
                heads.append((line, []))
        return heads

    def read_header(self, heads) -> tuple[dict, dict[str, str], list[str], list]:
        """The header's lines read (game, players, options, variants, phase, turn, next seat, leg, legs played):
        by part, (its line, what it says); the options and variants written; the other lines and their blocks."""
        header = {"players": None, "phase": None, "turn": None, "next": None, "leg": None, "legs": None, "seen": None,
                  "seen_on": {}}
        options: dict[str, str] = {}
        variants: list[str] = []
        body = []
        for line, block in heads:
            if not self.header_line(line, header, options, variants):
                body.append((line, block))
        return header, options, variants, body

    def header_line(self, line: _Line, header: dict, options: dict[str, str], variants: list[str]) -> bool:
        """Read ``line`` if it is one of the header's (true)."""
        engine = self.engine
        words = line.text.split()
        head = words[0]
        if head == "game" and len(words) == 2 and ":" not in line.text:
            if words[1] != engine.GAME_ID:
                self.fail(line, self.col(line, words[1]), f"this is a position of {words[1]!r}, not of "
                                                          f"{engine.GAME_ID!r}")
        elif head == "players" and ":" not in line.text:
            header["players"] = (line, self.number(line, words[1:], "players N", WHOLE_LIMIT))
        elif head == "option" and ":" not in line.text:
            m = re.fullmatch(r"option\s+(\S+)\s*=\s*(\S+)", line.text)
            if not m:
                self.fail(line, line.indent + 1, "an option is written `option NAME = VALUE`")
            if m.group(1) not in engine.OPTIONS:
                self.fail(line, self.col(line, m.group(1)), f"{engine.TITLE} has no option {m.group(1)!r}",
                          self.close(m.group(1), engine.OPTIONS))
            options[m.group(1)] = m.group(2)
            self.at["options"] = line.number
        elif head == "variant" and len(words) == 2 and ":" not in line.text:
            variants.append(words[1])
            self.at["variants"] = line.number
        elif head == "phase" and ":" not in line.text:
            if len(words) != 2 or words[1] not in ("setup", "play"):
                self.fail(line, line.indent + 1, "the phase is written `phase setup` or `phase play`")
            header["phase"] = (line, words[1])
        elif head == "turn" and ":" not in line.text:
            m = re.fullmatch(r"turn\s+(\S+)\s+of\s+player\s+(\S+)", line.text)
            if not m:
                self.fail(line, line.indent + 1, "the turn is written `turn N of player P`",
                          "such as `turn 1 of player 1`")
            number = self.whole(line, line.indent + m.start(1) + 1, m.group(1), 0, most_turns(engine), "turn")
            seat = self.whole(line, line.indent + m.start(2) + 1, m.group(2), 1, engine.MAX_PLAYERS, "player")
            header["turn"] = (line, number, seat - 1)
        elif line.text.startswith("next seat ") and ":" not in line.text:
            header["next"] = (line, self.seat_word(line, line.text[len("next seat "):]))
        elif head == "leg" and ":" not in line.text:
            header["leg"] = (line, self.number(line, words[1:], "leg N", len(engine.MATCH[0]) if engine.MATCH else 1) - 1)
        elif line.text.startswith("legs played:"):
            header["legs"] = (line, self.json(line, line.text[len("legs played:"):]))
        elif line.text.startswith("positions seen:"):
            self.at["seen"] = line.number
            header["seen"] = (line, self.seen(line, line.text[len("positions seen:"):]))
        elif re.match(r"positions seen on \S+:", line.text):
            name, _, text = line.text[len("positions seen on "):].partition(":")
            self.at["seen_on"] = line.number
            header["seen_on"][name] = self.seen(line, text)
        else:
            return False
        return True

    def start(self, heads, header: dict, options: dict[str, str], variants: list[str]) -> None:
        """The empty state of the players, options and variants the header gives (``st``), and the state's
        data as the header has it (``data``: no history, the phase, turn, next seat, leg and legs played)."""
        engine = self.engine
        applied = sorted(engine.VARIANTS_APPLIED)
        if variants and sorted(variants) != applied:  # none written: the engine's own
            line = next(l for l, _ in heads if l.number == self.at.get("variants", heads[0][0].number))
            self.fail(line, line.indent + 1, f"the position is of variants {', '.join(variants) or 'none'}; this "
                                             f"engine plays {', '.join(applied) or 'no variant'}")
        players = header["players"][1] if header["players"] else (self.default_players or engine.MIN_PLAYERS)
        if not engine.MIN_PLAYERS <= players <= engine.MAX_PLAYERS:
            line = header["players"][0]
            self.fail(line, line.indent + 1, f"{engine.TITLE} is played by {engine.MIN_PLAYERS} to "
                                             f"{engine.MAX_PLAYERS} players, not {players}")
        self.players = players
        all_options = dict(engine._option_values)
        leg = header["leg"][1] if header["leg"] else 0
        if engine.MATCH is not None and 0 <= leg < len(engine.MATCH[0]):
            all_options.update(engine._leg_options(leg))
        all_options.update(options)
        try:
            st = engine._empty_state(players, all_options)
        except (ValueError, RuleRuntimeError) as error:
            line = next((l for l, _ in heads if l.number == self.at.get("options")), heads[0][0] if heads else
                        _Line(1, ""))
            self.fail(line, line.indent + 1, str(error))
        self.st = st
        self.t = st._t
        self.labels = list(engine.ITEM_LABEL)  # each item as written (an attribute that can change: as taken)
        data = st._to_dict()
        data["history"], data["violations"], data["fired"] = [], [], {}
        data["phase"] = header["phase"][1] if header["phase"] else "play"
        turn_number, turn_seat = (header["turn"][1], header["turn"][2]) if header["turn"] else (1, engine.FIRST_SEAT % players)
        data["turn_number"], data["turn_seat"] = turn_number, turn_seat
        for key, part in (("turn", "turn_seat"), ("turn", "turn_number"), ("phase", "phase"), ("players", "players"), ("next", "next_seat"),
                          ("leg", "leg"), ("legs", "legs")):
            if header[key]:
                self.at[part] = header[key][0].number
        if header["turn"] and not 0 <= turn_seat < players:
            line = header["turn"][0]
            self.fail(line, self.col(line, "player"), f"there is no player {turn_seat + 1} in a game of {players}")
        data["next_seat"] = header["next"][1] if header["next"] else None
        data["leg"] = leg
        data["legs"] = header["legs"][1] if header["legs"] else []
        if header["seen"]:
            data["seen"] = header["seen"][1]
        if header["seen_on"]:
            data["seen_on"] = header["seen_on"]
        self.seen_on_written = tuple(header["seen_on"])
        self.data = data
        self.turn_seat = turn_seat
        self.where: dict[int, tuple[int, int]] = {}  # item -> (zone or -1 - board, line)

    def step_line(self, line: _Line) -> bool:
        """Read ``line`` if it tells of steps, secret choices, the game's end or a counter (true): `pending`,
        `chosen in secret:`, `queued in`, `game over:`, `counter`."""
        text = line.text
        if text.startswith("pending "):
            copies = re.search(r"\s+x(\d+)$", text)
            times = 1
            if copies:
                text = text[:copies.start()]
                times = self.whole(line, line.indent + copies.start(1) + 1, copies.group(1), 1, MAX_REPEATED_FRAMES,
                                   "a step is pending this many times in a row")
            frame = self.frame(line, text[len("pending "):], len("pending "), None)
            self.stack.extend([frame] * times)
            self.at.setdefault("stack", line.number)
        elif text.startswith("chosen in secret:"):
            found = re.fullmatch(r"chosen in secret:\s*player (\S+): (.+)", text)
            if not found:
                self.fail(line, line.indent + 1, f"cannot read {_short(text)}",
                          "write a secret choice as `chosen in secret: player N: TEXT`")
            seat = self.whole(line, line.indent + found.start(1) + 1, found.group(1), 1, self.players, "player")
            self.chosen.append([seat - 1, found.group(2).strip()])
            self.at.setdefault("chosen", line.number)
        elif text.startswith("queued in "):
            queue, _, rest = text[len("queued in "):].partition(":")
            queue = queue.strip()
            queues = self.queues
            if queue not in queues:
                self.fail(line, self.col(line, queue), f"{self.engine.TITLE} has no queue {queue!r}",
                          self.close(queue, queues) or f"queues: {', '.join(queues) or 'none'}")
            queues[queue].append(list(self.frame(line, rest.strip(), text.index(":") + 1, queue)))
            self.at.setdefault("queues", line.number)
        elif text.startswith("game over:"):
            self.over_read = self.over(line, text[len("game over:"):].strip())
            self.at["over"] = line.number
        elif text.startswith("counter "):
            name, _, rest = text[len("counter "):].partition(":")
            self.counter(line, name.strip(), rest, self.data["counters"])
        else:
            return False
        return True

    def place_line(self, line: _Line, block: list[_Line]) -> None:
        """Read a zone's line (`NAME: items`) or a board's (with its block)."""
        text = line.text
        head, colon, rest = text.partition(":")
        if not colon:
            self.fail(line, line.indent + 1, f"cannot read {_short(text)}",
                      "a line is a zone or board (`NAME: ...`), `counter NAME: N`, `pending STEP(...)`, "
                      "`queued in QUEUE: STEP(...)`, `game over: ...`, or one of game, players, option, "
                      "variant, phase, turn, next seat, leg")
        head = head.strip()
        key_match = re.fullmatch(r"(\w+)\s*\((.*)\)", head)  # `grid (x = cross, ...):` then a diagram block
        board_name = key_match.group(1) if key_match else head
        board = next((b for b, info in enumerate(self.engine.BOARDS) if info.name == board_name), None)
        if board is not None:
            if board in self.written_boards:
                self.fail(line, line.indent + 1, f"board {board_name} is written twice")
            self.written_boards.add(board)
            self.at[f"board{board}"] = line.number
            self.board(line, block, board, key_match.group(2) if key_match else None, rest, self.boards)
            return
        if block:
            self.fail(block[0], block[0].indent + 1, f"only a board takes indented lines, and {head!r} is none")
        zone = self.zone(line, head)
        zones = self.zones
        if zone in zones:
            self.fail(line, line.indent + 1, f"{head} is written twice")
        zones[zone], self.zone_lines[zone] = [], line
        self.at[f"zone{zone}"] = line.number
        if self.items(line, rest, len(head) + 1, zone, zones[zone]):
            self.rest_zone = zone

    def place_unwritten(self, heads) -> None:
        """Components written nowhere: in `the rest`, or else where the game starts them (if that zone is not
        written); then the zones into the state's data."""
        start, zones, rest_zone = self.st, self.zones, self.rest_zone
        left = [i for i in range(len(self.engine.ITEM_KIND)) if i not in self.taken]
        homeless = []
        written = set(zones)
        for item in left:
            if rest_zone is not None:
                zones[rest_zone].append(item)
            elif start._loc[item] < 0:
                continue  # in no place at the start of a game either
            elif start._loc[item] in written:
                homeless.append(item)
            else:
                zones.setdefault(start._loc[item], []).append(item)
        if homeless:
            shown = ", ".join(_compress([self.names.item(i) for i in homeless[:40]], self.names.bare))
            line = self.zone_lines.get(start._loc[homeless[0]], heads[-1][0] if heads else _Line(1, ""))
            self.fail(line, line.indent + 1, f"{len(homeless)} components are in no zone and on no board: {shown}"
                                             f"{'...' if len(homeless) > 40 else ''}",
                      "write them in a zone, or `the rest` in the zone that holds everything else")
        for z in range(self.t.zone_count):
            items = zones.get(z, [])
            self.data["zones"][z] = items if z in self.t.stacked else sorted(items)

    def built(self, heads) -> State:
        """The state of the data read, checked; the turn's automatic steps run when no step is written."""
        engine, data, boards, stack, queues, over = (self.engine, self.data, self.boards, self.stack, self.queues,
                                                     self.over_read)
        data["boards"] = boards
        data["causes"] = [[None if item < 0 else "given" for item in cells] for cells in boards]
        for frame in stack + [entry for entries in queues.values() for entry in entries]:
            frame[1][:] = [self.resolve(a, self.zones, boards) if isinstance(a, _ItemRef) else a for a in frame[1]]
        data["queues"] = queues
        over_given = over is not None
        if not stack and not over_given:
            turn_seat = self.turn_seat
            stack = [[engine.TURN_STEP, [turn_seat], turn_seat, "turn", []]] if engine.TURN_STEP else []
        data["stack"] = [list(f) for f in stack]
        data["over"] = over
        data["chosen"] = self.chosen
        turn_starts = not over_given and "stack" not in self.at  # the turn step, to run up to its first decision
        try:
            check_state_dict(engine, data)
        except InvalidState as error:
            if not (turn_starts and error.path.startswith("state.stack") and "no decision" in error.reason):
                raise self.placed(error, heads) from None
        try:
            built = engine._state_from_checked(data)
        except InvalidState as error:  # the secret choices, checked against the decision they belong to
            raise self.placed(error, heads) from None
        if engine.COUNTS_POSITIONS and "seen" not in self.at:  # written without its past: seen once, itself
            start_record(built)
        if engine.COUNTS_POSITIONS_ON:  # likewise each board written without its past
            start_board_records(built, self.seen_on_written)
        if turn_starts and self.advance:
            try:
                engine._advance(built)  # the turn's automatic steps, up to its first decision
            except RuleRuntimeError as error:
                line = heads[-1][0] if heads else _Line(1, "")
                self.fail(line, 1, f"the game could not go on from this position: {error}",
                          "write the step under way with `pending STEP(...)`")
        return built

    def placed(self, error: InvalidState, heads) -> InvalidPosition:
        """The checks' complaint, at the line that gave the part it names."""
        path = error.path
        key = None
        m = re.match(r"state\.(zones|boards|causes)\[(\d+)\]", path)
        if m:
            z = int(m.group(2))
            key = f"zone{z}" if m.group(1) == "zones" else f"board{z}"
        else:
            for part in ("stack", "queues", "over", "options", "variants", "turn_seat", "turn_number", "phase", "players",
                         "next_seat", "leg", "legs", "counters", "chosen", "seen_on", "seen"):
                if path.startswith(f"state.{part}"):
                    key = part
                    break
        number = self.at.get(key) if key else None
        line = next((l for l in self.lines if l.number == number), None) or (heads[0][0] if heads else _Line(1, ""))
        return InvalidPosition(line.number, line.indent + 1, error.reason, text=line.raw)

    # -- pieces
    def close(self, word: str, known) -> Optional[str]:
        found = close_matches(word, known, n=1)  # (bounded work, however many the labels)
        return f"did you mean {found[0]!r}?" if found else None

    def number(self, line: _Line, words: list[str], form: str, high: int) -> int:
        if len(words) != 1:
            self.fail(line, line.indent + 1, f"write `{form}`")
        return self.whole(line, self.col(line, words[0], line.indent + 1), words[0], 1, high, form.split()[0])

    def whole(self, line: _Line, column: int, text: str, low: int, high: int, what: str) -> int:
        """A number the position writes, bounded by its length before it is read and by ``low``..``high``
        after (rulespec/runtime/numbers.py); else InvalidPosition at ``column``."""
        try:
            return whole_number(text, low, high)
        except NotAWholeNumber as error:
            self.fail(line, column, f"{what}: {error}")

    def seen(self, line: _Line, text: str) -> list[list]:
        """`positions seen: KEY xN, ...`: each position seen at a turn start and how often, this turn's last."""
        pairs = []
        for entry in text.split(","):
            m = re.fullmatch(r"\s*(\S+)\s+x(\S+)\s*", entry)
            if not m:
                self.fail(line, self.col(line, entry.strip() or ":"), "positions seen are written `KEY xN, ...`",
                          "as state.to_position() writes them; leave the line out for a position with no past")
            pairs.append([m.group(1), self.whole(line, self.col(line, m.group(2)), m.group(2), 1, WHOLE_LIMIT, "seen")])
        return pairs

    def json(self, line: _Line, text: str):
        try:
            return json.loads(text)
        except (ValueError, RecursionError) as error:
            self.fail(line, self.col(line, text.strip()), f"cannot read {_short(text.strip())} as JSON: {error}")

    def seat_word(self, line: _Line, text: str) -> int:
        m = re.fullmatch(r"\s*player\s+(\S+)\s*", text)
        try:
            return whole_number(m.group(1) if m else "", 1, self.players_or_default()) - 1
        except NotAWholeNumber:
            self.fail(line, self.col(line, text.strip()), f"{_short(text.strip())} is no player of this game",
                      f"write `player 1` to `player {self.players_or_default()}`")

    def players_or_default(self) -> int:
        return getattr(self, "players", None) or self.default_players or self.engine.MAX_PLAYERS

    def zone(self, line: _Line, head: str) -> int:
        engine, t = self.engine, self.t
        m = re.fullmatch(r"(\w+)(?:\s+of\s+(.+))?", head)
        info = engine._zone_info.get(m.group(1)) if m else None
        if info is None:
            known = [z.name for z in engine.ZONES] + [b.name for b in engine.BOARDS]
            self.fail(line, line.indent + 1, f"{engine.TITLE} has no zone or board {head!r}",
                      self.close(m.group(1) if m else head, known) or f"zones: {', '.join(z.name for z in engine.ZONES)}")
        base = t.zone_base[info.name]
        if info.per_player:
            if not m.group(2):
                self.fail(line, line.indent + 1, f"there is one {info.name} per player: say whose",
                          f"such as `{info.name} of player 1: ...`")
            return base + self.seat_word(line, m.group(2))
        if m.group(2):
            self.fail(line, self.col(line, " of ") + 1, f"{info.name} is shared, not one per player",
                      "leave out `of ...`")
        return base

    def take(self, line: _Line, column: int, token: str, where: int) -> int:
        """A free item for ``token``: a label (the first copy not yet written) or `item N`."""
        m = re.fullmatch(r"item (\d+)", token)
        if m:
            candidates = [self.item_number(line, column, m.group(1))]
        else:
            candidates = self.names.items_of.get(token)
            if candidates is None:
                self.fail(line, column, f"{self.engine.TITLE} has no component shown as {token!r}",
                          self.close(token, self.names.items_of))
        in_play = set(self.t.in_play_items)
        look = None if m else self.look(token)
        for item in sorted(candidates, key=lambda i: (i not in in_play, i)) + self.changeable(look, candidates):
            if item not in self.taken:
                self.taken.add(item)
                self.where[item] = (where, line.number)
                self.change_to(item, token, look)
                return item
        if not candidates:  # (a look none is made with: `king 0`)
            self.fail(line, column, f"no piece is left that can become {token!r}: every one is written already")
        self.fail(line, column, f"every {token!r} is written already ({len(candidates)} in the game)")

    def look(self, label: str) -> tuple[str, dict]:
        """What a label shows: its component and attribute values (those of the first item made so, or of a
        look none is made with)."""
        if label in self.names.unmade:
            return self.names.unmade[label]
        proto = self.names.items_of[label][0]
        return self.engine.ITEM_KIND[proto], {attr: values[proto] for attr, values in self.engine.ITEM_ATTRS.items()
                                              if proto in values}

    def changeable(self, look: Optional[tuple[str, dict]], candidates: list[int]) -> list[int]:
        """Where attributes can change, the items that can show ``look`` (their component, the attributes that
        cannot change equal) besides ``candidates``: taken when every one made so is written already."""
        engine = self.engine
        if look is None or not engine.CHANGING:
            return []
        kind, combo = look
        fixed = [(attr, values) for attr, values in engine.ITEM_ATTRS.items()
                 if kind not in engine.CHANGING.get(attr, ((), ()))[1]]
        return [item for item, k in enumerate(engine.ITEM_KIND) if k == kind and item not in candidates
                and all(values.get(item) == combo.get(attr) for attr, values in fixed)]

    def change_to(self, item: int, label: str, look: Optional[tuple[str, dict]]) -> None:
        """``item`` written as ``label``: its attributes that can change given the look's values."""
        engine = self.engine
        if not engine.CHANGING or look is None or self.labels[item] == label:
            return
        for attr, values in self.data["attributes"].items():
            if engine.ITEM_KIND[item] in engine.CHANGING[attr][1]:
                values[item] = look[1][attr]
        self.labels[item] = label

    def items(self, line: _Line, text: str, offset: int, zone: int, out: list[int]) -> bool:
        """The items of a zone's line; True when it says `the rest`."""
        text = text.strip()
        if text in ("", "empty"):
            return False
        rest = False
        position = line.raw.find(text, offset)
        for token in text.split(","):
            column = line.raw.find(token.strip(), position) + 1
            position = column + len(token.strip())
            token = token.strip()
            if token == "the rest":
                rest = True
                continue
            for label in self.expand(line, column, token):
                out.append(self.take(line, column, label, zone))
        return rest

    def expand(self, line: _Line, column: int, token: str) -> list[str]:
        """One token of a list: a label, `LABEL xN`, `PREFIX N..M` or `item N`."""
        known = self.names.items_of
        if token in known or re.fullmatch(r"item \d+", token):
            return [token]
        m = re.fullmatch(r"(.+?) x(\d+)", token)
        if m and (m.group(1) in known or re.fullmatch(r"item \d+", m.group(1))):
            try:
                return [m.group(1)] * whole_number(m.group(2), 1, len(self.engine.ITEM_KIND))
            except NotAWholeNumber:
                self.fail(line, column, f"there are not {_short(m.group(2))} of {m.group(1)!r} in the game")
        m = re.fullmatch(r"(.*\D)(\d+)\.\.(\d+)", token)
        if m:
            low = self.whole(line, column, m.group(2), 0, WHOLE_LIMIT, "a run's first number")
            high = self.whole(line, column, m.group(3), 0, WHOLE_LIMIT, "a run's last number")
            if high < low or high - low > len(self.engine.ITEM_KIND):
                self.fail(line, column, f"{token!r} is no run: write the lower number first")
            labels = [f"{m.group(1)}{n}" for n in range(low, high + 1)]
            missing = [label for label in labels if label not in known]
            if missing:
                self.fail(line, column, f"{token!r} names {missing[0]!r}, which is no component of {self.engine.TITLE}")
            return labels
        if not token:
            self.fail(line, column, "an empty name in a list", "separate the components with `, `")
        self.fail(line, column, f"{self.engine.TITLE} has no component shown as {token!r}",
                  self.close(token, known) or "a list holds labels, `LABEL xN`, runs `red 0..17` and `the rest`")

    def board(self, line: _Line, block: list[_Line], b: int, key: Optional[str], rest: str, boards) -> None:
        engine, t = self.engine, self.t
        info = engine.BOARDS[b]
        rest = rest.strip()
        legend = None
        if rest and rest != "empty":  # a one-line diagram: rows split by `/`, then an optional key
            m = re.fullmatch(r"(\S+)(?:\s*\((.*)\))?", rest)
            if not m:
                self.fail(line, self.col(line, rest), f"cannot read the diagram {_short(rest)}",
                          "one character per space, rows split by `/`, then the key: `x.o/.x./..o (x = cross, "
                          "o = nought)`")
            rows = m.group(1).split("/")
            legend = self.legend(line, m.group(2) or "")
            if block:
                self.fail(block[0], block[0].indent + 1, "a board given on one line takes no block")
            if len(rows) != len(info.rows):
                self.fail(line, self.col(line, m.group(1)), f"{info.name} has {len(info.rows)} rows, not {len(rows)}")
            cells = [(line, self.col(line, m.group(1)), "".join(rows))]
            self.diagram(b, cells, legend, boards, row_width_check=[(line, self.col(line, m.group(1)), r) for r in rows])
            return
        if key is not None:  # `grid (x = cross, ...):` and rows of the map below
            legend = self.legend(line, key)
            rows = []
            for row_line in block:
                words = row_line.text.split()
                label = words[0] if words else ""
                if label not in info.rows:
                    self.fail(row_line, row_line.indent + 1, f"{info.name} has no row {label!r}",
                              f"rows: {', '.join(info.rows)}")
                rows.append((row_line, info.rows.index(label), words[1:]))
            if len(rows) != len(info.rows):
                self.fail(line, line.indent + 1, f"{info.name} has {len(info.rows)} rows; the diagram gives {len(rows)}")
            width = len(info.columns)
            for row_line, r, cells in rows:
                if len(cells) != width or any(len(c) != 1 for c in cells):
                    self.fail(row_line, row_line.indent + 1, f"a row of {info.name} has {width} spaces, one character "
                                                              f"each, separated by spaces")
                for c, ch in enumerate(cells):
                    self.cell(row_line, self.col(row_line, ch, row_line.indent + len(info.rows[r])), b,
                              r * width + c, ch, legend, boards)
            return
        for space_line in block:  # `space: component` lines
            where, colon, what = space_line.text.partition(":")
            if not colon:
                self.fail(space_line, space_line.indent + 1, "a space of a board is written `SPACE: COMPONENT`",
                          f"such as `{info.label(t.cells_in_use[b][0]) if t.cells_in_use[b] else '...'}: ...`")
            where, what = where.strip(), what.strip()
            column = self.col(space_line, what, space_line.raw.find(":"))
            item = self.take(space_line, column, what, -1 - b)
            self.put(space_line, space_line.indent + 1, b, where, item, boards)

    def legend(self, line: _Line, key: str) -> dict[str, str]:
        legend = {}
        for part in key.split(","):
            if not part.strip():
                continue
            m = re.fullmatch(r"\s*(\S)\s*=\s*(.+?)\s*", part)
            if not m or m.group(1) in ".-":
                self.fail(line, self.col(line, part.strip()), f"cannot read {_short(part.strip())} in the key",
                          "the key is `LETTER = LABEL, ...` (`.` is an empty space and `-` no space)")
            if m.group(2) not in self.names.items_of:
                self.fail(line, self.col(line, m.group(2)), f"{self.engine.TITLE} has no component shown as "
                                                            f"{m.group(2)!r}", self.close(m.group(2), self.names.items_of))
            legend[m.group(1)] = m.group(2)
        return legend

    def diagram(self, b, cells, legend, boards, row_width_check) -> None:
        info = self.engine.BOARDS[b]
        width = len(info.columns)
        for line, column, row in row_width_check:
            if len(row) != width:
                self.fail(line, column, f"a row of {info.name} has {width} spaces, not {len(row)}: {row!r}")
        line, column, flat = cells[0]
        for cell, ch in enumerate(flat):
            r = cell // width
            self.cell(line, column + cell + r, b, cell, ch, legend, boards)

    def cell(self, line, column, b, cell, ch, legend, boards) -> None:
        info, t = self.engine.BOARDS[b], self.t
        if ch == "-":
            if t.in_use[b][cell]:
                self.fail(line, column, f"{info.label(cell)} is a space in use; `-` is for no space",
                          "write `.` for an empty space")
            return
        if ch == ".":
            return
        if ch not in legend:
            self.fail(line, column, f"{ch!r} is not in the key", f"the key says {', '.join(f'{k} = {v}' for k, v in legend.items()) or 'nothing'}")
        item = self.take(line, column, legend[ch], -1 - b)
        self.put(line, column, b, info.label(cell), item, boards)

    def put(self, line, column, b, where: str, item: int, boards) -> None:
        info, t = self.engine.BOARDS[b], self.t
        if info.kind == "triangles":
            labels = t.placement_label[b]
            placement = next((p for p, label in enumerate(labels) if label == where), None)
            if placement is not None:
                covered = t.placement_cells[b][placement]
            else:
                by_label = {info.label(c): c for c in range(info.size)}
                if any(w not in by_label for w in where.split()):
                    bad = next(w for w in where.split() if w not in by_label)
                    self.fail(line, self.col(line, bad), f"{info.name} has no space {bad!r}",
                              self.close(bad, by_label))
                covered = tuple(sorted(by_label[w] for w in where.split()))
        else:
            found = [c for c in range(info.size) if info.label(c) == where]
            if not found:
                self.fail(line, column, f"{info.name} has no space {where!r}",
                          self.close(where, [info.label(c) for c in t.cells_in_use[b]]))
            covered = (found[0],)
        for c in covered:
            if not t.in_use[b][c]:
                self.fail(line, column, f"{info.label(c)} is not in use in a game of {self.players} players")
            if boards[b][c] >= 0:
                self.fail(line, column, f"{info.label(c)} already holds {self.labels[boards[b][c]]!r}")
        for c in covered:
            boards[b][c] = item

    def counter(self, line: _Line, name: str, text: str, counters: dict) -> None:
        engine = self.engine
        declared = engine.COUNTERS.get(name)
        if declared is None:
            self.fail(line, self.col(line, name), f"{engine.TITLE} has no counter {name!r}",
                      self.close(name, engine.COUNTERS) or f"counters: {', '.join(engine.COUNTERS) or 'none'}")
        if name in engine.SPACE_COUNTERS:
            b = engine.SPACE_COUNTERS[name]
            try:
                counters[name] = read_counts(text, engine.BOARDS[b], self.t.in_use[b])
            except ValueError as error:
                self.fail(line, self.col(line, text.strip()), f"counter {name} is kept per space of "
                                                              f"{engine.BOARDS[b].name}: {error}")
            self.at["counters"] = line.number
            return
        values = [v.strip() for v in text.split(",")]
        try:
            numbers = [whole_number(v, -COUNTER_LIMIT, COUNTER_LIMIT) for v in values]
        except NotAWholeNumber as error:
            self.fail(line, self.col(line, text.strip()), f"counter {name} holds whole numbers, not "
                                                          f"{_short(text.strip())}: {error}")
        if declared[0]:
            if len(numbers) != self.players:
                self.fail(line, self.col(line, text.strip()), f"counter {name} is one per player: give {self.players} "
                                                              f"values, player 1's first")
            counters[name] = numbers
        else:
            if len(numbers) != 1:
                self.fail(line, self.col(line, text.strip()), f"counter {name} is shared: give one value")
            counters[name] = numbers[0]
        self.at["counters"] = line.number

    def frame(self, line: _Line, text: str, offset: int, queue: Optional[str]) -> tuple:
        engine = self.engine
        m = re.fullmatch(r"\s*(\w+)\s*\((.*?)\)(?:\s+by\s+player\s+(\d+))?(?:\s+replacing\s+([\w, ]+?))?"
                         r"(?:\s+as\s+(.+))?\s*", text)
        if not m:
            self.fail(line, offset + line.indent + 1, f"cannot read the step {_short(text)}",
                      "write `STEP(ARGUMENTS)`, then optionally `by player N`, `replacing NAME`, `as CAUSE`")
        step = m.group(1)
        info = engine.STEPS.get(step)
        if info is None and step not in (RESOLVE, LOTS, ENDING, AFTER):
            self.fail(line, self.col(line, step), f"{engine.TITLE} has no step {step!r}", self.close(step, engine.STEPS))
        raw_args = [a.strip() for a in m.group(2).split(",")] if m.group(2).strip() else []
        types = info.param_types if info is not None and info.param_types else ()
        if info is not None and len(raw_args) != len(info.params):
            self.fail(line, self.col(line, step), f"step {step} takes {len(info.params)} arguments "
                                                  f"({', '.join(info.params) or 'none'}), not {len(raw_args)}")
        args = []
        for i, raw in enumerate(raw_args):
            type_ = types[i] if i < len(types) else ""
            column = self.col(line, raw, line.raw.find("("))
            if type_ == "seat" or (not type_ and raw.startswith("player ")):
                args.append(self.seat_word(line, raw))
            elif type_ == "item":
                args.append(self.item_arg(line, column, raw))
            elif type_.startswith("space:"):
                b = next((k for k, bi in enumerate(engine.BOARDS) if bi.name == type_[6:]), None)
                labels = [engine.BOARDS[b].label(c) for c in range(engine.BOARDS[b].size)]
                if raw not in labels:
                    self.fail(line, column, f"{engine.BOARDS[b].name} has no space {raw!r}", self.close(raw, labels))
                args.append(labels.index(raw))
            elif re.fullmatch(r"-?\d+", raw):
                args.append(self.whole(line, column, raw, -COUNTER_LIMIT, COUNTER_LIMIT, "a step's number"))
            else:
                args.append(raw)
        actor = self.turn_seat
        if m.group(3):
            try:
                actor = whole_number(m.group(3), 1, self.players) - 1
            except NotAWholeNumber:
                self.fail(line, self.col(line, "by player"), f"there is no player {_short(m.group(3))} in a game of "
                                                             f"{self.players}")
        replaced = [r.strip() for r in m.group(4).split(",")] if m.group(4) else []
        default_cause = queue if queue is not None else ("setup" if self.data["phase"] == "setup" else "turn")
        cause = m.group(5).strip() if m.group(5) else default_cause
        return (step, args, actor, cause, replaced)

    def item_arg(self, line: _Line, column: int, raw: str) -> "_ItemRef":
        """An item named as a step's argument: `item N`, a label, or a label `in ZONE` / `on SPACES`; found once
        every zone and board is read (see resolve)."""
        m = re.fullmatch(r"item (\d+)", raw)
        if m:
            return _ItemRef(line, column, None, None, None, self.item_number(line, column, m.group(1)))
        label, how, where = raw, None, None
        if raw not in self.names.items_of:
            found = re.fullmatch(r"(.+?)\s+(in|on)\s+(.+)", raw)
            if found and found.group(1) in self.names.items_of:
                label, how, where = found.groups()
        if label not in self.names.items_of:
            self.fail(line, column, f"{self.engine.TITLE} has no component shown as {label!r}",
                      self.close(label, self.names.items_of))
        if how == "in":
            zone = self.zone(line, where)
            return _ItemRef(line, column, label, "in", zone, None)
        return _ItemRef(line, column, label, how, where, None)

    def item_number(self, line: _Line, column: int, digits: str) -> int:
        try:
            return whole_number(digits, 0, len(self.engine.ITEM_KIND) - 1)
        except NotAWholeNumber:
            self.fail(line, column, f"there is no item {_short(digits)}", f"items are 0 to {len(self.engine.ITEM_KIND) - 1}")

    def resolve(self, ref: "_ItemRef", zones: dict, boards: list) -> int:
        if ref.item is not None:
            return ref.item
        labels = self.labels
        if ref.how == "in":
            found = [i for i in zones.get(ref.where, []) if labels[i] == ref.label]
            if not found:
                self.fail(ref.line, ref.column, f"no {ref.label!r} is written in that zone")
            return min(found)
        if ref.how == "on":
            for b, info in enumerate(self.engine.BOARDS):
                first = ref.where.split()[0]
                cell = next((c for c in range(info.size) if info.label(c) == first), None)
                if cell is not None and boards[b][cell] >= 0 and labels[boards[b][cell]] == ref.label:
                    return boards[b][cell]
            self.fail(ref.line, ref.column, f"no {ref.label!r} is written on {ref.where}")
        if not self.names.items_of[ref.label]:
            self.fail(ref.line, ref.column, f"no piece is made as {ref.label!r}: say which one it is",
                      f"`{ref.label} on SPACE` or `{ref.label} in ZONE`")
        return self.names.items_of[ref.label][0]

    def over(self, line: _Line, text: str) -> dict:
        if text.startswith("{"):
            return self.json(line, text)
        over = _read_over(self.engine, text)
        if over is None:
            ends = [e.name for e in self.engine.ENDS]
            self.fail(line, self.col(line, text), f"cannot read {_short(text)} as the end of the game",
                      f"write `game over: END, winners player 1` or `game over: END, no winners`; ends: "
                      f"{', '.join(ends)}")
        for seat in over["winners"]:
            if seat >= self.players:
                self.fail(line, self.col(line, f"player {seat + 1}"), f"there is no player {seat + 1} in a game of "
                                                                      f"{self.players}")
        return over


def _read_over(engine: Engine, text: str) -> Optional[dict]:
    m = re.fullmatch(r"(\w+),\s*(?:no winners|winners\s+(player\s+\d+(?:\s*,\s*player\s+\d+)*))", text.strip())
    if not m:
        return None
    end = next((e for e in engine.ENDS if e.name == m.group(1)), None)
    if end is None and m.group(1) != "turn_limit":
        return None
    try:
        winners = sorted({whole_number(w, 1, WHOLE_LIMIT) - 1 for w in re.findall(r"\d+", m.group(2) or "")})
    except NotAWholeNumber:
        return None
    return {"end": m.group(1), "winners": winners, "cites": list(end.cites) if end is not None else []}


def _short(text: str, limit: int = 60) -> str:
    return repr(text if len(text) <= limit else text[:limit] + "...")


def read_position(engine: Engine, text: Any, players: Optional[int] = None, advance: Optional[bool] = True) -> State:
    """The state a position's text describes (see the module's doc); InvalidPosition (an InvalidState, a
    ValueError) at the line and column of the first problem. Without a `pending` line the turn of the
    turn's player starts and, when ``advance``, its automatic steps run up to the first decision;
    ``advance=False`` leaves that turn step unrun (the examples runner runs it). ``players`` is the count
    used when the text gives none."""
    if not isinstance(text, str):
        raise TypeError(f"position() takes the text of a position (str), not {type(text).__name__}")
    if len(text) > MAX_POSITION_CHARS:
        raise InvalidPosition(1, 1, f"a position is at most {MAX_POSITION_CHARS:,} characters; this one has "
                                    f"{len(text):,}")
    if "\r" in text:
        text = text.replace("\r\n", "\n")
    return PositionReader(engine, text, players, advance).read()
