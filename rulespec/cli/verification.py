"""`rulespec verify` (the properties of a game checked on generated games, or on every reachable state
with --exhaustive) and `rulespec replay` (a saved counterexample played again, step by step). The
verifier, rulespec/check/verify.py, is imported when one of them runs."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Optional

import typer
from rich.text import Text

from .cluster_options import CLUSTER, DASHBOARD, INSECURE, TLS_CA_FILE, TLS_CERT, TLS_KEY, cluster_target
from .console import EXIT_PROBLEM, UsageProblem, _command, _Io, _load, _parse_options, _resolve, _Stop
from .views import format_outcome


def _shown_game(typed: str) -> str:
    """How a progress line names the game: a bundled id as typed, a rule file by its name."""
    return Path(typed).name if typed.endswith(".rules") else typed


def _verify_module(io: _Io):
    import importlib
    try:
        module = importlib.import_module("rulespec.check.verify")  # lazily: the CLI works without it
    except ModuleNotFoundError as error:
        if error.name == "rulespec.check.verify":
            io.error("rulespec verify is not available yet: this checkout has no rulespec/check/verify.py")
            raise _Stop(EXIT_PROBLEM)
        raise
    return module



def _verify_arguments(variants: tuple, options: dict, players: Optional[int], seed: Optional[int],
                      examples: Optional[int], max_steps: Optional[int], policy: str,
                      mcts_simulations: Optional[int], cluster: Optional[str]) -> dict[str, Any]:
    """The keyword arguments of rulespec.check.verify.verify for the options given (each checked; one
    left out is the verifier's default)."""
    kwargs: dict[str, Any] = dict(variants=variants, options=options or None, players=players, seed=seed)
    if examples is not None:
        if examples < 1:
            raise UsageProblem("--examples must be at least 1")
        kwargs["max_examples"] = examples
    if max_steps is not None:
        if max_steps < 1:
            raise UsageProblem("--max-steps must be at least 1")
        kwargs["max_game_steps"] = max_steps
    if policy not in ("random", "mcts"):
        raise UsageProblem(f"--policy is random or mcts, not {policy!r}")
    if mcts_simulations is not None:
        if policy != "mcts":
            raise UsageProblem("--mcts-simulations needs --policy mcts")
        if mcts_simulations < 1:
            raise UsageProblem("--mcts-simulations must be at least 1")
    if policy != "random":
        kwargs.update(policy=policy, mcts_simulations=mcts_simulations)
    if cluster:
        kwargs["cluster"] = cluster
    return kwargs


@_command
def verify(
    io: _Io,
    rule_file: str = typer.Argument(..., metavar="FILE_OR_GAME", help="A .rules file or a bundled game's id."),
    players: Optional[int] = typer.Option(None, "--players", "-p", help="Only this player count (default: all)."),
    examples: Optional[int] = typer.Option(None, "--examples", metavar="K", help="Hypothesis examples per property."),
    seed: Optional[int] = typer.Option(None, "--seed", help="Seed for Hypothesis."),
    variant: Optional[list[str]] = typer.Option(None, "--variant", metavar="V", help="Apply a variant (repeatable)."),
    option: Optional[list[str]] = typer.Option(None, "--option", metavar="NAME=VALUE", help="A game option (repeatable)."),
    save: Optional[Path] = typer.Option(None, "--save", metavar="PATH", help="Save the first counterexample here."),
    max_steps: Optional[int] = typer.Option(None, "--max-steps", metavar="N",
                                            help="The step budget of the whole random game that checks termination "
                                                 "(default: 100 x (turn limit + 1) x players, or 1,000,000)."),
    exhaustive: bool = typer.Option(False, "--exhaustive",
                                    help="Visit and check every reachable state, breadth-first (small games); a "
                                         "failure comes with the shortest counterexample. Exit 3 when --max-states "
                                         "stops the walk first."),
    max_states: Optional[int] = typer.Option(None, "--max-states", metavar="N",
                                             help="With --exhaustive: stop after N distinct states (default 50,000)."),
    policy: str = typer.Option("random", "--policy", metavar="random|mcts",
                               help="How the seats choose in the seeded games the checks play (the whole game, "
                                    "fast-forwards): at random, or mcts (a tree search per decision, "
                                    "rulespec/play/mcts.py), which reaches the positions of seats that try to win."),
    mcts_simulations: Optional[int] = typer.Option(None, "--mcts-simulations", metavar="N",
                                                   help="With --policy mcts: simulations per decision (default 24)."),
    cluster: Optional[str] = CLUSTER,
    tls_ca_file: Optional[Path] = TLS_CA_FILE,
    tls_cert: Optional[Path] = TLS_CERT,
    tls_key: Optional[Path] = TLS_KEY,
    insecure: bool = INSECURE,
    dashboard: bool = DASHBOARD,
) -> None:
    """Check the game's properties (conformance, invariants, no leaks) on generated games, or on every state."""
    module = _verify_module(io)
    cluster = cluster_target(cluster, tls_ca_file, tls_cert, tls_key, insecure, dashboard)
    path = _resolve(rule_file)
    options = _parse_options(option, path)
    engine = _load(path, variant or [], options)  # a bad option or variant is reported here, before the run
    if players is not None and not engine.min_players <= players <= engine.max_players:
        raise UsageProblem(f"{engine.name} is played by {engine.min_players} to {engine.max_players} players, "
                           f"not {players}")
    if exhaustive or max_states is not None:
        _verify_exhaustive(io, module, rule_file, engine, players, tuple(variant or ()), options, save, max_states,
                           exhaustive, dict(examples=examples, seed=seed, max_steps=max_steps,
                                            policy=None if policy == "random" else policy,
                                            mcts_simulations=mcts_simulations, cluster=cluster))
        return
    kwargs = _verify_arguments(tuple(variant or ()), options, players, seed, examples, max_steps, policy,
                               mcts_simulations, cluster)
    from ..play.cluster import ClusterUnavailable
    from .progress import StageProgress
    io.print(_what_verify_runs(engine, _shown_game(rule_file), players, examples))
    title = f"verify {_shown_game(rule_file)}" + "".join(f" --variant {v}" for v in variant or ())
    try:
        with StageProgress(io.err, title, "examples") as progress:
            report = module.verify(rule_file, progress=progress, **kwargs)  # as typed: the report names it the same way
    except ClusterUnavailable as problem:  # --cluster without the extra
        raise UsageProblem(str(problem))
    except OSError as problem:  # --cluster: no scheduler at that address
        if not cluster:
            raise
        raise UsageProblem(f"--cluster {cluster}: {problem}")
    io.print(report.render())
    if report.ok:
        return
    if save is not None and report.failures:
        module.save_counterexample(save, report.failures[0])
        io.print(f"saved the counterexample for {report.failures[0].property} to {save}; "
                 f"replay it with `rulespec replay {save}`")
    raise _Stop(EXIT_PROBLEM)



def _what_verify_runs(engine, shown: str, players: Optional[int], examples: Optional[int]) -> str:
    """What a run of verify will do, said before it starts (a game of many player counts runs for minutes),
    and how to make it smaller."""
    from hypothesis import settings as active_settings  # the active profile's budgets, which verify takes
    counts = [players] if players is not None else list(range(engine.min_players, engine.max_players + 1))
    per_count = examples if examples is not None else active_settings().max_examples
    steps = active_settings().stateful_step_count
    which = (f"{counts[0]} players" if len(counts) == 1 else
             f"{len(counts)} player counts ({counts[0]} to {counts[-1]})")
    total = len(counts) * per_count
    text = (f"verify {shown}: {which} x {per_count} example{'s' if per_count != 1 else ''} of up to {steps} "
            f"steps, {total:,} example{'s' if total != 1 else ''} in all")
    narrower = ([f"--players {counts[0]} (one count)"] if len(counts) > 1 else []) + \
        ([f"--examples {max(1, per_count // 10)} (fewer each)"] if examples is None and per_count > 1 else [])
    return text + (f"; narrow it with {' or '.join(narrower)}" if narrower else "")


def _verify_exhaustive(io: _Io, module, rule_file: str, engine, players: Optional[int], variants: tuple,
                       options: dict, save: Optional[Path], max_states: Optional[int], exhaustive: bool,
                       random_only: dict) -> None:
    """`verify --exhaustive`: every reachable state of each player count (rulespec/check/exhaustive.py)."""
    from ..check.exhaustive import DEFAULT_MAX_STATES, EXIT_INCOMPLETE, explore
    from .progress import StageProgress
    if not exhaustive:
        raise UsageProblem("--max-states goes with --exhaustive")
    given = [f"--{name.replace('_', '-')}" for name, value in random_only.items() if value is not None]
    if given:
        raise UsageProblem(f"{', '.join(given)} {'is' if len(given) == 1 else 'are'} for random walks; --exhaustive "
                           f"visits every state")
    if max_states is not None and max_states < 1:
        raise UsageProblem("--max-states must be at least 1")
    counts = [players] if players is not None else list(range(engine.min_players, engine.max_players + 1))
    reports = []
    title = f"verify --exhaustive {_shown_game(rule_file)}" + "".join(f" --variant {v}" for v in variants)
    with StageProgress(io.err, title, "states") as progress:
        for count in counts:
            report = explore(engine, count, variants=variants, max_states=max_states or DEFAULT_MAX_STATES,
                             progress=progress, source=rule_file)  # as typed: `rulespec replay` finds it again
            reports.append(report)
            if report.failures:
                break
    for report in reports:
        io.print(report.render())
    failed = [f for report in reports for f in report.failures]
    if failed:
        if save is not None:
            module.save_counterexample(save, failed[0])
            io.print(f"saved the counterexample for {failed[0].property} to {save}; replay it with "
                     f"`rulespec replay {save}`")
        raise _Stop(EXIT_PROBLEM)
    if not all(report.complete for report in reports):
        raise _Stop(EXIT_INCOMPLETE)


@_command
def replay(
    io: _Io,
    counterexample: Path = typer.Argument(..., metavar="COUNTEREXAMPLE_FILE", help="A file saved by verify --save."),
) -> None:
    """Replay a saved counterexample step by step, then re-run the checks on the state it reaches."""
    from ..runtime.engine import IllegalAction, RuleRuntimeError
    module = _verify_module(io)
    try:
        is_file = counterexample.is_file()
    except OSError:
        is_file = False
    if not is_file:
        raise UsageProblem(f"no counterexample file at {counterexample}")
    try:
        record = module.load_counterexample(counterexample)
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise UsageProblem(f"cannot read {counterexample} as a counterexample: {error}") from None
    variants = list(getattr(record, "variants", ()) or ())
    options = dict(record.options or {})
    path = _resolve(str(record.game))
    engine = _load(path, variants, options)
    players = record.players
    if not engine.min_players <= players <= engine.max_players:
        raise UsageProblem(f"{counterexample} is for {players} players; {engine.name} allows "
                           f"{engine.min_players} to {engine.max_players}")
    actions = [str(action) for action in record.actions]
    settings = ", ".join(f"{k}={v}" for k, v in engine._option_values.items())
    io.print(Text(f"{engine.name}: {players} players" + (f", options {settings}" if settings else "")
                  + (f", variants {', '.join(variants)}" if variants else "")
                  + f"; {len(actions)} action{'s' if len(actions) != 1 else ''}", style="bold"))
    if record.property:
        io.print(f"recorded failure: {record.property}: {record.message}")
    state = engine.new_game(players)
    previous = None
    problems: list[str] = []
    reported = 0
    for number, text in enumerate(actions, 1):
        before = state.clone()
        try:
            state.apply(text)
        except IllegalAction as refusal:
            problems.append(f"step {number} ({text}) is refused: {refusal.reason}")
            break
        except RuleRuntimeError as error:
            problems.append(f"step {number} ({text}): the rules asked for something impossible: {error}")
            break
        previous = before
        io.print(f"{number:>4}. {text}")
        for violation in state._violations[reported:]:
            io.print(f"      violated: {violation}", style="red")
        reported = len(state._violations)
    io.print()
    io.print(str(state))
    if state.is_terminal():
        for line in format_outcome(state):
            io.print(line)
    if not problems and hasattr(module, "check_state"):
        found = module.check_state(engine, state, previous, str(path), tuple(variants))
        problems += [f"{failure.property}: {failure.message}" for failure in found]
    io.print()
    if not problems:
        io.print(Text(f"no check fails on replay: the recorded failure ({record.property or 'unnamed'}) "
                      f"does not happen again", style="bold green"))
        return
    for problem in problems:
        io.print(Text(f"fails: {problem}", style="bold red"))
    raise _Stop(EXIT_PROBLEM)
