"""An option's first `then`s carried out once for every value of its last bound name in its listings' look-ahead
(#40): `only if C after it` of an option over two names or more whose statements are all `then`s, the first
reading none of the last name (model/first_thens_once.py). Backgammon's `then move(player, n, high)` runs once
for every m, `then play(player, m, low)` for each (codegen/options.py ahead_function). Backgammon and a tiny
game play the same games as the engines generated without it, each option's listing asked at every step."""

import random
from pathlib import Path

import pytest

from rulespec.codegen import options, python as codegen
from rulespec.model.first_thens_once import first_thens_once
from rulespec.pipeline import compile_rules, load_module_from_source

from .lockstep import play_in_lock_step

ROOT = Path(__file__).parents[2]

# The second `then`'s `last + 1` is read where the option is chosen, before the first `then` sets `last`.
TWO_STEPS = """\
# Two steps: a tiny game for the look-ahead whose first `then`s are carried out once.
#   TS-1  Two players take turns adding to one total: two numbers from 1 to 3, the first added, then the
#         second (plus one) only if the total is then below 5 or above 10; a move may not leave the total at
#         a multiple of 7. Or one number alone.
#   TS-2  The game ends once the total reaches 30.
game "Two Steps" [TS-1]
  id "two-steps"
  players 2 to 2 [TS-1]
  at most 40 turns [TS-2]

counter total starts at 0 [TS-1]
counter last starts at 0 [TS-1]

turns go clockwise from player 1, each turn runs turn [TS-1]

choice turn(player: seat) by player [TS-1]:
  option pair "{a} then {b}" [TS-1]:
    for a in 1..3, b in 1..3
    only if a != b or total > 3
    only if total != 7 and total != 14 and total != 21 and total != 28 and last != 3 after it
    then bump(player, a, a)
    then bump_if_low(player, SECOND, last + 1)
  option one "just {a}" [TS-1]:
    for a in 1..3
    then bump(player, a, 0)

step bump(player: seat, n: number, k: number) [TS-1]:
  set total to total + n
  set last to k

step bump_if_low(player: seat, n: number, k: number) [TS-1]:
  if total > 10 or total < 5:
    then bump(player, n, k)

end reached [TS-2]:
  checked after every step
  when total >= 30
"""


def engines(path: Path, monkeypatch):
    """The engine generated as it is and without the look-ahead's first `then`s carried out once, and the first's
    source."""
    model = compile_rules(path)
    fast_source = codegen.generate(model, path.name)
    with monkeypatch.context() as patch:
        patch.setattr(options.Options, "first_thens_ahead", lambda self, step, option, placed: None)
        slow_source = codegen.generate(model, path.name)
    assert "def ahead_" not in slow_source
    name = path.stem.replace("-", "_")
    fast = load_module_from_source(fast_source, f"once_{name}").GAME(None)
    slow = load_module_from_source(slow_source, f"each_{name}").GAME(None)
    fast.model = slow.model = model
    return fast, slow, fast_source


def listings(step: str, players: int):
    """A state's listing of each option of ``step`` by each seat, through its options_ functions (rows in order)."""
    def read(st):
        return [info.enumerate(st, seat) for info in type(st._engine).STEPS[step].options for seat in range(players)]
    return read


def tiny_game(tmp_path: Path, second: str = "b + 1") -> Path:
    path = tmp_path / "two-steps.rules"
    path.write_text(TWO_STEPS.replace("SECOND", second))
    return path


def test_a_tiny_game_plays_the_same_games(monkeypatch, tmp_path):
    fast, slow, source = engines(tiny_game(tmp_path), monkeypatch)
    ahead = source.split("def ahead_turn__pair(", 1)[1].split("\ndef ", 1)[0]
    # `last + 1` read before `then bump(player, a, a)` runs; b + 1 for each b, under the position it leaves
    assert "arg_0_2 = (st._counters['last'] + 1)" in ahead
    assert ahead.index("arg_0_2 = ") < ahead.index("st._thens.append(('bump', (v_player, v_a, v_a)))")
    assert "st._thens.append(('bump_if_low', (v_player, (v_b + 1), arg_0_2)))" in ahead
    for seed in range(12):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed), also=[listings("turn", 2)])


def test_every_candidate_of_the_tiny_game_alike_in_every_position(monkeypatch, tmp_path):
    """The listing's look-ahead answers as each candidate's after_ function, in positions the games reach."""
    fast, _, _ = engines(tiny_game(tmp_path), monkeypatch)
    refused = kept = 0
    for total in range(0, 30):
        for last in range(0, 4):
            state = fast.new_game(2)
            state._counters["total"], state._counters["last"] = total, last
            listed = {binding for _, binding in type(fast).STEPS["turn"].options[0].enumerate(state, 0)}
            for a in range(1, 4):
                for b in range(1, 4):
                    if a == b and total <= 3:
                        continue
                    held = type(fast).STEPS["turn"].options[0].check(state, 0, a, b) == -1
                    assert held == ((a, b) in listed)
                    refused += not held
                    kept += held
    assert refused and kept


@pytest.mark.parametrize("second, before", [("b + total", ""), ("b + 1", "    set last to 0\n")])
def test_otherwise_every_candidate_is_carried_out_whole(tmp_path, second, before):
    """A later `then` whose argument reads the last name and the state (`b + total` would read the position
    the first `then`s leave), or an option that does more than set steps going: no split."""
    text = tiny_game(tmp_path, second).read_text().replace("    then bump(player, a, a)\n",
                                                          before + "    then bump(player, a, a)\n")
    path = tmp_path / "two-steps.rules"
    path.write_text(text)
    model = compile_rules(path)
    option = next(s for s in model.steps if s.name == "turn").options[0]
    assert first_thens_once(option, {d.name: d for d in model.definitions}) is None
    assert "def ahead_" not in codegen.generate(model, path.name)


def test_backgammon_plays_the_same_games(monkeypatch):
    path = ROOT / "rulebooks" / "backgammon.rules"
    fast, slow, source = engines(path, monkeypatch)
    assert "for v_m in ahead_both_numbers__higher_first(st, v_player, v_n, passing):" in source
    for seed in range(3):
        play_in_lock_step(fast.new_game(2), slow.new_game(2), 2, random.Random(seed),
                          also=[listings("both_numbers", 2)])
