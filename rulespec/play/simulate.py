"""Simulate many seeded games of a rule file and compare it with the game it starts from.

``rulespec simulate my-table.rules --games 2000`` plays random games (chance by its odds, every choice
uniformly, as ``random_game`` does) of a house rule and of its base game with the same seeds, and
reports game length (actions and turns), how games end, each seat's share of wins, the spread of the
scores, and how often each rule fires: options taken (by choice and option name), chance steps,
automatic steps, triggers that changed something and replacement effects. ``--jobs`` spreads the
games over processes. The report is a table in the terminal plus ``summary.json``, ``report.md``
and small SVG charts in ``--out`` (drawn by rulespec/play/charts.py when matplotlib is installed).

Rules are counted by the runtime itself, in each state's ``fired`` (see ``State._count``): the engine
plays exactly as it always does, and the report names each count by what the rule is (``option
turn.draw``, ``chance draw_tile``, ``step deal``, ``trigger pearl_reached``: each time its event
happens, ``instead short_draw``).
"""

from __future__ import annotations

import json
import math
import random
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass
from fractions import Fraction
from pathlib import Path
from statistics import NormalDist
from typing import Callable, Iterable, Iterator, Optional, Sequence

from .mcts import ROLLOUTS, mcts_step
from .records import GAMES_FILE, RUN_FILE, GameRecord, ResumeProblem, SeedSet  # noqa: F401 (simulate's names)
from ..output_files import OutputFolder
from .races import DEFAULT_REACTION, Claim, ReactionTime, fastest, parse_reaction
from ..runtime.engine import ANY_PLAYER, CHANCE, SIMULTANEOUS, Action, Engine, State, RuleRuntimeError, StepBudgetExceeded, default_max_steps, greedy_step, random_step


class Side:
    """Everything measured for one rule file over many games, as running aggregates (counts of each
    value, exact sums of win shares), so that memory does not grow with the number of games; the
    records themselves are kept only when ``keep`` (a library call with no output folder)."""

    ERRORS_KEPT = 50  # error messages kept for the report (all are counted)

    def __init__(self, label: str, keep: bool = True, seeds: Optional[SeedSet] = None):
        self.label = label
        self.keep = keep
        self.records: list[GameRecord] = []
        self.seeds_done = seeds if seeds is not None else set()
        self.played_count = 0
        self.turns: Counter = Counter()
        self.actions: Counter = Counter()
        self.ends: Counter = Counter()
        self.wins: dict[int, list[Fraction]] = {}  # seat -> [sum of shares, sum of squared shares]
        self.spreads: dict[str, Counter] = {}
        self.fires: Counter = Counter()
        self.races: list[list[int]] = []  # seat -> [won, lost]
        self.seat_fires: list[Counter] = []
        self.errors: list[tuple[int, str]] = []
        self.error_count = 0
        self.resumed = 0  # games read back from an earlier, interrupted run
        self.retried = 0  # chunks of games a cluster played again after a worker died

    def add(self, records: Iterable[GameRecord]) -> None:
        for record in records:
            self.add_one(record)

    def add_one(self, record: GameRecord) -> None:
        if record.seed in self.seeds_done:
            return  # a game is counted once, whatever replays it
        self.seeds_done.add(record.seed)
        if self.keep:
            self.records.append(record)
        if record.error:
            self.error_count += 1
            self.errors.append((record.seed, record.error))
            self.errors = sorted(self.errors)[:self.ERRORS_KEPT]
            return
        self.played_count += 1
        self.turns[record.turns] += 1
        self.actions[record.actions] += 1
        self.ends[record.end] += 1
        for seat in record.winners:
            totals = self.wins.setdefault(seat, [Fraction(0), Fraction(0)])
            share = Fraction(1, len(record.winners))
            totals[0] += share
            totals[1] += share * share
        for name, values in record.scores.items():
            if values:
                self.spreads.setdefault(name, Counter())[max(values) - min(values)] += 1
        self.fires.update(record.fires)
        for seat, (won, lost) in enumerate(record.races):
            while len(self.races) <= seat:
                self.races.append([0, 0])
            self.races[seat][0] += won
            self.races[seat][1] += lost
        for seat, fires in enumerate(record.seat_fires):
            while len(self.seat_fires) <= seat:
                self.seat_fires.append(Counter())
            self.seat_fires[seat].update(fires)

    @property
    def played(self) -> list[GameRecord]:
        return [r for r in self.records if not r.error]

    def seat_moments(self, seat: int) -> tuple[float, float]:
        """(mean, variance) of one seat's per-game win share."""
        n = self.played_count
        total, squares = self.wins.get(seat, [Fraction(0), Fraction(0)])
        if not n:
            return 0.0, 0.0
        mean = total / n
        return float(mean), float(squares / n - mean * mean)

    def summary(self, players: int) -> dict:
        n = self.played_count or 1
        return {
            "label": self.label,
            "games": self.played_count,
            "resumed": self.resumed,
            "retried": self.retried,
            "error_count": self.error_count,
            "errors": [f"seed {seed}: {error}" for seed, error in self.errors],
            "turns": counted_stats(self.turns),
            "actions": counted_stats(self.actions),
            "ends": {end: round(100 * count / n, 2) for end, count in sorted(self.ends.items(), key=lambda e: (-e[1], e[0]))},
            "seat_wins": [round(100 * self.seat_moments(seat)[0], 2) for seat in range(players)],
            "score_spread": {name: counted_stats(values) for name, values in sorted(self.spreads.items())},
            "fires_per_game": {key: round(count / n, 3) for key, count in sorted(self.fires.items())},
            "races": [{"won": won, "lost": lost, "won_share": round(100 * won / (won + lost), 2) if won + lost else 0.0}
                      for won, lost in self.races],
            "seat_fires": [dict(sorted(fires.items())) for fires in self.seat_fires],  # totals, not per game
        }


def counted_stats(counts: Counter) -> dict:
    """mean, median, min, max and (sample) standard deviation of values given as value -> count."""
    n = sum(counts.values())
    if not n:
        return {"mean": 0, "median": 0, "min": 0, "max": 0, "sd": 0.0}
    values = sorted(counts)
    total = sum(v * c for v, c in counts.items())
    mean = Fraction(total, n) if all(isinstance(v, int) for v in values) else total / n
    squares = sum(c * (v - mean) ** 2 for v, c in counts.items())
    return {"mean": round(float(mean), 2), "median": _counted_median(counts, values, n),
            "min": values[0], "max": values[-1], "sd": round(math.sqrt(float(squares) / (n - 1)), 4) if n > 1 else 0.0}


def _counted_median(counts: Counter, values: list, n: int):
    def at(k: int):  # the k-th smallest value, from 0
        seen = 0
        for value in values:
            seen += counts[value]
            if seen > k:
                return value
    low, high = at((n - 1) // 2), at(n // 2)
    return low if low == high else (low + high) / 2


# ----------------------------------------------------------------------------- counting rules


def rule_counts(engine: Engine, fired: dict[str, int]) -> dict[str, int]:
    """A state's ``fired`` counts under report names: a step's bare name becomes ``step``/``chance``
    NAME (a choice is counted by its options, ``option CHOICE.OPTION``); the rest keep their names."""
    counts: dict[str, int] = {}
    for rule, count in fired.items():
        info = engine.STEPS.get(rule)
        if info is None:
            counts[rule] = count  # option ..., trigger ..., instead ..., and the runtime's own steps (lots)
        elif info.kind != "choice":
            counts[f"{'chance' if info.kind == 'chance' else 'step'} {rule}"] = count
    return counts


# ----------------------------------------------------------------------------- playing


_ENGINES: dict = {}


def _engine(path: str, variants: tuple, options: tuple) -> Engine:
    """A loaded engine per process (loading compiles the rule file once)."""
    key = (path, variants, options)
    if key not in _ENGINES:
        import rulespec
        _ENGINES[key] = rulespec.load(path, variants=variants, options=dict(options) or None)
    return _ENGINES[key]


POLICIES = ("random", "greedy", "mcts")  # how the simulated players choose (generic: nothing game-specific)


def _seat_random(state: State, rng: random.Random, seat: int, budget: int) -> Action:
    actions = state.legal_actions(seat)
    return actions[rng.randrange(len(actions))]


def _seat_greedy(state: State, rng: random.Random, seat: int, budget: int) -> Action:
    return greedy_step(state, rng, seat=seat)


def _seat_mcts(state: State, rng: random.Random, seat: int, budget: int) -> Action:
    return mcts_step(state, rng, budget, seat=seat)


_WHOLE = {"random": lambda state, rng, budget: random_step(state, rng),
          "greedy": lambda state, rng, budget: greedy_step(state, rng),
          "mcts": lambda state, rng, budget: mcts_step(state, rng, budget)}
_BY_SEAT = {"random": _seat_random, "greedy": _seat_greedy, "mcts": _seat_mcts}


def seat_policies(players: int, policy: str = "random", seats: Optional[dict[int, str]] = None) -> tuple[str, ...]:
    """The policy of each seat (0-based): ``seats`` (seat -> policy) where given, ``policy`` elsewhere."""
    return tuple((seats or {}).get(seat, policy) for seat in range(players))


def reaction_times(players: int, reactions: Optional[Sequence[Optional[str]]]) -> Optional[tuple[ReactionTime, ...]]:
    """Each seat's reaction time (rulespec.play.races) from its text; a seat given none has DEFAULT_REACTION.
    None when no seat has one: then the seats of a window are equally fast (a claim drawn by lot)."""
    if not reactions or not any(reactions):
        return None
    texts = list(reactions) + [None] * (players - len(reactions))
    return tuple(parse_reaction(text or DEFAULT_REACTION) for text in texts[:players])


def play_one(engine: Engine, players: int, seed: int, policy: str = "random",
             max_steps: Optional[int] = None, seats: Optional[Sequence[str]] = None,
             mcts_simulations: int = ROLLOUTS, reactions: Optional[Sequence[Optional[str]]] = None) -> GameRecord:
    """One seeded game, every seat choosing by ``policy`` (see POLICIES), or seat k by ``seats[k]``;
    more than ``max_steps`` steps (None: the runtime's default_max_steps for the game) is an error,
    recorded like any other.

    In a window any seat may act, every seat with an action proposes one by its own policy. With
    ``reactions`` (seat k's reaction time, rulespec.play.races), each claim's time is drawn from the game's
    rng and the fastest claim is applied, the others coming too late; without, the seats are equally
    fast and one claim, drawn uniformly, is taken; and when all seats share one policy the window is
    played by that policy over all actions, as before (no races are counted then). When the seats
    differ (policies or reaction times), each seat's ``seat_fires`` counts the rules its own decisions
    set off (the option taken and what fired before the next decision)."""
    by_seat = tuple(seats) if seats else (policy,) * players
    timed = reaction_times(players, reactions)
    shared = len(set(by_seat)) == 1 and timed is None
    rng = random.Random(seed)
    state = engine.new_game(players)
    if max_steps is None:
        max_steps = default_max_steps(engine, players)
    actions = chance = 0
    races = [[0, 0] for _ in range(players)]
    seat_fires: list[dict[str, int]] = [{} for _ in range(players)]
    try:
        while not state.is_terminal():
            if actions + chance >= max_steps:
                raise StepBudgetExceeded(max_steps, engine.MAX_TURNS)
            player = state.current_player()
            if player == CHANCE:
                state.apply(random_step(state, rng))
                chance += 1
                continue
            if player == SIMULTANEOUS and not (shared and by_seat[0] == "random"):
                # Each seat still to choose decides on the same state, before any choice is applied: a
                # policy that tries its actions on clones never sees what another seat chose in secret.
                picks = [_BY_SEAT[by_seat[seat]](state, rng, seat, mcts_simulations)
                         for seat in state.simultaneous_seats()]
                for pick in picks:
                    before = state.fired.copy()
                    state.apply(pick)
                    actions += 1
                    mine = seat_fires[pick.player]
                    for rule, count in state.fired.items() - before.items():  # the last one sets off the rest
                        mine[rule] = mine.get(rule, 0) + count - before.get(rule, 0)
                continue
            if shared:  # (seats alike: nothing is told apart by seat, at full speed)
                state.apply(_WHOLE[by_seat[0]](state, rng, mcts_simulations))
                actions += 1
                continue
            if player == ANY_PLAYER:
                claims = [Claim(seat, _BY_SEAT[by_seat[seat]](state, rng, seat, mcts_simulations), 0.0)
                          for seat in range(players) if state.legal_actions(seat)]
                if timed is None:
                    winner = claims[rng.randrange(len(claims))]
                else:
                    for claim in claims:
                        claim.time = timed[claim.seat].draw(rng)
                    winner = fastest(claims, rng)
                if len(claims) > 1:
                    for claim in claims:
                        races[claim.seat][claim is not winner] += 1
                action = winner.action
            else:
                action = _BY_SEAT[by_seat[player]](state, rng, player, mcts_simulations)
            before = state.fired.copy()
            state.apply(action)
            actions += 1
            mine = seat_fires[action.player]
            for rule, count in state.fired.items() - before.items():  # what this seat's decision set off
                mine[rule] = mine.get(rule, 0) + count - before.get(rule, 0)
    except RuleRuntimeError as error:
        return GameRecord(seed, actions, chance, state._turn_number, "error", [], {},
                          rule_counts(engine, state.fired), str(error))
    outcome = state.outcome()
    return GameRecord(seed, actions, chance, state._turn_number, outcome["end"], list(outcome["winners"]),
                      {k: list(v) for k, v in outcome.get("scores", {}).items()}, rule_counts(engine, state.fired),
                      races=races if any(won or lost for won, lost in races) else [],
                      seat_fires=[] if shared else [rule_counts(engine, fires) for fires in seat_fires])


def play_chunk(path: str, variants: tuple, options: tuple, players: int, seeds: Iterable[int],
               policy: str = "random", max_steps: Optional[int] = None, seats: Optional[tuple] = None,
               mcts_simulations: int = ROLLOUTS, reactions: Optional[tuple] = None) -> list[GameRecord]:
    """Games of one rule file, one per seed (the unit of work of every backend: processes, a cluster)."""
    engine = _engine(path, variants, options)
    return [play_one(engine, players, seed, policy, max_steps, seats, mcts_simulations, reactions) for seed in seeds]


_play_chunk = play_chunk


@dataclass
class Plan:
    label: str
    path: str
    variants: tuple[str, ...] = ()


def comparison_plans(path: Path, variants: Sequence[str] = ()) -> list[Plan]:
    """What to simulate: the rule file, and what it starts from (its base game, or itself without variants)."""
    from ..pipeline import check_rules, compile_rules
    checked = check_rules(path, variants)
    model = checked.model
    plans = [Plan(f"{model.title}" + (f" + {', '.join(variants)}" if variants else ""), str(path), tuple(variants))]
    if variants:
        plans.insert(0, Plan(f"{model.title} (no variants)", str(path)))
        return plans
    if checked.base_path is not None:
        base = compile_rules(checked.base_path)
        plans.insert(0, Plan(f"{base.title} (base)", str(checked.base_path)))
    return plans


def run_parameters(plans: Sequence[Plan], games: int, players: int, seed: int, options: Optional[dict],
                   seats: Sequence[str], max_steps: Optional[int], mcts_simulations: int,
                   reactions: Optional[Sequence[Optional[str]]] = None) -> dict:
    parameters = {"plans": [[plan.label, plan.path, list(plan.variants)] for plan in plans], "players": players,
                  "first_seed": seed, "games": games, "options": dict(sorted((options or {}).items())),
                  "seats": list(seats), "max_steps": max_steps, "mcts_simulations": mcts_simulations}
    timed = reaction_times(players, reactions)
    if timed is not None:  # (absent otherwise: a folder written before reaction times still resumes)
        parameters["reactions"] = [str(reaction) for reaction in timed]
    return parameters


def _read_recorded(out: Path, parameters: dict, step_budgets: list[int],
                   notices: list[str]) -> Iterator[tuple[int, GameRecord]]:
    """The games an earlier run of these parameters recorded in ``out``, each validated (its line
    refused with its number otherwise: rulespec/play/simulate_records.py); a last line cut short by the
    interruption is dropped, the file truncated to its whole lines and a notice added to ``notices``."""
    from .simulate_records import GamesFile, RunContext, read_run_file
    run_file, games_file = out / RUN_FILE, out / GAMES_FILE
    if not run_file.exists():
        raise ResumeProblem(f"--resume: {out} holds no simulation to resume (no {RUN_FILE})")
    earlier = read_run_file(run_file)
    changed = [key for key in parameters if key != "games" and earlier.get(key) != parameters[key]]
    if changed:
        raise ResumeProblem(f"--resume: {out} holds a run with other settings ({', '.join(changed)}); "
                            f"run again with the same ones, or without --resume to start over")
    if not games_file.exists():
        return
    recorded = GamesFile(games_file, RunContext(parameters["players"], earlier["first_seed"], earlier["games"],
                                                step_budgets), parameters["games"])
    yield from recorded.games()
    notice = recorded.drop_cut_line()
    if notice:
        notices.append(notice)


def simulate(plans: Sequence[Plan], games: int, players: int, seed: int = 0, jobs: int = 1,
             options: Optional[dict] = None, progress: Optional[Callable[[int], None]] = None,
             policy: str = "random", max_steps: Optional[int] = None, seats: Optional[dict[int, str]] = None,
             mcts_simulations: int = ROLLOUTS, out: Optional[Path] = None, resume: bool = False,
             cluster: Optional[str] = None, chunk: Optional[int] = None,
             reactions: Optional[dict[int, str]] = None, notices: Optional[list[str]] = None) -> list[Side]:
    """Play ``games`` seeded games of every plan (the same seeds for each): in this process, in
    ``jobs`` processes, or on a Dask cluster (``cluster``: an address, or "auto"; rulespec.play.cluster).
    Seat k plays by ``seats[k]`` (0-based), else by ``policy``; a game longer than ``max_steps`` steps
    (None: each rule file's default_max_steps) is recorded as an error. ``reactions`` (seat -> a
    reaction time's text, rulespec.play.races) makes the claims of a window race by time.

    With ``out``, each game is appended to ``out/games.jsonl`` as it arrives and only aggregates stay
    in memory; ``resume`` first reads back the games recorded there by an interrupted run of the same
    settings and plays only the others (each side's ``resumed`` says how many were read back; what
    resuming mended, a last line cut off, is added to ``notices``)."""
    options_key = tuple(sorted((options or {}).items()))
    by_seat = seat_policies(players, policy, seats)
    seats_key = None if len(set(by_seat)) == 1 else by_seat
    policy = by_seat[0] if seats_key is None else policy
    reactions_key = tuple((reactions or {}).get(k) for k in range(players)) if reactions else None
    sides = [Side(plan.label, keep=out is None, seeds=SeedSet(seed, games)) for plan in plans]
    writer = None
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        parameters = run_parameters(plans, games, players, seed, options, by_seat, max_steps, mcts_simulations,
                                    reactions_key)
        if resume:
            budgets = [max_steps or default_max_steps(_engine(plan.path, plan.variants, options_key), players)
                       for plan in plans]
            for index, record in _read_recorded(out, parameters, budgets, [] if notices is None else notices):
                if seed <= record.seed < seed + games:  # (a record past this run's --games is not counted)
                    sides[index].add_one(record)
                    sides[index].resumed += 1
        else:
            OutputFolder(out).write_bytes(GAMES_FILE, b"")
        OutputFolder(out).write_text(RUN_FILE, json.dumps(parameters, indent=2) + "\n")
        writer = OutputFolder(out).open_append(GAMES_FILE)  # never through a link (rulespec/output_files.py)
    elif resume:
        raise ResumeProblem("--resume needs the output folder of the run to resume")
    chunk = chunk or max(1, min(50, games // max(1, jobs * 4)))
    work = []
    for i in range(len(plans)):
        work += [(i, part) for part in _chunks(seed, games, chunk, sides[i].seeds_done)]
    tasks = [((plans[i].path, plans[i].variants, options_key, players, part, policy, max_steps, seats_key,
               mcts_simulations, reactions_key), i) for i, part in work]
    try:
        for i, records in _backend(tasks, jobs, cluster, sides):
            records = [r for r in records if r.seed not in sides[i].seeds_done]
            if writer is not None:
                writer.write("".join(json.dumps({"side": i, **asdict(r)}) + "\n" for r in records))
                writer.flush()
            sides[i].add(records)
            if progress:
                progress(len(records))
    finally:
        if writer is not None:
            writer.close()
    for side in sides:
        side.records.sort(key=lambda r: r.seed)
    return sides


def _chunks(first: int, games: int, size: int, done) -> Iterator[range]:
    """Runs of at most ``size`` consecutive seeds not yet played (ranges: no list of every seed)."""
    start = None
    for seed in range(first, first + games):
        if seed in done:
            if start is not None:
                yield range(start, seed)
                start = None
            continue
        if start is None:
            start = seed
        elif seed - start == size:
            yield range(start, seed)
            start = seed
    if start is not None:
        yield range(start, first + games)


def _backend(tasks: list, jobs: int, cluster: Optional[str], sides: list[Side]):
    """(side index, records) of each task as it completes: here, in processes, or on a cluster."""
    if cluster:
        from .cluster import run_on_cluster
        yield from run_on_cluster(cluster, play_chunk, tasks, sides, workers=max(jobs, 1) if jobs > 1 else 2)
        return
    if jobs <= 1:
        for arguments, i in tasks:
            yield i, play_chunk(*arguments)
        return
    import multiprocessing
    context = multiprocessing.get_context("fork") if "fork" in multiprocessing.get_all_start_methods() \
        else multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=context)
    try:
        futures = {pool.submit(play_chunk, *arguments): i for arguments, i in tasks}
        for future in as_completed(futures):
            yield futures.pop(future), future.result()  # popped: a finished chunk's records are let go
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


# ----------------------------------------------------------------------------- reports


def report_charts(sides: Sequence[Side], summaries: Sequence[dict], players: int) -> dict[str, str]:
    """The report's charts as SVG text by file name (matplotlib, from rulespec.play.charts)."""
    from .charts import bar_chart, histogram
    charts: dict[str, str] = {}
    charts["length.svg"] = histogram("Game length", [(s.label, s.turns) for s in sides],
                                     xlabel="turns")
    charts["actions.svg"] = histogram("Player decisions per game",
                                      [(s.label, s.actions) for s in sides], xlabel="decisions")
    ends = sorted({end for s in summaries for end in s["ends"]})
    charts["ends.svg"] = bar_chart("How games end (% of games)", ends,
                                   [(s["label"], [s["ends"].get(e, 0.0) for e in ends]) for s in summaries], unit="%")
    z = NormalDist().inv_cdf(1 - (1 - CONFIDENCE) / 2)
    intervals = [[100 * z * math.sqrt(side.seat_moments(k)[1] / side.played_count) if side.played_count else 0.0
                  for k in range(players)] for side in sides]
    charts["seats.svg"] = bar_chart("Wins by seat (% of games, 95% intervals; a shared win counts in part)",
                                    [f"player {k + 1}" for k in range(players)],
                                    [(s["label"], s["seat_wins"]) for s in summaries], unit="%", errors=intervals)
    score_names = sorted({name for s in summaries for name in s["score_spread"]})
    if score_names:
        name = score_names[0]
        charts["spread.svg"] = histogram(f"Spread of {name}",
                                         [(s.label, s.spreads.get(name, Counter()))
                                          for s in sides],
                                         xlabel="highest minus lowest")
    keys = sorted({k for s in summaries for k in s["fires_per_game"]})
    if keys:
        charts["rules.svg"] = bar_chart("How often each rule fires (per game)", keys,
                                        [(s["label"], [s["fires_per_game"].get(k, 0.0) for k in keys])
                                         for s in summaries])
    return charts


# ----------------------------------------------------------------------------- statistics
#
# House rule minus base, for each compared figure, with a 95% confidence interval: shares (win share
# by seat, how games end) by the normal approximation (Wald, from each side's per-game variance: a
# shared win counts in part), means (game length, decisions, score spreads) by Welch's unequal-variance
# standard error; both with the normal quantile, right from a few dozen games per side. "Games needed"
# is the games per side for a two-sided test at 5% to detect the observed difference (and, for shares,
# one of EFFECT points) with power 0.8: n = (z(0.975) + z(0.8))^2 (var_base + var_house) / effect^2.

CONFIDENCE, POWER, EFFECT = 0.95, 0.8, 2.0  # EFFECT: percentage points, for shares
SHARES_METHOD = "normal approximation (Wald) for shares, Welch for means; 95% intervals"


def games_needed(var_a: float, var_b: float, effect: float, confidence: float = CONFIDENCE,
                 power: float = POWER) -> Optional[int]:
    """Games per side to detect ``effect`` (same units as the variances' root) with ``power``."""
    if not effect or var_a + var_b <= 0:
        return None
    z = NormalDist().inv_cdf(1 - (1 - confidence) / 2) + NormalDist().inv_cdf(power)
    return math.ceil(z * z * (var_a + var_b) / (effect * effect))


def _difference(what: str, kind: str, a: tuple, b: tuple, scale: float, effect: Optional[float]) -> dict:
    """a, b: (mean, variance, n) of base and house rule; scale: 100 for shares in %."""
    (mean_a, var_a, n_a), (mean_b, var_b, n_b) = a, b
    z = NormalDist().inv_cdf(1 - (1 - CONFIDENCE) / 2)
    error = math.sqrt(var_a / n_a + var_b / n_b) if n_a and n_b else 0.0
    difference = mean_b - mean_a
    row = {"what": what, "kind": kind, "base": round(mean_a * scale, 3), "house": round(mean_b * scale, 3),
           "difference": round(difference * scale, 3), "low": round((difference - z * error) * scale, 3),
           "high": round((difference + z * error) * scale, 3),
           "method": "normal approximation (Wald)" if kind == "share" else "Welch",
           "significant": bool(error) and abs(difference) > z * error,
           "games_needed": games_needed(var_a, var_b, difference)}
    if effect is not None:
        row["effect"] = effect
        row["games_needed_for_effect"] = games_needed(var_a, var_b, effect / scale)
    return row


def _share(counts: Counter, n: int, key) -> tuple:
    p = counts.get(key, 0) / n if n else 0.0
    return p, p * (1 - p), n


def _mean(counts: Counter) -> tuple:
    n = sum(counts.values())
    stats = counted_stats(counts)
    return stats["mean"] if n else 0.0, stats["sd"] ** 2, n


def compare(base: Side, house: Side, players: int, effect: float = EFFECT) -> list[dict]:
    """House rule minus base for each compared figure (see the comment above)."""
    rows = []
    for seat in range(players):
        a, b = base.seat_moments(seat), house.seat_moments(seat)
        rows.append(_difference(f"player {seat + 1} wins", "share", (*a, base.played_count),
                                (*b, house.played_count), 100, effect))
    rows.append(_difference("turns", "mean", _mean(base.turns), _mean(house.turns), 1, None))
    rows.append(_difference("player decisions", "mean", _mean(base.actions), _mean(house.actions), 1, None))
    for end in sorted(set(base.ends) | set(house.ends)):
        rows.append(_difference(f"ends by {end}", "share", _share(base.ends, base.played_count, end),
                                _share(house.ends, house.played_count, end), 100, effect))
    for name in sorted(set(base.spreads) | set(house.spreads)):
        rows.append(_difference(f"{name} spread", "mean", _mean(base.spreads.get(name, Counter())),
                                _mean(house.spreads.get(name, Counter())), 1, None))
    return rows


def write_report(sides: Sequence[Side], players: int, out: Path, title: str, run: Optional[dict] = None,
                 effect: float = EFFECT) -> dict:
    """summary.json, report.md and, when matplotlib is installed, SVG charts in ``out``; returns the
    summary (``charts``: the files written; ``charts_skipped``: why there are none, or empty;
    ``comparison``: the last side minus the first, when there are two or more; ``run``: how it was played)."""
    from . import charts as charting
    folder = OutputFolder(out)  # every file stays in it, none written through a link
    summaries = [side.summary(players) for side in sides]
    charts = report_charts(sides, summaries, players) if charting.available() else {}
    for name, svg in charts.items():
        folder.write_text(name, svg)
    summary = {"title": title, "players": players, "run": run or {}, "sides": summaries,
               "resumed": sum(s.resumed for s in sides), "retried": sum(s.retried for s in sides),
               "statistics": SHARES_METHOD if len(sides) > 1 else "",
               "comparison": compare(sides[0], sides[-1], players, effect) if len(sides) > 1 else [],
               "charts": sorted(charts), "charts_skipped": "" if charting.available() else CHARTS_SKIPPED}
    folder.write_text("summary.json", json.dumps(summary, indent=2) + "\n")
    folder.write_text("report.md", report_markdown(summary))
    return summary


CHARTS_SKIPPED = "no charts: they are drawn with matplotlib (pip install 'rulespec[docs]')"


def _difference_cells(row: Optional[dict]) -> list[str]:
    if row is None:
        return ["", ""]
    unit = " pts" if row["kind"] == "share" else ""
    needed = "-" if row["games_needed"] is None else f"{row['games_needed']:,}"
    if "games_needed_for_effect" in row and row["games_needed_for_effect"] is not None:
        needed += f" ({row['games_needed_for_effect']:,} for {row['effect']:g} pts)"
    return [f"{row['difference']:+g}{unit} [{row['low']:+g}, {row['high']:+g}]" + (" *" if row["significant"] else ""),
            needed]


def comparison_rows(summary: dict) -> list[tuple[str, list[str]]]:
    """(what, one cell per side, then difference [95% CI] and games needed when compared) rows of the
    comparison table."""
    sides = summary["sides"]
    compared = {row["what"]: row for row in summary.get("comparison", [])}
    extra = (lambda name: _difference_cells(compared.get(name))) if compared else (lambda name: [])
    rows: list[tuple[str, list[str]]] = [("games played", [str(s["games"]) for s in sides] + extra(""))]
    for key, name in (("turns", "turns"), ("actions", "player decisions")):
        rows.append((f"{name} (mean, median, min-max)",
                     [f"{s[key]['mean']}, {s[key]['median']}, {s[key]['min']}-{s[key]['max']}" for s in sides]
                     + extra(name)))
    for end in sorted({e for s in sides for e in s["ends"]}):
        rows.append((f"ends by {end}", [f"{s['ends'].get(end, 0)}%" for s in sides] + extra(f"ends by {end}")))
    for seat in range(summary["players"]):
        rows.append((f"player {seat + 1} wins", [f"{s['seat_wins'][seat]}%" for s in sides]
                     + extra(f"player {seat + 1} wins")))
    for seat in range(max((len(s.get("races", [])) for s in sides), default=0)):
        cells = []
        for s in sides:
            races = s.get("races", [])
            won, lost = (races[seat]["won"], races[seat]["lost"]) if seat < len(races) else (0, 0)
            cells.append(f"{races[seat]['won_share']}% of {won + lost}" if won + lost else "-")
        rows.append((f"player {seat + 1} races won", cells + extra("")))
    for name in sorted({n for s in sides for n in s["score_spread"]}):
        rows.append((f"{name} spread (mean)", [str(s["score_spread"].get(name, {}).get("mean", "-")) for s in sides]
                     + extra(f"{name} spread")))
    for key in sorted({k for s in sides for k in s["fires_per_game"]}):
        rows.append((f"{key} per game", [str(s["fires_per_game"].get(key, 0)) for s in sides] + extra("")))
    return rows


def comparison_headers(summary: dict) -> list[str]:
    """The table's column headings after the first: one per side, then the comparison's two."""
    headers = [s["label"] for s in summary["sides"]]
    if summary.get("comparison"):
        headers += ["difference [95% CI]", "games needed (power 0.8)"]
    return headers


def _seat_fires_markdown(summary: dict) -> list[str]:
    """What each seat's own decisions set off, per game: the option it took and every rule that fired
    until the next decision (a claim and its judgement, a penalty it had to pay...)."""
    players = summary["players"]
    lines: list[str] = []
    for s in summary["sides"]:
        fires = s.get("seat_fires") or []
        keys = sorted({k for seat in fires for k in seat})
        if not keys or not s["games"]:
            continue
        lines += [f"## What each seat's decisions set off: {s['label']} (per game)", "",
                  "| | " + " | ".join(f"player {k + 1}" for k in range(players)) + " |",
                  "| --- |" + " --- |" * players]
        for key in keys:
            lines.append(f"| {key} | " + " | ".join(
                str(round(fires[k].get(key, 0) / s["games"], 3)) if k < len(fires) else "0" for k in range(players))
                + " |")
        lines.append("")
    return lines


def report_markdown(summary: dict) -> str:
    sides = summary["sides"]
    lines = [f"# {summary['title']}: {sides[0]['games']} games with {summary['players']} players", ""]
    headers = comparison_headers(summary)
    lines.append("| | " + " | ".join(headers) + " |")
    lines.append("| --- |" + " --- |" * len(headers))
    for what, cells in comparison_rows(summary):
        lines.append(f"| {what} | " + " | ".join(cells) + " |")
    lines.append("")
    if summary.get("comparison"):
        lines += [f"Difference: {sides[-1]['label']} minus {sides[0]['label']} ({summary['statistics']}; "
                  "* : the interval excludes 0). Games needed: games per side to detect the difference "
                  f"observed (in brackets: one of the given size) with power 0.8 at 5%.", ""]
    run = summary.get("run") or {}
    if run:
        lines += ["Seats: " + ", ".join(f"player {k + 1} {p}" for k, p in enumerate(run.get("seats", [])))
                  + (f" (mcts: {run['mcts_simulations']} simulations per decision)" if "mcts" in run.get("seats", []) else "")
                  + (". Reaction times in claim windows: " + ", ".join(f"player {k + 1} {r}" for k, r in
                                                                        enumerate(run["reactions"]))
                     if run.get("reactions") else "")
                  + f". Resumed games: {summary['resumed']}. Chunks retried after a worker died: {summary['retried']}.", ""]
        mended = run.get("resume_notices", [])
        lines += [f"Resumed: {notice}." for notice in mended] + ([""] if mended else [])
    if any(s.get("races") for s in sides):
        lines += ["A race is a round of a claim window (a choice any player may take) in which two or more seats "
                  "claimed: the fastest claim is applied, the others come too late"
                  + (" (by the reaction times above)." if run.get("reactions") else
                     " (seats equally fast: the claim applied is drawn by lot)."), ""]
    lines += _seat_fires_markdown(summary)
    for chart in summary["charts"]:
        lines += [f"![{chart}]({chart})", ""]
    if summary.get("charts_skipped"):
        lines += [f"({summary['charts_skipped']})", ""]
    errors = [e for s in sides for e in s["errors"]]
    if errors:
        lines += ["## Games that stopped with an error", ""] + [f"- {e}" for e in errors[:50]] + [""]
    return "\n".join(lines)
