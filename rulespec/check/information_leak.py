"""verify's property ``information_state_leak``: through the adapters (rulespec/adapters/session.py, what
OpenSpiel's ``information_state_string`` gives), a seat's information state depends only on what the
seat observed: its observations along the way and its own actions.

A property over pairs of histories, not one state: seeded random games are played through an adapter
session, and for every seat and every step the seat's *view sequence* is recorded (its first
observation, then each of its own actions and each observation that differs from the one before: a
step that changes nothing the seat sees, another seat's hidden failed try, is one it cannot tell
happened) beside its information state string. Across every game of one run, equal view sequences
must give equal information states; two histories that a seat cannot tell apart yet that give it
different information states fail, reported with both histories.
"""

from __future__ import annotations

import hashlib
import random
from dataclasses import dataclass, field
from typing import Callable, Optional

from ..adapters import core
from ..adapters.numbered_candidates import NumberingError
from ..adapters.session import CHANCE_NODE, JOINT_NODES, RACE_NODE, TERMINAL, Session
from ..runtime.engine import StepBudgetExceeded

# how a seat's information state is read from a session (the adapters' own; a test injects a leaky one)
InformationState = Callable[[Session, int], str]

MAX_STEPS = 200  # steps of each game compared (the leak shows early, and a long game costs every seat a view)


def adapter_information_state(session: Session, seat: int) -> str:
    return session.information_state_string(seat)


@dataclass
class _Seen:
    """What one seat saw at some step of a game, by the digest of its view sequence."""

    information: str
    history: list[str]  # the engine's actions up to that step (a replayable list)


@dataclass
class InformationStates:
    """Every (seat, view sequence) met in one run's games, with the information state it gave."""

    information_state: InformationState = adapter_information_state
    seen: dict[tuple[int, bytes], _Seen] = field(default_factory=dict)
    table: Optional[core.ActionTable] = None  # the game's action numbers, worked out once
    refused: Optional[str] = None  # why the adapters cannot number this game (then nothing is compared)


def _digest(previous: Optional["hashlib._Hash"], item: str) -> "hashlib._Hash":
    h = hashlib.blake2b(digest_size=16) if previous is None else previous.copy()
    h.update(item.encode("utf-8"))
    h.update(b"\0")
    return h


def _session(checks) -> Optional[Session]:
    """A new adapter session of the checked engine, or None (``refused`` says why) when the adapters cannot
    number its actions."""
    known: InformationStates = checks.information_states
    if known.refused is not None:
        return None
    if known.table is None:
        if checks.game.model is None:  # an engine made by hand (a subclass, as tests make), not by rulespec.load
            known.refused = "the engine carries no checked model, from which the adapters number actions"
            return None
        try:
            known.table = core.ActionTable(checks.game, checks.players)
        except core.AdapterError as error:
            known.refused = str(error)
            return None
    key = (checks.source, checks.variants, tuple(sorted(checks.options.items())))
    return Session(key, known.table, checks.game.new_game(checks.players), rows_kept=core.RECENT_ROWS)


def _random_move(session: Session, rng: random.Random) -> dict[int, int]:
    """One random move of any node kind; returns each seat's own action id (or wait) in it."""
    kind = session.kind()
    if kind in (CHANCE_NODE, RACE_NODE):
        outcomes = session.chance_outcomes()
        pick, chosen = rng.random(), outcomes[-1][0]
        for action, probability in outcomes:
            pick -= probability
            if pick < 0:
                chosen = action
                break
        session.apply(chosen)
        return {}
    if kind in JOINT_NODES:
        picks = [rng.choice(session.legal(seat)) for seat in range(session.players)]
        session.apply_joint(picks)
        return dict(enumerate(picks))
    seat = session.state.current_player()
    action = rng.choice(session.legal(seat))
    session.apply(action)
    return {seat: action}


def information_state_leak(checks, seed: int) -> None:
    """Play one seeded random game through an adapter session and compare each seat's information state
    at every step with every earlier one (of this run) the seat could not tell apart from it."""
    if not hasattr(checks, "information_states"):
        checks.information_states = InformationStates()
    known: InformationStates = checks.information_states
    session = _session(checks)
    if session is None:
        return
    rng = random.Random(seed)
    players = session.players
    views = [session.observation_string(seat) for seat in range(players)]
    sequences = [_digest(None, view) for view in views]
    for step in range(MAX_STEPS + 1):
        for seat in range(players):
            _compare(checks, known, seat, sequences[seat].digest(), session)
        if session.kind() == TERMINAL or step == MAX_STEPS:
            return
        try:
            own = _random_move(session, rng)
        except StepBudgetExceeded:
            return
        except NumberingError:  # (two actions or outcomes with one number: the action_numbers property tells it)
            return
        for seat in range(players):
            if seat in own:
                sequences[seat] = _digest(sequences[seat], f"own action {own[seat]}")
            view = session.observation_string(seat)
            if seat in own or view != views[seat]:
                sequences[seat] = _digest(sequences[seat], view)
                views[seat] = view


def _compare(checks, known: InformationStates, seat: int, sequence: bytes, session: Session) -> None:
    checks.count("information_state_leak")
    information = checks.guard("information_state_leak", session.state,
                               lambda: known.information_state(session, seat))
    earlier = known.seen.get((seat, sequence))
    if earlier is None:
        known.seen[(seat, sequence)] = _Seen(information, list(session.state.history))
        return
    if earlier.information == information:
        return
    lines, other = information.splitlines(), earlier.information.splitlines()
    at = next((i for i, (a, b) in enumerate(zip(lines, other)) if a != b), min(len(lines), len(other)))
    checks.fail("information_state_leak",
                f"player {seat + 1} observed the same (its observations and its own actions) in this history and "
                f"in another, yet its information state differs from line {at + 1} on: this history gives "
                f"{_line(lines, at)}, the other {_line(other, at)} ({len(lines)} lines against {len(other)}).\n"
                f"the other history ({len(earlier.history)} actions): {earlier.history}",
                session.state.history)


def _line(lines: list[str], at: int) -> str:
    if at >= len(lines):
        return "nothing more"
    text = lines[at]
    return repr(text if len(text) <= 160 else text[:160] + "...")
