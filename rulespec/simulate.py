"""Simulate many seeded games of a rule file and compare it with the game it starts from.

``rulespec simulate my-table.rules --games 2000`` plays random games (chance by its odds, every choice
uniformly, as ``random_game`` does) of a house rule and of its base game with the same seeds, and
reports game length (actions and turns), how games end, each seat's share of wins, the spread of the
scores, and how often each rule fires: options taken (by choice and option name), chance steps,
automatic steps, triggers that changed something and replacement effects. ``--jobs`` spreads the
games over processes. The report is a table in the terminal plus ``summary.json``, ``report.md``
and small SVG charts in ``--out`` (drawn by rulespec/charts.py when matplotlib is installed).

Rules are counted by the runtime itself, in each state's ``fired`` (see ``State._count``): the engine
plays exactly as it always does, and the report names each count by what the rule is (``option
turn.draw``, ``chance draw_tile``, ``step deal``, ``trigger pearl_reached``: each time its event
happens, ``instead short_draw``).
"""

from __future__ import annotations

import json
import random
import statistics
from collections import Counter
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Optional, Sequence

from .mcts import mcts_step
from .runtime.engine import Engine, RuleRuntimeError, StepBudgetExceeded, default_max_steps, greedy_step, random_step


@dataclass
class GameRecord:
    seed: int
    actions: int  # decisions taken by players
    chance: int  # chance outcomes
    turns: int
    end: str
    winners: list[int]
    scores: dict[str, list[int]]
    fires: dict[str, int]
    error: str = ""


@dataclass
class Side:
    """Everything measured for one rule file over many games."""

    label: str
    records: list[GameRecord] = field(default_factory=list)

    def add(self, records: Iterable[GameRecord]) -> None:
        self.records.extend(records)

    @property
    def played(self) -> list[GameRecord]:
        return [r for r in self.records if not r.error]

    def summary(self, players: int) -> dict:
        played = self.played
        n = len(played) or 1
        turns = [r.turns for r in played]
        actions = [r.actions for r in played]
        ends = Counter(r.end for r in played)
        wins = [0.0] * players
        for r in played:
            for seat in r.winners:
                wins[seat] += 1 / len(r.winners)
        spreads: dict[str, list[int]] = {}
        for r in played:
            for name, values in r.scores.items():
                if values:
                    spreads.setdefault(name, []).append(max(values) - min(values))
        fires: Counter = Counter()
        for r in played:
            fires.update(r.fires)
        return {
            "label": self.label,
            "games": len(played),
            "errors": [f"seed {r.seed}: {r.error}" for r in self.records if r.error],
            "turns": _stats(turns),
            "actions": _stats(actions),
            "ends": {end: round(100 * count / n, 2) for end, count in ends.most_common()},
            "seat_wins": [round(100 * w / n, 2) for w in wins],
            "score_spread": {name: _stats(values) for name, values in spreads.items()},
            "fires_per_game": {key: round(count / n, 3) for key, count in sorted(fires.items())},
        }


def _stats(values: Sequence[float]) -> dict:
    if not values:
        return {"mean": 0, "median": 0, "min": 0, "max": 0}
    return {"mean": round(statistics.fmean(values), 2), "median": statistics.median(values),
            "min": min(values), "max": max(values)}


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


POLICIES = {"random": random_step, "greedy": greedy_step, "mcts": mcts_step}  # how the simulated players choose


def play_one(engine: Engine, players: int, seed: int, policy: str = "random",
             max_steps: Optional[int] = None) -> GameRecord:
    """One seeded game, every seat choosing by ``policy`` (see POLICIES); more than ``max_steps`` steps
    (None: the runtime's default_max_steps for the game) is an error, recorded like any other."""
    choose = POLICIES[policy]
    rng = random.Random(seed)
    state = engine.new_game(players)
    if max_steps is None:
        max_steps = default_max_steps(engine, players)
    actions = chance = 0
    try:
        while not state.is_terminal():
            if actions + chance >= max_steps:
                raise StepBudgetExceeded(max_steps, engine.MAX_TURNS)
            is_chance = state.is_chance_node()
            state.apply(choose(state, rng))
            if is_chance:
                chance += 1
            else:
                actions += 1
    except RuleRuntimeError as error:
        return GameRecord(seed, actions, chance, state.turn_number, "error", [], {},
                          rule_counts(engine, state.fired), str(error))
    outcome = state.outcome()
    return GameRecord(seed, actions, chance, state.turn_number, outcome["end"], list(outcome["winners"]),
                      {k: list(v) for k, v in outcome.get("scores", {}).items()}, rule_counts(engine, state.fired))


def _play_chunk(path: str, variants: tuple, options: tuple, players: int, seeds: list[int],
                policy: str = "random", max_steps: Optional[int] = None) -> list[GameRecord]:
    engine = _engine(path, variants, options)
    return [play_one(engine, players, seed, policy, max_steps) for seed in seeds]


@dataclass
class Plan:
    label: str
    path: str
    variants: tuple[str, ...] = ()


def comparison_plans(path: Path, variants: Sequence[str] = ()) -> list[Plan]:
    """What to simulate: the rule file, and what it starts from (its base game, or itself without variants)."""
    from .pipeline import check_rules, compile_rules
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


def simulate(plans: Sequence[Plan], games: int, players: int, seed: int = 0, jobs: int = 1,
             options: Optional[dict] = None, progress: Optional[Callable[[int], None]] = None,
             policy: str = "random", max_steps: Optional[int] = None) -> list[Side]:
    """Play ``games`` seeded games of every plan (the same seeds for each), in ``jobs`` processes; a game
    longer than ``max_steps`` steps (None: each rule file's default_max_steps) is recorded as an error."""
    options_key = tuple(sorted((options or {}).items()))
    seeds = [seed + n for n in range(games)]
    sides = [Side(plan.label) for plan in plans]
    chunk = max(1, min(50, games // max(1, jobs * 4)))
    work = [(i, seeds[k:k + chunk]) for i in range(len(plans)) for k in range(0, games, chunk)]
    if jobs <= 1:
        for i, part in work:
            plan = plans[i]
            sides[i].add(_play_chunk(plan.path, plan.variants, options_key, players, part, policy, max_steps))
            if progress:
                progress(len(part))
    else:
        import multiprocessing
        context = multiprocessing.get_context("fork") if "fork" in multiprocessing.get_all_start_methods() \
            else multiprocessing.get_context("spawn")
        with ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
            futures = {pool.submit(_play_chunk, plans[i].path, plans[i].variants, options_key, players, part, policy,
                                   max_steps):
                       (i, len(part)) for i, part in work}
            for future in as_completed(futures):
                i, size = futures[future]
                sides[i].add(future.result())
                if progress:
                    progress(size)
    for side in sides:
        side.records.sort(key=lambda r: r.seed)
    return sides


# ----------------------------------------------------------------------------- reports


def report_charts(sides: Sequence[Side], summaries: Sequence[dict], players: int) -> dict[str, str]:
    """The report's charts as SVG text by file name (matplotlib, from rulespec.charts)."""
    from .charts import bar_chart, histogram
    charts: dict[str, str] = {}
    charts["length.svg"] = histogram("Game length", [(s.label, [r.turns for r in s.played]) for s in sides],
                                     xlabel="turns")
    charts["actions.svg"] = histogram("Player decisions per game",
                                      [(s.label, [r.actions for r in s.played]) for s in sides], xlabel="decisions")
    ends = sorted({end for s in summaries for end in s["ends"]})
    charts["ends.svg"] = bar_chart("How games end (% of games)", ends,
                                   [(s["label"], [s["ends"].get(e, 0.0) for e in ends]) for s in summaries], unit="%")
    charts["seats.svg"] = bar_chart("Wins by seat (% of games; a shared win counts in part)",
                                    [f"player {k + 1}" for k in range(players)],
                                    [(s["label"], s["seat_wins"]) for s in summaries], unit="%")
    score_names = sorted({name for s in summaries for name in s["score_spread"]})
    if score_names:
        name = score_names[0]
        charts["spread.svg"] = histogram(f"Spread of {name}",
                                         [(s.label, [max(r.scores[name]) - min(r.scores[name])
                                                     for r in s.played if r.scores.get(name)]) for s in sides],
                                         xlabel="highest minus lowest")
    keys = sorted({k for s in summaries for k in s["fires_per_game"]})
    if keys:
        charts["rules.svg"] = bar_chart("How often each rule fires (per game)", keys,
                                        [(s["label"], [s["fires_per_game"].get(k, 0.0) for k in keys])
                                         for s in summaries])
    return charts


def write_report(sides: Sequence[Side], players: int, out: Path, title: str) -> dict:
    """summary.json, report.md and, when matplotlib is installed, SVG charts in ``out``; returns the
    summary (``charts``: the files written; ``charts_skipped``: why there are none, or empty)."""
    from . import charts as charting
    out.mkdir(parents=True, exist_ok=True)
    summaries = [side.summary(players) for side in sides]
    charts = report_charts(sides, summaries, players) if charting.available() else {}
    for name, svg in charts.items():
        (out / name).write_text(svg, encoding="utf-8")
    summary = {"title": title, "players": players, "sides": summaries, "charts": sorted(charts),
               "charts_skipped": "" if charting.available() else CHARTS_SKIPPED}
    (out / "summary.json").write_text(json.dumps(summary, indent=2) + "\n", encoding="utf-8")
    (out / "report.md").write_text(report_markdown(summary), encoding="utf-8")
    return summary


CHARTS_SKIPPED = "no charts: they are drawn with matplotlib (pip install 'rulespec[docs]')"


def comparison_rows(summary: dict) -> list[tuple[str, list[str]]]:
    """(what, one cell per side) rows of the comparison table."""
    sides = summary["sides"]
    rows: list[tuple[str, list[str]]] = [("games played", [str(s["games"]) for s in sides])]
    for key, name in (("turns", "turns"), ("actions", "player decisions")):
        rows.append((f"{name} (mean, median, min-max)",
                     [f"{s[key]['mean']}, {s[key]['median']}, {s[key]['min']}-{s[key]['max']}" for s in sides]))
    for end in sorted({e for s in sides for e in s["ends"]}):
        rows.append((f"ends by {end}", [f"{s['ends'].get(end, 0)}%" for s in sides]))
    for seat in range(summary["players"]):
        rows.append((f"player {seat + 1} wins", [f"{s['seat_wins'][seat]}%" for s in sides]))
    for name in sorted({n for s in sides for n in s["score_spread"]}):
        rows.append((f"{name} spread (mean)", [str(s["score_spread"].get(name, {}).get("mean", "-")) for s in sides]))
    for key in sorted({k for s in sides for k in s["fires_per_game"]}):
        rows.append((f"{key} per game", [str(s["fires_per_game"].get(key, 0)) for s in sides]))
    return rows


def report_markdown(summary: dict) -> str:
    sides = summary["sides"]
    lines = [f"# {summary['title']}: {sides[0]['games']} games with {summary['players']} players", ""]
    lines.append("| | " + " | ".join(s["label"] for s in sides) + " |")
    lines.append("| --- |" + " --- |" * len(sides))
    for what, cells in comparison_rows(summary):
        lines.append(f"| {what} | " + " | ".join(cells) + " |")
    lines.append("")
    for chart in summary["charts"]:
        lines += [f"![{chart}]({chart})", ""]
    if summary.get("charts_skipped"):
        lines += [f"({summary['charts_skipped']})", ""]
    errors = [e for s in sides for e in s["errors"]]
    if errors:
        lines += ["## Games that stopped with an error", ""] + [f"- {e}" for e in errors[:50]] + [""]
    return "\n".join(lines)
