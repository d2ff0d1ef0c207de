"""Property-based verification of any generated engine.

``verify("my.rules")`` plays many games against an engine with Hypothesis and checks, after every
step, the properties every engine must have whatever the game: well-formed chance outcomes and
legal actions, refused actions leaving the state untouched, clones and JSON copies that behave
like the original, a history that replays to the same state, observations that do not depend on
what a seat cannot see, the declared turn limit, the rule file's own invariants, and games that
end. A failure comes back with the action list that reproduces it, shrunk by Hypothesis::

    report = verify("shell-we", players=3)
    print(report.render())
    state = replay("shell-we", report.failures[0].actions, players=3)

Nothing here knows about any particular game: it only uses the engine API and the tables every
generated engine has (``ZONES``, ``INVARIANTS``, ``MAX_TURNS``, ``ITEM_LABEL``).

The checks are a Hypothesis ``RuleBasedStateMachine`` built by :func:`state_machine` for one
engine, player count and set of options; CI suites can run it directly (``Machine.TestCase``) or
through :func:`verify`. A counterexample is a plain text file (:func:`save_counterexample`)::

    # game: shell-we
    # players: 3
    # options: side=B
    # variants:
    # property: invariant:no_bonus_chain
    # message: ...
    chance: draw red 10
    player 1: play red 3

and ``python -m rulespec replay FILE`` (the ``rulespec replay`` command) replays it and re-runs every
check on the state it reaches (:func:`check_state`).

The verifier lives in five modules: failures.py (the properties' meanings, the failure a check raises),
properties.py (the checks of one state), machine.py (the state machine), counterexamples.py (loading
engines, replaying, the counterexample file) and this one, the run: :func:`verify`, its policies, its
report, its runs on a cluster. The names of the others that callers use are importable from here.
"""

from __future__ import annotations

import random
import re
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Optional, Sequence, Union

from hypothesis import HealthCheck, Phase
from hypothesis import seed as hypothesis_seed
from hypothesis import settings as Settings
from hypothesis.reporting import with_reporter
from hypothesis.stateful import run_state_machine_as_test

from ..runtime.engine import Action, Engine, State
from .counterexamples import (COUNTEREXAMPLE_DIR, load_counterexample, load_engine, replay, replay_and_check,
                              save_counterexample)
from .failures import PROPERTIES, Failure, PropertyFailure, ReplayError, options_text
from .machine import DEFAULT_FAST_FORWARD, state_machine
from .properties import Checks, check_state

__all__ = [
    "COUNTEREXAMPLE_DIR", "DEFAULT_FAST_FORWARD", "PROPERTIES", "Checks", "Failure", "PropertyFailure", "ReplayError",
    "VerifyReport", "check_state", "load_counterexample", "replay", "replay_and_check", "save_counterexample",
    "state_machine", "verify",
]


def _verify_on_cluster(cluster: str, report: "VerifyReport", name_or_path: Union[str, Path], counts: list[int],
                       variants: Sequence[str], options: Optional[dict[str, str]], seed: Optional[int],
                       run_settings: Settings, fast_forward: int, max_game_steps: Optional[int],
                       max_applies: Optional[int], progress: Optional[Callable[[str, int, int], None]],
                       policy: str = "random", mcts_simulations: Optional[int] = None) -> None:
    """Each player count's run of ``verify`` on a worker of ``cluster``, merged into ``report`` in
    the order of ``counts``. A rule file is sent by its absolute path (the same on every worker)."""
    from ..play.cluster import calls_on_cluster
    typed = str(name_or_path)
    sent = str(Path(typed).resolve()) if typed.endswith(".rules") and Path(typed).is_file() else typed
    calls = [dict(name_or_path=sent, variants=tuple(variants), options=options, players=count,
                  max_examples=run_settings.max_examples, stateful_step_count=run_settings.stateful_step_count,
                  seed=seed, derandomize=run_settings.derandomize, fast_forward=fast_forward,
                  max_game_steps=max_game_steps, max_applies=max_applies, save_counterexamples=None,
                  policy=policy, mcts_simulations=mcts_simulations)
             for count in counts]
    parts: dict[int, VerifyReport] = {}
    for number, part in calls_on_cluster(cluster, verify, calls, workers=min(len(calls), 2) or 1):
        parts[number] = part
        if progress is not None:
            stage = f"{counts[number]} player{'s' if counts[number] != 1 else ''}"
            progress(stage, run_settings.max_examples, run_settings.max_examples)
    for number in range(len(calls)):
        part = parts[number]
        for failure in part.failures:
            failure.game = typed if failure.game == sent else failure.game
        report.failures += part.failures
        for name, checks in part.checks_by_property.items():
            report.checks_by_property[name] = report.checks_by_property.get(name, 0) + checks
        report.hypothesis_output += part.hypothesis_output


@dataclass
class VerifyReport:
    game: str
    title: str
    players: list[int]
    options: dict[str, str]
    variants: tuple[str, ...]
    failures: list[Failure] = field(default_factory=list)
    checks_by_property: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0
    hypothesis_output: list[str] = field(default_factory=list)
    policy: str = "random"  # how the checks' seeded games chose actions (verify's ``policy``)

    @property
    def ok(self) -> bool:
        return not self.failures

    @property
    def checks_run(self) -> int:
        return sum(self.checks_by_property.values())

    def render(self) -> str:
        head = (f"rulespec verify: {self.title} ({self.game}), players {', '.join(map(str, self.players))}, "
                f"options {options_text(self.options)}"
                + (f", variants {', '.join(self.variants)}" if self.variants else "")
                + (f", played by {self.policy}" if self.policy != "random" else ""))
        lines = [head, f"{self.checks_run} checks in {self.seconds:.1f} s: "
                       + ("every property holds" if self.ok else
                          f"{len(self.failures)} failure{'s' if len(self.failures) != 1 else ''}")]
        for failure in self.failures:
            lines += ["", failure.render()]
        return "\n".join(lines)


POLICIES = ("random", "mcts")  # verify's choices for the seats of its seeded games


def _simulations(mcts_simulations: Optional[int]) -> int:
    from ..play.mcts import ROLLOUTS
    return ROLLOUTS if mcts_simulations is None else mcts_simulations


def _policy(policy: str, mcts_simulations: Optional[int]) -> Optional[Callable[[State, random.Random], Action]]:
    """The step function of a verify policy (None: uniformly at random, the checks' own way)."""
    if policy not in POLICIES:
        raise ValueError(f"the verify policy is one of {', '.join(POLICIES)}, not {policy!r}")
    if mcts_simulations is not None and mcts_simulations < 1:
        raise ValueError(f"mcts_simulations is at least 1, not {mcts_simulations}")
    if policy == "random":
        return None
    from ..play.mcts import mcts_policy
    return mcts_policy(_simulations(mcts_simulations))


def _exceptions(error: BaseException) -> list[BaseException]:
    if isinstance(error, BaseExceptionGroup):
        out = []
        for inner in error.exceptions:
            out += _exceptions(inner)
        return out
    return [error]


def _cut_short() -> bool:
    """Whether Hypothesis ran out of data for the example now ending, or found it invalid: such an
    example does not count towards max_examples, so neither does the progress bar. (Hypothesis'
    internals: False if they change.)"""
    try:
        from hypothesis.control import current_build_context
        from hypothesis.internal.conjecture.data import Status
        return current_build_context().data.status != Status.VALID  # (overrun, or invalid)
    except Exception:  # noqa: BLE001 - only a progress count depends on it
        return False




def _run_settings(settings: Optional[Settings], max_examples: Optional[int], stateful_step_count: Optional[int],
                  derandomize: Optional[bool], seed: Optional[int]) -> Settings:
    """The Hypothesis settings of a run: ``settings`` (or the active profile) with the budgets given, no
    deadline, no health check for slow or large examples, and no explain phase."""
    base = settings if settings is not None else Settings()
    overrides: dict[str, Any] = {
        "deadline": None,
        "suppress_health_check": list(set(base.suppress_health_check) | {HealthCheck.too_slow,
                                                                         HealthCheck.data_too_large}),
        "phases": [p for p in base.phases if p != Phase.explain],
    }
    if max_examples is not None:
        overrides["max_examples"] = max_examples
    if stateful_step_count is not None:
        overrides["stateful_step_count"] = stateful_step_count
    if derandomize is not None:
        overrides["derandomize"] = derandomize
    if seed is not None:  # a seeded run is the same anywhere: no examples replayed from an earlier run's database
        overrides["database"] = None
    return Settings(base, **overrides)


def _run_count(report: VerifyReport, game: Engine, count: int, run_settings: Settings, source: str,
               variants: Sequence[str], seed: Optional[int], fast_forward: int, max_game_steps: Optional[int],
               max_applies: Optional[int], step_policy: Optional[Callable[[State, random.Random], Action]],
               progress: Optional[Callable[[str, int, int], None]]) -> None:
    """One player count's Hypothesis run of the state machine; its failures and Hypothesis' output go to
    ``report``."""
    stage, examples_run = f"{count} player{'s' if count != 1 else ''}", [0]

    def example_ended() -> None:
        if _cut_short():
            return
        examples_run[0] += 1
        if progress is not None:
            progress(stage, examples_run[0], run_settings.max_examples)

    if progress is not None:
        progress(stage, 0, run_settings.max_examples)
    machine = state_machine(game, count, fast_forward=fast_forward, max_game_steps=max_game_steps,
                            max_applies=max_applies, counts=report.checks_by_property, on_example=example_ended)
    machine.checks.source = source
    machine.checks.variants = tuple(variants)
    machine.checks.policy = step_policy
    if seed is not None:
        machine = hypothesis_seed(seed)(machine)
    output: list[str] = []
    try:
        with with_reporter(output.append):
            run_state_machine_as_test(machine, settings=run_settings)
    except BaseException as error:  # noqa: B036 - failures come back as exceptions or groups of them
        if isinstance(error, (KeyboardInterrupt, SystemExit)):
            raise
        for inner in _exceptions(error):
            output += [str(note) for note in getattr(inner, "__notes__", ())]  # Hypothesis' steps
            if isinstance(inner, PropertyFailure):
                report.failures.append(inner.failure)
            else:
                report.failures.append(Failure("harness", f"{type(inner).__name__}: {inner}", count,
                                               dict(game._option_values), [], source, tuple(variants)))
    report.hypothesis_output += [str(line) for line in output]


def _save_failures(report: VerifyReport, folder: Path, source: str, game: Engine) -> None:
    """Each failure with something to replay written to ``folder``, named after the game, the player
    count, the options and the property."""
    for number, failure in enumerate(report.failures, 1):
        if failure.actions or failure.property != "harness":
            stem = Path(source).stem if source.endswith(".rules") else game.GAME_ID
            slug = re.sub(r"[^A-Za-z0-9]+", "-", f"{stem}-{failure.players}p-"
                                                  f"{options_text(failure.options)}-{failure.property}").strip("-")
            failure.path = save_counterexample(folder / f"{slug}-{number}.txt", failure)


def verify(name_or_path: Union[str, Path, Engine], *, variants: Sequence[str] = (), options: Optional[dict[str, str]] = None,
           players: Union[None, int, Iterable[int]] = None, max_examples: Optional[int] = None,
           stateful_step_count: Optional[int] = None, seed: Optional[int] = None,
           derandomize: Optional[bool] = None, fast_forward: int = DEFAULT_FAST_FORWARD,
           max_game_steps: Optional[int] = None, max_applies: Optional[int] = None,
           save_counterexamples: Union[None, str, Path] = COUNTEREXAMPLE_DIR,
           settings: Optional[Settings] = None,
           progress: Optional[Callable[[str, int, int], None]] = None,
           policy: str = "random", mcts_simulations: Optional[int] = None,
           cluster: Optional[str] = None) -> VerifyReport:
    """Check every property of one engine for each player count (None: every count it allows).
    ``name_or_path`` is a bundled game's id, a rule file, or an engine object (as built by ``load``).
    ``policy`` (see POLICIES) chooses the seats' actions in the seeded games the checks play (the whole
    game of termination, fast-forwards, hidden information in play): ``mcts`` has each decision searched
    by rulespec.play.mcts with ``mcts_simulations`` rollouts (default mcts.ROLLOUTS), so that play reaches
    positions seats that try to win reach; Hypothesis' own steps still draw from every offered action.

    Budgets left as None come from the active Hypothesis profile (or ``settings``). Each failure's
    counterexample is written to ``save_counterexamples`` (a folder; None to write nothing).
    ``progress(stage, done, total)`` hears of every example as it ends: the stage is the player count
    ("2 players"), ``total`` the examples asked for (shrinking a failure may run more).

    ``cluster`` (a Dask scheduler's address, or "auto": rulespec.play.cluster) runs each player count on a
    worker of the cluster, with the budgets resolved here; with a ``seed`` the report is the one this
    process would have made (each count is its own Hypothesis run either way)."""
    started = time.perf_counter()
    if isinstance(name_or_path, Engine):
        game, name_or_path = name_or_path, name_or_path.GAME_ID
    else:
        game = load_engine(name_or_path, variants, options)
    if players is None:
        counts = list(range(game.MIN_PLAYERS, game.MAX_PLAYERS + 1))
    elif isinstance(players, int):
        counts = [players]
    else:
        counts = list(players)
    step_policy = _policy(policy, mcts_simulations)
    report = VerifyReport(str(name_or_path), game.TITLE, counts, dict(game._option_values), tuple(variants),
                          policy=policy if policy == "random" else f"{policy} ({_simulations(mcts_simulations)} "
                                                                    f"simulations per decision)")
    run_settings = _run_settings(settings, max_examples, stateful_step_count, derandomize, seed)
    if cluster:
        _verify_on_cluster(cluster, report, name_or_path, counts, variants, options, seed, run_settings,
                           fast_forward, max_game_steps, max_applies, progress, policy, mcts_simulations)
    for count in ([] if cluster else counts):
        _run_count(report, game, count, run_settings, str(name_or_path), variants, seed, fast_forward,
                   max_game_steps, max_applies, step_policy, progress)
    if save_counterexamples is not None:
        _save_failures(report, Path(save_counterexamples), str(name_or_path), game)
    report.seconds = time.perf_counter() - started
    return report
