"""A long static draw's chance numbers read by item from the ActionTable's table (rulespec/adapters/drawn_numbers.py,
#40), in lock step with the same games numbered as any chance node is (each outcome's Action listed, paired
with a float, its text read back: listing_numbers.chance_numbers): through the OpenSpiel adapter, at every node
the same player, legal actions, chance outcomes with the same numbers and probabilities and the same texts of
them; at the end the same returns and the same game. Played on the newcomers' blackjack and crazy eights
(deals from a deck of 52). A short static draw's numbers kept by the items it draws from (short_draw_numbers), in
lock step the same way: Kuhn poker's and Leduc's deals. A draw from copies (weights) or in a game numbering its
chance outcomes itself, numbered by item too (keyed_draw_numbers), in lock step the same way: Go Fish's pool
(thirteen ranks of four cards, `chance outcomes numbered`), Banqi's face-down pieces, Shell We?'s bag. A short static draw from items not met
together before numbered by item (as a long one), not from its texts: the newcomers' Euchre and Hearts, whose deals'
last cards come from sets of cards seldom met again, in lock step the same way, the table of kept short draws full or not."""

import random
from pathlib import Path

import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install 'rulespec[openspiel]')")

import rulespec.openspiel as rso  # noqa: E402
from rulespec.adapters import session  # noqa: E402

GAMES = Path(__file__).resolve().parents[1] / "newcomer" / "games"


def _read_back(monkeypatch, ask):
    """``ask()`` with every chance node numbered by its texts read back (the path without the lever)."""
    with monkeypatch.context() as patch:
        patch.setattr(session, "is_long_static_draw", lambda table, pending: False)
        patch.setattr(session, "is_short_static_draw", lambda table, pending: False)
        patch.setattr(session, "is_keyed_static_draw", lambda table, pending: False)
        return ask()


@pytest.mark.parametrize("name, players, games", [("blackjack", 1, 40), ("crazy-eights", 2, 4)])
def test_numbers_by_item_agree_with_texts_read_back(monkeypatch, name, players, games):
    monkeypatch.setenv("RULESPEC_RULES_PATH", str(GAMES))
    game = rso.load_game(str(GAMES / f"{name}.rules"), players=players)
    assert _in_lock_step(monkeypatch, game, games) > games  # most deals were numbered by item


@pytest.mark.parametrize("name, games", [("kuhn-poker", 30), ("leduc-poker", 30)])
def test_short_draws_kept_by_their_items_agree_with_texts_read_back(monkeypatch, name, games):
    game = rso.load_game(name)
    _in_lock_step(monkeypatch, game, games)
    table = game.new_initial_state().session.table
    assert table.short_draws  # (the deals' numbers were kept by their items, and later games took them)
    if name == "leduc-poker":  # the public card drawn from the same four cards after two ways of betting
        ends = []
        for bets in ([1, 1], [2, 1]):  # (call, call; raise, call)
            state = game.new_initial_state()
            for _ in range(2):  # (each seat's private card)
                state.apply_action(state.chance_outcomes()[0][0])
            for bet in bets:
                state.apply_action(bet)
            assert state.is_chance_node()
            ends.append(state)
        assert ends[0].rulespec_state._pending is not ends[1].rulespec_state._pending
        assert ends[0].chance_outcomes() == ends[1].chance_outcomes()
        assert ends[0].rulespec_state._pending.numbered is ends[1].rulespec_state._pending.numbered


@pytest.mark.parametrize("path, players, games", [(GAMES / "go-fish.rules", 2, 30), (GAMES / "banqi.rules", 2, 3),
                                                   ("shell-we", 2, 3)])
def test_draws_of_copies_or_numbered_by_the_file_agree_with_texts_read_back(monkeypatch, path, players, games):
    monkeypatch.setenv("RULESPEC_RULES_PATH", str(GAMES))
    game = rso.load_game(str(path), players=players)
    keyed = []
    real = session.keyed_draw_numbers

    def counted(table, pending, st):
        numbered = real(table, pending, st)
        keyed.append(numbered is not None)
        return numbered

    monkeypatch.setattr(session, "keyed_draw_numbers", counted)
    _in_lock_step(monkeypatch, game, games)
    assert sum(keyed) > games  # (the lever fired: chance nodes numbered by item)


@pytest.mark.parametrize("name, games, kept", [("euchre", 8, None), ("euchre", 4, 3), ("hearts", 2, None)])
def test_short_draws_of_items_not_met_before_numbered_by_item(monkeypatch, name, games, kept):
    from rulespec.adapters import drawn_numbers
    monkeypatch.setenv("RULESPEC_RULES_PATH", str(GAMES))
    if kept is not None:  # (a table already full: the first draws kept stay, the others numbered by item each time)
        monkeypatch.setattr(drawn_numbers, "KEPT_DRAWS", kept)
    by_item, numbered = [], drawn_numbers.drawn_numbers

    def counted(table, pending):
        if pending.count <= 16:
            by_item.append(pending.count)
        return numbered(table, pending)

    monkeypatch.setattr(drawn_numbers, "drawn_numbers", counted)
    game = rso.load_game(str(GAMES / f"{name}.rules"), players=4)
    table = game.new_initial_state().session.table
    table.short_draws.clear()  # (a game loaded before may have kept these seeds' draws)
    _in_lock_step(monkeypatch, game, games)
    assert len(by_item) >= games * 10  # (the lever fired: the short deals were numbered by item)
    assert len(table.short_draws) <= (kept or drawn_numbers.KEPT_DRAWS)
    if kept is not None:
        assert len(table.short_draws) == kept


def _in_lock_step(monkeypatch, game, games: int) -> int:
    """Seeded games played with the draws' numbers kept and read back from their texts, in lock step; the chance
    nodes of more than 16 outcomes met."""
    by_item = 0
    for seed in range(games):
        rng = random.Random(seed)
        kept, read = game.new_initial_state(), game.new_initial_state()
        while not kept.is_terminal():
            assert kept.current_player() == _read_back(monkeypatch, read.current_player)
            if kept.is_chance_node():
                outcomes = kept.chance_outcomes()
                assert outcomes == _read_back(monkeypatch, read.chance_outcomes)
                assert kept.legal_actions() == [number for number, _ in outcomes]
                texts = [kept.action_to_string(pyspiel.PlayerId.CHANCE, number) for number, _ in outcomes]
                assert texts == _read_back(monkeypatch, lambda: [
                    read.action_to_string(pyspiel.PlayerId.CHANCE, number) for number, _ in outcomes])
                by_item += len(outcomes) > 16
                number = rng.choices([n for n, _ in outcomes], [p for _, p in outcomes])[0]
            else:
                assert kept.legal_actions() == _read_back(monkeypatch, read.legal_actions)
                number = rng.choice(kept.legal_actions())
            kept.apply_action(number)
            _read_back(monkeypatch, lambda: read.apply_action(number))
        assert read.is_terminal() and kept.returns() == read.returns()
        assert kept.rulespec_state.history == read.rulespec_state.history
        assert kept.rulespec_state.to_json() == read.rulespec_state.to_json()
    return by_item


@pytest.mark.parametrize("name, games", [("cribbage", 2), ("banqi", 2)])
def test_draws_whose_numbers_do_not_rise_numbered_by_item(monkeypatch, name, games):
    """A draw numbered by item whose numbers are all different but do not rise (Cribbage's deck listed rank by rank,
    OpenSpiel numbering its cards suit by suit, and the cards put back after every deal; Banqi's face-down pieces)
    keeps its numbers by item, its outcomes sorted by number (drawn_numbers._listing, #40 helper cribbage), in lock
    step with the same games numbered as any chance node; and the lever fired."""
    from rulespec.adapters import drawn_numbers
    monkeypatch.setenv("RULESPEC_RULES_PATH", str(GAMES))
    unordered, listing = [], drawn_numbers._listing

    def counted(table, numbers, weights):
        numbered = listing(table, numbers, weights)
        unordered.append(numbered is not None and not drawn_numbers._in_order(numbers))
        return numbered

    monkeypatch.setattr(drawn_numbers, "_listing", counted)
    game = rso.load_game(str(GAMES / f"{name}.rules"), players=2)
    _in_lock_step(monkeypatch, game, games)
    assert sum(unordered) > games * 10  # (the lever fired: draws out of order kept by item)
    monkeypatch.setattr(drawn_numbers, "unordered_draws", lambda: False)
    unordered.clear()
    state = game.new_initial_state()
    state.chance_outcomes()
    assert not any(unordered)  # (without it, such a draw is numbered as any chance node)
