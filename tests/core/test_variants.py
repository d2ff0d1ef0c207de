"""Variants are typed changes to named clauses: add, replace, remove; conflicts are reported."""

from pathlib import Path

import pytest

import rulespec
from rulespec.language.errors import RuleError

PEBBLES = Path(__file__).parent / "fixtures" / "pebbles.rules"


def test_variants_are_listed():
    game = rulespec.load(PEBBLES)
    assert game.variants == {
        "quick": "End when half the pebbles are down",
        "lazy": "Dropping is the only move",
        "sudden": "Anyone with three pebbles wins",
        "strict_end": "Only a full discard ends it",
        "lots": "Ties for first are drawn by lot",
    }


def test_replace_changes_the_end_condition():
    base = rulespec.random_game(rulespec.load(PEBBLES), players=2, seed=4)
    quick = rulespec.random_game(rulespec.load(PEBBLES, variants=["quick"]), players=2, seed=4)
    assert base.outcome()["end"] == quick.outcome()["end"] == "all_dropped"
    assert len(base._zones[base._t.zone_base["discard"]]) == 8
    assert len(quick._zones[quick._t.zone_base["discard"]]) in (4, 5)


def test_add_brings_a_new_end():
    state = rulespec.random_game(rulespec.load(PEBBLES, variants=["sudden"]), players=2, seed=1)
    assert state.outcome()["end"] == "three_in_hand"
    winner = state.outcome()["winners"]
    assert winner and len(state._zones[state._t.zone_base["hand"] + winner[0]]) >= 3


def test_compatible_variants_compose():
    game = rulespec.load(PEBBLES, variants=["quick", "sudden"])
    assert game.VARIANTS_APPLIED == ("quick", "sudden")
    assert rulespec.random_game(game, players=3, seed=2).is_terminal()


def test_two_variants_changing_one_clause_are_a_conflict_with_both_locations():
    with pytest.raises(RuleError) as error:
        rulespec.load(PEBBLES, variants=["quick", "strict_end"])
    report = str(error.value)
    assert "variants `quick` and `strict_end` both change `all_dropped`" in report
    lines = PEBBLES.read_text().splitlines()
    quick_line = next(i for i, l in enumerate(lines, 1) if "[PEB-11]:" in l and "replace" in l)
    strict_line = next(i for i, l in enumerate(lines, 1) if "[PEB-14]:" in l and "replace" in l)
    assert f"pebbles.rules:{strict_line}:" in report and f"pebbles.rules:{quick_line}:" in report


def test_unknown_variant_is_named_with_a_hint():
    with pytest.raises(RuleError, match="did you mean `quick`"):
        rulespec.load(PEBBLES, variants=["quik"])


def test_a_variant_changing_a_missing_clause_is_reported_even_unused(tmp_path):
    text = PEBBLES.read_text() + '''
variant ghost "Haunted" [PEB-15]:
  remove all_droped
'''
    path = tmp_path / "ghost.rules"
    path.write_text(text)
    with pytest.raises(RuleError) as error:
        rulespec.compile_rules(path)
    report = str(error.value)
    assert "variant `ghost` changes `all_droped`, which does not exist" in report
    assert "did you mean `all_dropped`?" in report


def test_replacement_effect_applies_only_when_its_condition_holds():
    game = rulespec.load(PEBBLES)
    state = game.new_game(players=2)
    state.apply("player 1: draw two")
    assert state.is_chance_node()
    state.apply(state.chance_outcomes()[0][0])
    state.apply(state.chance_outcomes()[0][0])
    # With a full heap both draws happened: the replacement did not apply.
    assert state._counters["taken"][0] == 2


def test_a_turn_where_nobody_can_act_is_an_error_not_a_hang(tmp_path):
    text = PEBBLES.read_text().replace("  at most 100 turns [PEB-1]\n", "")
    path = tmp_path / "stuck.rules"
    path.write_text(text)
    game = rulespec.load(path, variants=["lazy"])
    with pytest.raises(rulespec.RuleRuntimeError, match="no player can act"):
        game.new_game(players=2)


def test_a_tie_for_first_is_drawn_by_lot_as_a_chance_node():
    game = rulespec.load(PEBBLES, variants=["lots"])
    for seed in range(40):
        state = game.new_game(players=2)
        rng = __import__("random").Random(seed)
        while not state.is_terminal():
            if state.is_chance_node() and state.chance_outcomes()[0][0].text.startswith("lot:"):
                outcomes = state.chance_outcomes()
                assert sorted(a.text for a, _ in outcomes) == ["lot: player 1", "lot: player 2"]
                assert all(p == __import__("fractions").Fraction(1, 2) for _, p in outcomes)
                state.apply(outcomes[1][0])
                outcome = state.outcome()
                assert outcome["lot"] == 1 and outcome["winners"] == [1]
                assert outcome["ranking"] == [2, 1]
                assert outcome["scores"]["kept"][0] == outcome["scores"]["kept"][1]
                return
            actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
    pytest.fail("no game ended in a tie for first")


# ----------------------------------------------------------------------------- one option of a choice

ONE_DRAW = '''
variant one_draw "Draw one at a time" [PEB-17]:
  replace option turn.draw "draw one" [PEB-17]:
    only if heap is not empty
    then draw_one(player)

variant take_two "Draw two, said differently" [PEB-18]:
  replace option turn.draw "take two" [PEB-18]:
    only if heap is not empty
    repeat 2 times:
      then draw_one(player)

variant put_down "Pebbles are put down" [PEB-19]:
  replace option turn.drop "put down {p}" [PEB-19]:
    for p in hand of player
    move p to discard
'''


@pytest.fixture
def option_variants(tmp_path) -> Path:
    path = tmp_path / "options.rules"
    path.write_text(PEBBLES.read_text() + ONE_DRAW)
    return path


def _texts(state) -> list[str]:
    return [a.text for a in state.legal_actions()]


def test_replace_option_changes_one_option_and_keeps_the_others(option_variants):
    base = rulespec.load(option_variants).new_game(players=2)
    state = rulespec.load(option_variants, variants=["one_draw"]).new_game(players=2)
    assert _texts(base) == ["draw two"] and _texts(state) == ["draw one"]
    state.apply("player 1: draw one")
    state.apply(state.chance_outcomes()[0][0])
    assert not state.is_chance_node()  # one draw, not two
    assert _texts(state) == ["draw one"]
    state.apply("player 2: draw one")
    state.apply(state.chance_outcomes()[0][0])
    assert [t.split(" ")[0] for t in _texts(state)] == ["draw", "drop"]  # the option kept, in its place
    model = rulespec.compile_rules(option_variants, ["one_draw"])
    turn = next(s for s in model.steps if s.name == "turn")
    assert [o.name for o in turn.options] == ["draw", "drop"]


def test_variants_replacing_different_options_of_one_choice_compose(option_variants):
    game = rulespec.load(option_variants, variants=["one_draw", "put_down"])
    assert game.VARIANTS_APPLIED == ("one_draw", "put_down")
    state = rulespec.random_game(game, players=2, seed=3)
    assert state.is_terminal() and any(": put down " in a for a in state.history)
    assert not any(": drop " in a or ": draw two" in a for a in state.history)


@pytest.mark.parametrize("variants, both", [(["one_draw", "take_two"], "turn.draw"),
                                            (["lazy", "one_draw"], "turn"), (["one_draw", "lazy"], "turn")])
def test_two_variants_changing_one_option_are_a_conflict_with_both_locations(option_variants, variants, both):
    with pytest.raises(RuleError) as error:
        rulespec.load(option_variants, variants=variants)
    report = str(error.value)
    assert f"variants `{variants[0]}` and `{variants[1]}` both change `{both}`" in report
    lines = option_variants.read_text().splitlines()
    where = {name: next(i for i, l in enumerate(lines, 1) if l.startswith(f"variant {name} ")) + 1
             for name in variants}
    first, second = (where[name] for name in variants)
    assert f"options.rules:{second}:3: error" in report and f"the other change is at {option_variants}:{first}:3" in report


def test_a_variant_page_diff_shows_only_the_replaced_option(option_variants):
    from rulespec.docs.sources import diff_declarations, load_source
    base, applied = load_source(option_variants), load_source(option_variants, ["one_draw"])
    changes = diff_declarations(base.declarations, applied.declarations)
    assert [(c.status, c.kind, c.name) for c in changes] == [("changed", "choice", "turn")]
    removed = [l for l in changes[0].diff.splitlines() if l.startswith("-") and not l.startswith("---")]
    added = [l for l in changes[0].diff.splitlines() if l.startswith("+") and not l.startswith("+++")]
    assert removed == ['-  option draw "draw two" [PEB-6]:', "-    repeat 2 times:", "-      then draw_one(player)"]
    assert added == ['+  option draw "draw one" [PEB-17]:', "+    then draw_one(player)"]
    assert "  option drop \"drop {p}\" [PEB-7]:" in applied.find("choice", "turn").text


# ----------------------------------------------------------------------------- in a house rule

HOUSE = '''extends "pebbles.rules"

game "Pebbles, one at a time" [PEB-1]
  id "pebbles-one"
  players 2 to 3 [PEB-1]
  at most 100 turns [PEB-1]

replace option turn.draw "draw one" [PEB-20]:
  only if heap is not empty
  then draw_one(player)
'''


def _house(tmp_path, extra: str = "", text: str = HOUSE) -> Path:
    (tmp_path / "pebbles.rules").write_text(PEBBLES.read_text())
    path = tmp_path / "house.rules"
    path.write_text(text + extra)
    return path


def test_a_house_rule_replaces_one_option(tmp_path):
    game = rulespec.load(_house(tmp_path))
    assert game.GAME_ID == "pebbles-one" and _texts(game.new_game(players=2)) == ["draw one"]
    assert rulespec.random_game(game, players=3, seed=5).is_terminal()


def test_a_house_rule_replacing_an_option_twice_is_reported_with_both_places(tmp_path):
    path = _house(tmp_path, '''
replace option turn.draw "take one" [PEB-20]:
  only if heap is not empty
  then draw_one(player)
''')
    with pytest.raises(RuleError) as error:
        rulespec.compile_rules(path)
    report = str(error.value)
    assert f"{path}:12:1: error: option `turn.draw` is replaced twice" in report
    assert f"the first replacement is at {path}:8:1" in report


def test_a_house_rule_replacing_an_unknown_option_gets_a_hint(tmp_path):
    path = _house(tmp_path, text=HOUSE.replace("turn.draw", "turn.drw"))
    with pytest.raises(RuleError) as error:
        rulespec.compile_rules(path)
    report = str(error.value)
    assert f"{path}:8:1: error: this file replaces option `turn.drw`, but choice `turn` has no option `drw`" in report
    assert "did you mean `draw`?" in report


def test_a_house_rule_cannot_replace_an_option_of_a_choice_it_declares_again(tmp_path):
    path = _house(tmp_path, '''
choice turn(player: seat) by player [PEB-20]:
  option drop "drop {p}" [PEB-7]:
    for p in hand of player
    move p to discard
''')
    with pytest.raises(RuleError) as error:
        rulespec.compile_rules(path)
    report = str(error.value)
    assert f"{path}:8:1: error: choice `turn` is declared again in this file" in report
    assert f"where the choice is, at {path}:12:1" in report
