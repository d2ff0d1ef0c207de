"""Ways generated code skips the runtime's general path play the same games as that path:
a `then` naming an automatic step runs it at once, inside the step before it (codegen inline_thens), a
listing that reads only zones and counters is looked up by what it reads (codegen listing_reads), and the
after-step ends that read counters alone are not checked again until a counter changes (codegen
ends_clean: State._ends_clean), and a listing tests `has an occupied neighbour` and `holds` inline, not by a
State method (codegen neighbour_test_inline, holds_inline). Each
engine below is also generated without the one, and both are played in lock step on random games: the
same choices and chance outcomes with the same probabilities at every step, the same observations, and at
the end the same history, counts of what fired, outcome, returns and JSON."""

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.codegen import python as codegen
from rulespec.pipeline import load_module_from_source
from rulespec.runtime.engine import Engine

from tests.long_runs import count

from .lockstep import play_in_lock_step, sampled_action

GAMES = [("shrimp", 2), ("shrimp", 5), ("shell-we", 2), ("let-them-eat-shrimp", 2), ("leduc-poker", 2)]


OFF = {"inline_thens": ("inline_thens", lambda self, body: set(), "_quiet_after_step"),
       "listing_memo": ("listing_reads", lambda self, step: None, "LISTED_"),
       "ends_clean": ("ends_clean", staticmethod(lambda timing, counters: False), "_ends_clean = True"),
       "neighbour_inline": ("neighbour_test_inline", lambda self, c: False, "for _near in neighbours_"),
       "holds_inline": ("holds_inline", lambda self, e: None, "ITEM_KIND[board_")}


def _engine_without(game_id: str, feature: str, monkeypatch):
    engine = rulespec.load(game_id)
    method, replacement, marker = OFF[feature]
    with monkeypatch.context() as patch:
        patch.setattr(codegen.CodeGenerator, method, replacement)
        source = codegen.generate(engine.model, f"{game_id}.rules")
    assert marker not in source
    assert marker in open(rulespec.pipeline.committed_engine_path(game_id)).read()
    plain = load_module_from_source(source, f"plain_{game_id.replace('-', '_')}").GAME(None)
    plain.model = engine.model
    return engine, plain


@pytest.mark.parametrize("feature, game_id, players", [("inline_thens", g, p) for g, p in GAMES] + [
    ("listing_memo", g, p) for g, p in (("shrimp", 2), ("shrimp", 6), ("let-them-eat-shrimp", 2), ("shell-we", 3))] + [
    ("ends_clean", g, p) for g, p in (("shrimp", 2), ("shrimp", 6), ("pig", 2), ("leduc-poker", 2),
                                      ("let-them-eat-shrimp", 3))] + [
    (f, "shell-we", p) for f in ("neighbour_inline", "holds_inline") for p in (2, 4)])
def test_a_fast_path_plays_the_same_games(feature, game_id, players, monkeypatch):
    engine, plain = _engine_without(game_id, feature, monkeypatch)
    for seed in range(6 if game_id != "let-them-eat-shrimp" else 2):
        fast, slow = engine.new_game(players), plain.new_game(players)
        play_in_lock_step(fast, slow, players, random.Random(seed))


def _engine_without_shared_pendings(game_id: str):
    """The committed engine, and an engine of the same module whose steps do not say rows_kept (each state
    lists its own Pending, as before StepInfo.rows_kept)."""
    import dataclasses
    engine = rulespec.load(game_id)
    steps = {name: dataclasses.replace(info, rows_kept=False) for name, info in engine.STEPS.items()}
    assert any(info.rows_kept for info in engine.STEPS.values())
    plain = type("Unshared", (type(engine),), {"STEPS": steps})(None)
    return engine, plain


@pytest.mark.parametrize("game_id, players", [("shrimp", 2), ("shrimp", 6), ("let-them-eat-shrimp", 3),
                                              ("shell-we", 2)])
def test_shared_pendings_play_the_same_games(game_id, players):
    """A choice whose rows are kept by what its listing read (StepInfo.rows_kept) has one Pending per rows
    list, shared by every state that reaches them; playing with it is playing with a Pending per state."""
    engine, plain = _engine_without_shared_pendings(game_id)
    for seed in range(4):
        fast, slow = engine.new_game(players), plain.new_game(players)
        play_in_lock_step(fast, slow, players, random.Random(seed))


def test_a_shared_pending_is_shared_and_left_alone():
    """States at the same kept listing hold one Pending; what one of them does (a refused action, random_step's
    pick, apply) leaves the others' decision as it was, and each plays on as a state of its own would."""
    from rulespec.runtime.policies import random_step
    engine = rulespec.load("shrimp")
    rng = random.Random(3)
    shared = 0
    for seed in range(3):
        st = engine.new_game(3)
        while not st.is_terminal():
            info = engine.STEPS.get(st._stack[-1][0]) if st._stack else None
            if info is not None and info.rows_kept and not st.is_chance_node():
                twin, read = st.clone(), engine.from_json(st.to_json())
                assert twin._pending is st._pending and read.legal_actions() == st.legal_actions()
                before = twin.legal_actions()
                with pytest.raises(rulespec.IllegalAction):
                    st.apply(rulespec.Action(0, "no such choice"))
                action = random_step(st, rng)
                st.apply(action)
                assert twin.legal_actions() == before and read.legal_actions() == before
                twin.apply(action)
                read.apply(str(action))
                assert twin.to_json() == st.to_json() == read.to_json()
                shared += 1
            else:
                st.apply(random_step(st, rng))
    assert shared > 100


def test_the_inline_turn_of_advance_keeps_the_budget():
    """After a step, State._play finds a kept choice's shared Pending itself (Engine._inline_choices), as the first
    turn of Engine._advance would; a budget of no automatic steps at all still refuses the step, state untouched."""
    engine = rulespec.load("shrimp")
    assert any(info.rows_kept for info, _ in engine._inline_choices.values())
    rng = random.Random(5)
    st = engine.new_game(4)
    while not (st._stack and st._stack[-1][0] == "window") or st.is_chance_node():
        st.apply(sampled_action(st, rng))
    before, legal = st.to_json(), st.legal_actions()
    smash = next(a for a in legal if a.text == "smash the lemon")
    try:
        engine.MAX_AUTO_STEPS = 0
        with pytest.raises(rulespec.RuleRuntimeError, match="^0 automatic steps"):
            st.apply(smash)
    finally:
        del engine.MAX_AUTO_STEPS
    assert st.to_json() == before and st.legal_actions() == legal
    st.apply(smash)  # and with the budget back, the call it leads to is offered
    assert st._stack[-1][0] == "call" and st._pending is engine._rows_pending.get(id(st._pending.rows))


SKIPPING = Path(__file__).with_name("skipping.rules")  # turns whose choice runs out, then idle turns
# A Shrimp game is hundreds of steps, each tried under five budgets both ways: 2 games in the suite, 6 in the
# long form (tests/long_runs.py)
SHRIMP_INLINE_GAMES = count("SHRIMP_INLINE_GAMES", 2, 6)


@pytest.mark.parametrize("game_id, players", [("hex", 2), ("tic-tac-toe", 2), ("shrimp", 3), ("pig", 2),
                                              ("skipping", 2), ("skipping", 3)])
def test_the_inline_steps_refuse_and_play_as_advance_does(game_id, players):
    """State._play begins the next turn and lists its choice itself (Engine._inline_choices) as Engine._advance's
    first runs would: under budgets of 0 to 3 automatic steps and the default one, each step of random games is
    refused (with the same reason, the state untouched) or played (to the same state and decision) exactly as
    by _advance alone; so is a turn with nothing to choose, and the idle turns after it."""
    engine = rulespec.load(SKIPPING if game_id == "skipping" else game_id)
    inline_choices = engine._inline_choices
    assert inline_choices
    rng = random.Random(11)
    compared = refused = 0
    for game in range(SHRIMP_INLINE_GAMES if game_id == "shrimp" else 6):
        st = engine.new_game(players)
        while not st.is_terminal():
            action = sampled_action(st, rng)
            for budget in (0, 1, 2, 3, Engine.MAX_AUTO_STEPS):
                outcomes = []
                for inline in (inline_choices, {}):
                    trial = st.clone()
                    before = trial.to_json()
                    engine.MAX_AUTO_STEPS, engine._inline_choices = budget, inline
                    try:
                        trial.apply(action)
                        outcomes.append(("played", trial.to_json(), trial.legal_actions() if not trial.is_terminal()
                                         else None))
                    except rulespec.RuleRuntimeError as error:
                        assert trial.to_json() == before
                        outcomes.append(("refused", str(error)))
                    finally:
                        del engine.MAX_AUTO_STEPS
                        engine._inline_choices = inline_choices
                assert outcomes[0] == outcomes[1], (budget, action)
                compared += 1
                refused += outcomes[0][0] == "refused"
            if outcomes[0][0] == "refused":  # under the default budget too: the game cannot go on
                assert "turn after turn passes with nothing to decide" in outcomes[0][1]
                break
            st.apply(action)
    assert compared > 50 and 0 < refused < compared


def test_a_counter_changed_outside_a_step_is_checked_again():
    """Once the after-step ends held false (State._ends_clean), the check waits for a counter to change: a
    state read back from JSON with a counter of its own is checked at its next step; a step undone leaves
    the mark as it was before the step; generated code clears it before a counter changes."""
    import json
    engine = rulespec.load("shrimp")
    rng = random.Random(2)
    st = engine.new_game(3)
    while not (st._stack and st._stack[-1][0] == "window") or st.is_chance_node():
        st.apply(sampled_action(st, rng))
    assert not st.is_terminal() and st._ends_clean
    data = json.loads(st.to_json())
    data["counters"]["unable"] = 1  # as `instead no_card_to_turn` sets it
    read = engine.from_json(json.dumps(data))
    assert not read._ends_clean
    go_on = next(a for a in st.legal_actions() if a.text == "go on")
    read.apply(str(go_on))
    assert read.is_terminal() or read.current_player() == rulespec.CHANCE  # over, or a lot for the most cards
    while not read.is_terminal():
        read.apply(sampled_action(read, rng))
    assert "no_card" in str(read.outcome())
    before = st.to_json()
    smash = next(a for a in st.legal_actions() if a.text == "smash the lemon")
    try:
        engine.MAX_AUTO_STEPS = 0  # the step fails once it has set a counter (`tried`), and is undone
        with pytest.raises(rulespec.RuleRuntimeError):
            st.apply(smash)
    finally:
        del engine.MAX_AUTO_STEPS
    assert st._ends_clean and st.to_json() == before
    twin = st.clone()
    assert twin._ends_clean
    st.apply(go_on)
    assert not st.is_terminal()
