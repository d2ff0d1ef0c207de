"""End checks that read only counters (rulespec.model.reads.counters_read): skipped while the counters keep
the values at which every end of the timing last held false.

The agreement test plays random games of every variant of Let Them Eat Shrimp! (whose after-step ends
read only `out_at`) with the debug switch on (verify_indexed_ends: every check also tests every end in
full and raises when they disagree), through clones and JSON round trips."""

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.codegen.python import generate
from rulespec.model import reads
from rulespec.runtime.ends import verify_indexed_ends

ROOT = Path(__file__).resolve().parents[2]
LTES = (ROOT / "rulebooks" / "let-them-eat-shrimp.rules").read_text()


def play_checked(game, players: int, rng: random.Random, steps: int = 2000) -> int:
    """Random play through the public API, now and then through a clone or a JSON round trip; 1 when the
    game finished, and the check kept a record of the counters on the way."""
    state = game.new_game(players)
    recorded = False
    for _ in range(steps):
        recorded = recorded or ("after_step", "counters") in state._ends_seen
        if state.is_terminal():
            return int(recorded)
        if state.is_chance_node():
            state.apply(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply(rng.choice(state.legal_actions()))
        roll = rng.random()
        if roll < 0.05:
            state = game.from_json(state.to_json())
            assert not state._ends_seen  # read back: no record, every end tested
        elif roll < 0.15:
            state = state.clone()
    return 0


@pytest.mark.parametrize("variants", [(), ("advanced",), ("advanced", "egg_for_shark"), ("no_die", "open_play")])
def test_counter_end_checks_agree_with_testing_every_end_in_full(variants):
    game = type(rulespec.load("let-them-eat-shrimp", variants=list(variants)))()  # an engine of its own
    verify_indexed_ends(game)  # raises AssertionError at the first check that disagrees
    rng = random.Random(",".join(variants))
    finished = sum(play_checked(game, players, rng) for players in (2, 3, 5, 4))
    assert finished >= 3


def test_the_analysis_names_the_counters_an_end_reads_and_refuses_anything_else():
    model = rulespec.compile_rules("let-them-eat-shrimp", ["advanced"])
    read = {end.name: reads.counters_read(end, model) for end in model.ends}
    assert read == {"last_one_standing": ("out_at",), "everyone_out": ("out_at",),
                    "no_room_for_a_hexagon": None, "no_creature_showing": None}  # placements, board: not counters
    pig = rulespec.load("pig").model
    assert {end.name: reads.counters_read(end, pig) for end in pig.ends} == {
        "won": ("banked",), "out_of_time": ("banked", "decisions")}


def test_a_record_is_a_claim_about_the_counters_only():
    game = type(rulespec.load("let-them-eat-shrimp"))()
    check = game.END_CHECKS["after_step"]
    state = game.new_game(3)
    while state._phase != "play" or state.is_chance_node():  # the starting tiles fall, then the first turn
        state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    assert state._ends_seen[("after_step", "counters")] == ([0, 0, 0],)  # every end held false at these values
    assert check(state) is None
    # Two players knocked out behind the check's back: the counters differ from the record, so it tests.
    state._counters["out_at"][0] = 1
    state._counters["out_at"][2] = 2
    assert check(state) == (0, [1])
    assert state._ends_seen[("after_step", "counters")] == ([0, 0, 0],)  # (an end held: no new record)
    # The record is a copy: changing a counter in place never changes what the record claims.
    state._counters["out_at"][:] = [0, 0, 0]
    check(state)
    record = state._ends_seen[("after_step", "counters")][0]
    assert record is not state._counters["out_at"]


HOUSE_VARIANTS = {
    # a zone besides the counters: tested in full every time
    "zone": ("when out_at of p = 0 and count(q in players where out_at of q = 0) = 1",
             "when out_at of p = 0 and count(q in players where out_at of q = 0) = 1 and supply is not empty", None),
    # a shared counter too: both are recorded
    "shared": ("when out_at of p = 0 and count(q in players where out_at of q = 0) = 1",
               "when out_at of p = 0 and count(q in players where out_at of q = 0) = 1 and knockouts >= 0",
               ("knockouts", "out_at")),
}


@pytest.mark.parametrize("name", sorted(HOUSE_VARIANTS))
def test_a_changed_rule_file_changes_the_analysis(name, tmp_path):
    old, new, counters = HOUSE_VARIANTS[name]
    assert old in LTES
    path = tmp_path / "let-them-eat-shrimp.rules"
    path.write_text(LTES.replace(old, new))
    model = rulespec.compile_rules(path)
    end = next(e for e in model.ends if e.name == "last_one_standing")
    assert reads.counters_read(end, model) == counters
    source = generate(model, "let-them-eat-shrimp.rules")
    check = source[source.index("def ends_after_step"):source.index("def ends_turn_start")]
    assert ("('after_step', 'counters')" in check) == (counters is not None)
    if counters == ("knockouts", "out_at"):
        assert "(st._counters['knockouts'], st._counters['out_at'][:], )" in check  # a seat's counters copied
        game = rulespec.load(str(path))
        verify_indexed_ends(game)
        rng = random.Random(7)
        assert sum(play_checked(game, 3, rng) for _ in range(3)) >= 2
