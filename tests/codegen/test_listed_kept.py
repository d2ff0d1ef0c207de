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


def test_find_looks_where_the_space_sorts_and_checks():
    """Pending.find finds a kept listing's Action where its space sorts in the listing (pending._action_at, a
    hint): every offered Action at its own index; a hint naming another space, or held by an equal Action
    that is not the one listed, still finds the right entry (or none); an Action of another listing is
    not taken for one of this listing's."""
    from rulespec.runtime import pending as pending_module
    from rulespec.runtime.pending import Action

    engine = rulespec.load("hex")
    rng = random.Random(3)
    st = engine.new_game(2)
    for _ in range(9):
        st.apply(sampled_action(st, rng))
    actions = st.legal_actions()
    pending = st._pending
    listed = pending_module._listed_actions.get(id(pending.rows))
    assert listed is not None and listed[0] is pending.rows and listed[1] == actions  # the kept listing's own
    for index, action in enumerate(actions):
        pending.offered = None
        assert pending.find(action) == index
        assert pending_module._action_at[id(action)][0] is action
    # a wrong hint (another space's): checked, then looked for along the listing
    first, last = actions[0], actions[-1]
    pending_module._action_at[id(last)] = (last, pending_module._action_at[id(first)][1])
    pending.offered = None
    assert pending.find(last) == len(actions) - 1
    # an equal Action made apart (no hint) and one no longer offered
    pending.offered = None
    assert pending.find(Action(last.player, last.text)) == len(actions) - 1
    taken = st.history[-1].split(": ", 1)[1]
    gone = pending_module._made_actions[st.current_player()][taken.replace("white", "black") if st.current_player() == 0 else taken.replace("black", "white")]
    assert gone not in actions and pending.find(gone) is None
    st.apply(last)
    assert st.history[-1].endswith(last.text)


def test_records_made_at_once_share_their_contents_and_a_written_board_is_compared():
    """The records one step makes (the two kept `connected` ends and the listing) hold one list of contents
    (State._changed_since's last answer, reused only for the same record and equal contents); a board
    written behind the engine's back after that answer is compared again, not answered from it."""
    engine, rng = rulespec.load("hex"), random.Random(5)
    st = engine.new_game(2)
    for _ in range(7):
        st.apply(sampled_action(st, rng))
        st.legal_actions()
        seat = st.current_player()
        reach = st._reach
        contents = reach[(0,)][0]
        assert reach[(1,)][0] is contents and reach["listed", 0, seat, seat][0] is contents
        assert contents == st._boards[0] and contents is not st._boards[0]
    seen = st._reach[(0,)][0]
    mark = st._writes() - 1
    answer = st._changed_since(0, seen, mark)
    assert answer[1] == [] and st._changed_since(0, seen, mark) == answer
    empty = st._boards[0].index(-1)
    st._boards[0][empty] = 0  # behind the engine's back: no hint, the same record asks again
    now, changed = st._changed_since(0, seen, mark)
    assert changed == [empty] and now == st._boards[0] and now is not st._boards[0]
    st._boards[0][empty] = -1
    assert st._changed_since(0, seen, mark)[1] == []


def test_a_record_one_answer_older_gets_the_changes_of_both_answers_exactly():
    """A seat's listing record is a move older than the ends' records: _changed_since answers it from its
    last two answers when they chain from that record's contents to the board's (the older answer's
    contents are the newer one's record). What it gives is exact: a space changed by one answer and put
    back by the next is not among the changes, and a chain that does not reach the record is not used."""
    engine = rulespec.load("hex")
    st = engine.new_game(2)
    rng = random.Random(11)
    for _ in range(6):
        st.apply(sampled_action(st, rng))
    board = st._boards[0]
    empty = [cell for cell in st._t.cells_in_use[0] if board[cell] < 0]
    first, second = empty[0], empty[1]
    mark = st._writes()

    def exact(seen):
        return sorted(cell for cell in range(len(board)) if board[cell] != seen[cell])

    oldest = st._contents_now(0)  # a record of the board as it is
    board[first] = 0  # behind the hint's back: compared in full, a new answer
    middle, changed = st._changed_since(0, oldest, mark)
    assert changed == [first] and middle == board
    board[first] = -1  # put back: the next answer undoes the first
    newest, changed = st._changed_since(0, middle, mark)
    assert changed == [first] and newest == board
    now, changed = st._changed_since(0, oldest, mark)  # two answers back: nothing changed since
    assert changed == [] and now is newest
    board[second] = 0
    latest, changed = st._changed_since(0, newest, mark)
    assert changed == [second]
    now, changed = st._changed_since(0, middle, mark)  # the two answers chain from middle: first, second
    assert sorted(changed) == exact(middle) == [first, second] and now is latest
    now, changed = st._changed_since(0, oldest, mark)  # no chain from oldest any more: compared, exact
    assert sorted(changed) == exact(oldest) == [second] and now == board
    board[second] = -1


def test_the_hand_over_table_keeps_few_listings():
    """The Actions a kept listing hands the engine stay in the table for a few listings only: a table that
    kept every listing would pin their lists into the garbage collector's old generations."""
    from rulespec.runtime.pending import _listed_actions
    engine = rulespec.load("hex")
    state = engine.new_game()
    rng = random.Random(3)
    steps = 0
    while not state.is_terminal():
        actions = state.legal_actions()
        state.apply(actions[rng.randrange(len(actions))])
        steps += 1
    assert steps > 40  # many more listings than the table keeps
    assert 0 < len(_listed_actions) <= 17
