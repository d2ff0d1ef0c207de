"""End tests whose leading conjuncts do not read the end's `for each` name test them once, before the loop,
and definitions of the form `count(x in D where C) = 0` or `any(x in D where C)` are a loop that stops at
the first x passing (rulespec/codegen/python.py: each_test, loop_invariant_conjuncts, any_test, first_loop).

Each bundled rule file and house rule is generated twice, as committed and with both rewrites switched
off, and the two engines play the same seeded random games in lock step: the same actions offered, the
same histories, observations, returns and outcomes."""

import random

import pytest

import rulespec
from rulespec.codegen import python as codegen
from rulespec.pipeline import bundled_house_rules, bundled_rulebooks, generate_source, load_module_from_source, \
    resolve_path

RULE_FILES = [(name, path) for name, path in bundled_rulebooks().items()] + \
    [(name, path) for name, path in bundled_house_rules().items()]
SLOW = ("let-them-eat-shrimp", "shell-we", "shrimp", "cheap-starfish", "short-hands", "three-tiles")
# Games of hundreds of steps (chess reading ahead at each, backgammon's dice): a few games meet every end 25
# meet (each game's end is asserted below, ENDS_NOT_MET), and each step tests every end, met or not.
LONG = {"chess": 6, "backgammon": 3}


def games_for(name: str) -> int:
    base = name.split("/")[0]
    return 2 if base in SLOW else LONG.get(base, 25)


# The ends no game of games_for(name) reaches within lock_step's 400 steps: every other end of the file ends at
# least one game, so its check is seen to hold as well as not (backgammon's 3 games meet what its 25 did).
ENDS_NOT_MET = {
    "backgammon": {"out_of_turns"}, "backgammon/backgammon-no-gammons": {"out_of_turns"},
    "breakthrough": {"wiped_out"}, "breakthrough/breakthrough-six-by-six": {"wiped_out"},
    "chess": {"checkmate", "threefold_repetition"},
    "chess/chess-king-of-the-hill": {"checkmate", "fifty_moves", "threefold_repetition", "too_little_material"},
    "connect-four": {"full"}, "connect-four/connect-four-eight-by-seven": {"full"},
    "go": {"superko_draw"}, "go/go-seven-by-seven": {"superko_draw"},
    "let-them-eat-shrimp": {"no_creature_showing", "no_room_for_a_hexagon"},
    "nine-mens-morris": {"cannot_move"},
    "pig": {"out_of_time"}, "pig/pig-two-dice": {"out_of_time"},
    "shell-we": {"everybody_passed"}, "shell-we/cheap-starfish": {"everybody_passed"},
    "shell-we/short-hands": {"everybody_passed"}, "shell-we/three-tiles": {"out_of_tiles"},
    "shrimp": {"exquisite", "no_card"},
}


def assert_every_end_met(name: str, engine, met: set) -> None:
    """The ends the games met (None: a game cut at 400 steps) are the file's ends but those ENDS_NOT_MET names."""
    expected = {end.name for end in type(engine).ENDS} - ENDS_NOT_MET.get(name, set())
    assert met - {None} == expected, f"{name}: the games met {sorted(map(str, met))}"


def engines(path, monkeypatch):
    """(the engine as generated, the engine generated without hoisting or definition loops, whether they differ)."""
    model = rulespec.compile_rules(path)
    source = generate_source(model, path)
    with monkeypatch.context() as patch:
        patch.setattr(codegen.CodeGenerator, "loop_invariant_conjuncts", staticmethod(lambda end: ([], [end.condition])))
        patch.setattr(codegen.CodeGenerator, "any_test", staticmethod(lambda e: False))
        patch.setattr(codegen.CodeGenerator, "first_loop", staticmethod(lambda e: False))
        plain = generate_source(model, path)
    made = [load_module_from_source(text, f"rulespec_test_{k}_{model.game_id.replace('-', '_')}").GAME()
            for k, text in enumerate((source, plain))]
    return made[0], made[1], source != plain


def lock_step(fast, plain, players: int, seed: int, steps: int = 400) -> None:
    rng = random.Random(seed)
    a, b = fast.new_game(players), plain.new_game(players)
    for _ in range(steps):
        assert a.is_terminal() == b.is_terminal()
        if a.is_terminal():
            break
        assert [a.observation(seat) for seat in range(players)] == [b.observation(seat) for seat in range(players)]
        if a.is_chance_node():
            outcomes = a.chance_outcomes()
            assert outcomes == b.chance_outcomes()
            pick = rng.randrange(len(outcomes))
            a.apply(outcomes[pick][0])
            b.apply(b.chance_outcomes()[pick][0])
        else:
            actions = a.legal_actions()
            assert actions == b.legal_actions()
            pick = rng.randrange(len(actions))
            a.apply(actions[pick])
            b.apply(b.legal_actions()[pick])
        assert a.history == b.history and a.returns() == b.returns()
    assert a.outcome() == b.outcome() and a.returns() == b.returns() and a.to_json() == b.to_json()
    return a.outcome()["end"] if a.is_terminal() else None  # the end met (None: still going at the last step)


@pytest.mark.parametrize("name, path", RULE_FILES, ids=[name for name, _ in RULE_FILES])
def test_hoisted_ends_and_definition_loops_play_as_the_plain_code(name, path, monkeypatch):
    fast, plain, differ = engines(path, monkeypatch)
    games = games_for(name)
    met = set()
    for seed in range(games):
        players = fast.MIN_PLAYERS + seed % (fast.MAX_PLAYERS - fast.MIN_PLAYERS + 1)
        met.add(lock_step(fast, plain, players, seed))
    assert_every_end_met(name, fast, met)


def test_kuhn_poker_tests_betting_over_once_per_check(monkeypatch):
    """The showdown walks the players, but `betting_over` reads none of them: once per end check."""
    fast, plain, differ = engines(resolve_path("kuhn-poker"), monkeypatch)
    assert differ
    calls = {}
    for engine in (fast, plain):
        scope = type(engine).ENDS[1].check.__globals__  # the generated module's names
        original = scope["define_betting_over"]
        calls[engine] = 0

        def counted(st, engine=engine, original=original):
            calls[engine] += 1
            return original(st)

        monkeypatch.setitem(scope, "define_betting_over", counted)
        rng = random.Random(5)
        for _ in range(30):
            st = engine.new_game()
            while not st.is_terminal():
                if st.is_chance_node():
                    st.apply(rng.choice(st.chance_outcomes())[0])
                else:
                    st.apply(rng.choice(st.legal_actions()))
    # Before, a check asked once per seat (two seats) up to the seat the end held for; now once.
    assert 0 < calls[fast] < calls[plain] <= 2 * calls[fast]


def test_only_a_leading_run_of_conjuncts_is_hoisted(tmp_path):
    """`beats(card_of(p), ...) and betting_over` reads p first: nothing is hoisted, the order is kept."""
    model = rulespec.compile_rules(resolve_path("kuhn-poker"))
    showdown = next(end for end in model.ends if end.name == "showdown")
    hoisted, rest = codegen.CodeGenerator.loop_invariant_conjuncts(showdown)
    assert [c.text for c in hoisted] == ["betting_over"] and len(rest) == 1
    fold = next(end for end in model.ends if end.name == "fold")
    assert codegen.CodeGenerator.loop_invariant_conjuncts(fold) == ([], [fold.condition])
    text = resolve_path("kuhn-poker").read_text()
    swapped = "when beats(card_of(p), card_of(left of p)) and betting_over"
    path = tmp_path / "kuhn-poker.rules"
    path.write_text(text.replace("when betting_over and beats(card_of(p), card_of(left of p))", swapped))
    model = rulespec.compile_rules(path)
    showdown = next(end for end in model.ends if end.name == "showdown")
    assert codegen.CodeGenerator.loop_invariant_conjuncts(showdown) == ([], [showdown.condition])
    source = generate_source(model, path)
    # (beats(a, b) of two cards is read from its table made once: codegen/item_definitions.py)
    assert ("    for v_p in st._t.seats:\n        if (DEFINED_BEATS[define_card_of(st, v_p)]"
            "[define_card_of(st, (v_p + 1) % st.players)] and define_betting_over(st)):") in source


@pytest.mark.parametrize("name, path", RULE_FILES, ids=[name for name, _ in RULE_FILES])
def test_the_end_checks_play_as_each_end_tested_by_its_own_functions(name, path):
    """END_CHECKS: one function per timing, which also gives the step an end's `then` runs, found where
    the end held. An engine whose ENDS is another tuple tests each end by end_<name>, then end_<name>__then."""
    committed = rulespec.load(name)
    one_by_one = type("OneByOne", (type(committed),), {"ENDS": tuple(list(type(committed).ENDS))})()
    assert committed._end_checks and one_by_one._end_checks == {}  # any timing: checkers has none after a step
    games = games_for(name)
    met = set()
    for seed in range(games):
        players = committed.MIN_PLAYERS + seed % (committed.MAX_PLAYERS - committed.MIN_PLAYERS + 1)
        met.add(lock_step(committed, one_by_one, players, seed))
    assert_every_end_met(name, committed, met)


def test_a_check_gives_the_then_step_it_found():
    kuhn = rulespec.load("kuhn-poker")
    state = kuhn.new_game()
    for text in ("chance: deal king", "chance: deal jack", "player 1: pass"):
        state.apply(text)
    state._counters["acted"][1] = 1  # player 2 passed too (set by hand: the check alone is asked)
    assert kuhn.END_CHECKS["after_step"](state) == (1, [0], ("pay_the_pot", (0,)))
    assert type(kuhn).ENDS[1].then(state) == ("pay_the_pot", (0,))


def test_a_definition_s_first_found_is_a_loop_and_finding_nothing_fails_as_before(monkeypatch):
    fast, plain, differ = engines(resolve_path("kuhn-poker"), monkeypatch)
    for engine in (fast, plain):
        state = engine.new_game()
        scope = type(engine).ENDS[1].check.__globals__
        with pytest.raises(rulespec.RuleRuntimeError, match=r"`any\(c in hand of p\)` found nothing"):
            scope["define_card_of"](state, 0)  # nothing dealt yet
        state.apply("chance: deal queen")
        assert engine.ITEM_LABEL[scope["define_card_of"](state, 0)] == "queen"
    source = generate_source(rulespec.compile_rules(resolve_path("kuhn-poker")), resolve_path("kuhn-poker"))
    assert "    for v_c in zones[zone_hand + v_p]:\n        return v_c\n    return st._first(" in source
