"""Information states through the OpenSpiel adapter: a seat's own history of what it has seen, as a
string and (where the game has one) as a tensor (rulespec.adapters.core.InformationLayout); and an
observation that is what is visible now (Shrimp's dishes show their top cards only)."""

import json
import pickle
import random

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install 'rulespec[openspiel]')")

import numpy as np  # noqa: E402

import rulespec.openspiel as rso  # noqa: E402
from rulespec.adapters import core  # noqa: E402
from rulespec.pipeline import bundled_rulebooks  # noqa: E402


def _kuhn_deals():
    """Kuhn poker after the deal, for the three deals in which player 1 holds the jack."""
    game = rso.load_game("kuhn-poker")
    states = []
    for second in range(2):
        state = game.new_initial_state()
        first = [a for a, _ in state.chance_outcomes() if "jack" in state.action_to_string(pyspiel.PlayerId.CHANCE, a)]
        state.apply_action(first[0])
        outcomes = [a for a, _ in state.chance_outcomes()]
        state.apply_action(outcomes[second])
        states.append(state)
    return game, states


def test_kuhn_has_an_information_state_tensor_of_the_documented_shape():
    game = rso.load_game("kuhn-poker")
    layout = core.information_layout_for(core.game_key("kuhn-poker"), 2)
    assert game.get_type().provides_information_state_tensor
    assert game.information_state_tensor_shape() == [layout.rows, layout.row]
    # one row per move the step budget allows (chance included: two deals, three decisions), and the start
    assert layout.rows == 1 + core.engine_for(core.game_key("kuhn-poker")).MAX_MOVES[2] == 6
    assert game.max_game_length() == 3  # decisions only, as OpenSpiel counts them
    assert layout.row == 2 + 2 + game.num_distinct_actions() + game.observation_tensor_size()


def test_the_tensor_holds_one_row_per_move_seen_with_the_seats_own_actions():
    game, (state, _) = _kuhn_deals()
    bet = game.string_to_action("bet")
    state.apply_action(bet)  # player 1 bets
    rows = np.array(state.information_state_tensor(0)).reshape(game.information_state_tensor_shape())
    n, actions = 2, game.num_distinct_actions()
    present = rows[:, :n + 2].sum(axis=1)
    assert list(present[:4]) == [1, 1, 1, 1] and not present[4:].any()  # start, two deals, the bet
    assert rows[0, n + 1] == 1 and rows[1, n] == 1 and rows[2, n] == 1 and rows[3, 0] == 1  # who moved
    assert rows[3, n + 2 + bet] == 1 and rows[3, n + 2:n + 2 + actions].sum() == 1  # its own bet
    other = np.array(state.information_state_tensor(1)).reshape(rows.shape)
    assert other[3, 0] == 1 and not other[3, n + 2:n + 2 + actions].any()  # another's action: not shown as such
    observation = np.array(state.observation_tensor(1))
    assert (other[3, n + 2 + actions:] == observation).all()  # what it saw right after: its observation


def test_the_public_observation_is_what_every_seat_sees_alike():
    from open_spiel.python.observation import make_observation
    public = make_observation(rso.load_game("kuhn-poker"), pyspiel.IIGObservationType(
        perfect_recall=False, public_info=True, private_info=pyspiel.PrivateInfoType.NONE))
    game, (one, other) = _kuhn_deals()  # the same deal for player 1, another card for player 2
    seen = []
    for state in (one, other):
        for seat in range(2):
            public.set_from(state, seat)
            seen.append((public.string_from(state, seat), public.tensor.tobytes()))
    assert len(set(seen)) == 1  # no card, whoever asks and whatever was dealt
    text = seen[0][0]
    assert '"items"' not in text and '"size":1' in text and '"seat"' not in text  # the hands' sizes, not their cards
    assert public.dict["seat"].sum() == 0 and public.dict["counter:staked"].tolist() == [1, 1]
    shrimp = rso.load_game("shrimp", players=3)
    state = shrimp.new_initial_state()
    rng = random.Random(2)
    while state.is_chance_node():
        _random_move(state, rng)
    view = json.loads(state.session.public_observation_string())
    shown = [view["zones"][dish] for dish in ("grilled", "linguine", "fried")]
    assert all("items" in dish for dish in shown)  # the dishes' top cards, which every seat sees


def test_two_deals_differing_only_in_the_others_card_give_the_same_information_state():
    game, (one, other) = _kuhn_deals()
    assert one.information_state_string(0) == other.information_state_string(0)
    assert one.information_state_tensor(0) == other.information_state_tensor(0)
    assert one.information_state_string(1) != other.information_state_string(1)  # each sees its own card
    assert one.information_state_tensor(1) != other.information_state_tensor(1)
    for state in (one, other):
        hand = state.rulespec_state.observation(1)["zones"]["hand"][1]["items"]
        assert hand and f"'{hand[0]}'" not in state.information_state_string(0)
        # and the same after the betting, up to the end (the showdown is in the outcome, not a draw)
        play = state.clone()
        while not play.is_terminal():
            play.apply_action(play.legal_actions()[0])
            if not play.is_terminal():
                assert f"'{hand[0]}'" not in play.information_state_string(0)


def test_the_information_state_tensor_survives_serialisation_and_cloning():
    game, (state, _) = _kuhn_deals()
    state.apply_action(state.legal_actions()[0])
    again = pyspiel.deserialize_game_and_state(pyspiel.serialize_game_and_state(game, state))[1]
    assert again.information_state_tensor(0) == state.information_state_tensor(0)
    assert pickle.loads(pickle.dumps(state.session)).rows == state.session.rows
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert clone.information_state_tensor(0) != state.information_state_tensor(0)
    assert np.array(state.information_state_tensor(0)).reshape(game.information_state_tensor_shape())[5:].sum() == 0


def test_games_with_long_histories_or_claim_windows_keep_their_latest_rows_and_counts():
    for game_id in ("shrimp", "shell-we", "pig", "liars-dice", "let-them-eat-shrimp"):
        game = rso.load_game(game_id)
        layout = core.information_layout_for(core.game_key(game_id), game.num_players())
        assert game.get_type().provides_information_state_tensor and not layout.whole
        assert 1 <= layout.rows <= core.RECENT_ROWS and layout.size <= core.INFORMATION_TENSOR_LIMIT
        assert game.information_state_tensor_size() == layout.size == layout.rows * layout.row + layout.num_actions + 1


def test_a_long_history_keeps_its_latest_rows_and_counts_every_action_taken():
    game = rso.load_game("pig")
    layout = core.information_layout_for(core.game_key("pig"), 2)
    state, rng = game.new_initial_state(), random.Random(5)
    taken = [0] * game.num_distinct_actions()
    while len(state.session.rows[0].recent) < layout.rows or state.session.rows[0].total < 3 * layout.rows:
        if not state.is_chance_node() and state.current_player() == 0:
            action = rng.choice(state.legal_actions())
            taken[action] += 1
            state.apply_action(action)
        else:
            _random_move(state, rng)
        assert not state.is_terminal()
    tensor = np.array(state.information_state_tensor(0))
    history = tensor[:layout.rows * layout.row].reshape(layout.rows, layout.row)
    counts = tensor[layout.rows * layout.row:]
    assert list(counts[:-1]) == taken and counts[-1] == state.session.rows[0].total > layout.rows
    assert (history[:, :4].sum(axis=1) == 1).all()  # every kept row is a move (no start row: it is long gone)
    assert (history[-1, 4 + layout.num_actions:] == np.array(state.observation_tensor(0))).all()  # the latest last


@pytest.mark.parametrize("game_id", sorted(bundled_rulebooks()))
def test_histories_a_seat_cannot_tell_apart_give_it_the_same_tensor(game_id):
    """A seat's information state string is its whole history (the reference); wherever two histories give it
    the same string, they give it the same tensor: at the same point of random games, across every state
    reached, and along two histories that part at a chance node and then play the same moves."""
    game = rso.load_game(game_id)
    rng = random.Random(7)
    tensors: dict[tuple, bytes] = {}
    branched = 0
    observer = _information_observer(game)

    def agree(state):
        for seat in range(game.num_players()):
            key = (seat, state.information_state_string(seat))
            observer.set_from(state, seat)
            tensor = observer.tensor.tobytes()
            assert tensors.setdefault(key, tensor) == tensor, (game_id, key)

    for _ in range(3):
        state, moves = game.new_initial_state(), 0
        while not state.is_terminal() and moves < 50:
            agree(state)
            if state.is_chance_node() and len(state.chance_outcomes()) > 1 and branched < 12:
                one, other = state.clone(), state.clone()
                first, second = rng.sample([a for a, _ in state.chance_outcomes()], 2)
                one.apply_action(first)
                other.apply_action(second)
                branched += 1
                for _ in range(15):
                    agree(one)
                    agree(other)
                    if one.is_terminal() or other.is_terminal():
                        break
                    if not _same_random_move(one, other, rng):
                        break
            _random_move(state, rng)
            moves += 1
    assert len(tensors) > 10
    for seat in range(game.num_players()):  # the observer's tensor is the state's
        observer.set_from(state, seat)
        assert state.information_state_tensor(seat) == observer.tensor.tolist()


def test_shrimps_covered_cards_are_in_the_information_state_not_the_observation():
    game = rso.load_game("shrimp", players=3)
    rng = random.Random(11)
    state = game.new_initial_state()
    found = None
    for _ in range(20000):
        if state.is_terminal():
            state = game.new_initial_state()
        rs = state.rulespec_state
        if not state.is_chance_node():
            covered = [label for dish in ("grilled", "linguine", "fried")
                       for label in [rs.game.ITEM_LABEL[i] for i in rs._zones[rs._t.zone_base[dish]]][:-1]]
            if covered:
                found = covered[0]
                break
        if state.is_chance_node():
            outcomes, probs = zip(*state.chance_outcomes())
            state.apply_action(int(rng.choice(outcomes)))
        elif state.is_simultaneous_node():
            state.apply_actions([rng.choice(state.legal_actions(seat)) for seat in range(3)])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    assert found is not None, "no dish with a covered card"
    for seat in range(3):
        assert f'"{found}"' not in state.observation_string(seat)  # covered now: not seen
        assert f"'{found}'" in state.information_state_string(seat)  # but seen when it was turned


def _random_move(state, rng):
    if state.is_chance_node():
        outcomes = state.chance_outcomes()
        state.apply_action(outcomes[rng.randrange(len(outcomes))][0])
    elif state.is_simultaneous_node():
        state.apply_actions([rng.choice(state.legal_actions(seat)) for seat in range(state.num_players())])
    else:
        actions = state.legal_actions()
        state.apply_action(actions[rng.randrange(len(actions))])


def _same_random_move(one, other, rng) -> bool:
    """A random move of ``one`` played on both states; False (and nothing played) where ``other`` cannot."""
    if one.is_chance_node() != other.is_chance_node() or one.current_player() != other.current_player():
        return False
    if one.is_chance_node():
        outcome = rng.choice(one.chance_outcomes())[0]
        if outcome not in [a for a, _ in other.chance_outcomes()]:
            return False
        one.apply_action(outcome)
        other.apply_action(outcome)
    elif one.is_simultaneous_node():
        picks = [rng.choice(one.legal_actions(seat)) for seat in range(one.num_players())]
        if any(pick not in other.legal_actions(seat) for seat, pick in enumerate(picks)):
            return False
        one.apply_actions(picks)
        other.apply_actions(picks)
    else:
        action = rng.choice(one.legal_actions())
        if action not in other.legal_actions():
            return False
        one.apply_action(action)
        other.apply_action(action)
    return True


def _information_observer(game):
    """The observer OpenSpiel's state.information_state_tensor reads: its tensor is a numpy array (the
    state's method copies it into a list, which for a long history costs more than working it out)."""
    from open_spiel.python.observation import make_observation
    return make_observation(game, pyspiel.IIGObservationType(perfect_recall=True))


def _seen(game, state, observer):
    """Everything each seat is shown: its information state and observation, as strings and tensors."""
    seen = []
    for seat in range(game.num_players()):
        seen.append(state.information_state_string(seat))
        seen.append(state.observation_string(seat))
        seen.append(tuple(state.observation_tensor(seat)))
        observer.set_from(state, seat)
        seen.append(observer.tensor.tobytes())
    return seen


@pytest.mark.parametrize("game_id, players", [("kuhn-poker", 2), ("tic-tac-toe", 2), ("shrimp", 3), ("goofspiel", 2),
                                              ("shell-we", 2), ("liars-dice", 2)])
def test_what_a_seat_saw_is_the_same_whether_asked_at_every_move_or_only_later(game_id, players):
    """The adapter works out what each seat saw only when asked (moves are kept and replayed, the logs made from
    the views: Session._catch_up). A game asked everything at every move, the same game asked only now and then
    (through clones and pickles) and one asked only its observations at every move show every seat the same,
    at every point each is asked."""
    game = rso.load_game(game_id, players=players)
    rng = random.Random(3)
    compared = 0
    observer = _information_observer(game)
    assert _seen(game, game.new_initial_state(), observer)[3] == \
        np.array(game.new_initial_state().information_state_tensor(0), np.float32).tobytes()  # the state's own
    for _ in range(8):
        watched, unwatched, observed = game.new_initial_state(), game.new_initial_state(), game.new_initial_state()
        moves = 0
        while not watched.is_terminal() and moves < 60:
            seed = rng.random()
            _random_move(watched, random.Random(seed))
            _random_move(unwatched, random.Random(seed))
            _random_move(observed, random.Random(seed))
            moves += 1
            expected = _seen(game, watched, observer)  # asked at every move
            # only observations at every move (as PettingZoo's observe): the logs are worked out when asked
            assert [observed.observation_string(seat) for seat in range(game.num_players())] == \
                [watched.observation_string(seat) for seat in range(game.num_players())]
            if rng.random() < 0.1:
                observed = observed.clone()
            pick = rng.random()
            if pick < 0.15:
                unwatched = unwatched.clone()  # moves not yet seen go with the copy
            elif pick < 0.2:
                unwatched = pickle.loads(pickle.dumps(unwatched))
            elif pick < 0.35:
                assert _seen(game, unwatched, observer) == expected, (game_id, moves)
                compared += 1
        assert _seen(game, unwatched, observer) == _seen(game, watched, observer)
        assert _seen(game, observed, observer) == _seen(game, watched, observer)
        compared += 1
    assert compared >= 8
