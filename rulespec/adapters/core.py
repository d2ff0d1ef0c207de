"""What the OpenSpiel and PettingZoo adapters share: a rulespec game seen as integer actions,
observation tensors and information states, with a claim window as a round of simultaneous picks.

Nothing here knows any game. The action numbering comes from the checked model (each choice
option's and chance step's text template, and the type of every name in it), the tensor layout from
the declared zones, boards and counters, and what a seat sees from ``State.observation(seat)``. A game in
progress, its claim windows played as rounds of picks, is a Session (rulespec/adapters/session.py).
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import math
import operator
import string
from pathlib import Path
from typing import Optional, Sequence

from ..lib.limits import LIMIT
from ..lib.template_matching import AnyText, OneOf, Template
from ..model import ir
from ..model.moves import max_moves
from .number_texts import offered_number_texts
from .state_bounds import StateBounds
from .static_texts import StaticValues, offered_fields
from ..pipeline import load, option_texts
from ..pipeline.rule_paths import confined_rule_file
from .declared_numbers import DeclaredNumbers
from .numbered_candidates import NumberingError
from .declared_outcomes import DeclaredOutcomes
from .errors import AdapterError
from .field_values import values_from_type
from .tensors import COUNTER_LIMIT, INFORMATION_TENSOR_LIMIT, RECENT_ROWS, InformationLayout, TensorLayout, unique_in_order
from ..runtime.engine import Action, Engine, default_max_steps, zero_sum_returns

WAIT = "wait"  # a seat's pick in a claim window when it does not act (yet)
RACE = "race won by player {}"  # the chance outcome that decides which of several claims was the fastest
LOT = "lot: player {}"  # the runtime's own chance step that breaks a tie for first place
# How many rounds of a claim window may pass with every seat waiting; after that a seat that has
# something to do must do it, so that a game always ends.
PATIENCE = 1


def is_claim_window(step) -> bool:
    """A choice any seat may take (`by any player`), as opposed to one each seat makes in secret."""
    return step.kind == "choice" and step.by is None and not getattr(step, "together", False)


def is_simultaneous(step) -> bool:
    return step.kind == "choice" and bool(getattr(step, "together", False))


@functools.lru_cache(maxsize=64)
def _cached_engine(name_or_path: str, variants: tuple[str, ...], options: tuple[tuple[str, str], ...]) -> Engine:
    # A game string is anyone's text: a bundled game, or a .rules file below the working directory or an
    # allowed folder (rulespec/pipeline/rule_paths.py); nothing else is opened.
    path = confined_rule_file(name_or_path, Path(), [Path()], "the working directory")
    return load(path, variants=list(variants), options=dict(options))


def game_key(name_or_path, variants: Sequence[str] = (), options: Optional[dict] = None) -> tuple:
    """A hashable name of one game: (bundled id or path, variants, sorted options)."""
    if isinstance(name_or_path, Path):
        name_or_path = str(name_or_path)
    if isinstance(variants, str):
        raise TypeError(f"variants is a list of variant names, not {variants!r}")
    return (name_or_path, tuple(variants), tuple(sorted((option_texts(options) or {}).items())))


def engine_for(key: tuple) -> Engine:
    return _cached_engine(*key)


class _Expansion:
    """The texts an action's (an outcome's) template can read in the game loaded (these rules, variants,
    options and players): each field's domain, the bounds and lists the model states, and the expansion
    of a template into its numbered texts. ``patterns`` and ``in_play`` collect the templates and texts
    with values only the state decides."""

    def __init__(self, engine: Engine, players: int):
        self.engine, self.players = engine, players
        self.boards = {board.name: b for b, board in enumerate(engine.BOARDS)}
        legs = range(len(engine.MATCH[0])) if engine.MATCH is not None else [0]
        self.loaded = [engine._leg_options(leg) for leg in legs]  # the options' values in play, per leg of a match
        self.tables = [engine._tables(players, options) for options in self.loaded]
        self.seats = [f"player {seat + 1}" for seat in range(players)]
        self.definitions = {d.name: d for d in getattr(engine.model, "definitions", ())}
        self.in_game = _items_in_game(engine, players)
        self.patterns: list[_Pattern] = []  # templates with values only the state decides
        # a numbered text with such values -> (each one's field and expression, the name of the seat choosing)
        self.in_play: dict[str, tuple[tuple, Optional[str]]] = {}

    def rows_and_columns_in_use(self, b: int) -> tuple[list, list]:
        """The rows and columns of a board's spaces in use with these options, each in the board's order (a
        grid's spaces are numbered row by row, so a template of a row and a column numbers them in board order
        even where the spaces in use start at a later column in the first rows: a hexagon of hexagons); every
        row and column of a board of another shape."""
        board = self.engine.BOARDS[b]
        width = len(board.columns)
        if len(board.rows) * width != board.size:
            return list(board.rows), list(board.columns)
        cells = set().union(*(t.cells_in_use[b] for t in self.tables))
        return ([board.rows[r] for r in sorted({cell // width for cell in cells})],
                [board.columns[c] for c in sorted({cell % width for cell in cells})])

    def cells_in_use(self, b: int) -> tuple:
        return tuple(sorted(set().union(*(t.cells_in_use[b] for t in self.tables))))

    def static_values(self) -> StaticValues:
        """What the configuration fixes: each option with one value in every leg, the boards, the definitions."""
        fixed = {name: values[0] for name in self.loaded[0] if len(values := self.option_values(name)) == 1}
        return StaticValues(self.boards, list(self.engine.BOARDS), fixed, self.definitions)

    def unmade_in_game(self) -> list[tuple[str, dict, str]]:
        """The looks none is made with (`king 0`) of the components in the game: a piece may come to show them."""
        kinds = {self.engine.ITEM_KIND[item] for item in self.in_game}
        return [look for look in self.engine._unmade_looks if look[0] in kinds]

    def option_values(self, name: str) -> list[str]:
        """The values an option takes in the game loaded (its leg's, for each leg of a match)."""
        return unique_in_order(str(options[name]) for options in self.loaded)

    def domain(self, type_: str, where: str, values=None) -> list[str]:
        if type_ == ir.ITEM:
            return unique_in_order([self.engine.ITEM_LABEL[item] for item in self.in_game] +
                                   [label for _, _, label in self.unmade_in_game()])
        if type_ == ir.SEAT:
            return self.seats
        if type_.startswith("space:"):  # the spaces in use with these options (Hex on 5x5: 25 of 11x11)
            b = self.boards[type_.split(":", 1)[1]]
            in_use = set().union(*(t.cells_in_use[b] for t in self.tables))
            return [self.engine.BOARDS[b].label(cell) for cell in range(self.engine.BOARDS[b].size) if cell in in_use]
        if type_.startswith("placement:"):
            b = self.boards[type_.split(":", 1)[1]]
            return unique_in_order(label for t in self.tables for label in t.placement_label[b])
        if type_ == ir.DIRECTION:  # a compass direction, shown by its word (`step north`)
            return list(ir.COMPASS)
        if values is not None:
            return [str(v) for v in values]
        raise AdapterError(f"{where}: the adapters cannot number a name of type {type_!r} in an action's "
                           f"text (only items, seats, spaces, placements, compass directions, words and numbers "
                           f"from a range whose ends are fixed or bounded by the model have a finite domain): "
                           f"give the range ends the model can bound (numbers, options, a counter only ever set "
                           f"to such values and never raised), or number the actions yourself (`actions numbered "
                           f"0 to N` with each option `numbered EXPR`)")

    def bound(self, e, most: bool) -> Optional[int]:
        """A fixed upper (most) or lower bound of a number, when the model's text gives one."""
        if isinstance(e, ir.Const) and isinstance(e.value, int) and not isinstance(e.value, bool):
            return e.value
        if isinstance(e, ir.OptionRef):  # its value in the game loaded
            values = self.option_values(e.name)
            if all(str(v).lstrip("-").isdigit() for v in values):
                return (max if most else min)(int(v) for v in values)
        if isinstance(e, ir.Builtin) and e.func in ("min", "max"):
            found = [self.bound(arg, most) for arg in e.args]
            known = [b for b in found if b is not None]
            if (e.func == "min") == most:  # the least of upper bounds, the most of lower bounds: any one will do
                return (min if most else max)(known) if known else None
            return None if None in found else (max if most else min)(found)
        if isinstance(e, ir.Arith) and e.op in ("+", "*"):  # of parts that cannot be negative
            lows = [self.bound(part, most=False) for part in (e.left, e.right)]
            found = [self.bound(part, most) for part in (e.left, e.right)]
            if None not in found and None not in lows and min(lows) >= 0:
                return found[0] + found[1] if e.op == "+" else found[0] * found[1]
            return None
        if isinstance(e, ir.Count) and isinstance(e.domain, ir.PlayersSet):  # `count(p in players)`
            return self.players if most or e.where is None else 0
        defined = getattr(ir, "DefinedValue", None)
        if defined is not None and isinstance(e, defined) and not e.args and e.name in self.definitions:
            return self.bound(self.definitions[e.name].value, most)
        return None

    def listed(self, e) -> Optional[tuple]:
        """The values a binding's domain lists, when the model says them: words, or a range with
        fixed bounds (`1..can_take` with can_take = min(most, stones): up to the most `most` allows)."""
        if isinstance(e, ir.AttributeValues):
            return e.values
        span = getattr(ir, "Span", None)
        if span is not None and isinstance(e, span):
            low, high = self.bound(e.low, most=False), self.bound(e.high, most=True)
            if low is not None and high is not None:
                return tuple(range(low, high + 1))
        return None

    def worked_out(self, e, chosen: set, where: str, values: Optional[dict] = None) -> Optional[list[str]]:
        """The texts a value worked out in a template (`{col of s}`) can read: a finite list, or None
        for a value that the state and the names shown beside it decide (`{stones}`, `{after(n)}`
        beside `{n}`), which then tells no two actions of one decision apart. ``values``: the values
        listed for the names chosen (`{min(a, b)}` of two dice reads one of theirs). A value that names
        chosen but not shown decide (`{neighbour of s towards d}`, `{r - 1}`) reads a value of its type
        (field_values.py)."""
        if (isinstance(e, ir.Builtin) and e.func in ("min", "max") and values
                and all(isinstance(a, ir.Var) and values.get(a.name) for a in e.args)):
            return unique_in_order(str(v) for a in e.args for v in values[a.name])
        if isinstance(e, ir.Const):
            return [str(e.value)]
        if isinstance(e, ir.OptionRef):
            return self.option_values(e.name)
        if isinstance(e, ir.SpaceAttr):
            b = self.boards[e.board]
            board = self.engine.BOARDS[b]
            rows, columns = self.rows_and_columns_in_use(b)
            if e.attr == board.row_attribute:
                return unique_in_order(str(v) for v in rows)
            if e.attr == board.column_attribute:
                return unique_in_order(str(v) for v in columns)
        if isinstance(e, ir.ItemAttr) and e.attr in self.engine.ITEM_ATTRS:
            values = self.engine.ITEM_ATTRS[e.attr]
            return unique_in_order([str(values[item]) for item in self.in_game if item in values] +
                                   [str(combo[e.attr]) for _, combo, _ in self.unmade_in_game() if e.attr in combo])
        if _names(e) & chosen:
            texts = values_from_type(self, e, values or {}, where)
            if texts is not None:
                return texts
            raise AdapterError(f"{where}: the adapters cannot number the actions of this text: "
                               f"`{{{e.text}}}` depends on what is chosen, and its values are not a fixed list")
        return None

    def worked_out_numbers(self, e) -> Optional[list[int]]:
        """The numbers a row, a column or a component's attribute can be, when they are numbers."""
        if not isinstance(e, (ir.SpaceAttr, ir.ItemAttr)):
            return None
        texts = self.worked_out(e, set(), "")
        if not texts or not all(text.lstrip("-").isdigit() for text in texts):
            return None
        return [int(text) for text in texts]

    def expand(self, template: str, types: dict[str, str], where: str, values: dict, shown: dict,
               chosen: set, mover: Optional[str] = None, option: Optional[ir.ChoiceOption] = None) -> list[str]:
        """The texts ``template`` can read; for a choice ``option``, only those some space in use can give
        where the option's conditions that no state decides hold (rulespec/adapters/static_texts.py)."""
        parsed = [(literal, None if field is None else _field_text(field, spec, conversion))
                  for literal, field, spec, conversion in string.Formatter().parse(template)]
        # (only where a name's range reads a name before it: the widest domains would not be numbered at all)
        walked = None if option is None or all(self.listed(b.domain) is not None for b in option.bindings) \
            else offered_number_texts(
            option, [field for _, field in parsed if field is not None], self.static_values().options, self.definitions)
        if walked is not None:  # numbers chosen from ranges, walked in order (number_texts.py)
            return ["".join(literal + (next(chosen) if field is not None else "") for literal, field in parsed)
                    for combination in walked for chosen in [iter(combination)]]
        domains, wild, in_play = [], False, []
        plain = {field for _, field in parsed if field in types}
        for _, field in parsed:
            if field is None:
                continue
            if field in types:
                domains.append(self.domain(types[field], where, values.get(field)))
                continue
            texts = self.worked_out(shown[field], chosen - plain, where, values) if field in shown else None
            if texts is None:  # shown as itself: `{at_stake}` in the numbering, the value in play
                texts, wild = ["{" + field + "}"], True
                in_play.append((field, shown.get(field)))
            domains.append(texts)
        if wild:
            self.patterns.append(_Pattern(parsed, domains))
        offered = None if option is None else offered_fields(
            option, [field for _, field in parsed if field is not None], self.static_values(), self.cells_in_use)
        texts = []
        for combination in itertools.product(*domains):
            if offered is not None and tuple(combination[i] for i in offered[0]) not in offered[1]:
                continue  # (no space in use can give these together where its conditions can hold)
            chosen = iter(combination)
            texts.append("".join(literal + (next(chosen) if field is not None else "") for literal, field in parsed))
        for text in texts if in_play else ():
            self.in_play.setdefault(text, (tuple(in_play), mover))
        return texts


def _items_in_game(engine: Engine, players: int) -> list[int]:
    """The items an action or outcome can be about in a game of these options and players: every item but
    those the set-up leaves in a zone that no rule names after it (Goofspiel's cards above num_cards, left in
    the box), which no step can move again. (The set-up has no chance: every game starts as this one.)"""
    named = _zones_named(engine.model)
    start = engine.new_game(players)
    dead = {item for zone in engine.ZONES if zone.name not in named for item in start._zones_named(zone.name)}
    return [item for item in range(len(engine.ITEM_LABEL)) if item not in dead]


def _zones_named(model: ir.Model) -> set[str]:
    """The zones a rule names outside the set-up: in a step, trigger, replacement, end, score or definition."""
    setup = model.setup.name if model.setup is not None else None
    found: set[str] = set()
    seen: set[int] = set()

    def walk(node) -> None:
        if isinstance(node, (tuple, list)):
            for part in node:
                walk(part)
        elif dataclasses.is_dataclass(node) and not isinstance(node, type) and id(node) not in seen:
            seen.add(id(node))
            for f in dataclasses.fields(node):
                value = getattr(node, f.name)
                if f.name in ("zone", "holder") and isinstance(value, str):
                    found.add(value)
                else:
                    walk(value)
    walk([model.steps, [i for i in model.insteads if i.step != setup], model.triggers, model.ends, model.scores,
          model.definitions, model.ranking, model.returns])
    return found


def _most_orders(engine: Engine) -> int:
    """The most orders a shuffle may list in this game: those of every component at once, within the limit."""
    counts: dict[str, int] = {}
    for label in engine.ITEM_LABEL:
        counts[label] = counts.get(label, 0) + 1
    orders = math.factorial(len(engine.ITEM_LABEL))
    for count in counts.values():
        orders //= math.factorial(count)
    return min(orders, LIMIT.shuffle_orders)


class ActionTable:
    """A stable numbering of every action text a game can offer, for one player count.

    Each choice option's template ("play {tile} on {space}") is expanded over the domain of every name
    in it, in the model's order: an item ranges over the distinct component labels, a seat over
    "player 1".."player N", a space over the board's spaces, a placement over the board's placements,
    a word over the values it is declared from; a value worked out from names chosen and not shown
    (`{neighbour of s towards d}`, `{r - 1}`) over the values of its type (field_values.py). Templates are taken in the rule file's order (steps,
    then options), the names of a template left to right, each domain in its declared order; a text two
    templates can both produce keeps its first number. Names range over what the options loaded put in
    play (the spaces in use, an option's value as a range's end), so a smaller configuration has fewer
    numbers, and an option's fields that read its bound spaces take only what a space in use can give where
    the option's conditions that no state decides hold (Dots and boxes: 12 lines of 25 places; static_texts.py).
    Chance outcomes are expanded the same way, each chance step's (and the runtime's lots, and
    the adapters' race outcomes) numbered from 0. A claim window adds
    "wait" as the last player action. Nothing is learnt from play, so a number means the same text in
    every process and every game with these rules, variants, options and player count.
    """

    def __init__(self, engine: Engine, players: int):
        self.engine, self.players = engine, players
        model: ir.Model = engine.model
        texts = _Expansion(engine, players)
        listed, expand = texts.listed, texts.expand
        bounded = functools.cache(lambda: StateBounds(texts))
        self._patterns = texts.patterns  # templates with values only the state decides
        self._in_play = texts.in_play  # a numbered text with such values -> (its values' sources, the seat choosing)
        player_texts: list[str] = []
        chance_groups: list[list[str]] = []  # a chance step's outcomes, the lots, the races: each numbered from 0
        self.has_window = any(is_claim_window(step) for step in model.steps)
        self.has_simultaneous = any(is_simultaneous(step) for step in model.steps)
        self.has_chance = has_chance(engine)
        # a game's joint nodes played as rounds of picks in turn (in OpenSpiel, where not every decision is joint)
        self.rounds_in_turn = (self.has_window or self.has_simultaneous) and not decided_together(engine)
        self.shuffles: set[str] = set()  # the chance steps that shuffle a zone
        # `actions numbered 0 to N`: a seat's action number is its option's `numbered` (declared_numbers.py), and
        # the options' texts are not enumerated
        self.declared = _declared_numbers(engine, players)
        # `chance outcomes numbered 0 to N`: an outcome's number is its chance step's `numbered` (declared_outcomes.py)
        self.declared_chance = None if engine.CHANCE_NUMBERS is None else DeclaredOutcomes(engine, players)
        if self.declared_chance is not None and self.has_window:
            raise NumberingError("the game numbers its chance outcomes (`chance outcomes numbered`), but a claim "
                                 "window's race is an outcome no rule numbers")
        for step in model.steps:
            types = {p.name: p.type for p in step.params}
            if step.kind == "choice" and self.declared is not None:
                continue
            if step.kind == "choice":
                for option in step.options:
                    option_types = dict(types, **{b.var: b.type for b in option.bindings})
                    # a range whose ends read the state: up to what the model bounds them by (state_bounds.py)
                    values = {b.var: found for b in option.bindings
                              if (found := listed(b.domain) or bounded().listed(b.domain)) is not None}
                    player_texts += expand(option.template, option_types, f"option {step.name}.{option.name}", values,
                                           dict(getattr(option, "shown", ())), {b.var for b in option.bindings},
                                           step.by.name if isinstance(step.by, ir.Var) else None, option)
            elif step.kind == "chance" and self.declared_chance is not None:
                continue
            elif step.kind == "chance" and getattr(step.outcome, "shuffle", None) is not None:
                # A shuffle's outcome is numbered by its place among the orders of the zone as it is (Session).
                self.shuffles.add(step.name)
                prefix = step.outcome.template.split("{", 1)[0]
                chance_groups.append([f"{prefix}order {k}" for k in range(1, _most_orders(engine) + 1)])
            elif step.kind == "chance" and step.outcome is not None:
                outcome = step.outcome
                outcome_types = dict(types, **dict.fromkeys(outcome.names, outcome.var_type))
                faces = outcome.faces or (listed(outcome.pick_from) if outcome.pick_from is not None else None)
                values = dict.fromkeys(outcome.names, faces) if faces else {}
                chance_groups.append(expand(outcome.template, outcome_types, f"chance {step.name}", values,
                                            dict(getattr(outcome, "shown", ())), set(outcome.names)))
        if engine._draws_lots:  # (only a ranking that says so draws lots)
            chance_groups.append([LOT.format(seat + 1) for seat in range(players)])
        # A seat with nothing to choose in a joint node waits: in a claim window, and where the rules leave seats
        # out of a decision made together (`by each player where C`). At a plain `by each player` every seat
        # chooses (Goofspiel's bids: 13 actions, as OpenSpiel's), so there is no `wait` to number.
        if self.has_window or any(is_simultaneous(step) and step.together_where is not None for step in model.steps):
            player_texts.append(WAIT)
        if self.has_window:
            chance_groups.append([RACE.format(seat + 1) for seat in range(players)])
        self.player_texts = unique_in_order(player_texts)
        if self.declared is not None:
            seats_texts = zip(*self.declared.texts)
            self.player_texts = [" / ".join(unique_in_order(texts)) for texts in seats_texts]
            self.player_texts += [WAIT] if WAIT in player_texts else []
        # An outcome's number is its place among its chance step's outcomes (Leduc's public card 0-5, as its
        # deal): outcomes of one chance node are always of one step. Its text: the texts of that place.
        self.chance_groups = [unique_in_order(group) for group in chance_groups if group]
        self.chance_texts = [" / ".join(unique_in_order(group[i] for group in self.chance_groups if i < len(group)))
                             for i in range(max(map(len, self.chance_groups), default=0))]
        if self.declared_chance is not None:
            self.chance_texts = self.declared_chance.texts
        self.player_ids = {text: i for i, text in enumerate(self.player_texts)}
        self.chance_ids = {text: i for i, text in enumerate(self.chance_texts)}  # (the joined texts read back)
        for group in self.chance_groups:
            for i, text in enumerate(group):
                self.chance_ids.setdefault(text, i)
        self.wait = self.player_ids.get(WAIT)
        # an action's (an outcome's) text -> its number, None if it has none: each text read back once
        self.player_numbers, self.chance_numbers = _Numbers(self, self.player_ids), _Numbers(self, self.chance_ids)
        self.drawn_numbers: dict = {}  # a static draw's (text, arguments) -> {item: its chance number} (drawn_numbers.py)
        self.short_draws: dict = {}  # a short static draw's (text, arguments, items) -> its ListingNumbers (likewise)
        self.listings: dict = {}  # a short listing's texts (a tuple) -> its ListingNumbers (listing_numbers.seat_numbers)
        self.race_texts = [RACE.format(seat + 1) for seat in range(players)] if self.has_window else []
        self.race_ids = [self.chance_ids[text] for text in self.race_texts]

    @property
    def num_actions(self) -> int:
        return len(self.player_texts)

    @property
    def num_chance_outcomes(self) -> int:
        return len(self.chance_texts)

    def action_to_string(self, action: int, chance: bool = False) -> str:
        texts = self.chance_texts if chance else self.player_texts
        if not 0 <= action < len(texts):
            raise ValueError(f"no {'chance outcome' if chance else 'action'} {action}; they are 0 to {len(texts) - 1}")
        return texts[action]

    def seat_text(self, seat: int, action: int) -> str:
        """A seat's action's text as numbered: that seat's own where the game numbers its actions."""
        if self.declared is not None and action != self.wait:
            return self.declared.text(seat, action)
        return self.player_texts[action]

    def text_without_state(self, seat: Optional[int], action: int) -> str:
        """An action's text for ``seat`` (None: a chance outcome's) without a state. A value only the state
        decides is filled in where it depends on the seat choosing alone, as the engine does (`{symbol of
        player}`: the seat's symbol), else shown as `<its source>` (`take 2 of <stones>, leaving <after(n)>`).
        Where the game numbers its actions, that seat's text of the number (`(no action 17)` if it has none)."""
        if seat is not None and self.declared is not None and action != self.wait:
            return self._filled(self.declared.text(seat, action), seat)
        if seat is not None:
            return self._filled(self.action_to_string(action), seat)
        self.action_to_string(action, chance=True)  # (raises for a number out of range)
        if self.declared_chance is not None:
            return self._filled(self.declared_chance.text(action), None)
        return " / ".join(unique_in_order(self._filled(group[action], None) for group in self.chance_groups
                                  if action < len(group)))

    def _filled(self, text: str, seat: Optional[int]) -> str:
        fields, mover = self._in_play.get(text, ((), None))
        for field, shown in fields:
            text = text.replace("{" + field + "}", _seat_value(shown, mover, seat) or f"<{field}>", 1)
        return text

    def string_to_action(self, text: str, chance: bool = False, seat: Optional[int] = None) -> int:
        """The number of an action's text (`player 2: sow a` names its seat; ``seat`` does where the game numbers
        each seat's actions itself: without one, the first seat's that has the text)."""
        numbers = self.chance_numbers if chance else self.player_numbers
        if text.startswith("chance: "):
            text, numbers = text[len("chance: "):], self.chance_numbers
        elif text.startswith("player ") and ": " in text:
            said, text = text.split(": ", 1)  # str(Action): "player 1: play blue 4"
            if said[len("player "):].isdigit():
                seat = int(said[len("player "):]) - 1
        if self.declared is not None and numbers is self.player_numbers and text != WAIT:
            return self._declared_number(text, seat)
        if self.declared_chance is not None and numbers is self.chance_numbers:
            found = self.declared_chance.number_of(text)
            if found is None:
                raise ValueError(f"{text!r} is not a chance outcome of this game")
            return found
        found = numbers[text]
        if found is None:
            raise ValueError(f"{text!r} is not an action of this game")
        return found

    def _declared_number(self, text: str, seat: Optional[int]) -> int:
        """A text's number where the game numbers its actions: the seat's, or without one the first seat's (in seat
        order) that has the text."""
        for s in range(self.players) if seat is None else [seat]:
            found = self.declared.number_of(s, text)
            if found is not None:
                return found
        raise ValueError(f"{text!r} is not an action of {'this game' if seat is None else f'player {seat + 1}'}")

    def _lookup(self, text: str, ids: dict) -> Optional[int]:
        found = ids.get(text)
        if found is None:  # a text showing a value the state works out: its template's number
            for pattern in self._patterns:
                canonical = pattern.canonical(text)
                if canonical is not None and canonical in ids:
                    return ids[canonical]
        return found

    def player_id(self, action: Action) -> int:
        if self.declared is not None and action.text != WAIT:  # (a claim window's or a joint node's actions)
            found = self.declared.number_of(action.player, action.text)
            if found is None:
                raise AdapterError(f"{action} has no number: no candidate of its options reads so without a state")
            return found
        found = self.player_numbers[action.text]
        if found is None:
            raise AdapterError(f"{action} is not in the action numbering (an action text no template gives)")
        return found

    def player_ids_of(self, actions: Sequence[Action]) -> list[int]:
        """The numbers of ``actions`` (in C loops: a number per text, each text read back once)."""
        if self.declared is not None:
            return [self.player_id(action) for action in actions]
        found = list(map(self.player_numbers.__getitem__, map(_text_of, actions)))
        if None in found:
            self.player_id(actions[found.index(None)])  # (raises: an action text no template gives)
        return found

    def chance_id(self, action: Action) -> int:
        found = (self.chance_numbers[action.text] if self.declared_chance is None
                 else self.declared_chance.number_of(action.text))
        if found is None:
            raise AdapterError(f"{action} is not in the chance numbering (an outcome text no template gives)")
        return found


def _declared_numbers(engine: Engine, players: int) -> Optional[DeclaredNumbers]:
    """The game's own action numbers (`actions numbered 0 to N`), None where it does not number its actions."""
    return None if engine.ACTION_NUMBERS is None else DeclaredNumbers(engine, players)


def _seat_value(shown, mover: Optional[str], seat: Optional[int]) -> Optional[str]:
    """The value a seat attribute of the seat choosing (`symbol of player`) has for ``seat``, else None."""
    if (isinstance(shown, ir.SeatAttr) and isinstance(shown.seat, ir.Var) and shown.seat.name == mover
            and seat is not None and 0 <= seat < len(shown.values)):
        return str(shown.values[seat])
    return None


def _field_text(field: str, spec: str, conversion: Optional[str]) -> str:
    return field + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else "")


def _names(e) -> set[str]:
    """The names (variables) an expression of the model reads."""
    found, todo = set(), [e]
    while todo:
        node = todo.pop()
        if isinstance(node, ir.Var):
            found.add(node.name)
        if isinstance(node, (list, tuple)):
            todo.extend(node)
        elif hasattr(node, "__dataclass_fields__"):
            todo.extend(getattr(node, name) for name in node.__dataclass_fields__ if name != "loc")
    return found


_text_of = operator.attrgetter("text")
READ_BACK_KEPT = 1 << 16  # texts an ActionTable keeps the numbers of (then it starts again): a game offers few


class _Numbers(dict):
    """A text -> its number among ``ids`` (None if it has none), each text read back once (a text showing a
    value the state works out goes through the templates, ActionTable._lookup); at most READ_BACK_KEPT kept,
    as a caller's texts (string_to_action) may be many."""

    __slots__ = ("table", "ids")

    def __init__(self, table: "ActionTable", ids: dict[str, int]):
        super().__init__()
        self.table, self.ids = table, ids

    def __missing__(self, text: str) -> Optional[int]:
        if len(self) >= READ_BACK_KEPT:
            self.clear()
        found = self[text] = self.table._lookup(text, self.ids)
        return found


class _Pattern:
    """A template with values only the state decides (`hold {at_stake}`): reads a text of it back to the
    text it has in the numbering, where such a value stays as its source. Matched by the template
    matcher (linear in the text), never a regular expression made of the rule file's texts (issue #37)."""

    def __init__(self, parsed: list, domains: list[list[str]]):
        self.parts = []  # (literal, the field's text in the numbering: its source, or None for the text read)
        matched, fields = [], iter(domains)
        for literal, field in parsed:
            matched.append(literal)
            if field is None:
                continue
            texts = next(fields)
            if len(texts) == 1 and texts[0] == "{" + field + "}":
                matched.append(AnyText(shortest=0, lazy=True))
                self.parts.append((literal, texts[0]))
            else:
                matched.append(OneOf(tuple(sorted(texts, key=len, reverse=True))))
                self.parts.append((literal, None))
        self.parts_tail = parsed[-1][0] if parsed and parsed[-1][1] is None else ""
        self.template = Template(matched)

    def canonical(self, text: str) -> Optional[str]:
        read = self.template.match(text)
        if read is None:
            return None
        return "".join(literal + (fixed if fixed is not None else value)
                       for (literal, fixed), value in zip(self.parts, read)) + self.parts_tail


def ranking_returns(outcome: dict, players: int) -> list[float]:
    """+1 / 0 / -1 from the ranking, zero-sum: each seat scores, over every other seat, +1 for each it
    ranks above and -1 for each that ranks above it, divided by players - 1. A sole winner gets +1, a
    sole last -1; tied seats share (two winners of three: +0.5 each, the third -1)."""
    return zero_sum_returns(outcome["ranking"], players)



def payoffs(engine: Engine, players: int = 0) -> tuple[str, float, float, Optional[float]]:
    """(zero_sum | constant_sum | general_sum, the least and the most a seat can get, their sum if fixed) of
    a game's payoffs: the ranking's +1 / 0 / -1, or the rule file's declared `returns` when the runtime has
    them (Engine.RETURNS: ('result', (win, draw, loss)) or ('value', a number per seat, within the file's
    `between L and H`, which `rulespec verify` checks, else only within the counters' range), and what they
    add up to when the file declares it (`zero-sum`, `constant-sum N`: Engine.RETURNS_SUM)."""
    declared = getattr(engine, "RETURNS", None)
    if declared is None:
        return "zero_sum", -1.0, 1.0, 0.0
    total = getattr(engine, "RETURNS_SUM", None)  # the rule file's `zero-sum` / `constant-sum N`
    if declared[0] == "result":
        win, draw, loss = (float(v) for v in declared[1])
        low, high = min(win, draw, loss, 0.0), max(win, draw, loss, 0.0)  # 0: everyone's until the game is over
    else:
        between = declared_range(engine)
        low, high = (-COUNTER_LIMIT, COUNTER_LIMIT) if between is None else (min(between[0], 0.0), max(between[1], 0.0))
    if total is not None:
        return "zero_sum" if total == 0 else "constant_sum", low, high, float(total)
    if declared[0] == "result" and players == 2 and win == -loss and draw == 0:  # one wins what the other loses
        return "zero_sum", low, high, 0.0
    return "general_sum", low, high if high > low else low + 1.0, None


def declared_range(engine: Engine) -> Optional[tuple[float, float]]:
    """The least and the most a seat's payoff can be, as the rule file declares them (`between L and H`
    under `returns of p`), from the checked model."""
    returns = getattr(getattr(engine, "model", None), "returns", None)
    between = getattr(returns, "between", None)
    return None if between is None else (float(between[0]), float(between[1]))




@functools.lru_cache(maxsize=64)
def table_for(key: tuple, players: int) -> ActionTable:
    return ActionTable(engine_for(key), players)


@functools.lru_cache(maxsize=64)
def layout_for(key: tuple, players: int) -> TensorLayout:
    return TensorLayout(engine_for(key), players)


@functools.lru_cache(maxsize=64)
def information_layout_for(key: tuple, players: int) -> InformationLayout:
    """The information state tensor's layout: the whole history where it fits, else its latest rows."""
    table, observation = table_for(key, players), layout_for(key, players)
    actions = table.num_actions
    whole = InformationLayout(observation, players, actions, 1 + default_max_steps(engine_for(key), players), True)
    if not table.has_window and whole.size <= INFORMATION_TENSOR_LIMIT:
        return whole
    rows = max(1, min(RECENT_ROWS, (INFORMATION_TENSOR_LIMIT - actions - 1) // whole.row))
    return InformationLayout(observation, players, actions, rows, False)



def max_decisions(key: tuple, players: int) -> int:
    """An upper bound on the decision nodes of one game, as OpenSpiel counts them (no chance node; a
    simultaneous decision is one): the rule file's `at most EXPR decisions` for this configuration where it
    says it and has no claim window (whose rounds of picks in turn are nodes of the adapters' own): the
    author's bound is what is published, even where the form's is smaller, as OpenSpiel publishes its own
    (`rulespec verify` checks that it holds); else where the rule file's form bounds its moves
    (rulespec/model/moves.py), that bound; otherwise the step budget, twice over for a game with claim
    windows (a round in which every seat waits, then the round that acts)."""
    engine = engine_for(key)
    start = engine.new_game(players)
    declared = engine._decision_limit(start)
    if declared is not None and not table_for(key, players).has_window:
        return max(declared, 1)
    turns = engine._turn_limit(start)  # (`at most EXPR turns`: this configuration's)
    bound = max_moves(engine.model, players, decision_nodes=True, turns=turns)
    if bound is not None:
        return max(bound, 1)
    budget = default_max_steps(engine, players)
    return budget * (PATIENCE + 1) if table_for(key, players).has_window else budget


def has_chance(engine: Engine) -> bool:
    """Whether play can reach a chance node: a chance step (a draw, a roll, a pick), lots drawn for a tie
    for first, or a claim window (whose race the adapters settle by chance)."""
    return engine._draws_lots or any(step.kind == "chance" or is_claim_window(step) for step in engine.model.steps)


def decided_together(engine: Engine) -> bool:
    """Whether every decision of the game is made by every seat together, in secret (`by each player`:
    Goofspiel's bids), the form OpenSpiel and PettingZoo give simultaneous games."""
    choices = [step for step in engine.model.steps if step.kind == "choice"]
    return bool(choices) and all(is_simultaneous(step) for step in choices)


def perfect_information(engine: Engine) -> bool:
    return all(zone.visibility == "public" for zone in engine.ZONES)
