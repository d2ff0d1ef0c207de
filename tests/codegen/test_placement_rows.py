"""The rows of a walk over a board's legal placements (Tables.placement_rows): each option text is made once
per setup for the same words and looked up from then on; the rows are put together in C loops.

The listing must be exactly what the plain path lists: the option's own enumerate function (options_<step>__
<option>, which makes every text by concatenation, as before) gives the same rows in the same order, in
random positions of every variant; games played on a listing whose kept texts are thrown away now and then
play exactly as games on a listing that keeps them."""

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.codegen.python import generate
from rulespec.runtime import tables

ROOT = Path(__file__).resolve().parents[2]
LTES = (ROOT / "rulebooks" / "let-them-eat-shrimp.rules").read_text()
VARIANTS = [(), ("advanced",), ("open_play",)]


def decisions(game, players: int, seed: int):
    """Every state of one seeded random game at which place_a_tile is to be decided (clones), and the history."""
    rng = random.Random(seed)
    state = game.new_game(players)
    found = []
    while not state.is_terminal():
        if state._stack and state._stack[-1][0] == "place_a_tile" and not state.is_chance_node():
            found.append(state.clone())
        if state.is_chance_node():
            state.apply(rng.choice(state.chance_outcomes())[0])
        else:
            state.apply(rng.choice(state.legal_actions()))
    return found, state.history


@pytest.mark.parametrize("variants", VARIANTS, ids=["+".join(v) or "basic" for v in VARIANTS])
def test_the_kept_rows_are_the_rows_the_plain_path_lists(variants):
    game = type(rulespec.load("let-them-eat-shrimp", variants=list(variants)))()
    info = game.STEPS["place_a_tile"]
    (option,) = info.options
    listed = 0
    for players in (2, 5):
        for seed in range(3):
            states, _ = decisions(game, players, seed)
            for state in states:
                args = state._stack[-1][1]
                seat, rows = info.choices(state, *args)
                plain = [(seat, text, 0, binding) for text, binding in option.enumerate(state, *args)]
                assert rows == plain
                again = info.choices(state, *args)[1]  # listed again: the same text objects, kept
                assert all(a[1] is b[1] for a, b in zip(rows, again)) and again == rows
                listed += len(rows)
    assert listed > 1000


def test_kept_texts_thrown_away_change_nothing(monkeypatch):
    game = type(rulespec.load("let-them-eat-shrimp", variants=["advanced"]))()
    histories = [decisions(game, 3, seed)[1] for seed in range(4)]
    monkeypatch.setattr(tables, "KEPT_TEXTS", 50)  # the table is emptied every few listings
    fresh = type(rulespec.load("let-them-eat-shrimp", variants=["advanced"]))()
    assert [decisions(fresh, 3, seed)[1] for seed in range(4)] == histories
    t = fresh._tables(3)
    assert 0 < t.kept_text_count <= 50 + max(len(p) for p in t.placements_of[0].values())


def test_texts_are_kept_by_the_words_they_show_not_by_the_copy_or_the_seat():
    game = rulespec.load("let-them-eat-shrimp")
    state = game.new_game(2)
    t = state._t
    shown = [], []
    for seat, copy in ((0, 0), (1, 1)):
        triangles = [i for i, label in enumerate(game.ITEM_LABEL) if label == "triangle"]
        shown[seat].extend(t.placement_rows(("place_a_tile.place", "triangle"), seat, 0, (triangles[copy],),
                                            t.placements_of[0]["triangle"][:5], lambda w: f"text {w}"))
    assert [row[1] for row in shown[0]] == [f"text {w}" for w in t.placements_of[0]["triangle"][:5]]
    assert all(a[1] is b[1] for a, b in zip(*shown))  # one string for both seats and both copies
    assert [row[0] for row in shown[1]] == [1] * 5 and shown[1][0][3][0] != shown[0][0][3][0]


@pytest.mark.parametrize("change, kept", [
    (None, True),
    # a condition on the placement itself besides being free and touching: tested one by one, as before
    ("only if tile is fish and where is empty and where has an occupied neighbour",
     "only if tile is fish and where is empty and where has an occupied neighbour and (where is empty or tile is fish)"),
])
def test_only_a_walk_with_nothing_left_to_test_is_kept(change, kept, tmp_path):
    text = LTES if change is None else LTES.replace(change, kept)
    path = tmp_path / "let-them-eat-shrimp.rules"
    path.write_text(text)
    source = generate(rulespec.compile_rules(path), "let-them-eat-shrimp.rules")
    listing = source[source.index("def choices_place_a_tile"):source.index("def by_buy_a_tile")]
    assert ("st._t.placement_rows(('place_a_tile.place', ITEM_LABEL[v_tile], ), seat, 0, (v_tile, )" in listing) \
        == (change is None)
    if change is not None:
        assert "rows.append((seat, 'place ' + ITEM_LABEL[v_tile] + ' on ' + st._t.placement_label[0][v_where]" in listing
