"""Counters on the spaces of a board (issue #39, "squares hold no counters"): `counter seeds per space of
pits starts at 2`, read as `seeds of s` and changed by `add 1 to seeds of t` / `set seeds of s to 0`.
The rules, texts, observations, positions, the JSON of a state and the board drawing read it; a state
clones, compares and round-trips with it; misuse is an error at its line."""

from __future__ import annotations

import json

import pytest

import rulespec
from rulespec.language.errors import RuleError
from rulespec.runtime.position import InvalidPosition
from rulespec.runtime.state_check import InvalidState

SOWING = "rulespec/docs/ref_games/sowing.rules"

GAME = '''\
game "Heaps" [HE-1]
  id "heaps"
  players 2 to 2 [HE-1]
  at most 10 turns [HE-1]

board heaps: rows row 1..2, columns col 1..2, adjacency orthogonal [HE-1]:
  face plain [HE-1]:
    1 . .
    2 . -

board other: rows line 1..1, columns place 1..2, adjacency orthogonal [HE-1]:
  face plain [HE-1]:
    1 . .

{counter} [HE-1]

turns go clockwise from player 1, each turn runs turn [HE-1]

choice turn(player: seat) by player [HE-1]:
  option grow "grow {{s}} to {{stones of s}}" [HE-1]:
    for s in heaps
    {statement}

end big [HE-1]:
  checked after every step
  when sum(stones of s for s in heaps) > 5
'''


def _write(tmp_path, counter="counter stones per space of heaps starts at 1", statement="add 1 to stones of s"):
    path = tmp_path / "heaps.rules"
    path.write_text(GAME.format(counter=counter, statement=statement), encoding="utf-8")
    return path


def _error(tmp_path, **parts):
    with pytest.raises(RuleError) as caught:
        rulespec.compile_rules(_write(tmp_path, **parts))
    return caught.value.diagnostics[0]


def _sown(*actions):
    game = rulespec.load(SOWING)
    st = game.new_game(2)
    for action in actions:
        st.apply(action)
    return game, st


def test_sowing_moves_the_counts_and_every_reader_sees_them():
    game, st = _sown("player 1: sow 1 3 (2)")  # one seed each to 2 3 and 2 2; 2 2 makes three: captured
    assert st._counters["seeds"] == [2, 2, 0, 2, 0, 3]
    assert st._counters["store"] == [3, 0]
    assert st.observation(1)["counters"]["seeds"] == {"1 1": 2, "1 2": 2, "1 3": 0, "2 1": 2, "2 2": 0, "2 3": 3}
    assert sorted(a.text for a in st.legal_actions()) == ["sow 2 1 (2)", "sow 2 3 (3)"]
    assert "counter seeds: 2 2 0/2 0 3" in st.to_position().splitlines()


def test_a_state_clones_compares_and_round_trips_with_its_counts():
    game, st = _sown("player 1: sow 1 1 (2)")
    copy = st.clone()
    assert copy == st and copy._counters["seeds"] is not st._counters["seeds"]
    copy._counters["seeds"][0] = 7
    assert copy != st and st._counters["seeds"][0] == 0
    back = game.from_json(st.to_json())
    assert back == st and back._counters["seeds"] == st._counters["seeds"]
    read = game.position(st.to_position())
    assert read == st or read.to_position() == st.to_position()
    assert read.observation(0) == st.observation(0)


def test_a_state_with_a_count_per_space_missing_is_refused():
    game, st = _sown()
    data = json.loads(st.to_json())
    data["counters"]["seeds"] = data["counters"]["seeds"][:5]
    with pytest.raises(InvalidState, match="a counter per space of pits"):
        game.from_json(json.dumps(data))
    data["counters"]["seeds"] = 4
    with pytest.raises(InvalidState, match="not a list"):
        game.from_json(json.dumps(data))


def test_a_position_writes_the_counts_row_by_row_and_refuses_a_wrong_row():
    game = rulespec.load(SOWING)
    st = game.position("counter seeds: 1 0 5/0 0 9\nturn 3 of player 1\n")
    assert st._counters["seeds"] == [1, 0, 5, 0, 0, 9]
    with pytest.raises(InvalidPosition, match="row 2 of board pits has 3 spaces, not 2"):
        game.position("counter seeds: 1 0 5/0 9\n")
    with pytest.raises(InvalidPosition, match="board pits has 2 rows, not 1"):
        game.position("counter seeds: 1 0 5\n")
    with pytest.raises(InvalidPosition, match="is not from"):
        game.position("counter seeds: 1 0 5/0 0 99999999999999999999\n")


def test_a_space_not_in_use_holds_no_count_and_is_written_as_a_dash(tmp_path):
    game = rulespec.load(str(_write(tmp_path)))
    st = game.new_game(2)
    assert st._counters["stones"] == [1, 1, 1, 0]  # 2 2 is no space
    assert "counter stones: 1 1/1 -" in st.to_position().splitlines()
    with pytest.raises(InvalidPosition, match="2 2 is not in use"):
        game.position("counter stones: 1 1/1 4\n")
    st.apply("player 1: grow 1 2 to 1")
    assert [a.text for a in st.legal_actions()] == ["grow 1 1 to 1", "grow 1 2 to 2", "grow 2 1 to 1"]


def test_the_ends_read_the_counts(tmp_path):
    game = rulespec.load(str(_write(tmp_path)))
    st = game.new_game(2)
    for _ in range(3):
        assert not st.is_terminal()
        st.apply(st.legal_actions()[0])
    assert st.is_terminal()  # 3 + 3 stones


def test_reading_a_count_of_a_player_is_an_error_at_its_line(tmp_path):
    error = _error(tmp_path, statement="add 1 to stones of player")
    assert error.line == 22 and "needs a space of heaps" in error.message


def test_reading_a_count_of_another_boards_space_is_an_error_at_its_line(tmp_path):
    error = _error(tmp_path, statement="only if stones of any(t in other) > 0\n    add 1 to stones of s")
    assert error.line == 22 and "`stones of` needs a space of heaps" in error.message


def test_a_count_kept_per_space_needs_its_space(tmp_path):
    error = _error(tmp_path, statement="add 1 to stones")
    assert error.line == 22 and "kept per space of heaps" in error.message and error.hint == "write `stones of <space>`"


def test_a_counter_on_an_unknown_board_is_an_error_at_its_name(tmp_path):
    error = _error(tmp_path, counter="counter stones per space of heap starts at 1")
    assert (error.line, error.column) == (15, 29) and "there is no board `heap`" in error.message
    assert error.hint == "did you mean `heaps`?"


def test_a_counter_named_as_a_spaces_attribute_is_an_error(tmp_path):
    error = _error(tmp_path, counter="counter col per space of heaps starts at 1",
                   statement="add 1 to col of s")
    assert error.line == 15 and "`col` is already an attribute of board heaps's spaces" in error.message


def test_examples_give_and_check_a_count_on_a_space(tmp_path):
    text = _write(tmp_path).read_text(encoding="utf-8") + '''
example grown "A heap grows" [HE-1]:
  given 2 players
  given counter stones of "1 2" is 3
  when "player 1: grow 1 2 to 3"
  then stones of "1 2" = 4
  then stones of "1 1" < 2
'''
    path = tmp_path / "heaps.rules"
    path.write_text(text, encoding="utf-8")
    game = rulespec.load(str(path))
    from rulespec.pipeline.examples import run_examples
    assert all(result.passed for result in run_examples(game))
    path.write_text(text.replace('then stones of "1 2" = 4', 'then stones of "1 2" = 5'), encoding="utf-8")
    results = run_examples(rulespec.load(str(path)))
    assert not results[0].passed and "stones of 1 2 is 4" in results[0].message


def test_an_example_names_a_counter_kept_per_space_and_a_space_of_its_board(tmp_path):
    text = _write(tmp_path).read_text(encoding="utf-8") + '''
example grown "A heap grows" [HE-1]:
  given counter stones of "1 9" is 3
'''
    path = tmp_path / "heaps.rules"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(RuleError) as caught:
        rulespec.compile_rules(path)
    assert 'board `heaps` has no space "1 9"' in caught.value.diagnostics[0].message


def test_the_english_the_drawing_and_the_tensor_show_the_counts():
    from rulespec.adapters.tensors import TensorLayout
    from rulespec.docs.english import English
    from rulespec.docs.svg import board_svg, engine_picture
    model = rulespec.compile_rules(SOWING)
    en = English(model)
    seeds = " ".join(en.declaration(next(c for c in model.counters if c.name == "seeds")))
    assert "Each space of the pits board has a count called seeds, which starts at 2." in seeds
    turn = " ".join(en.declaration(next(s for s in model.steps if s.name == "turn")))
    assert "the seeds count on *t*" in turn
    game, st = _sown("player 1: sow 1 3 (2)")
    picture = engine_picture(game, 0, 2, st, table=True)
    assert [cell.counts for cell in picture.cells] == ["2", "2", "0", "2", "0", "3"]
    assert not any(line.startswith("seeds") for line in picture.table)
    assert '>3</text>' in board_svg(picture)
    layout = TensorLayout(game, 2)
    at, size = layout.offsets["counter:seeds"]
    tensor = [0.0] * layout.size
    layout.fill(tensor, st.observation(0), 0)
    assert size == 6 and tensor[at:at + size] == [2, 2, 0, 2, 0, 3]


def test_a_file_without_one_generates_no_space_counters():
    from pathlib import Path
    from rulespec.pipeline import generate_source
    lanes = Path("rulespec/docs/ref_games/lanes.rules")
    assert "SPACE_COUNTERS" not in generate_source(rulespec.compile_rules(lanes), lanes)
    sowing = Path(SOWING)
    assert "SPACE_COUNTERS = {'seeds': 0}" in generate_source(rulespec.compile_rules(sowing), sowing)


def test_a_count_on_a_space_past_the_edge_is_a_rule_error_at_its_line(tmp_path):
    # none has no count, as it holds nothing: reading or changing one is refused at the rule's line
    edge = r"the stones of a space past the board's edge \(none\).*heaps\.rules:(19|20)"
    read = rulespec.load(_write(tmp_path, statement="only if stones of neighbour of s towards east > 0"))
    with pytest.raises(rulespec.RuleRuntimeError, match=edge + ".*stones of neighbour of s towards east > 0"):
        read.new_game(2)
    st = rulespec.load(_write(tmp_path, statement="add 1 to stones of neighbour of s towards east")).new_game(2)
    st.apply("player 1: grow 1 1 to 1")  # 1 2 is east of it
    assert json.loads(st.to_json())["counters"]["stones"][:2] == [1, 2]
    with pytest.raises(rulespec.RuleRuntimeError, match=edge):
        st.apply("player 2: grow 1 2 to 2")


def test_a_graphs_counts_are_written_by_space_name_and_read_back(tmp_path):
    from rulespec.runtime.position import InvalidPosition as Invalid
    game = rulespec.load("rulebooks/oware.rules")
    st = game.new_game(2)
    st.apply("player 1: sow C")
    line = next(x for x in st.to_position().splitlines() if x.startswith("counter seeds"))
    assert line == "counter seeds: A 4, B 4, C 0, D 5, E 5, F 5, a 5, b 4, c 4, d 4, e 4, f 4"
    again = game.position(st.to_position().replace("positions seen", "#"))
    assert again.to_position() == st.to_position().replace("positions seen", "#") or "C 0, D 5" in again.to_position()
    with pytest.raises(Invalid, match="no count for f"):
        game.position(st.to_position().replace(", f 4", ""))
    with pytest.raises(Invalid, match="has no space 'g'"):
        game.position(st.to_position().replace("f 4", "g 4"))
