"""An action whose rules fail half-way (a rule-file bug met at run time) raises RuleRuntimeError and
leaves the state exactly as it was: apply() restores its backup of the whole state."""

import rulespec

RULES = '''
game "Rollback" [RB-1]
  id "rollback"
  players 2 to 2 [RB-1]
  at most 20 turns [RB-1]

component chip: colour (red, blue) x 2 [RB-2]
  shown as "{colour} chip"
zone heap: shared, public, holds every component in play [RB-3]
zone pile: shared, public, stacked [RB-3]
zone kept: one per player, public [RB-3]
counter moves starts at 0 [RB-4]

turns go clockwise from player 1, each turn runs turn [RB-4]

choice turn(player: seat) by player [RB-4]:
  option take "take {c}" [RB-4]:
    for c in heap
    add 1 to moves
    move c to kept of player
  option broken "take a chip and the top of the pile" [RB-5]:
    only if heap is not empty
    add 1 to moves
    move any(c in heap) to kept of player
    move top of pile to kept of player

end heap_empty [RB-6]:
  checked after every step
  when heap is empty
'''


def test_a_failing_action_leaves_the_state_as_it_was(tmp_path):
    path = tmp_path / "rollback.rules"
    path.write_text(RULES, encoding="utf-8")
    game = rulespec.load(path)
    state = game.new_game(2)
    state.apply("player 1: take red chip")
    before, legal, history = state.to_json(), state.legal_actions(), list(state.history)
    try:
        state.apply("player 2: take a chip and the top of the pile")
    except rulespec.RuleRuntimeError as error:
        assert "top of an empty zone" in str(error)
    else:
        raise AssertionError("the broken option did not fail")
    assert state.to_json() == before
    assert state.legal_actions() == legal and state.history == history
    assert state == game.from_json(before)
    state.apply("player 2: take blue chip")  # and it plays on
    assert state.counters["moves"] == 2
