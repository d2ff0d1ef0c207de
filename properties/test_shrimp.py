"""Properties of Shrimp, for 2 to 6 players.

* every engine property of ``rulespec.check.verify`` (the generic state machine), with the rule file's own
  invariants: all 81 cards conserved, only cards in the card zones, the words of a call kept,
  no dish covered while another is empty, verdicts only with three cards showing;
* all 81 cards conserved and distinct across the pool, the decks, the dishes and the feasts, after
  every step;
* only the top cards decide a claim: exchanging covered dish cards with face-down cards changes
  no offered action and no verdict;
* every correct call is offered to every seat that may smash, computed from that seat's own
  observation, and every call's effect matches the characteristics the top cards really share;
* the game always ends, within the declared 82 turns, whatever the players do;
* nobody's observation reveals a face-down card (the pool and every deck, the owner's included).

Games are drawn by Hypothesis (a seed, a player count, how eager the seats are to smash and how
often they call true words), so a failure comes back as a small replayable game.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Optional

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import run_state_machine_as_test

import rulespec
from rulespec.runtime.engine import CHANCE, Action
from rulespec.check.verify import state_machine

GAME = rulespec.load("shrimp")
LABELS = GAME.ITEM_LABEL
CARD_LABELS = sorted(LABELS[i] for i in range(len(LABELS)) if GAME.ITEM_KIND[i] == "card")
DISHES = ("grilled", "linguine", "fried")
ATTRIBUTES = ("number", "size", "colour", "origin")

EXPECTED_CHECKS = (
    "termination", "chance_outcomes", "legal_actions", "parse_action", "offered_actions_apply",
    "illegal_action_refused", "clone", "json_round_trip", "history_replay", "hidden_information",
    "observation_json", "turn_limit", "violations", "invariant:conservation", "invariant:only_cards",
    "invariant:words_kept", "invariant:fill_first", "invariant:pool_dealt", "invariant:one_word_of_a_kind",
)


# ----------------------------------------------------------------------------- reading a card and a call


def parse_card(label: str) -> tuple:
    """'2 large green Italian shrimp' -> (2, 'large', 'green', 'Italian'), read from the text alone."""
    number, size, colour, origin, last = label.split()
    assert last == "shrimp", label
    return int(number), size, colour, origin


def word_text(attribute: int, value) -> str:
    return f"{value} shrimp" if attribute == 0 else str(value)


def shared_words(tops: list[str]) -> set[str]:
    """The call words true of three top cards: a value all three share, or cocktail (sum of 7)."""
    if len(tops) != 3:
        return set()
    cards = [parse_card(t) for t in tops]
    words = {word_text(a, cards[0][a]) for a in range(4) if all(c[a] == cards[0][a] for c in cards)}
    if sum(c[0] for c in cards) == 7:
        words.add("cocktail")
    return words


def word_attribute(word: str) -> str:
    if word == "cocktail":
        return "cocktail"
    if word.endswith(" shrimp"):
        return "number"
    for a, values in zip(ATTRIBUTES[1:], (("large", "medium", "small"), ("green", "blue", "pink"),
                                          ("American", "Brazilian", "Italian"))):
        if word in values:
            return a
    raise AssertionError(word)


def tops_seen_by(state, seat: int) -> list[str]:
    zones = state.observation(seat)["zones"]
    return [zones[d]["items"][-1] for d in DISHES if zones[d]["items"]]


def zone(state, name: str, seat: Optional[int] = None) -> list[int]:
    base = state._t.zone_base[name]
    return state._zones[base + (seat or 0)]


# ----------------------------------------------------------------------------- playing


def playout(players: int, seed: int, eagerness: float, cleverness: float, on_step=None, max_steps: int = 20_000,
            game=GAME):
    """A whole game: uniform chance; in a claim window a seat smashes with probability ``eagerness``
    (else the next player goes on, or a random offered action); a caller names true words with
    probability ``cleverness``. ``on_step(state)`` runs before every step."""
    rng = random.Random(seed)
    state = game.new_game(players)
    steps = 0
    while not state.is_terminal():
        if on_step is not None:
            on_step(state)
        if state.is_chance_node():
            action = rng.choice([a for a, _ in state.chance_outcomes()])
        else:
            actions = state.legal_actions()
            step = state._stack[-1][0]
            action = actions[rng.randrange(len(actions))]
            if step == "window":
                smash = [a for a in actions if a.text == "smash the lemon"]
                go_on = [a for a in actions if a.text == "go on"]
                if smash and rng.random() < eagerness:
                    action = rng.choice(smash)
                elif go_on and rng.random() < 0.8:
                    action = go_on[0]
            elif step == "call" and rng.random() < cleverness:
                true = shared_words(tops_seen_by(state, actions[0].player))
                said = set(state.observation(actions[0].player)["zones"]["said"]["items"])
                wanted = [a for a in actions if a.text[len("call "):] in true - said]
                action = rng.choice(wanted) if wanted and rng.random() < 0.8 else \
                    next(a for a in actions if a.text == "stop calling")
        state.apply(action)
        steps += 1
        assert steps <= max_steps, f"no end after {max_steps} steps"
    if on_step is not None:
        on_step(state)
    return state


games = dict(players=st.integers(2, 6), seed=st.integers(0, 2 ** 32 - 1),
             eagerness=st.sampled_from([0.0, 0.3, 0.7, 1.0]), cleverness=st.sampled_from([0.0, 0.5, 0.95]))


# ----------------------------------------------------------------------------- the generic properties


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_every_engine_property_holds(players, budget):
    counts: dict[str, int] = {}
    machine = state_machine("shrimp", players, max_applies=budget.max_applies, fast_forward=budget.fast_forward,
                            counts=counts)
    run_state_machine_as_test(machine, settings=settings(deadline=None))  # the loaded profile's budget
    # (every example plays a whole game and checks hidden information in play: the verifier's initializers)
    missing = [name for name in EXPECTED_CHECKS if not counts.get(name)]
    assert not missing, f"these checks never ran: {missing} (ran: {counts})"


# ----------------------------------------------------------------------------- conservation


def conserved(state) -> None:
    labels = state.game.ITEM_LABEL
    places = list(zone(state, "pool"))
    for s in range(state.players):
        places += zone(state, "deck", s) + zone(state, "feast", s)
    for d in DISHES:
        places += zone(state, d)
    assert len(places) == len(set(places)) == 81, "a card is missing or in two places"
    assert sorted(labels[i] for i in places) == CARD_LABELS, "the cards are not the 81 distinct cards"
    assert len(set(CARD_LABELS)) == 81 and len({parse_card(c) for c in CARD_LABELS}) == 81


@given(**games)
def test_all_81_cards_are_conserved_and_distinct_after_every_step(players, seed, eagerness, cleverness):
    playout(players, seed, eagerness, cleverness, on_step=conserved)


# ----------------------------------------------------------------------------- claims


def call(state, seat: int, words: list[str]):
    """Smash for ``seat`` and call ``words`` on a clone; returns the clone and every offered list."""
    state = state.clone()
    offered = []
    state.apply(Action(seat, "smash the lemon"))
    for word in words:
        offered.append([str(a) for a in state.legal_actions()])
        state.apply(Action(seat, f"call {word}"))
        if len(words) == 3 and word == words[-1]:
            return state, offered
    offered.append([str(a) for a in state.legal_actions()])
    state.apply(Action(seat, "stop calling"))
    return state, offered


def sequences(offered_words: list[str], true: set[str], rng: random.Random) -> list[list[str]]:
    """Call sequences to try: silence, each word alone, every combination of true words, and a few
    random mixes; at most one word per attribute, at most three words."""
    out: list[list[str]] = [[]] + [[w] for w in offered_words]
    for k in (2, 3):
        out += [list(c) for c in itertools.combinations(sorted(true), k)]
    for _ in range(4):
        mix = rng.sample(offered_words, min(3, len(offered_words)))
        kinds = [word_attribute(w) for w in mix]
        if len(set(kinds)) == len(kinds):
            out.append(mix)
    return out


def claim_effects_match(state, rng: random.Random) -> set[str]:
    """At a claim window: every correct call is offered to every seat that may smash (computed from
    that seat's observation), and each call's effect is what the shared characteristics say.
    Returns the kinds of call checked (feast, binge, exquisite, penalty, ...)."""
    kinds: set[str] = set()
    if state.is_terminal() or state._stack[-1][0] != "window":
        return kinds
    labels, item_kind = state.game.ITEM_LABEL, state.game.ITEM_KIND
    players = state.players
    for seat in range(players):
        if Action(seat, "smash the lemon") not in state.legal_actions():
            continue
        before = state.observation(seat)
        tops = tops_seen_by(state, seat)
        true = shared_words(tops)
        smashed = state.clone()
        smashed.apply(Action(seat, "smash the lemon"))
        offered = [c[len("call "):] for c in smashed.observation(seat)["decision"]["choices"] if c.startswith("call ")]
        assert true <= set(offered), f"player {seat + 1} is not offered {true - set(offered)}"
        assert set(offered) == {labels[i] for i in range(len(labels)) if item_kind[i] != "card"}
        dish_cards = sum(before["zones"][d]["size"] for d in DISHES)
        feasts = [f["size"] for f in before["zones"]["feast"]]
        for words in sequences(offered, true, rng):
            after, offered_lists = call(state, seat, words)
            for i, word in enumerate(words):  # a true word of another attribute is still offered
                for other in true - set(words[:i + 1]):
                    if all(word_attribute(other) != word_attribute(w) for w in words[:i + 1]):
                        if i + 1 < 3:
                            assert f"player {seat + 1}: call {other}" in offered_lists[i + 1]
            view = after.observation(seat)
            correct = bool(words) and set(words) <= true
            if correct and len(words) == 3:
                assert after.is_terminal() and after.outcome()["winners"] == [seat]
                assert after.outcome()["end"] == "exquisite"
                kinds.add("exquisite")
                continue
            if correct:
                assert all(not view["zones"][d]["items"] for d in DISHES), "a correct call clears the dishes"
                opponents = sum(feasts) - feasts[seat]
                steals = min(7, opponents) if len(words) == 2 else 0
                while not after.is_terminal() and after._stack and after._stack[-1][0] == "steal":
                    after.apply(after.legal_actions()[0])
                    steals -= 1
                assert steals == 0, "a binge steals min(7, cards in the opponents' feasts)"
                new = [f["size"] for f in after.observation(seat)["zones"]["feast"]]
                bonus = min(7, opponents) if len(words) == 2 else 0
                assert new[seat] == feasts[seat] + dish_cards + bonus
                assert sum(new) == sum(feasts) + dish_cards
                if after.is_chance_node():  # her deck was empty: the game ended in a tie, drawn by lot
                    assert all(a.text.startswith("lot: ") for a in after.legal_actions())
                elif not after.is_terminal():  # the claimant turns next, or the game ends on her empty deck
                    assert after.legal_actions()[0].player == seat
                kinds.add("binge" if len(words) == 2 else "feast")
                if bonus:
                    kinds.add("steal")
                continue
            # wrong, silent or too early: a penalty, the dishes untouched, the window open for the others
            assert [view["zones"][d]["items"] for d in DISHES] == [before["zones"][d]["items"] for d in DISHES]
            deck = before["zones"]["deck"][seat]["size"]
            if after._stack and after._stack[-1][0] in ("penalty", "deck_penalty"):
                give = after.legal_actions()[0]
                assert give.player == seat
                after.apply(give)
                new_feasts = [f["size"] for f in after.observation(seat)["zones"]["feast"]]
                new_deck = after.observation(seat)["zones"]["deck"][seat]["size"]
                if feasts[seat]:
                    assert new_feasts[seat] == feasts[seat] - 1 and new_deck == deck
                else:
                    assert new_deck == deck - 1
                assert sum(new_feasts) == sum(feasts) + (0 if feasts[seat] else 1)
                kinds.add("penalty from the feast" if feasts[seat] else "penalty from the deck")
            else:
                assert feasts[seat] == 0 and deck == 0, "a penalty is skipped only with nothing to give"
            assert after._stack[-1][0] == "window"
            assert Action(seat, "smash the lemon") not in after.legal_actions()
            kinds.add("wrong" if words else "silence")
    return kinds


@given(**games)
def test_every_correct_call_is_offered_to_every_seat_and_every_call_does_what_the_cards_say(
        players, seed, eagerness, cleverness):
    rng = random.Random(seed)
    checked = []

    def at_window(state):  # the first claim window always (every game turns a card), then one in four
        if not state.is_terminal() and state._stack[-1][0] == "window" and (not checked or rng.random() < 0.25):
            claim_effects_match(state, rng)
            checked.append(1)
    playout(players, seed, eagerness, cleverness, on_step=at_window)
    assert checked


def swap_covered_cards(state, rng: random.Random):
    """A copy of ``state`` where covered dish cards trade places with face-down cards (the pool or a
    deck); every top card and every size stays. None when nothing is covered or face down."""
    data = state._to_dict()
    base = state._t.zone_base
    covered = [(base[d], i) for d in DISHES for i in range(len(state._zones[base[d]]) - 1)]
    hidden = [(base["deck"] + s, i) for s in range(state.players) for i in range(len(zone(state, "deck", s)))]
    if not covered or not hidden:
        return None
    for spot in rng.sample(covered, min(3, len(covered))):
        other = rng.choice(hidden)
        a, b = data["zones"][spot[0]][spot[1]], data["zones"][other[0]][other[1]]
        data["zones"][spot[0]][spot[1]], data["zones"][other[0]][other[1]] = b, a
    return state.game.from_json(json.dumps(data))


def verdict(state, seat: int, words: list[str]):
    after, offered = call(state, seat, words)
    view = after.observation(seat)
    return (offered, [str(a) for a in after.legal_actions()], after.is_terminal(),
            [f["size"] for f in view["zones"]["feast"]], [view["zones"][d]["size"] for d in DISHES])


def top_cards_decide(rng: random.Random, compared: list):
    """An on_step check: at some claim windows, a copy whose covered cards trade places with face-down
    ones gets the same verdict on every call; each comparison made is appended to ``compared``."""

    def at_window(state):
        if state.is_terminal() or state._stack[-1][0] != "window" or rng.random() > 0.3:
            return
        other = swap_covered_cards(state, rng)
        if other is None:
            return
        assert [zone(other, d)[-1] for d in DISHES if zone(other, d)] == \
               [zone(state, d)[-1] for d in DISHES if zone(state, d)]
        assert [str(a) for a in other.legal_actions()] == [str(a) for a in state.legal_actions()]
        seat = next((a.player for a in state.legal_actions() if a.text == "smash the lemon"), None)
        if seat is None:
            return
        true = sorted(shared_words(tops_seen_by(state, seat)))
        for words in [[], true[:1], true[:2], true[:3], ["cocktail"], ["1 shrimp", "large"]]:
            assert verdict(state, seat, words) == verdict(other, seat, words), words
        compared.append(1)
    return at_window


@given(**games)
def test_only_the_top_cards_decide_a_claim(players, seed, eagerness, cleverness):
    playout(players, seed, eagerness, cleverness, on_step=top_cards_decide(random.Random(seed), []))


def test_the_top_cards_check_is_not_vacuous():
    """In fixed games the comparison above really runs (a window with covered cards and a seat that may
    smash is not there in every game, so the Hypothesis test alone could pass without comparing)."""
    compared: list = []
    for seed in range(5):
        playout(2 + seed, seed, 0.3, 0.5, on_step=top_cards_decide(random.Random(seed), compared))
    assert len(compared) >= 50, len(compared)


# ----------------------------------------------------------------------------- the end


@given(**games)
def test_the_game_always_ends_within_the_declared_turns(players, seed, eagerness, cleverness):
    final = playout(players, seed, eagerness, cleverness)
    assert final.is_terminal()
    assert final._turn_number <= 82 == GAME.MAX_TURNS
    outcome = final.outcome()
    assert outcome["end"] in ("exquisite", "no_card")
    assert len(outcome["winners"]) == 1  # a tie for first is always drawn by lot
    if outcome["end"] == "no_card":
        cards = outcome["scores"]["cards"]
        assert cards[outcome["winners"][0]] == max(cards)
        assert (outcome["lot"] is not None) == (cards.count(max(cards)) > 1)
    assert not final._violations


# ----------------------------------------------------------------------------- hidden information


def no_face_down_card_shows(state) -> None:
    labels = state.game.ITEM_LABEL
    hidden = {labels[i] for i in zone(state, "pool")}
    for s in range(state.players):
        hidden |= {labels[i] for i in zone(state, "deck", s)}
    for seat in range(state.players):
        text = json.dumps(state.observation(seat))
        leaked = sorted(label for label in hidden if label in text)
        assert not leaked, f"player {seat + 1} sees face-down cards: {leaked[:3]}"
        view = state.observation(seat)
        assert "items" not in view["zones"]["pool"]
        assert all("items" not in deck for deck in view["zones"]["deck"])  # her own deck included
        for d in DISHES:  # of a dish only its top card is seen (SHRIMP-AMB-14)
            cards = zone(state, d)
            assert view["zones"][d]["items"] == [labels[i] for i in cards[-1:]]
            assert view["zones"][d]["size"] == len(cards)


@given(**games)
def test_no_observation_reveals_a_face_down_card(players, seed, eagerness, cleverness):
    playout(players, seed, eagerness, cleverness, on_step=no_face_down_card_shows)


def test_a_turn_names_the_dish_never_the_card():
    state = GAME.new_game(3)
    while state.is_chance_node():
        state.apply(state.chance_outcomes()[0][0])
    texts = [a.text for a in state.legal_actions()]
    assert texts == [f"turn a card onto the {d} dish" for d in ("grilled shrimp", "linguine", "fried shrimp")]
    assert all(label not in " ".join(texts) for label in CARD_LABELS)
    assert state.legal_actions()[0].player != CHANCE


# ----------------------------------------------------------------------------- the checks are not vacuous


def test_the_claim_check_meets_every_kind_of_call():
    """Over a few fixed games, the claim check sees feasts, binges with steals, the exquisite dish,
    wrong calls, silences and penalties paid from the feast and from the deck."""
    wanted = {"feast", "binge", "steal", "exquisite", "wrong", "silence", "penalty from the feast",
              "penalty from the deck"}
    seen: set[str] = set()
    for seed in range(60):
        rng = random.Random(seed)

        def at_window(state):
            if not state.is_terminal() and state._stack[-1][0] == "window" and \
                    (shared_words(tops_seen_by(state, 0)) or rng.random() < 0.05):
                seen.update(claim_effects_match(state, rng))
        playout(2 + seed % 5, seed, eagerness=0.5, cleverness=0.95, on_step=at_window)
        if wanted <= seen:
            break
    assert wanted <= seen, f"never checked: {wanted - seen}"


BROKEN = {
    # the cocktail adds up to six: some correct call is refused, or a wrong one rewarded
    "cocktail-of-six": ("number of top of fried = 7))) > 0:", "number of top of fried = 6))) > 0:", "claims"),
    # a covered card counts for the number: only-top-cards must notice
    "covered-cards-count": ("(w is number_word and number of top of grilled = number of w",
                            "(w is number_word and count(c in grilled where number of c = number of w) > 0",
                            "top"),
    # the decks are face up: the leak check must notice
    "face-up-decks": ("zone deck: one per player, hidden, stacked", "zone deck: one per player, public, stacked",
                      "leak"),
    # a stolen card vanishes into the words: conservation must notice
    "steal-loses-the-card": ("move top of feast of q to feast of player as stolen",
                             "move top of feast of q to words as stolen", "conservation"),
}


@pytest.mark.parametrize("name", list(BROKEN))
def test_each_shrimp_property_catches_a_broken_rule_file(name, tmp_path):
    old, new, check = BROKEN[name]
    text = rulespec.pipeline.resolve_path("shrimp").read_text(encoding="utf-8")
    assert text.count(old) == 1, f"the rule file no longer contains {old!r}: update this mutation"
    path = tmp_path / "shrimp.rules"
    path.write_text(text.replace(old, new), encoding="utf-8")
    broken = rulespec.load(path)
    caught = False
    for seed in range(40):
        rng = random.Random(seed)

        def probe(state):
            if check == "conservation":
                conserved(state)
            elif check == "leak":
                no_face_down_card_shows(state)
            elif not state.is_terminal() and state._stack[-1][0] == "window":
                if check == "claims":
                    claim_effects_match(state, rng)
                else:
                    other = swap_covered_cards(state, rng)
                    seat = next((a.player for a in state.legal_actions() if a.text == "smash the lemon"), None)
                    if other is not None and seat is not None:
                        for word in ("1 shrimp", "2 shrimp", "3 shrimp"):
                            assert verdict(state, seat, [word]) == verdict(other, seat, [word])
        try:
            playout(2 + seed % 5, seed, eagerness=0.6, cleverness=0.9, on_step=probe, game=broken)
        except AssertionError:
            caught = True
            break
    assert caught, f"the {check} check did not catch {name}"
