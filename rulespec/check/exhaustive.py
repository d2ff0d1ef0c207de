"""Exhaustive checking of small configurations, as TLC does for TLA+: ``rulespec verify FILE --exhaustive``.

Every state reachable from a new game of one player count (and options, and variants) is visited
breadth-first; every decision's actions and every chance outcome are followed. States are deduplicated
by a canonical key, the digest of their position (``state.to_position()``: the whole state but its
history, counts and the causes of placements, with copies of a component told apart by nothing, so
two orders of the same moves meet in one state). Each distinct state gets the checks that
``rulespec verify`` runs on random walks (rulespec/check/verify.py, :class:`rulespec.check.properties.Checks`): chance
outcomes, legal actions, parse_action, the JSON round trip, refused actions, history replay, hidden
information (and, at each chance node, the information state over the histories it starts) and the rule
file's invariants; each transition gets the per-step checks (it applies,
the turn limit, the invariants on the state it reaches, the original unchanged).

Breadth-first, the first failure found lies at the smallest depth there is: its path is the *shortest*
counterexample, written in the ``rulespec replay`` format. ``max_states`` bounds the distinct states: a
walk that reaches it stops and says so (``complete`` is False; the command exits 3), it never passes
in silence.
"""

from __future__ import annotations

import hashlib
import random
import re
import time
from collections import deque
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Optional, Sequence, Union

from ..runtime.engine import Engine, State
from .counterexamples import COUNTEREXAMPLE_DIR, load_engine, save_counterexample
from .failures import Failure, PropertyFailure, options_text
from .properties import Checks, playable_actions

DEFAULT_MAX_STATES = 50_000  # a few KB per state still to visit: a few hundred MB at the most
EXIT_INCOMPLETE = 3  # `rulespec verify --exhaustive`: the walk stopped at --max-states before it was done


def state_key(state: State) -> bytes:
    """The canonical key of a state: a digest of its position (16 bytes, so a big walk keeps few)."""
    return hashlib.blake2b(state.to_position().encode("utf-8"), digest_size=16).digest()


@dataclass
class ExhaustiveReport:
    game: str
    title: str
    players: int
    options: dict[str, str]
    variants: tuple[str, ...]
    max_states: int
    distinct: int = 0  # distinct states reached (and checked, unless the walk stopped first)
    checked: int = 0  # distinct states checked
    transitions: int = 0  # actions and chance outcomes followed
    terminal: int = 0  # distinct states in which the game is over
    depth: int = 0  # the deepest state reached, in actions from a new game
    complete: bool = False  # every reachable state was checked
    failures: list[Failure] = field(default_factory=list)
    checks_by_property: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0

    @property
    def ok(self) -> bool:
        return self.complete and not self.failures

    def render(self) -> str:
        head = (f"rulespec verify --exhaustive: {self.title} ({self.game}), {self.players} players, options "
                f"{options_text(self.options)}" + (f", variants {', '.join(self.variants)}" if self.variants else ""))
        counts = (f"{self.distinct:,} distinct states ({self.terminal:,} terminal), {self.transitions:,} "
                  f"transitions, depth {self.depth}; {sum(self.checks_by_property.values()):,} checks in "
                  f"{self.seconds:.1f} s")
        if self.failures:
            verdict = (f"FAILED: the shortest counterexample has {len(self.failures[0].actions)} "
                       f"action{'s' if len(self.failures[0].actions) != 1 else ''}")
        elif self.complete:
            verdict = "every reachable state was checked: every property holds"
        else:
            verdict = (f"INCOMPLETE: stopped at --max-states {self.max_states:,} with states left unexplored; "
                       f"nothing is proven beyond them (raise --max-states, or check a smaller configuration)")
        lines = [head, counts, verdict]
        for failure in self.failures:
            lines += ["", failure.render(max_actions=40)]
        return "\n".join(lines)


def explore(name_or_path: Union[str, Path, Engine], players: Optional[int] = None, *, variants: Sequence[str] = (),
            options: Optional[dict[str, str]] = None, max_states: int = DEFAULT_MAX_STATES,
            save_counterexamples: Union[None, str, Path] = COUNTEREXAMPLE_DIR,
            progress: Optional[Callable[[str, int, int], None]] = None, source: Optional[str] = None) -> ExhaustiveReport:
    """Visit and check every state reachable from a new game of ``players`` (the fewest by default),
    breadth-first, up to ``max_states`` distinct states; the first failure (the shortest) ends the walk.
    ``progress(stage, done, total)`` hears of every thousand states checked (total: ``max_states``).
    ``source`` names the game in the report and its counterexamples (for an engine object: its id)."""
    started = time.perf_counter()
    if max_states < 1:
        raise ValueError("max_states must be at least 1")
    if isinstance(name_or_path, Engine):
        game, source = name_or_path, source or name_or_path.GAME_ID
    else:
        game, source = load_engine(name_or_path, variants, options), source or str(name_or_path)
    if players is None:
        players = game.MIN_PLAYERS
    report = ExhaustiveReport(source, game.TITLE, players, dict(game._option_values), tuple(variants), max_states)
    checks = Checks(game, players, source, variants, counts=report.checks_by_property)
    try:
        _walk(game, players, checks, report, progress)
    except PropertyFailure as error:
        report.failures.append(error.failure)
    if save_counterexamples is not None:
        for failure in report.failures:
            stem = Path(source).stem if source.endswith(".rules") else game.GAME_ID
            slug = re.sub(r"[^A-Za-z0-9]+", "-", f"{stem}-{players}p-{options_text(failure.options)}-exhaustive-"
                                                  f"{failure.property}").strip("-")
            failure.path = save_counterexample(Path(save_counterexamples) / f"{slug}.txt", failure)
    report.seconds = time.perf_counter() - started
    return report


def _walk(game: Engine, players: int, checks: Checks, report: ExhaustiveReport, progress) -> None:
    try:
        first = game.new_game(players)
    except Exception as error:  # the set-up itself fails: at the root, with no action
        checks.fail("offered_actions_apply", f"new_game({players}) raised {type(error).__name__}: {error}", [])
    checks.cheap(first)
    seen = {state_key(first)}
    report.distinct = 1
    # (state, depth, what its parent offered, the parent replayed from a new game by its history: see _check)
    frontier: deque[tuple[State, int, list, Optional[State]]] = deque([(first, 0, [], None)])
    stage = f"{players} players"
    while frontier:
        state, depth, stale, parent_replay = frontier.popleft()
        report.depth = max(report.depth, depth)
        replayed = _check(checks, state, stale, parent_replay)
        report.checked += 1
        if progress is not None and report.checked % 1000 == 0:
            progress(stage, report.checked, report.max_states)
        if state.is_terminal():
            report.terminal += 1
            continue
        offered = playable_actions(state)
        before = state.to_json()
        for action in offered:
            report.transitions += 1
            child = state.clone()
            checks.count("offered_actions_apply")
            try:
                child.apply(action)
            except Exception as error:  # an offered action must apply
                checks.fail("offered_actions_apply", f"{action} is offered but apply raised "
                                                     f"{type(error).__name__}: {error}",
                            list(state.history) + [str(action)])
            checks.turn_limit(child)
            checks.decision_limit(child)
            checks.action_numbers(child)
            checks.rule_invariants(child, since=len(state._violations))
            checks.chance_outcomes(child)
            checks.legal_actions(child)
            key = state_key(child)
            if key in seen:
                continue
            if report.distinct >= report.max_states:
                if progress is not None:
                    progress(stage, report.checked, report.max_states)
                return  # stopped: the report is not complete
            seen.add(key)
            report.distinct += 1
            frontier.append((child, depth + 1, offered, replayed))
        if state.to_json() != before:
            checks.count("clone")
            checks.fail("clone", "applying an action to a clone changed the original", state.history)
    report.complete = True
    if progress is not None:
        progress(stage, report.checked, report.checked)


def _check(checks: Checks, state: State, stale: Sequence, parent_replay: Optional[State]) -> State:
    """verify's checks of one state (its successors are checked as they are reached, in _walk). The history
    replay starts from a copy of the parent's own replay (one action to catch up, not the whole path, as
    verify's state machine keeps its shadow); the replay is returned for the children."""
    checks.cheap(state)
    checks.parse_action(state)
    checks.json_round_trip(state)
    checks.illegal_action_refused(state, [a for a in stale if not state.is_terminal()])
    replayed = checks.history_replay(state, parent_replay.clone() if parent_replay is not None else None)
    checks.hidden_information(state)
    if state.is_chance_node():  # the leak property over histories that part at this chance node
        checks.information_state(state, random.Random(len(state.history) * 7919 + state.players))
    return replayed
