"""`at most EXPR turns` (issue #41): a turn limit worked out per configuration from the options and the
player count. The file's MAX_TURNS is the largest; a game past its own configuration's limit is stopped
as broken (and `rulespec verify` reports it); the adapters' max_game_length follows it. The reference
game is rulespec/docs/ref_games/dice.rules (`at most 2 * count(p in players) turns`)."""

from __future__ import annotations

from pathlib import Path

import rulespec
from rulespec.docs.english import English, game_overview
from rulespec.model.moves import max_moves
from rulespec.pipeline import generate_source

ROOT = Path(__file__).resolve().parents[2]
DICE = ROOT / "rulespec" / "docs" / "ref_games" / "dice.rules"

GAME = '''game "Rounds" [R-1]
  id "rounds"
  players 2 to 3 [R-1]
  at most {limit} turns [R-1]
option rounds "Rounds": 2, 3 default 3 [R-1]
counter played starts at 0 [R-1]
turns go clockwise from player 1, each turn runs play [R-1]
choice play(player: seat) by player [R-1]:
  option pass "pass" [R-1]:
    add 1 to played
end done [R-1]:
  checked after every step
  when played >= 3 * count(p in players)
'''


def _load(tmp_path, limit: str, **options):
    path = tmp_path / "rounds.rules"
    path.write_text(GAME.replace("{limit}", limit), encoding="utf-8")
    return rulespec.load(path, options=options or None)


def _play_out(engine, players: int):
    state = engine.new_game(players)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    return state


def test_the_file_limit_is_the_largest_of_every_configuration(tmp_path):
    engine = _load(tmp_path, "rounds * count(p in players)")
    assert engine.MAX_TURNS == 9  # 3 rounds, 3 players
    assert [engine._turn_limit(engine.new_game(n)) for n in (2, 3)] == [6, 9]
    fewer = _load(tmp_path, "rounds * count(p in players)", rounds=2)
    assert fewer.MAX_TURNS == 9 and fewer._turn_limit(fewer.new_game(2)) == 4


def test_a_game_within_its_limit_ends_by_its_own_end(tmp_path):
    state = _play_out(_load(tmp_path, "rounds * count(p in players)"), 2)
    assert state._over["end"] == "done" and not state._violations


def test_a_game_past_its_configurations_limit_is_stopped_as_broken(tmp_path):
    engine = _load(tmp_path, "rounds * count(p in players)", rounds=2)  # 4 turns, but the game takes 6
    state = _play_out(engine, 2)
    assert state._over["end"] == "turn_limit"
    assert state._violations == ["the game lasted more than its declared 4 turns"]
    # the same file as a number: the largest limit would not have caught it
    assert _play_out(_load(tmp_path, "9", rounds=2), 2)._over["end"] == "done"


def test_the_generated_engine_works_the_limit_out_from_the_state(tmp_path):
    engine = _load(tmp_path, "rounds * count(p in players)")
    source = generate_source(engine.model, tmp_path / "rounds.rules")
    assert "def turn_limit(st):" in source and "TURN_LIMIT = staticmethod(turn_limit)" in source
    plain = _load(tmp_path, "12")
    assert plain.TURN_LIMIT is None and "turn_limit" not in generate_source(plain.model, tmp_path / "rounds.rules")


def test_max_moves_counts_the_configurations_turns(tmp_path):
    engine = _load(tmp_path, "rounds * count(p in players)")
    assert max_moves(engine.model, 2) == 9  # the file's limit
    assert max_moves(engine.model, 2, turns=4) == 4


def test_english_says_the_limit_as_an_expression():
    engine = rulespec.load(DICE)
    text = " ".join(game_overview(English(engine.model)))
    assert "No game lasts more than" in text and "turns (worked out from the options and the number of players; 6 at the most)" in text


def test_an_end_checked_at_turn_start_ends_the_turn_past_the_limit(tmp_path):
    # Go ends a game as the turn after 2 x points starts, and states that bound as its limit (OpenSpiel's length):
    # the turn past the limit is ended by the rule that says so, not stopped as broken.
    at_start = GAME.replace("  checked after every step\n  when played >= 3 * count(p in players)",
                            "  checked at turn start\n  when the turn number > rounds * count(p in players)")
    path = tmp_path / "rounds.rules"
    path.write_text(at_start.replace("{limit}", "rounds * count(p in players)"), encoding="utf-8")
    state = _play_out(rulespec.load(path, options={"rounds": "2"}), 2)
    assert state._over["end"] == "done" and not state._violations and state._turn_number == 5
    path.write_text(at_start.replace("{limit}", "rounds * count(p in players) - 1"), encoding="utf-8")
    assert _play_out(rulespec.load(path, options={"rounds": "2"}), 2)._over["end"] == "turn_limit"


def test_a_ruling_on_the_turn_limit_or_the_player_count_is_applied_there(tmp_path):
    ruled = GAME.replace('  at most {limit} turns [R-1]', '  at most {limit} turns [R-1] ruling R-AMB-1').replace(
        '  players 2 to 3 [R-1]', '  players 2 to 3 [R-1] ruling R-AMB-2').replace(
        'option rounds', 'ruling R-AMB-1 "How long":\n  "Nine turns at most."\nruling R-AMB-2 "Who plays":\n'
                         '  "Two or three."\noption rounds')
    path = tmp_path / "ruled.rules"
    path.write_text(ruled.replace("{limit}", "rounds * count(p in players)"), encoding="utf-8")
    engine = rulespec.load(path)  # (an unapplied ruling would be refused)
    assert engine.MAX_TURNS == 9
    path.write_text(ruled.replace("{limit}", "9").replace("ruling R-AMB-1\n", "ruling R-AMB-9\n"), encoding="utf-8")
    try:
        rulespec.load(path)
    except rulespec.RuleError as e:
        assert "ruling R-AMB-9 is not declared" in str(e) and ":4:" in str(e)
    else:
        raise AssertionError("an undeclared ruling on `at most` was accepted")
