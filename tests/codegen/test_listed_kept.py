"""A choice whose one option walks a board's spaces, testing each only there (`for s in grid / only if s is
empty`), keeps its rows with the board's contents (State._listed_kept, decided by codegen listed_kept): the
next listing tests only the spaces changed since. Engines generated without it play the same games in
lock step (the same choices at every step, the same history, outcome and JSON), through clones, JSON round
trips, strangers' records and boards written behind the engine's back."""

import random

import pytest

import rulespec
from rulespec.codegen import python as codegen
from rulespec.pipeline import load_module_from_source
from rulespec.runtime.state import State

from .lockstep import play_in_lock_step, sampled_action


def _generated(engine, game_id: str, monkeypatch, kept: bool, options=None):
    with monkeypatch.context() as patch:
        if not kept:
            patch.setattr(codegen.CodeGenerator, "listed_kept", lambda self, *args: None)
        source = codegen.generate(engine.model, f"{game_id}.rules")
    built = load_module_from_source(source, f"listed_{kept}_{game_id.replace('-', '_')}").GAME(options)
    built.model = engine.model
    return source, built


def _pair(game_id: str, monkeypatch, options=None):
    engine = rulespec.load(game_id, options=options)
    source, _ = _generated(engine, game_id, monkeypatch, True)
    plain_source, plain = _generated(engine, game_id, monkeypatch, False, options)
    assert "st._listed_kept(" in source and "st._listed_kept(" not in plain_source
    assert "st._listed_kept(" in open(rulespec.pipeline.committed_engine_path(game_id)).read()
    return engine, plain


@pytest.mark.parametrize("game_id, options", [("hex", {"board_size": "11"}), ("hex", {"board_size": "9"}),
                                              ("hex", {"board_size": "8"}), ("hex", {"board_size": "7"}),
                                              ("tic-tac-toe", None)])
def test_kept_rows_play_the_same_games(game_id, options, monkeypatch):
    engine, plain = _pair(game_id, monkeypatch, options)
    for seed in range(8):
        fast, slow = engine.new_game(2), plain.new_game(2)
        play_in_lock_step(fast, slow, 2, random.Random(seed))
        # kept on a board of 64 spaces or more (LISTED_KEPT_FROM), listed afresh on a smaller one
        assert any(key[0] == "listed" for key in fast._reach) == (len(fast._t.cells_in_use[0]) >= 64)


def test_clones_json_and_strangers_list_the_same(monkeypatch):
    """A record claims only "at these contents, these rows": a clone, a state read back from JSON, a state
    holding another game's records and a state whose board a test wrote all list what the plain engine lists."""
    engine, plain = _pair("hex", monkeypatch, {"board_size": "8"})
    rng = random.Random(7)
    strangers = []
    checked = 0
    for seed in range(12):
        st = engine.new_game(2)
        while not st.is_terminal():
            twin = st.clone()
            read = engine.from_json(st.to_json())
            slow = plain.from_json(st.to_json())
            assert twin.legal_actions() == read.legal_actions() == slow.legal_actions() == st.legal_actions()
            if strangers and rng.random() < 0.3:
                st._reach = rng.choice(strangers)._reach  # a record is true whatever state holds it
                st._pending = None
            action = sampled_action(st, rng)
            st.apply(action)
            twin.apply(action)
            slow.apply(str(action))
            assert st.legal_actions() == twin.legal_actions() == slow.legal_actions()
            checked += 1
        strangers.append(st)
    assert checked > 100
    # a board written behind the engine's back (no placement's hint): compared space by space
    st = engine.new_game(2)
    for _ in range(6):
        st.apply(sampled_action(st, rng))
    slow = plain.from_json(st.to_json())
    cells = [c for c in range(len(st._boards[0])) if st._boards[0][c] >= 0]
    for cell in cells[:2]:
        st._boards[0][cell] = slow._boards[0][cell] = -1
    st._pending = slow._pending = None
    assert st.legal_actions() == slow.legal_actions()
    assert len(st.legal_actions()) == 64 - len(cells) + 2


def test_a_refused_action_leaves_the_records_as_they_were():
    engine = rulespec.load("hex", options={"board_size": "8"})
    st = engine.new_game(2)
    st.apply("player 1: black on row 1 column 1")
    before = st._reach
    assert ("listed", 0, 1, 1) in before
    with pytest.raises(rulespec.IllegalAction):
        st.apply("player 2: white on row 1 column 1")
    assert st._reach is before
    assert len(st.legal_actions()) == 63


def test_only_a_listing_that_reads_the_board_at_its_space_is_kept(tmp_path):
    """Hex with the swap rule has a second option; a condition that reads the board elsewhere (a count over
    it) is tested afresh at every listing."""
    assert "st._listed_kept(" not in codegen.generate(rulespec.load("hex/hex-swap").model, "hex-swap.rules")
    text = open(rulespec.pipeline.resolve_path("tic-tac-toe")).read()
    assert text.count("only if s is empty") == 1
    path = tmp_path / "crowded.rules"
    path.write_text(text.replace("only if s is empty",
                                 "only if s is empty and count(t in grid where t is occupied) < 9"))
    assert "st._listed_kept(" not in codegen.generate(rulespec.load(path).model, str(path))
