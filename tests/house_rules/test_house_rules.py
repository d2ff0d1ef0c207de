"""Shell We?'s three worked house rules: each checks, passes its examples, changes its base, verifies,
simulates. (The gallery's house rules, such as house-rules/kuhn-poker-ante-two.rules, are tested in
tests/gallery/.)"""

from __future__ import annotations

from pathlib import Path

import pytest

import rulespec
from rulespec.docs.pages import diff_section
from rulespec.docs.sources import load_source
from rulespec.pipeline.examples import run_examples
from rulespec.play.simulate import comparison_plans, play_one, simulate, write_report

ROOT = Path(__file__).resolve().parents[2]
HOUSE = ROOT / "house-rules"
FILES = sorted(p for p in HOUSE.glob("*.rules")  # Shell We's own; the gallery's are tested in tests/gallery/
               if p.read_text(encoding="utf-8").startswith('extends "shell-we"') or '\nextends "shell-we"' in
               p.read_text(encoding="utf-8"))


def test_there_are_three_worked_house_rules():
    assert [p.name for p in FILES] == ["cheap-starfish.rules", "short-hands.rules", "three-tiles.rules"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_house_rule_checks_and_its_examples_pass(path):
    game = rulespec.load(path)
    assert game.GAME_ID.startswith("shell-we-") and game.GAME_ID != "shell-we"
    results = run_examples(game)
    assert results and all(r.passed for r in results), [r.message for r in results if not r.passed]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_house_rule_page_shows_the_diff_against_shell_we(path):
    source = load_source(path)
    assert source.base_path is not None and source.base_path.stem == "shell-we"
    section = "\n".join(diff_section(source))
    assert "## What this changes" in section and "```diff" in section
    assert "**Changed:** [game](#game)" in section


def test_three_tiles_adds_a_third_tile_choice():
    source = load_source(HOUSE / "three-tiles.rules")
    kinds = {d.key for d in source.declarations}
    assert ("choice", "third_tile") in kinds
    section = "\n".join(diff_section(source))
    assert "**Added:** [choice third_tile](#choice-third_tile)" in section
    assert "+    then third_tile(player, space)" in section


def test_cheap_starfish_scores_ten_per_starfish():
    game = rulespec.load(HOUSE / "cheap-starfish.rules")
    state = rulespec.random_game(game, players=2, seed=3)
    base = rulespec.random_game(rulespec.load("shell-we"), players=2, seed=3)
    assert state.history == base.history  # same seed, same rules of play: the same game
    racks = [state._zones[state._t.zone_base["rack"] + seat] for seat in range(2)]
    for seat, rack in enumerate(racks):
        stars = sum(1 for item in rack if game.ITEM_KIND[item] == "starfish")
        assert state.outcome()["scores"]["penalty"][seat] + 10 * stars == base.outcome()["scores"]["penalty"][seat]


def test_short_hands_deals_twelve():
    state = rulespec.load(HOUSE / "short-hands.rules").new_game(players=3)
    while state._phase == "setup" and state.is_chance_node():
        state.apply(state.chance_outcomes()[0][0])
    racks = [len(state._zones[state._t.zone_base["rack"] + seat]) for seat in range(3)]
    assert racks == [12, 12, 12]


def test_simulation_counts_the_new_rule_and_is_the_same_in_parallel(tmp_path):
    plans = comparison_plans(HOUSE / "three-tiles.rules")
    assert [Path(p.path).stem for p in plans] == ["shell-we", "three-tiles"]
    serial = simulate(plans, games=4, players=3, seed=7, jobs=1)
    parallel = simulate(plans, games=4, players=3, seed=7, jobs=2)
    assert [[(r.seed, r.turns, r.end, r.winners) for r in side.records] for side in serial] == \
           [[(r.seed, r.turns, r.end, r.winners) for r in side.records] for side in parallel]
    summary = write_report(serial, 3, tmp_path, "three tiles")
    base, house = summary["sides"]
    assert base["games"] == house["games"] == 4
    assert "option third_tile.play_shell" not in base["fires_per_game"]
    assert house["fires_per_game"].get("option third_tile.stop", 0) + \
        house["fires_per_game"].get("option third_tile.play_shell", 0) > 0
    assert abs(sum(base["seat_wins"]) - 100) < 0.1
    for chart in ("length.svg", "ends.svg", "seats.svg", "rules.svg", "spread.svg"):
        assert (tmp_path / chart).read_text().startswith("<svg")
    assert "| turns (mean, median, min-max) |" in (tmp_path / "report.md").read_text()


def _taken(game, history: list[str]) -> dict[str, int]:
    """Which option or chance step each action of a game was, found by replaying it: the option whose
    offers at that point hold the action's text (no counter of the engine's is used)."""
    taken: dict[str, int] = {}
    state = game.new_game(players=2)
    for text in history:
        step, args = state._stack[-1][0], state._stack[-1][1]
        info = game.STEPS.get(step)
        if info is not None and info.kind == "choice":
            said = text.split(": ", 1)[1]
            owners = [o.name for o in info.options if any(t == said for t, _ in o.enumerate(state, *args))]
            assert len(owners) == 1, (text, owners)
            rule = f"option {step}.{owners[0]}"
        else:
            rule = f"chance {step}" if info is not None else step
        taken[rule] = taken.get(rule, 0) + 1
        state.apply(text)
    return taken


@pytest.mark.parametrize("path", [ROOT / "rulebooks" / "shell-we.rules", HOUSE / "three-tiles.rules"],
                         ids=lambda p: p.stem)
def test_simulation_counts_every_option_and_chance_step_taken(path):
    game = rulespec.load(path)
    plain = rulespec.random_game(game, players=2, seed=11)
    record = play_one(game, 2, 11)  # the runtime's own counter, state.fired: nothing wrapped
    assert record.turns == plain._turn_number and record.end == plain.outcome()["end"]
    decisions = sum(1 for a in plain.history if not a.startswith("chance:"))
    assert record.actions == decisions and record.chance == len(plain.history) - decisions
    taken = _taken(game, plain.history)
    counted = {rule: n for rule, n in record.fires.items() if rule.startswith(("option ", "chance "))}
    assert counted == {rule: n for rule, n in taken.items() if not rule.startswith("__")}
    assert sum(n for rule, n in counted.items() if rule.startswith("option ")) == decisions
    steps = [rule for rule in record.fires if rule.startswith("step ")]
    assert steps and all(rule[5:] in game.STEPS and game.STEPS[rule[5:]].kind == "auto" for rule in steps)
    assert record.fires.get("trigger pearl_reached", 0) > 0  # each time a tile is placed on the beach as regular


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_house_rule_verifies(path):
    """The whole property suite on each worked house rule, with a small budget (what `rulespec verify` runs)."""
    from rulespec.check.verify import verify

    report = verify(path, players=2, max_examples=3, stateful_step_count=30, seed=1, derandomize=True,
                    save_counterexamples=None)
    assert report.ok, report.render()
    assert report.checks_run > 0


def test_greedy_players_simulate_too_and_differ_from_random_ones():
    plans = comparison_plans(HOUSE / "three-tiles.rules")
    greedy = simulate(plans, games=3, players=2, seed=1, jobs=1, policy="greedy")
    again = simulate(plans, games=3, players=2, seed=1, jobs=2, policy="greedy")
    randomly = simulate(plans, games=3, players=2, seed=1, jobs=1)
    runs = [[[(r.seed, r.turns, r.end, r.winners) for r in side.records] for side in run]
            for run in (greedy, again, randomly)]
    assert runs[0] == runs[1]  # seeded, whatever the number of processes
    assert runs[0] != runs[2]
    assert all(r.end != "error" for side in greedy for r in side.records)


def _invariant_failures(path) -> list[str]:
    from rulespec.check.verify import verify

    report = verify(path, players=2, max_examples=10, stateful_step_count=10, seed=1, derandomize=True,
                    save_counterexamples=None)
    return [failure.message for failure in report.failures]


def test_an_inherited_invariant_that_fails_says_where_it_is_and_how_a_house_rule_replaces_it(tmp_path):
    # The ante-two house rule without its own `invariant one_bet_at_most`: Kuhn poker's (an ante of one, one
    # bet) fails at the first bet, and the house rule's author may never have opened kuhn-poker.rules.
    text = (HOUSE / "kuhn-poker-ante-two.rules").read_text(encoding="utf-8")
    start = text.index("invariant one_bet_at_most")
    path = tmp_path / "ante-two.rules"
    path.write_text(text[:start] + text[text.index("example ", start):], encoding="utf-8")
    assert _invariant_failures(path) == [
        "one_bet_at_most: nobody puts in more than the ante and one bet (`always` invariant is false); declared at "
        "kuhn-poker.rules:91, in the game this file extends: an `invariant one_bet_at_most` in this file replaces it"]


def test_an_invariant_of_the_house_rule_itself_that_fails_says_its_line(tmp_path):
    wrong = 'invariant never_over_two "wrong on purpose: an ante of two and a bet is three" [HOUSE-A2-1]:'
    text = (HOUSE / "kuhn-poker-ante-two.rules").read_text(encoding="utf-8") + \
        f"\n{wrong}\n  always count(p in players where staked of p > 2) = 0\n"
    path = tmp_path / "ante-two.rules"
    path.write_text(text, encoding="utf-8")
    line = text.split("\n").index(wrong) + 1
    assert _invariant_failures(path) == [
        f"never_over_two: wrong on purpose: an ante of two and a bet is three (`always` invariant is false); "
        f"declared at ante-two.rules:{line}"]
