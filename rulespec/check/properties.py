"""The properties every generated engine must have, whatever the game, as checks of one state.

:class:`Checks` holds them for one engine and player count: each is a function of a state that raises
:class:`~rulespec.check.failures.PropertyFailure` with the actions that reproduce it. The cheap ones run
after every step, the full set after every rule of the state machine (rulespec/check/machine.py);
``verify --exhaustive`` runs them on every reachable state (rulespec/check/exhaustive.py), and
:func:`check_state` collects every deterministic one on a single state (``rulespec replay``). What each
property means is :data:`rulespec.check.failures.PROPERTIES`.

Nothing here knows about any particular game: it only uses the engine API and the tables every
generated engine has (``ZONES``, ``INVARIANTS``, ``MAX_TURNS``, ``ITEM_LABEL``).
"""

from __future__ import annotations

import json
import math
import random
from fractions import Fraction
from pathlib import Path
from typing import Any, Callable, Iterable, Optional, Sequence, Union

from ..runtime.engine import (
    CHANCE, SIMULTANEOUS, Action, Engine, IllegalAction, State, StepBudgetExceeded, default_max_steps, random_game,
    random_step,
)
from .action_numbers import numbering_problem
from .candidate_numbers import candidate_numbering_problem
from .failures import Failure, PropertyFailure


def _violation_property(game: Engine, text: str) -> str:
    for inv in game.INVARIANTS:
        if text.startswith(f"{inv.name}:"):
            return f"invariant:{inv.name}"
    return "violations"


def _short(value: Any, limit: int = 200) -> str:
    text = repr(value)
    return text if len(text) <= limit else text[:limit] + "..."


def _first_difference(a: Any, b: Any, path: str = "") -> Optional[str]:
    where = path or "<whole>"
    if type(a) is not type(b):
        return f"{where}: {_short(a)} != {_short(b)}"
    if isinstance(a, dict):
        for key in sorted(set(a) | set(b), key=str):
            if key not in a or key not in b:
                return f"{path}/{key}: only in {'the first' if key in a else 'the second'}"
            found = _first_difference(a[key], b[key], f"{path}/{key}")
            if found:
                return found
        return None
    if isinstance(a, (list, tuple)):
        if len(a) != len(b):
            return f"{where}: {len(a)} entries != {len(b)}: {_short(a)} != {_short(b)}"
        for i, (x, y) in enumerate(zip(a, b)):
            found = _first_difference(x, y, f"{path}[{i}]")
            if found:
                return found
        return None
    return None if a == b else f"{where}: {_short(a)} != {_short(b)}"


def playable_actions(state: State) -> list[Action]:
    """What may be played now: the legal actions, or the chance outcomes with p > 0."""
    if state.is_chance_node():
        return [a for a, p in state.chance_outcomes() if p > 0]
    return list(state.legal_actions())


def _pick_weighted(outcomes: list[tuple[Action, Fraction]], rng: random.Random, exact: bool = True) -> Action:
    # exact: the same draw as rulespec.random_game, so a playout and random_game agree for one seed
    total = float(sum(p for _, p in outcomes)) if exact else 1.0
    pick = rng.random() * total
    chosen = outcomes[-1][0]
    for action, probability in outcomes:
        pick -= float(probability)
        if pick < 0:
            chosen = action
            break
    return chosen


class Checks:
    """Every property for one engine and player count, as functions of a state that raise
    :class:`PropertyFailure`. The cheap ones run after every step, the full set after every rule
    of the state machine (see :func:`state_machine`)."""

    def __init__(self, game: Engine, players: int, source: str, variants: Sequence[str] = (),
                 max_game_steps: Optional[int] = None, counts: Optional[dict[str, int]] = None,
                 max_applies: Optional[int] = None):
        self.game = game
        self.max_applies = max_applies
        self.players = players
        self.source = source
        self.variants = tuple(variants)
        self.options = dict(game._option_values)
        # the step budget of the whole random game of `termination`: None is the runtime's default for
        # this game and player count (rulespec.runtime.engine.default_max_steps)
        self.max_game_steps = max_game_steps if max_game_steps is not None else default_max_steps(game, players)
        self.counts = counts if counts is not None else {}
        # how the seeded games of playout, termination and hidden information choose a seat's action
        # (None: uniformly at random, as rulespec.random_game; see POLICIES)
        self.policy: Optional[Callable[[State, random.Random], Action]] = None
        self.always = tuple(inv for inv in game.INVARIANTS if inv.form == "always" and inv.check is not None)

    # ---- reporting
    def failure(self, prop: str, message: str, actions: Iterable[str]) -> Failure:
        return Failure(prop, message, self.players, dict(self.options), list(actions), self.source, self.variants)

    def fail(self, prop: str, message: str, actions: Iterable[str]) -> None:
        raise PropertyFailure(self.failure(prop, message, actions))

    def count(self, prop: str) -> None:
        self.counts[prop] = self.counts.get(prop, 0) + 1

    def guard(self, prop: str, state: State, call: Callable[[], Any], extra: Sequence[str] = ()) -> Any:
        """Run one engine call; an unexpected exception fails ``prop``."""
        try:
            return call()
        except PropertyFailure:
            raise
        except Exception as error:  # an engine that crashes fails the property it was asked about
            self.fail(prop, f"raised {type(error).__name__}: {error}", list(state.history) + list(extra))

    # ---- cheap: after every single step
    def cheap(self, state: State, extra: Sequence[str] = ()) -> None:
        self.turn_limit(state, extra)  # before the violations, where the runtime also records it
        self.decision_limit(state, extra)
        self.rule_invariants(state, extra)
        self.payoff_sum(state, extra)
        self.payoff_range(state, extra)
        self.chance_outcomes(state, extra)
        self.legal_actions(state, extra)
        self.action_numbers(state, extra)

    def rule_invariants(self, state: State, extra: Sequence[str] = (), since: int = 0) -> None:
        """The rule file's invariants: every `always` one holds, and the runtime recorded no violation
        (the `on_event` and `never_queue` forms) beyond the first ``since``."""
        actions = list(state.history) + list(extra)
        self.count("violations")
        if len(state._violations) > since:
            new = state._violations[since:]
            self.fail(_violation_property(self.game, new[0]), "\n".join(new), actions)
        for inv in self.always:
            prop = f"invariant:{inv.name}"
            self.count(prop)
            holds = self.guard(prop, state, lambda: inv.check(state), extra)
            if not holds:
                self.fail(prop, f"{inv.name}: {inv.title} (`always` invariant is false){self._declared(inv.name)}",
                          actions)

    def _declared(self, invariant: str) -> str:
        """Where a failing invariant is declared; for one a house rule inherits from the game it extends,
        also how to replace it (its author may never have opened that file). Empty without a rule file."""
        try:
            model = self.game.model
        except Exception:  # an engine without its rule file
            return ""
        found = next((i for i in getattr(model, "invariants", ()) if i.name == invariant), None)
        loc = getattr(found, "loc", None)
        if loc is None or not loc.file:
            return ""
        where = f"{Path(loc.file).name}:{loc.line}"
        if str(loc.file) != str(model.source_path):
            return (f"; declared at {where}, in the game this file extends: an `invariant {invariant}` in this "
                    f"file replaces it")
        return f"; declared at {where}"

    def payoff_sum(self, state: State, extra: Sequence[str] = ()) -> None:
        """A file declaring its returns `zero-sum` (`constant-sum N`): every finished game's add up to it."""
        total = self.game.RETURNS_SUM
        if total is None or not state.is_terminal():
            return
        self.count("payoff_sum")
        returns = self.guard("payoff_sum", state, state.returns, extra)
        if abs(sum(returns) - total) > 1e-9:
            said = "zero-sum" if total == 0 else f"constant-sum {total}"
            self.fail("payoff_sum", f"the returns {[float(r) for r in returns]} add up to {sum(returns):g}, but the "
                                    f"rule file declares them {said}", list(state.history) + list(extra))

    def payoff_range(self, state: State, extra: Sequence[str] = ()) -> None:
        """A file declaring its payoffs `between L and H`: every finished game's lie in it (the adapters give
        OpenSpiel and PettingZoo these bounds)."""
        declared = getattr(getattr(self.game, "model", None), "returns", None)
        between = getattr(declared, "between", None)
        if between is None or not state.is_terminal():
            return
        self.count("payoff_range")
        returns = self.guard("payoff_range", state, state.returns, extra)
        outside = [(seat, r) for seat, r in enumerate(returns) if not between[0] <= r <= between[1]]
        if outside:
            seat, value = outside[0]
            self.fail("payoff_range", f"player {seat + 1}'s return {float(value):g} is outside the declared range "
                                      f"between {between[0]} and {between[1]}", list(state.history) + list(extra))

    def turn_limit(self, state: State, extra: Sequence[str] = ()) -> None:
        if self.game.MAX_TURNS is None:
            return
        limit = self.game._turn_limit(state)
        self.count("turn_limit")
        # The turn past the limit may start only to be ended at once by an end checked at turn start (Go ends
        # there, as OpenSpiel's length says): it is never played.
        ended = state._over is not None and state._over.get("end") != "turn_limit"
        if state._turn_number > limit and not (state._turn_number == limit + 1 and (ended or state._stack)):
            self.fail("turn_limit", f"turn {state._turn_number} exceeds the declared limit of {limit} turns",
                      list(state.history) + list(extra))

    def decision_limit(self, state: State, extra: Sequence[str] = ()) -> None:
        """`at most EXPR decisions`: the decisions made so far (each seat's choice one, chance none) are no more
        than the configuration's limit. (Counted only once the history is longer than the limit.)"""
        limit = self.game._decision_limit(state)
        if limit is None:
            return
        self.count("decision_limit")
        history = state.history
        if len(history) <= limit:
            return
        chance = state._t.seat_prefix[CHANCE]
        made = sum(1 for entry in history if not entry.startswith(chance))
        if made > limit:
            self.fail("decision_limit", f"{made} decisions exceed the declared limit of {limit} decisions",
                      list(history) + list(extra))

    def chance_outcomes(self, state: State, extra: Sequence[str] = ()) -> None:
        prop = "chance_outcomes"
        self.count(prop)
        actions = list(state.history) + list(extra)
        chance = self.guard(prop, state, state.is_chance_node, extra)
        outcomes = self.guard(prop, state, state.chance_outcomes, extra)
        if not chance:
            if outcomes:
                self.fail(prop, f"not a chance node, yet chance_outcomes() gives {_short(outcomes)}", actions)
            return
        if state.is_terminal():
            self.fail(prop, "a finished game claims to be a chance node", actions)
        if not outcomes:
            self.fail(prop, "chance node without outcomes", actions)
        texts = [str(a) for a, _ in outcomes]
        if len(set(texts)) != len(texts):
            dupes = sorted({t for t in texts if texts.count(t) > 1})
            self.fail(prop, f"outcomes repeat: {_short(dupes)}", actions)
        for action, p in outcomes:
            if action.player != CHANCE:
                self.fail(prop, f"outcome {action} belongs to player {action.player}, not chance", actions)
            if not isinstance(p, Fraction):
                self.fail(prop, f"probability of {action} is {type(p).__name__} {p!r}, not a Fraction", actions)
            if p <= 0:
                self.fail(prop, f"probability of {action} is {p}", actions)
        common = math.lcm(*(p.denominator for _, p in outcomes))  # exact, and faster than adding Fractions
        if sum(p.numerator * (common // p.denominator) for _, p in outcomes) != common:
            total = sum((p for _, p in outcomes), Fraction(0))
            self.fail(prop, f"probabilities sum to {total}, not 1", actions)
        legal = self.guard(prop, state, state.legal_actions, extra)
        if [str(a) for a in legal] != texts:
            self.fail(prop, f"legal_actions() at a chance node {_short([str(a) for a in legal])} are not "
                            f"the chance outcomes {_short(texts)}", actions)

    def legal_actions(self, state: State, extra: Sequence[str] = ()) -> None:
        prop = "legal_actions"
        self.count(prop)
        actions = list(state.history) + list(extra)
        first = self.guard(prop, state, state.legal_actions, extra)
        second = self.guard(prop, state, state.legal_actions, extra)
        if first != second:
            self.fail(prop, f"two calls differ: {_short(first)} then {_short(second)}", actions)
        terminal = self.guard(prop, state, state.is_terminal, extra)
        if terminal:
            if first:
                self.fail(prop, f"the game is over, yet {len(first)} actions are offered: {_short(first)}", actions)
            return
        if not first:
            self.fail(prop, "the game is not over, yet no action is offered", actions)
        texts = [str(a) for a in first]
        if len(set(texts)) != len(texts):
            dupes = sorted({t for t in texts if texts.count(t) > 1})
            self.fail(prop, f"the same text is offered more than once: {_short(dupes)}", actions)
        chance = self.guard(prop, state, state.is_chance_node, extra)
        for action in first:
            if chance and action.player != CHANCE:
                self.fail(prop, f"{action} is offered at a chance node", actions)
            if not chance and not 0 <= action.player < state.players:
                self.fail(prop, f"{action!r} is offered to seat {action.player} of a {state.players}-player game "
                                f"at a decision that is not chance's", actions)

    def action_numbers(self, state: State, extra: Sequence[str] = ()) -> None:
        """`actions numbered 0 to N`: every candidate the adapters number lies in 0..N (told with no actions:
        check/candidate_numbers.py), and the actions offered have distinct numbers within 0..N; `chance outcomes
        numbered 0 to N`: the outcomes likewise (check/action_numbers.py)."""
        if self.game.ACTION_NUMBERS is None and self.game.CHANCE_NUMBERS is None:
            return
        self.count("action_numbers")
        before = self.guard("action_numbers", state, lambda: candidate_numbering_problem(self.game, self.players))
        if before is not None:  # (a candidate the adapters number out of range: told at the first state)
            self.fail("action_numbers", before, [])
        problem = self.guard("action_numbers", state, lambda: numbering_problem(state), extra)
        if problem is not None:
            self.fail("action_numbers", problem, list(state.history) + list(extra))

    # ---- full: after every rule of the state machine
    def full(self, state: State, stale: Sequence[Action] = (), shadow: Optional[State] = None) -> Optional[State]:
        """Every property of one state; returns the caught-up history shadow (see :meth:`history_replay`)."""
        self.cheap(state)
        self.parse_action(state)
        self.json_round_trip(state)
        self.offered_actions_apply(state)
        self.illegal_action_refused(state, stale)
        shadow = self.history_replay(state, shadow)
        self.hidden_information(state)
        return shadow

    def parse_action(self, state: State) -> None:
        prop = "parse_action"
        self.count(prop)
        for action in state.legal_actions():
            parsed = self.guard(prop, state, lambda: self.game.parse_action(state, str(action)))
            if parsed != action:
                self.fail(prop, f"parse_action({str(action)!r}) gives {parsed!r}, not {action!r}", state.history)

    def offered_actions_apply(self, state: State) -> None:
        """Apply every offered action to a clone; each successor must pass the cheap checks, and the
        original must not change (so this also checks that a clone is independent)."""
        before = state.to_json()
        self.count("clone")
        twin = state.clone()
        if twin != state:
            self.fail("clone", f"clone differs from the original: "
                               f"{_first_difference(state._to_dict(), twin._to_dict())}", state.history)
        offered = playable_actions(state)
        limit = self.max_applies
        if limit is not None and len(offered) > limit:  # a window that moves on with every step
            start = (len(state.history) * limit) % len(offered)
            offered = (offered + offered)[start:start + limit]
        for action in offered:
            self.count("offered_actions_apply")
            child = state.clone()
            try:
                child.apply(action)
            except Exception as error:
                self.fail("offered_actions_apply", f"{action} is offered but apply raised "
                                                   f"{type(error).__name__}: {error}",
                          list(state.history) + [str(action)])
            if not child.history or child.history[-1] != str(action):
                self.fail("history_replay", f"after {action} the history ends with "
                                            f"{child.history[-1:] or 'nothing'}", list(state.history) + [str(action)])
            self.turn_limit(child)
            self.decision_limit(child)
            self.rule_invariants(child, since=len(state._violations))
        if state.to_json() != before:  # one comparison for all; find the culprit only when needed
            culprit = "an action"
            for action in offered:
                probe = self.game.from_json(before)
                probe.clone().apply(action)
                if probe.to_json() != before:
                    culprit = str(action)
                    break
            self.fail("clone", f"applying {culprit} to a clone changed the original: "
                               f"{_first_difference(json.loads(before), state._to_dict())}", state.history)

    def illegal_action_refused(self, state: State, stale: Sequence[Action] = ()) -> None:
        prop = "illegal_action_refused"
        offered = playable_actions(state) if not state.is_terminal() else []
        offered_texts = {str(a) for a in state.legal_actions()} | {str(a) for a in offered}
        probes: list[Union[Action, str]] = []
        if offered:
            action = offered[len(state.history) % len(offered)]
            seats = [(action.player + k) % state.players for k in range(1, state.players + 1)] + [CHANCE]
            wrong = next((Action(seat, action.text) for seat in seats
                          if seat != action.player and str(Action(seat, action.text)) not in offered_texts), None)
            if wrong is not None:
                probes.append(wrong)  # an offered text, by a seat it is not offered to
        elif state.history:
            probes.append(state.history[-1])  # nothing may be played once the game is over
        probes.append("not an action at all")
        old = [a for a in stale if str(a) not in offered_texts]
        if old and len(state.history) % 2:  # offered a step ago, not any more
            probes.append(old[len(state.history) % len(old)])
        elif offered:  # the right seat, a text nobody offered
            probes.append(Action(offered[0].player, offered[0].text + " ~ and more"))
        before = state.to_json()
        history_before = list(state.history)
        legal_before = [str(a) for a in state.legal_actions()]
        for probe in probes:
            if str(probe) in offered_texts:
                continue
            self.count(prop)
            try:
                state.apply(probe)
            except IllegalAction:
                pass
            except Exception as error:
                self.fail(prop, f"{str(probe)!r} is not offered; apply raised {type(error).__name__}: {error} "
                                f"instead of IllegalAction", history_before)
            else:
                self.fail(prop, f"{str(probe)!r} is not offered, yet apply accepted it",
                          history_before + [str(probe)])
            after = state.to_json()
            if after != before:
                self.fail(prop, f"refusing {str(probe)!r} changed the state: "
                                f"{_first_difference(json.loads(before), json.loads(after))}", history_before)
            if [str(a) for a in state.legal_actions()] != legal_before:
                self.fail(prop, f"refusing {str(probe)!r} changed the legal actions", history_before)

    def json_round_trip(self, state: State) -> None:
        prop = "json_round_trip"
        self.count(prop)
        text = self.guard(prop, state, state.to_json)
        back = self.guard(prop, state, lambda: self.game.from_json(text))
        if back != state:
            self.fail(prop, f"from_json(to_json()) differs: {_first_difference(state._to_dict(), back._to_dict())}",
                      state.history)
        if back.to_json() != text:
            self.fail(prop, "to_json() of the copy differs from the original's", state.history)
        for name, call in (("legal_actions", lambda s: s.legal_actions()),
                           ("chance_outcomes", lambda s: s.chance_outcomes()),
                           ("is_chance_node", lambda s: s.is_chance_node()),
                           ("is_terminal", lambda s: s.is_terminal()),
                           ("outcome", lambda s: s.outcome())):
            mine = self.guard(prop, state, lambda: call(state))
            theirs = self.guard(prop, state, lambda: call(back))
            if mine != theirs:
                self.fail(prop, f"{name}() of the JSON copy differs: {_short(theirs)} != {_short(mine)}",
                          state.history)
        offered = playable_actions(state) if not state.is_terminal() else []
        if offered:  # and it plays on the same: one offered action, a different one at each step
            action = offered[(len(state.history) * 7) % len(offered)]
            self.apply(state.clone(), action, text)
            if state.to_json() != text:
                self.count("clone")
                self.fail("clone", f"applying {action} to a clone changed the original: "
                                   f"{_first_difference(json.loads(text), state._to_dict())}", state.history)

    def history_replay(self, state: State, shadow: Optional[State] = None) -> State:
        """Replaying ``state.history`` from a new game gives ``state``. ``shadow`` is an earlier replay
        of a prefix of the same history (kept by the state machine to make this linear); it is caught
        up by applying the rest, which is the same as replaying from the start."""
        prop = "history_replay"
        self.count(prop)
        history = list(state.history)
        if shadow is None or shadow.history != history[:len(shadow.history)]:
            shadow = self.guard(prop, state, lambda: self.game.new_game(self.players))
        for index in range(len(shadow.history), len(history)):
            try:
                shadow.apply(history[index])
            except Exception as error:
                self.fail(prop, f"replaying the history from a new game, action {index + 1} ({history[index]!r}) "
                                f"raised {type(error).__name__}: {error}", history)
        if shadow != state:
            self.fail(prop, f"the replayed state differs: {_first_difference(state._to_dict(), shadow._to_dict())}",
                      history)
        return shadow

    def hidden_zone_instances(self, state: State, seat: int) -> list[tuple[int, str, int]]:
        """(zone index, name, covered) of every zone instance whose contents ``seat`` cannot see now:
        ``covered`` is how many of its first items are hidden (all of them, or, for a pile of which only
        the top is seen, all but the top). A zone whose size is unseen is covered whole (its top too);
        the variants still keep each zone's size, a subset of what the seat cannot tell apart."""
        out = []
        for zone in self.game.ZONES:
            base = state._t.zone_base[zone.name]
            for owner in range(state.players if zone.per_player else 1):
                if zone.visibility == "public":
                    continue
                if zone.visibility == "owner" and zone.per_player and owner == seat:
                    continue
                if zone.visibility == "others" and owner != seat:  # seen by every seat but its owner
                    continue
                size = len(state._zones[base + owner])
                covered = max(size - 1, 0) if zone.visibility == "top" and not zone.size_unseen else size
                out.append((base + owner, f"{zone.name} of player {owner + 1}" if zone.per_player else zone.name,
                            covered))
        return out

    def hidden_variant(self, state: State, seat: int, rng: random.Random) -> Optional[tuple[State, list[str]]]:
        """A state that differs from ``state`` only in what ``seat`` cannot see now: the items hidden from
        it (in hidden zones, and under the top of a pile of which only the top is seen) are shuffled among
        those places, each keeping its size. None when there is nothing to swap."""
        instances = [(z, name, covered) for z, name, covered in self.hidden_zone_instances(state, seat) if covered]
        pool = [item for z, _, covered in instances for item in state._zones[z][:covered]]
        if len(instances) < 2 or not pool:
            return None
        labels = self.game.ITEM_LABEL
        sizes = [covered for _, _, covered in instances]
        originals = [sorted(labels[i] for i in state._zones[z][:covered]) for z, _, covered in instances]
        for _ in range(8):
            shuffled = list(pool)
            rng.shuffle(shuffled)
            parts, start = [], 0
            for size in sizes:
                parts.append(shuffled[start:start + size])
                start += size
            if any(sorted(labels[i] for i in part) != original for part, original in zip(parts, originals)):
                break
        else:
            return None
        variant = state.clone()
        moved = []
        for (z, name, covered), part in zip(instances, parts):
            if state._zones[z] == sorted(state._zones[z]):
                part = sorted(part)
            variant._zones[z] = part + list(state._zones[z][covered:])
            for item in part:
                if state._loc[item] != z:
                    moved.append(f"{labels[item]} to {name}")
                variant._loc[item] = z
        if hasattr(variant, "_pending"):
            variant._pending = None  # a cached decision of the original would not see the swap
        return variant, moved

    def hidden_information(self, state: State) -> None:
        """For every seat: the observation is JSON-serialisable, and equal in a state that differs
        only in what the seat cannot see. Skipped once the game is over (the outcome shows everything)."""
        rng = random.Random(len(state.history) * 7919 + state.players)
        for seat in range(state.players):
            self.count("observation_json")
            seen = self.guard("observation_json", state, lambda: state.observation(seat))
            try:
                json.dumps(seen, allow_nan=False)
            except (TypeError, ValueError) as error:
                self.fail("observation_json", f"observation({seat}) is not JSON-serialisable: {error}",
                          state.history)
            if state.is_terminal():
                continue
            self.secret_choices(state, seat, seen, rng)
            found = self.hidden_variant(state, seat, rng)
            if found is None:
                continue
            variant, moved = found
            self.count("hidden_information")
            other = self.guard("hidden_information", state, lambda: variant.observation(seat))
            if other != seen:
                self.fail("hidden_information",
                          f"observation of player {seat + 1} changes when only hidden items move "
                          f"({', '.join(moved[:6])}{'...' if len(moved) > 6 else ''}): "
                          f"{_first_difference(seen, other)}", state.history)

    def differs_only_where_hidden(self, one: State, other: State, seat: int) -> bool:
        """True when two states differ in nothing but the contents of places ``seat`` cannot see now
        (each such zone keeping its size, a pile of which only the top is seen keeping its top)."""
        a, b = one._to_dict(), other._to_dict()
        if any(a[key] != b[key] for key in a if key not in ("zones", "history")):
            return False
        hidden = {z: covered for z, _, covered in self.hidden_zone_instances(one, seat)}
        unsized = {one._t.zone_base[zone.name] + owner for zone in self.game.ZONES if zone.size_unseen
                   for owner in range(one.players if zone.per_player else 1)}
        for z, (x, y) in enumerate(zip(a["zones"], b["zones"])):
            if x == y or (z in hidden and z in unsized):  # a zone of unseen size may differ in anything
                continue
            if z not in hidden or len(x) != len(y) or x[hidden[z]:] != y[hidden[z]:]:
                return False
        return True

    def information_state(self, state: State, rng: random.Random, steps: int = 30) -> None:
        """The leak property over a history, not one state: at a chance node, two outcomes that leave
        states differing only in what ``seat`` cannot see (a draw into another seat's hand) start two
        histories; the same actions are played on both for up to ``steps`` steps, for as long as they
        apply to both and the difference stays hidden, and the seat's observation must be the same at
        every step. A seat's information state is its observations in order, so it is then the same
        too; a pile of which only the top is seen ends the comparison once a differing card is on top
        (seen then, so remembered)."""
        if state.is_terminal() or not state.is_chance_node():
            return
        outcomes = [action for action, _ in state.chance_outcomes()]
        if len(outcomes) < 2:
            return
        tried = rng.sample(outcomes, min(len(outcomes), 8))
        afters = []
        for outcome in tried:
            after = state.clone()
            self.guard("offered_actions_apply", state, lambda: after.apply(outcome), [str(outcome)])
            afters.append(after)
        for seat in range(state.players):
            pair = next(((afters[0], after, tried[0], tried[i]) for i, after in enumerate(afters[1:], 1)
                         if self.differs_only_where_hidden(afters[0], after, seat)), None)
            if pair is None:
                continue
            one, other, first, second = pair[0].clone(), pair[1].clone(), pair[2], pair[3]
            self.count("information_state")
            for step in range(steps + 1):
                seen = self.guard("information_state", one, lambda: one.observation(seat))
                if seen != other.observation(seat):
                    self.fail("information_state",
                              f"player {seat + 1}'s information state tells apart two histories that differ only "
                              f"in what it cannot see: chance {first.text!r} or {second.text!r}, then the same "
                              f"{step} steps; its observation differs: {_first_difference(seen, other.observation(seat))}",
                              one.history)
                if one.is_terminal() or step == steps:
                    break
                action = random_step(one, rng)
                if action not in other.legal_actions():
                    break
                one.apply(action)
                other.apply(action)
                if not self.differs_only_where_hidden(one, other, seat):
                    break

    def secret_choices(self, state: State, seat: int, seen: dict, rng: random.Random) -> None:
        """At a simultaneous decision (a choice `by each player`): ``seat`` sees its own secret choice, and its
        observation is the same whatever another seat that has chosen chose instead."""
        chosen = state._chosen
        if not chosen or state.current_player() != SIMULTANEOUS:
            return
        prop = "secret_choices"
        mine = [text for chooser, text in chosen if chooser == seat]
        self.count(prop)
        if mine and (seen.get("decision") or {}).get("chosen") != mine[0]:
            self.fail(prop, f"player {seat + 1} chose {mine[0]!r} in secret, but its observation shows "
                            f"{_short((seen.get('decision') or {}).get('chosen'))}", state.history)
        rows = self.guard(prop, state, lambda: self.game._list(state, hide_chosen=False).rows)
        variant = list(chosen)
        changed = []
        for i, (chooser, text) in enumerate(chosen):
            others = [row[1] for row in rows if row[0] == chooser and row[1] != text]
            if chooser != seat and others:
                variant[i] = (chooser, others[rng.randrange(len(others))])
                changed.append(f"player {chooser + 1}: {variant[i][1]} for {text}")
        if not changed:
            return
        other = state.clone()
        other._chosen = tuple(variant)
        other._pending = None
        self.count(prop)
        theirs = self.guard(prop, state, lambda: other.observation(seat))
        if theirs != seen:
            self.fail(prop, f"observation of player {seat + 1} changes with what another seat chose in secret "
                            f"({', '.join(changed)}): {_first_difference(seen, theirs)}", state.history)

    def hidden_information_in_play(self, seed: int, max_steps: int = 2000) -> Optional[State]:
        """Play a seeded random game from the start (as rulespec.random_game does) and check hidden
        information at the first state where it can swap what some seat cannot see, and again at a
        seeded later step (up to 200; if the game lasts), so that every run checks hidden information
        in play rather than only when its exploration happens to get there; at the first chance node
        where two outcomes differ only in what some seat cannot see, the information state too
        (:meth:`information_state`); then the same seed's game through the adapters, whose information
        states must not tell apart what the seat could not (rulespec/check/information_leak.py). Returns
        the first state where hidden information was checked;
        None if the game ends (or ``max_steps`` pass) before any: a game with nothing hidden."""
        state = self.game.new_game(self.players)
        rng = random.Random(seed)
        later = rng.randrange(1, 200)
        first = None
        compared = False
        for step in range(max_steps):
            if state.is_terminal() or (first is not None and step > later):
                break
            if first is None or step == later:
                found = self.counts.get("hidden_information", 0)
                self.hidden_information(state)
                if first is None and self.counts.get("hidden_information", 0) > found:
                    first = state.clone()
            if not compared and state.is_chance_node():  # the first hidden draw some seat cannot tell apart
                known = self.counts.get("information_state", 0)
                self.information_state(state, random.Random(seed + step))
                compared = self.counts.get("information_state", 0) > known
            action = self.policy(state, rng) if self.policy is not None and not state.is_chance_node() \
                else random_step(state, rng)
            self.guard("offered_actions_apply", state, lambda: state.apply(action), [str(action)])
        from .information_leak import information_state_leak  # (the adapters, only when verify plays)
        information_state_leak(self, seed)  # the same over the adapters' information states, across the run's games
        return first

    def termination(self, seed: int) -> None:
        """A whole ``rulespec.random_game`` with this seed ends within the step budget and the declared
        turn limit, without an error. (The rule file's invariants are left to the step-by-step checks,
        which Hypothesis can shrink; a whole game cannot be. A game that fails with an error is played
        again step by step, checked, so that the property it breaks is the one reported.)"""
        prop = "termination"
        self.count(prop)
        if self.policy is not None:  # the whole game played by the policy, checked step by step
            final = self.playout(self.game.new_game(self.players), random.Random(seed), self.max_game_steps)
            if not final.is_terminal():
                self.fail(prop, f"a game played by the verify policy (seed {seed}) did not end within "
                                f"{self.max_game_steps} steps", final.history)
            self.turn_limit(final)
            self.decision_limit(final)
            return
        try:
            final = random_game(self.game, players=self.players, seed=seed, max_steps=self.max_game_steps)
        except Exception as error:
            if not isinstance(error, StepBudgetExceeded):
                # An action failed: the same game step by step, checked, names the property it breaks
                # (offered_actions_apply at the failing action, or an invariant broken on the way).
                try:
                    self.playout(self.game.new_game(self.players), random.Random(seed), self.max_game_steps)
                except PropertyFailure:
                    raise
                except Exception:  # it failed elsewhere than in apply(): reported as termination, below
                    pass
            partial = self.playout(self.game.new_game(self.players), random.Random(seed), self.max_game_steps,
                                   check=False)
            self.fail(prop, f"rulespec.random_game(game, players={self.players}, seed={seed}, "
                            f"max_steps={self.max_game_steps}) raised {type(error).__name__}: {error}",
                      partial.history)
        if not final.is_terminal():
            self.fail(prop, f"random_game(seed={seed}) returned a game that is not over", final.history)
        self.turn_limit(final)
        self.decision_limit(final)
        late = [v for v in final._violations if _violation_property(self.game, v) == "violations"]
        if late:  # the runtime's own complaints (e.g. the turn limit), not a rule-file invariant
            self.fail(prop, f"random_game(seed={seed}): " + "\n".join(late), final.history)

    def playout(self, state: State, rng: random.Random, steps: int, check: bool = True) -> State:
        """Play up to ``steps`` seeded random steps on ``state`` (as rulespec.random_game does),
        checking the rule file's invariants and the turn limit after each. Stops early at the end of the game, or at an error when
        ``check`` is false."""
        for _ in range(steps):
            if state.is_terminal():
                break
            try:
                if state.is_chance_node():
                    action = _pick_weighted(state.chance_outcomes(), rng, exact=not check)
                elif self.policy is not None:
                    action = self.policy(state, rng)
                else:
                    actions = state.legal_actions()
                    action = actions[rng.randrange(len(actions))]
            except Exception:
                if not check:
                    break
                raise
            if check:
                self.count("offered_actions_apply")
                history = list(state.history)
                try:
                    state.apply(action)
                except Exception as error:
                    self.fail("offered_actions_apply", f"{action} is offered but apply raised "
                                                       f"{type(error).__name__}: {error}", history + [str(action)])
                self.turn_limit(state)
                self.decision_limit(state)
                self.rule_invariants(state)
            else:
                try:
                    state.apply(action)
                except Exception:
                    break
        return state

    def apply(self, state: State, action: Action, text: Optional[str] = None) -> None:
        """Apply an offered action; it must apply, and a JSON copy of the state (``text``, the state's
        JSON when given) must play on the same."""
        self.count("offered_actions_apply")
        history = list(state.history)
        text = state.to_json() if text is None else text
        try:
            state.apply(action)
        except Exception as error:
            self.fail("offered_actions_apply", f"{action} is offered but apply raised {type(error).__name__}: "
                                               f"{error}", history + [str(action)])
        self.count("json_round_trip")
        twin = self.guard("json_round_trip", state, lambda: self.game.from_json(text))
        try:
            twin.apply(action)
        except Exception as error:
            self.fail("json_round_trip", f"{action} applies to the state but not to its JSON copy: "
                                         f"{type(error).__name__}: {error}", history + [str(action)])
        if twin != state:
            self.fail("json_round_trip", f"the state read back from its JSON plays {action} differently: "
                                         f"{_first_difference(state._to_dict(), twin._to_dict())}",
                      history + [str(action)])


def check_state(game: Engine, state: State, previous: Optional[State] = None, source: str = "",
                variants: Sequence[str] = ()) -> list[Failure]:
    """Every deterministic check on one state, collected rather than raised. ``previous`` (the state
    before the last action) supplies the stale actions to probe with."""
    checks = Checks(game, state.players, source or game.GAME_ID, variants)
    stale = playable_actions(previous) if previous is not None and not previous.is_terminal() else []
    failures: list[Failure] = []
    for run in (lambda: checks.cheap(state), lambda: checks.parse_action(state),
                lambda: checks.json_round_trip(state), lambda: checks.offered_actions_apply(state),
                lambda: checks.illegal_action_refused(state, stale), lambda: checks.history_replay(state),
                lambda: checks.hidden_information(state)):
        try:
            run()
        except PropertyFailure as error:
            if not any((f.property, f.message) == (error.failure.property, error.failure.message) for f in failures):
                failures.append(error.failure)
    return failures
