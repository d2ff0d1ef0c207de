"""A position's text read back into a state: :func:`read_position` and :class:`PositionReader` (the format:
rulespec/runtime/position.py). The text's header, steps, counters and game over are read here, where the
components lie in rulespec/runtime/position_places.py; what was read is a state's dict, checked like
``from_json``."""

from __future__ import annotations

import json
import re
from typing import TYPE_CHECKING, Any, Optional

from ..lib.suggestions import close_matches
from .common import AFTER, ENDING, LOTS, RESOLVE, RuleRuntimeError
from .numbers import COUNTER_LIMIT, WHOLE_LIMIT, NotAWholeNumber, whole_number
from .position_format import (MAX_POSITION_CHARS, MAX_REPEATED_FRAMES, InvalidPosition, _Line, _names, _read_over,
                              _short)
from .position_places import Places, _ItemRef
from .repetition import start_board_records, start_record
from .space_counts import read_counts
from .state_check import InvalidState, check_state_dict, most_turns

if TYPE_CHECKING:  # a position is read into these; engine.py calls this module (through position.py)
    from .engine import Engine
    from .state import State


class PositionReader(Places):
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
        words = engine.COUNTER_WORDS.get(name)  # a counter holding a seat, a direction or a word: by its name
        if words is not None and not all(v == "none" or v in words for v in values):
            self.fail(line, self.col(line, text.strip()), f"counter {name} holds one of {', '.join(words)} or none, "
                                                          f"not {_short(text.strip())}")
        try:
            numbers = [whole_number(v, -COUNTER_LIMIT, COUNTER_LIMIT) for v in values] if words is None else \
                [-1 if v == "none" else words.index(v) for v in values]
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
