"""Ends checked together that ask the same seat whether it has a legal move ask once: nothing changes while
ends are checked, so chess's checkmate and stalemate share the answer (codegen/ends.py
legal_moves_asked_again; a local kept in the check). The player to move's question lists the turn's choice
and keeps the listing for the offer (Engine._turn_listed, codegen/ends.py turn_listing_kept); a question
about another seat is its own."""

from pathlib import Path

import rulespec
from rulespec.codegen import python as codegen
from rulespec.pipeline import compile_rules

CHESS = Path(rulespec.pipeline.resolve_path("chess"))
STALEMATE = "end stalemate [CH-12]:\n  checked at turn start\n  when the player to move has no legal move"


def _turn_start_check(source: str) -> str:
    return source.split("def ends_turn_start(", 1)[1].split("\ndef ", 1)[0]


def test_checkmate_and_stalemate_ask_once():
    check = _turn_start_check(codegen.generate(compile_rules(CHESS), CHESS.name))
    kept = "(_legal_0 if _legal_0 is not None else (_legal_0 := st._engine._turn_listed(st)))"
    assert check.count(kept) == 2 == check.count("_turn_listed(")
    assert "has_legal_move_turn(" not in check
    assert check.index("_legal_0 = None") < check.index("# checkmate")


def test_another_seats_question_is_its_own(tmp_path):
    path = tmp_path / "chess.rules"
    text = CHESS.read_text()
    assert STALEMATE in text
    path.write_text(text.replace(STALEMATE, STALEMATE.replace("when the player to move", "when left of the player to move")))
    check = _turn_start_check(codegen.generate(compile_rules(path), path.name))
    assert "_legal_0" not in check
    assert check.count("st._engine._turn_listed(st)") == 1  # the player to move's, its listing kept
    assert check.count("has_legal_move_turn(") == 1
    assert "has_legal_move_turn(st, (st._turn_seat + 1) % st.players)" in check


def test_the_shared_answer_ends_games_as_before():
    """Fool's mate is checkmate; the stalemate example a draw (the file's examples, on the rebuilt engine)."""
    game = rulespec.load("chess")
    state = game.new_game(2)
    for move in ("player 1: pawn 2 6 to 3 6", "player 2: pawn 7 5 to 5 5", "player 1: pawn 2 7 to 4 7",
                 "player 2: queen 8 4 to 4 8"):
        state.apply(move)
    assert state.is_terminal() and state.returns() == [-1, 1]
