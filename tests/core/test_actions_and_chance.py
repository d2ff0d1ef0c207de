"""Actions made cheaply (a draw's text read only when asked) and chance made cheaply (one Fraction per
distinct weight) are still exactly what the API promises: equal, hashed and ordered by (player, text),
immutable, picklable, and probabilities that are exact and add up to 1."""

import copy
import dataclasses
import pickle
import random
from collections import Counter
from fractions import Fraction

import pytest

import rulespec
from rulespec.runtime.engine import CHANCE, Action


def a_draw(name="shell-we", players=3):
    state = rulespec.load(name).new_game(players=players)
    assert state.is_chance_node()
    return state


def test_a_draws_outcomes_equal_plain_actions_of_their_texts():
    state = a_draw()
    outcomes = state.chance_outcomes()
    for action, _ in outcomes:
        plain = Action(CHANCE, action.text)
        assert action == plain and hash(action) == hash(plain) and not action != plain
        assert str(action) == f"chance: {action.text}" and repr(action) == repr(plain)
    texts = [a.text for a, _ in outcomes]
    assert len(set(texts)) == len(texts)  # one outcome per distinct tile
    assert sorted(a for a, _ in outcomes) == sorted(Action(CHANCE, t) for t in texts)


def test_a_lazy_action_hashes_before_its_text_was_read():
    first, second = a_draw(), a_draw()
    seen = {action for action, _ in first.chance_outcomes()}  # hashing reads the texts
    assert all(action in seen for action, _ in second.chance_outcomes())
    assert Action(CHANCE, "no such tile") not in seen


def test_actions_are_immutable_and_survive_pickle_and_copy():
    action = a_draw().chance_outcomes()[0][0]
    with pytest.raises(dataclasses.FrozenInstanceError):
        action.text = "draw something else"
    with pytest.raises(dataclasses.FrozenInstanceError):
        action.player = 0
    for again in (pickle.loads(pickle.dumps(action)), copy.copy(action), copy.deepcopy(action)):
        assert again == action and again.text == action.text and again.player == CHANCE
    assert Action(0, "pass") < Action(0, "take") < Action(1, "pass")
    assert Action(0, "pass") != ("pass", 0) and Action(0, "pass") != (0, "pass")


@pytest.mark.parametrize("name, players", [("shell-we", 3), ("shrimp", 4), ("kuhn-poker", 2)])
def test_chance_probabilities_are_exact_and_add_up_to_one(name, players):
    state = rulespec.load(name).new_game(players=players)
    rng = random.Random(7)
    checked = 0
    while not state.is_terminal() and checked < 20:
        if state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert all(isinstance(p, Fraction) and 0 < p <= 1 for _, p in outcomes)
            assert sum(p for _, p in outcomes) == 1
            assert all(float(p) == p.numerator / p.denominator for _, p in outcomes)
            assert all(p == Fraction(p.numerator, p.denominator) and hash(p) == hash(Fraction(p.numerator, p.denominator))
                       for _, p in outcomes)
            checked += 1
            state.apply(outcomes[rng.randrange(len(outcomes))][0])
        else:
            actions = state.legal_actions()
            state.apply(actions[rng.randrange(len(actions))])
    assert checked


def test_a_bag_with_copies_weighs_each_tile_by_its_copies():
    """Shell We?'s bag holds several copies of some tiles: a draw lists each tile once, weighted by its
    copies in the bag, in the order each first appears."""
    state = rulespec.load("shell-we").new_game(players=3)
    rng = random.Random(3)
    while not (state.is_chance_node() and any(p.denominator != len(state.chance_outcomes())
                                              for _, p in state.chance_outcomes())):
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
    outcomes = state.chance_outcomes()
    frame = state._stack[-1]
    zone = state.game.STEPS[frame[0]].draw(state, *frame[1])
    labels = [state.game.ITEM_LABEL[i] for i in state._zones[zone]]
    counts = Counter(labels)
    assert max(counts.values()) > 1 and len(outcomes) == len(counts) < len(labels)
    assert [p for _, p in outcomes] == [Fraction(counts[label], len(labels)) for label in dict.fromkeys(labels)]


def test_legal_actions_can_be_changed_by_the_caller():
    state = rulespec.load("tic-tac-toe").new_game()
    actions = state.legal_actions()
    actions.clear()
    assert len(state.legal_actions()) == 9
    state.apply(state.legal_actions()[4])
    assert len(state.legal_actions()) == 8


DEAL_COUNT = """# A draw whose outcome text shows a value worked out from the state.
game "Deal Count" [DC-1]
  id "deal-count"
  players 2 to 2 [DC-1]
  at most 10 turns [DC-1]

component card: rank 1..3 x 2 [DC-2]
  shown as "{rank}"
zone deck: shared, hidden, holds every component in play [DC-2]
zone hand: one per player, seen by owner [DC-2]
counter dealt starts at 0 [DC-3]

setup [DC-2]:
  repeat 3 times:
    then deal(player 1)

chance deal(player: seat) [DC-3]:
  outcome "deal {c} as card {dealt + 1}" for c drawn from deck
  move c to hand of player
  set dealt to dealt + 1

turns go clockwise from player 1, each turn runs turn [DC-4]

choice turn(player: seat) by player [DC-4]:
  option pass "pass" [DC-4]:
    nothing

end all_dealt [DC-5]:
  checked at turn start
  when dealt >= 3
"""


def test_a_draw_whose_text_shows_the_state_reads_it_when_listed(tmp_path):
    """A draw's Actions are shared by every state of an engine only when their texts read labels only;
    a text that shows a value worked out from the state reads it when the outcomes are listed, so an
    Action listed earlier keeps the text it was offered with."""
    path = tmp_path / "deal-count.rules"
    path.write_text(DEAL_COUNT, encoding="utf-8")
    game = rulespec.load(str(path))
    assert not game.STEPS["deal"].text_static and rulespec.load("shell-we").STEPS["draw_tile"].text_static
    state = game.new_game(players=2)
    listed = [action for action, _ in state.chance_outcomes()]
    assert [a.text for a in listed] == ["deal 1 as card 1", "deal 2 as card 1", "deal 3 as card 1"]
    state.apply(listed[1])
    assert [a.text for a in listed] == ["deal 1 as card 1", "deal 2 as card 1", "deal 3 as card 1"]
    assert [(a.text, p) for a, p in state.chance_outcomes()] == [
        ("deal 1 as card 2", Fraction(2, 5)), ("deal 2 as card 2", Fraction(1, 5)), ("deal 3 as card 2", Fraction(2, 5))]
    assert state.history[-1] == "chance: deal 2 as card 1"


@pytest.mark.parametrize("name, players", [("shrimp", 3), ("shell-we", 2)])
def test_a_drawn_action_is_found_through_its_item_as_by_comparing_every_outcome(name, players):
    """apply() finds a static draw's shared Action through the item it names; the index is the one a walk
    over the outcomes finds, for the shared Action and for an equal Action made from its text, and an
    Action of an outcome no longer possible is refused with the state untouched."""
    rng = random.Random(7)
    state = a_draw(name, players)
    earlier = None
    for _ in range(30):
        if not state.is_chance_node():
            break
        outcomes = [action for action, _ in state.chance_outcomes()]
        pending = state._offer()
        for index, action in enumerate(outcomes):
            assert pending.find(action) == index
            assert pending.find(Action(CHANCE, action.text)) == index
        chosen = outcomes[rng.randrange(len(outcomes))]
        if earlier is not None and earlier not in outcomes:  # the last of its kind was drawn: not offered now
            before = state.to_json()
            with pytest.raises(rulespec.IllegalAction):
                state.apply(earlier)
            assert state.to_json() == before
        earlier = chosen
        state.apply(chosen)


def test_a_probability_is_an_exact_fraction_whose_float_is_its_division():
    """Probability (chance_outcomes' probabilities) keeps its float, made by the one division: float() of it is that
    division, however it was made (listed, read back by pickle, copied, from a text or a float); it computes as the
    Fraction it is, exactly, and has no other attribute than a Fraction's."""
    import copy
    import pickle
    from fractions import Fraction
    from rulespec.runtime.pending import Probability, probability, uniform
    made = [probability(w, t) for t in range(1, 40) for w in range(0, t + 1)] + [
        uniform(81), Probability("2/6"), Probability(0.25), Probability(7), Probability.from_float(0.375)]
    for p in made:
        for q in (p, pickle.loads(pickle.dumps(p)), copy.copy(p), copy.deepcopy(p)):
            assert float(q) == p.numerator / p.denominator and q == p and hash(q) == hash(Fraction(p))
            assert not isinstance(q, float)
    assert probability(1, 3) * 3 == 1 and sum([uniform(7)] * 7) == 1 and type(uniform(7) + uniform(7)) is Fraction
    assert not hasattr(uniform(7), "text") and uniform(7).numerator == 1
