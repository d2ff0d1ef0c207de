"""The OpenSpiel adapter (rulespec.openspiel): OpenSpiel's own conformance check on every bundled game,
player count and variant; its MCTS bot playing whole games; the action numbering, information states
and claim windows."""

import hashlib
import pickle
import subprocess
import sys
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install 'rulespec[openspiel]')")

import rulespec.openspiel as rso  # noqa: E402  (registers the games)
from rulespec.adapters import core  # noqa: E402
from rulespec.adapters.session import WINDOW_NODE  # noqa: E402
from rulespec.pipeline import bundled_rulebooks  # noqa: E402


def _configurations():
    for game_id in bundled_rulebooks():
        engine = core.engine_for(core.game_key(game_id))
        for variants in [()] + [(name,) for name, _ in engine.VARIANTS_AVAILABLE]:
            for players in range(engine.MIN_PLAYERS, engine.MAX_PLAYERS + 1):
                yield pytest.param(game_id, variants, players, id=f"{game_id}-{'+'.join(variants) or 'base'}-{players}p")


@pytest.mark.parametrize("game_id, variants, players", list(_configurations()))
def test_random_sim_test_passes(game_id, variants, players):
    game = rso.load_game(game_id, players=players, variants=variants)
    assert game.num_players() == players
    # One whole random game each (with serialisation, cloning and every observation checked at each
    # step): with ~45 configurations that keeps this file near a minute.
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_every_rule_file_in_rulebooks_is_tested_with_every_player_count():
    """The configurations come from rulebooks/*.rules, so a game added there (the gallery's) is tested at once."""
    folder = Path(__file__).resolve().parents[2] / "rulebooks"
    tested = {(p.values[0], p.values[2]) for p in _configurations()}
    for path in folder.glob("*.rules"):
        engine = core.engine_for(core.game_key(path.stem))
        assert {(path.stem, n) for n in range(engine.MIN_PLAYERS, engine.MAX_PLAYERS + 1)} <= tested, path.stem


HOUSE_RULES = sorted((Path(__file__).resolve().parents[2] / "house-rules").glob("*.rules"))


@pytest.mark.parametrize("path", HOUSE_RULES, ids=[p.stem for p in HOUSE_RULES])
def test_any_rule_file_loads_by_path(path):
    game = rso.load_game(path, players=2)  # a house rule: the generic `rulespec` game, by its path
    assert game.get_type().short_name == "rulespec"
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


ROOT = Path(__file__).resolve().parents[2]
OTHER_RULE_FILES = sorted((ROOT / "rulespec" / "docs" / "ref_games").glob("*.rules")) + \
    sorted((ROOT / "tests" / "core" / "fixtures").glob("*.rules"))


@pytest.mark.parametrize("path", OTHER_RULE_FILES, ids=[f"{p.parent.name}-{p.stem}" for p in OTHER_RULE_FILES])
def test_the_reference_and_fixture_games_pass_too(path):
    """Games written for the language reference and the tests: numbers in texts (`take {n} of {stones}`),
    values worked out in a text (`{col of s}`), fixed ranges, definitions."""
    engine = core.engine_for(core.game_key(str(path)))
    game = rso.load_game(path, players=engine.MIN_PLAYERS)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    if not state.is_terminal() and not state.is_simultaneous_node():
        offered = {a.text for a in state.rulespec_state.legal_actions()}
        shown = {state.action_to_string(state.current_player(), a) for a in state.legal_actions()}
        assert shown == offered  # the texts as offered, values filled in
        for text in offered:
            assert game.string_to_action(text) in state.legal_actions()


def test_registered_names_and_parameters():
    names = set(pyspiel.registered_names())
    assert {"rulespec", "rulespec_shell_we", "rulespec_shrimp", "rulespec_let_them_eat_shrimp"} <= names
    game = pyspiel.load_game("rulespec_shell_we", {"players": 3, "variants": "bottles", "side": "B"})
    assert game.num_players() == 3
    state = game.new_initial_state()
    assert state.rulespec_state.game.VARIANTS_APPLIED == ("bottles",)
    assert state.rulespec_state._options["side"] == "B"
    same = rso.load_game("shell-we", players=3, variants=("bottles",), options={"side": "B"})
    assert str(same) == str(game)
    by_path = rso.load_game(str(bundled_rulebooks()["shrimp"]), players=4)
    assert by_path.get_type().short_name == "rulespec" and by_path.num_players() == 4
    pyspiel.random_sim_test(by_path, num_sims=1, serialize=True, verbose=False)  # the generic name round-trips too


def test_a_numeric_option_may_be_given_as_a_whole_number():
    # As OpenSpiel's own parameters give it; by id (bundled) and by path (the generic game) alike.
    by_number = rso.load_game("pig", options={"winscore": 20})
    assert by_number.get_parameters()["winscore"] == 20
    assert str(by_number) == str(rso.load_game("pig", options={"winscore": "20"}))
    path = str(bundled_rulebooks()["pig"])
    by_path = rso.load_game(path, options={"winscore": 20})
    assert by_path.get_parameters()["options"] == "winscore:20"
    assert by_path.new_initial_state().rulespec_state._options["winscore"] == "20"
    assert core.game_key(path, (), {"winscore": 20}) == core.game_key(path, (), {"winscore": "20"})  # one engine


@pytest.mark.parametrize("name, params", [
    ("rulespec_shell_we", {"players": 2, "variants": "bottles+two_legged", "side": "B"}),
    ("rulespec_shell_we", {"players": 2, "variants": "bottles,two_legged"}),  # commas, as a dict may give them
    ("rulespec", {"game": "pig", "options": "winscore:20;diceoutcomes:8", "variants": ""}),
    ("rulespec", {"game": "pig", "options": "winscore=20,diceoutcomes=8"}),
    ("rulespec", {"game": "shell-we", "variants": "bottles,two_legged", "options": "side=B"}),
])
def test_a_games_string_loads_back_as_the_same_game(name, params):
    # OpenSpiel reads `,` and `=` in a game string as its own: what a game lists is written with + and ;
    game = pyspiel.load_game(name, params)
    again = pyspiel.load_game(str(game))
    assert str(again) == str(game)
    assert again.new_initial_state().rulespec_state._options == game.new_initial_state().rulespec_state._options
    assert again.key == game.key
    pyspiel.random_sim_test(game, num_sims=1, serialize=True, verbose=False)


def test_load_game_writes_strings_that_load_back():
    for game in (rso.load_game("shell-we", players=2, variants=("bottles", "two_legged"), options={"side": "B"}),
                 rso.load_game(str(bundled_rulebooks()["pig"]), options={"winscore": 20, "diceoutcomes": "8"})):
        assert pyspiel.load_game(str(game)).key == game.key


# Nim (take 1 to 3; who takes the last stick wins): no chance at all. The first player loses exactly when
# the sticks are a multiple of 4. A ranking that draws lots makes the same moves reach a chance node.
NIM = (Path(__file__).parent.parent / "core" / "fixtures" / "last-stick.rules").read_text(encoding="utf-8")
NIM_BY_LOT = NIM.replace("""end last_stick [LS-4]:
  checked after every step
  for each p in players
  when emptied of p > 0
  winner p

returns [LS-4]:
  win 1, draw 0, loss -1
  zero-sum
""", """end heap_gone [LS-4]:
  checked after every step
  when heap = 0

score sticks_taken of p [LS-4]:
  taken of p

ranking [LS-4]:
  highest sticks_taken
  ties for first drawn by lot
""").split("\nexample ", 1)[0]
assert "drawn by lot" in NIM_BY_LOT


def test_a_game_without_chance_is_deterministic_and_alpha_beta_solves_it(tmp_path, monkeypatch):
    from open_spiel.python.algorithms import minimax
    monkeypatch.setenv("RULESPEC_RULES_PATH", str(tmp_path))  # (a game by path: below an allowed folder)
    path = tmp_path / "nim.rules"
    path.write_text(NIM, encoding="utf-8")
    for sticks in (8, 10, 12):
        game = rso.load_game(str(path), options={"sticks": sticks})
        assert game.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
        assert game.max_chance_outcomes() == 0
        assert minimax.alpha_beta_search(game)[0] == (-1.0 if sticks % 4 == 0 else 1.0)
    ours = rso.load_game("tic-tac-toe")
    assert ours.get_type().chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
    assert minimax.alpha_beta_search(ours)[0] == minimax.alpha_beta_search(pyspiel.load_game("tic_tac_toe"))[0] == 0.0


def test_chance_steps_lots_and_claim_windows_make_a_game_stochastic(tmp_path, monkeypatch):
    monkeypatch.setenv("RULESPEC_RULES_PATH", str(tmp_path))  # (a game by path: below an allowed folder)
    path = tmp_path / "nim-by-lot.rules"
    path.write_text(NIM_BY_LOT, encoding="utf-8")
    by_lot = rso.load_game(str(path), options={"sticks": 8})
    assert by_lot.get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    assert by_lot.max_chance_outcomes() == 2  # a lot for each player
    state = by_lot.new_initial_state()
    while not state.is_chance_node():  # both take 1 until the heap is gone: 4 each, a tie
        state.apply_action(state.legal_actions()[0])
    assert [by_lot.action_to_string(pyspiel.PlayerId.CHANCE, a) for a, _ in state.chance_outcomes()] == ["lot: player 1", "lot: player 2"]
    for game_id in ("kuhn-poker", "pig", "shrimp"):  # cards dealt, dice rolled, and Shrimp's claim window
        assert rso.load_game(game_id).get_type().chance_mode == pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC
    for name in ("rulespec_tic_tac_toe", "rulespec_kuhn_poker"):  # as registered
        registered = next(t for t in pyspiel.registered_games() if t.short_name == name)
        assert registered.chance_mode == pyspiel.load_game(name).get_type().chance_mode


def test_game_information():
    game = rso.load_game("shell-we", players=2)
    kind = game.get_type()
    assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    assert kind.information == pyspiel.GameType.Information.IMPERFECT_INFORMATION  # the racks are the owner's
    assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
    assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
    engine = core.engine_for(core.game_key("shell-we"))
    assert game.max_game_length() == rulespec_budget(engine, 2)
    shrimp = rso.load_game("shrimp", players=2)  # its claim windows are rounds of picks in turn
    assert shrimp.get_type().dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
    goofspiel = rso.load_game("goofspiel", players=2)  # every decision made together
    assert goofspiel.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS


def test_the_observers_offered_and_the_ones_refused():
    game = rso.load_game("shell-we", players=2)
    public = pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                        private_info=pyspiel.PrivateInfoType.NONE)
    assert game.make_observer(public, {}) is not None  # through pyspiel, as OpenSpiel's algorithms make it
    for refused in (pyspiel.IIGObservationType(perfect_recall=False, public_info=False,
                                               private_info=pyspiel.PrivateInfoType.SINGLE_PLAYER),
                    pyspiel.IIGObservationType(perfect_recall=True, public_info=True,
                                               private_info=pyspiel.PrivateInfoType.NONE),
                    pyspiel.IIGObservationType(perfect_recall=False, public_info=True,
                                               private_info=pyspiel.PrivateInfoType.ALL_PLAYERS)):
        with pytest.raises(ValueError, match="a rulespec game has: a seat's observation"):
            game.make_py_observer(refused)
    from open_spiel.python.observation import make_observation
    observation = make_observation(game)  # the default: the seat's own view, as a tensor with named pieces
    state = game.new_initial_state()
    observation.set_from(state, 1)
    assert observation.tensor.shape == (game.observation_tensor_size(),)
    assert observation.dict["seat"].tolist() == [0, 1] and observation.dict["to_act"].tolist() == [0, 0, 0, 1, 0]


def rulespec_budget(engine, players):
    from rulespec.runtime.engine import default_max_steps
    return default_max_steps(engine, players)


def test_ranking_returns_are_zero_sum_and_shared():
    assert core.ranking_returns({"ranking": [1, 2]}, 2) == [1.0, -1.0]
    assert core.ranking_returns({"ranking": [1, 1]}, 2) == [0.0, 0.0]
    assert core.ranking_returns({"ranking": [2, 1, 3]}, 3) == [0.0, 1.0, -1.0]
    assert core.ranking_returns({"ranking": [1, 1, 3]}, 3) == [0.5, 0.5, -1.0]
    assert core.ranking_returns({"ranking": [1, 2, 2, 2]}, 4) == [1.0, -1 / 3, -1 / 3, -1 / 3]


def _play_randomly(state, rng, stop=None):
    while not state.is_terminal() and not (stop and stop(state)):
        if state.is_chance_node():
            actions, probs = zip(*state.chance_outcomes())
            state.apply_action(rng.choices(actions, probs)[0])
        elif state.is_simultaneous_node():
            state.apply_actions([rng.choice(state.legal_actions(p)) for p in range(state.num_players())])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_terminal_returns_follow_the_ranking():
    import random
    game = rso.load_game("shell-we", players=3)
    state = _play_randomly(game.new_initial_state(), random.Random(4))
    ranks = state.rulespec_state.outcome()["ranking"]
    returns = state.returns()
    assert sum(returns) == pytest.approx(0)
    for a in range(3):
        for b in range(3):
            if ranks[a] < ranks[b]:
                assert returns[a] > returns[b]


# ----------------------------------------------------------------------------- action numbering


def test_action_numbering_round_trips():
    for game_id in bundled_rulebooks():
        engine = core.engine_for(core.game_key(game_id))
        game = rso.load_game(game_id, players=min(3, engine.MAX_PLAYERS))  # Kuhn poker is for 2 only
        for chance in (False, True):
            count = game.num_distinct_actions() if not chance else game.max_chance_outcomes()
            for action in range(count):
                text = game.action_to_string(pyspiel.PlayerId.CHANCE if chance else 0, action)
                if text == f"(no action {action})":  # (a number the rule file gives no action: `actions numbered`)
                    with pytest.raises(ValueError, match="is not an action of this game"):
                        game.string_to_action(text, chance)
                    continue
                assert game.string_to_action(text, chance) == action
    game = rso.load_game("shell-we", players=2)
    state = game.new_initial_state()
    while state.is_chance_node():
        action = state.chance_outcomes()[0][0]
        state.apply_action(action)
    for action in state.legal_actions():
        text = state.action_to_string(state.current_player(), action)
        assert state.string_to_action(text) == action  # pyspiel's own lookup agrees
        assert game.string_to_action(f"player {state.current_player() + 1}: {text}") == action  # str(Action) too
    with pytest.raises(ValueError, match="not an action of this game"):
        game.string_to_action("juggle three shells")
    with pytest.raises(ValueError, match="no action"):
        game.action_to_string(0, game.num_distinct_actions())


def test_a_game_says_an_action_without_a_state_in_words():
    """`game.action_to_string(player, action)` (OpenSpiel's, no state): a value only the state decides is the
    seat's own where it depends on the seat alone, else `<its source>`; never a template's `{...}`."""
    for game_id in bundled_rulebooks():
        engine = core.engine_for(core.game_key(game_id))
        game = rso.load_game(game_id, players=min(3, engine.MAX_PLAYERS))
        some = sorted({0, 1, game.num_distinct_actions() // 2, game.num_distinct_actions() - 1})
        texts = [game.action_to_string(seat, a) for seat in range(game.num_players()) for a in some]
        texts += [game.action_to_string(pyspiel.PlayerId.CHANCE, a) for a in range(min(3, game.max_chance_outcomes()))]
        assert not [text for text in texts if "{" in text or "}" in text], game_id
    for game_id in ("tic-tac-toe", "hex"):
        game = rso.load_game(game_id)
        state = game.new_initial_state()
        for seat in range(2):  # each seat to move in turn: the game's text is the state's
            assert state.current_player() == seat
            for action in state.legal_actions()[:4]:
                assert game.action_to_string(seat, action) == state.action_to_string(seat, action)
            state.apply_action(state.legal_actions()[0])
        assert game.action_to_string(0, 0) != game.action_to_string(1, 0)  # (cross, nought; black, white)
    pig = rso.load_game(ROOT / "rulespec" / "docs" / "ref_games" / "pig.rules")  # values of the state's
    hold = pig.string_to_action("hold 3 for 3")
    assert pig.action_to_string(0, hold) == "hold <at_stake> for <banked of player + at_stake>"
    assert pig.string_to_action(pig.action_to_string(0, hold)) == hold


def _numbering_digest(game_id, players, variants):
    game = rso.load_game(game_id, players=players, variants=variants)
    texts = [game.action_to_string(0, a) for a in range(game.num_distinct_actions())]
    texts += [game.action_to_string(pyspiel.PlayerId.CHANCE, a) for a in range(game.max_chance_outcomes())]
    return hashlib.sha256("\n".join(texts).encode()).hexdigest()


def test_action_numbering_is_stable_across_processes():
    cases = [("shell-we", 3, ("bottles",)), ("shrimp", 4, ()), ("let-them-eat-shrimp", 2, ("advanced",))]
    here = [_numbering_digest(*case) for case in cases]
    code = (f"import sys; sys.path.insert(0, {str(Path(__file__).parent)!r}); from test_openspiel import _numbering_digest; "
            f"print([_numbering_digest(*case) for case in {cases!r}])")
    for seed in ("12345",):  # another hash seed than this process (most likely)
        out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                             env={"PYTHONHASHSEED": seed, "PATH": "", "PYTHONPATH": ":".join(sys.path)})
        assert out.stdout.strip() == repr(here)


def test_numbering_comes_from_templates_not_play():
    game = rso.load_game("shell-we", players=2)
    texts = {game.action_to_string(0, a) for a in range(game.num_distinct_actions())}
    engine = core.engine_for(core.game_key("shell-we"))
    start = engine.new_game(2)
    boxed = set(start._zones_named("box"))  # left out with two players: no rule names the box after the set-up
    labels = {engine.ITEM_LABEL[item] for item in range(len(engine.ITEM_LABEL)) if item not in boxed}
    assert {f"play {label}" for label in labels} <= texts  # every label in this game, whether or not play offers it
    out = {engine.ITEM_LABEL[item] for item in boxed} - labels
    assert out and not {f"play {label}" for label in out} & texts  # (a tile only the box holds has no number)
    assert "draw two tiles" in texts and "pass" in texts and "wait" not in texts  # no claim window here


# ----------------------------------------------------------------------------- information states


def _shell_we_before_a_hidden_draw(seat):
    """A 3-player Shell We? state whose next chance outcome draws a tile into `seat`'s rack."""
    import random
    game = rso.load_game("shell-we", players=3)
    rng = random.Random(7)

    def drawing_for_seat(state):
        rs = state.rulespec_state
        return state.is_chance_node() and rs._stack[-1][0] == "draw_tile" and rs._stack[-1][1] == (seat,) \
            and len(state.chance_outcomes()) > 1 and rs._phase == "play"

    state = _play_randomly(game.new_initial_state(), rng, stop=drawing_for_seat)
    assert drawing_for_seat(state)
    return state


def test_information_state_never_names_another_seats_hidden_draw():
    state = _shell_we_before_a_hidden_draw(seat=1)
    (first, _), (second, _) = state.chance_outcomes()[:2]
    one, other = state.clone(), state.clone()
    one.apply_action(first)
    other.apply_action(second)
    assert one.rulespec_state != other.rulespec_state
    for seat in (0, 2):  # the others see the rack grow, not what came into it
        assert one.information_state_string(seat) == other.information_state_string(seat)
        assert one.observation_string(seat) == other.observation_string(seat)
        assert one.observation_tensor(seat) == other.observation_tensor(seat)
    assert one.information_state_string(1) != other.information_state_string(1)  # the drawer sees its tile
    assert one.observation_tensor(1) != other.observation_tensor(1)
    drawn = state.action_to_string(pyspiel.PlayerId.CHANCE, first).removeprefix("draw ")
    assert drawn in one.information_state_string(1).splitlines()[-1]


def test_information_state_is_the_seats_own_history():
    state = _shell_we_before_a_hidden_draw(seat=1)
    lines = state.information_state_string(0).splitlines()
    assert lines[0].startswith("start") and len(lines) == len(state.history()) + 1  # one line per move seen
    own = [line for line in lines if line.startswith("you: ")]
    assert own, "the seat's own actions are in its information state"
    assert all(not line.startswith("player 1 acted") for line in lines)


# ----------------------------------------------------------------------------- claim windows


def _shrimp_window(players=3):
    """Shrimp at a claim window in which every seat has something to claim, before anyone has picked."""
    import random
    game = rso.load_game("shrimp", players=players)
    wait = game.string_to_action("wait")

    def every_seat_may_claim(state):
        return state.session.kind() == WINDOW_NODE and not state.round and \
            all(set(state.session.legal(seat)) - {wait} for seat in range(players))

    state = _play_randomly(game.new_initial_state(), random.Random(3), stop=every_seat_may_claim)
    assert every_seat_may_claim(state)
    return game, state


def _round(state, picks: dict):
    """A claim window's round played in turn: each seat's pick from ``picks``, `wait` for the others."""
    wait = state.get_game().string_to_action("wait")
    start = state.session.steps, state.session.idle
    while (state.session.steps, state.session.idle) == start and not state.is_chance_node():
        state.apply_action(picks.get(state.current_player(), wait))


def test_a_claim_window_is_a_round_of_picks_in_turn_with_wait():
    game, state = _shrimp_window()
    wait = game.string_to_action("wait")
    rows = state.rulespec_state.legal_actions()
    assert not state.is_simultaneous_node()
    before = [state.information_state_string(seat) for seat in range(3)]
    for seat in range(3):  # in seat order, each seat's own claims and wait
        assert state.current_player() == seat
        legal = state.legal_actions()
        assert wait in legal and legal == sorted(legal)
        assert {state.action_to_string(seat, a) for a in legal if a != wait} == \
            {a.text for a in rows if a.player == seat}
        assert all(state.legal_actions(other) == [] for other in range(3) if other != seat)
        # no seat sees another's pick before the round is carried out
        assert [state.information_state_string(other) for other in range(3)] == before
        assert [state.observation_string(other) for other in range(3)] == \
            [state.clone().observation_string(other) for other in range(3)]
        state.apply_action([a for a in legal if a != wait][0] if seat == 1 else wait)
    assert state.rulespec_state.history[-1].startswith("player 2: ")  # the one claim, carried out at once


def test_a_race_between_two_seats_is_decided_by_chance_and_can_be_lost():
    game, state = _shrimp_window()
    wait = game.string_to_action("wait")
    picks = [[a for a in state.session.legal(seat) if a != wait][0] for seat in range(2)]
    for winner in (0, 1):  # either racer can win, whatever its number
        race = state.clone()
        for pick in picks + [wait]:  # players 1 and 2 claim, player 3 waits
            race.apply_action(pick)
        assert race.is_chance_node()
        outcomes = race.chance_outcomes()
        assert sorted(p for _, p in outcomes) == [0.5, 0.5]
        labels = [race.action_to_string(pyspiel.PlayerId.CHANCE, a) for a, _ in outcomes]
        assert labels == ["race won by player 1", "race won by player 2"]
        race.apply_action(outcomes[winner][0])
        assert race.rulespec_state.history[-1] == f"player {winner + 1}: {game.action_to_string(winner, picks[winner])}"
        loser = 1 - winner
        assert "you lost the race" in race.information_state_string(loser)


def test_a_lone_claim_is_applied_at_once_and_waiting_is_bounded():
    game, state = _shrimp_window()
    wait = game.string_to_action("wait")
    lone = state.clone()
    pick = [a for a in lone.session.legal(2) if a != wait][0]
    _round(lone, {2: pick})
    assert lone.rulespec_state.history[-1] == f"player 3: {game.action_to_string(2, pick)}"
    idle = state.clone()
    _round(idle, {})  # nobody moved: the same window again...
    assert idle.session.kind() == WINDOW_NODE and idle.rulespec_state == state.rulespec_state
    for seat in range(3):  # ...where a seat that can act must (core.PATIENCE rounds of waiting)
        assert idle.current_player() == seat and wait not in idle.legal_actions()
        with pytest.raises(ValueError, match="may not pick"):
            idle.clone().apply_action(wait)
        idle.apply_action(idle.legal_actions()[0])


def test_a_sequential_game_refuses_joint_actions():
    game, state = _shrimp_window()
    with pytest.raises(Exception, match="picked in turn"):
        state.apply_actions([game.string_to_action("wait")] * 3)


class _NoRollouts:
    """An MCTS evaluator that scores a leaf 0 for everyone, with uniform priors (the tree search alone)."""

    def evaluate(self, state):
        import numpy as np
        return np.zeros(state.num_players())

    def prior(self, state):
        if state.is_chance_node():
            return state.chance_outcomes()
        legal = state.legal_actions(state.current_player())
        return [(action, 1 / len(legal)) for action in legal]


def test_mcts_bot_plays_whole_games_of_every_bundled_game():
    import numpy as np
    from open_spiel.python.algorithms import mcts
    for game_id in bundled_rulebooks():
        game = rso.load_game(game_id, players=2)
        if game.get_type().dynamics == pyspiel.GameType.Dynamics.SIMULTANEOUS:
            game = pyspiel.convert_to_turn_based(game)  # OpenSpiel's MCTS is for sequential games
        evaluator = _NoRollouts()  # random rollouts of whole games would take minutes in the suite
        bots = [mcts.MCTSBot(game, uct_c=2, max_simulations=4, evaluator=evaluator,
                             random_state=np.random.RandomState(seat)) for seat in range(2)]
        rng = np.random.RandomState(5)
        state = game.new_initial_state()
        moves = 0
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(int(rng.choice(actions, p=probs)))
            else:
                state.apply_action(bots[state.current_player()].step(state))
            moves += 1
        # A whole game is long for the rulebooks, short for the gallery's (Kuhn poker: 3 turns at most; a
        # game of Liar's dice may end at the second decision: a bid, then a call).
        engine = core.engine_for(core.game_key(game_id))
        shortest = min(10 if engine.model.rulebook else 3, engine.MAX_TURNS // 2)
        assert sum(state.returns()) == pytest.approx(0) and moves > shortest, game_id


# ----------------------------------------------------------------------------- serialisation


def test_states_serialise_through_rulespec_json():
    game, state = _shrimp_window(players=4)
    text = pyspiel.serialize_game_and_state(game, state)
    game_again, state_again = pyspiel.deserialize_game_and_state(text)
    assert str(game_again) == str(game)
    assert state_again.rulespec_state == state.rulespec_state
    assert state_again.information_state_string(2) == state.information_state_string(2)
    assert state_again.legal_actions(1) == state.legal_actions(1)
    assert state.rulespec_state.to_json() in pickle.dumps(state.session).decode("latin-1")


def test_action_numbers_read_back_once_per_text_and_bounded(monkeypatch):
    """Each text's number is read back (through the templates, for a text showing a value the state works
    out) once and kept; a caller's stream of texts that are no action is refused every time and keeps the
    table bounded (READ_BACK_KEPT)."""
    table = core.table_for(core.game_key("pig"), 2)
    game = rso.load_game("pig")
    state = game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    for action in state.legal_actions():
        text = state.action_to_string(state.current_player(), action)
        assert table.string_to_action(text) == action  # the same number, read back or kept
        assert table.string_to_action(text) == action
    monkeypatch.setattr(core, "READ_BACK_KEPT", 8)
    for n in range(50):
        with pytest.raises(ValueError, match="is not an action of this game"):
            table.string_to_action(f"hold at {n} and a half")
        assert len(table.player_numbers) <= 8


def test_a_seat_has_no_legal_actions_at_a_chance_node():
    """pyspiel answers legal_actions(seat) at a chance node with the outcomes; they are no seat's actions
    (issue #41). legal_actions() there still lists the outcomes, as OpenSpiel's own games do."""
    for name in ("kuhn_poker", "rulespec_kuhn_poker"):
        state = pyspiel.load_game(name).new_initial_state()
        assert state.is_chance_node()
        assert [state.legal_actions(seat) for seat in (0, 1, 7)] == [[], [], []]
        assert state.legal_actions() == [a for a, _ in state.chance_outcomes()] != []


def test_counts_on_spaces_are_in_the_observation_tensor():
    """A counter per space (ref_games/sowing.rules: the seeds in each pit) is a number per space of the
    observation tensor, the same for both seats (a public board)."""
    path = ROOT / "rulespec" / "docs" / "ref_games" / "sowing.rules"
    game = rso.load_game(path, players=2)
    state = game.new_initial_state()
    state.apply_action(game.string_to_action("sow 1 3 (2)"))
    layout = core.layout_for(core.game_key(str(path)), 2)
    at, size = layout.offsets["counter:seeds"]
    for seat in (0, 1):
        assert state.observation_tensor(seat)[at:at + size] == [2, 2, 0, 2, 0, 3]
