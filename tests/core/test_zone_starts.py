"""Zones that start with components named (issue #39, item 5): `holds 3 ticket`, a zone one per player that
`holds 2 token` in each player's, `player 1 holds the button`; each copy starts in one zone, checked at the
line that asks for too many. The game is rulespec/docs/ref_games/tickets.rules."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

import rulespec
from rulespec.language.errors import RuleError
from rulespec.pipeline.examples import run_examples
from rulespec.runtime.engine import random_step

ROOT = Path(__file__).resolve().parents[2]
TICKETS = ROOT / "rulespec" / "docs" / "ref_games" / "tickets.rules"


def _zone(state, name: str, seat: int = 0) -> list[str]:
    return [state._engine.ITEM_KIND[i] for i in state._zones[state._t.zone_base[name] + seat]]


def _refused(tmp_path, old: str, new: str) -> str:
    text = TICKETS.read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "tickets.rules"
    path.write_text(text.replace(old, new), encoding="utf-8")
    with pytest.raises(RuleError) as caught:
        rulespec.load(path)
    return str(caught.value)


def test_the_examples_pass():
    results = run_examples(rulespec.load(TICKETS))
    assert len(results) == 3 and all(r.passed for r in results), [r.message for r in results if not r.passed]


@pytest.mark.parametrize("players", [2, 3])
def test_each_zone_starts_with_what_it_names(players):
    state = rulespec.load(TICKETS).new_game(players)
    assert _zone(state, "bag") == ["ticket"] * 3
    assert _zone(state, "dealer", 0) == ["button"] and all(not _zone(state, "dealer", s) for s in range(1, players))
    assert all(_zone(state, "tokens", s) == ["token"] * 2 for s in range(players))
    assert sorted(_zone(state, "box")) == ["ticket"] + ["token"] * (6 - 2 * players)
    every = sorted(i for zone in state._zones for i in zone)
    assert every == list(range(len(state._engine.ITEM_KIND)))  # each copy in one zone, none lost


def test_a_game_reads_back_and_plays_on():
    game = rulespec.load(TICKETS)
    for seed in range(30):
        rng, state = random.Random(seed), game.new_game(3)
        while not state.is_terminal():
            state.apply(random_step(state, rng))
            again = game.from_json(state.to_json())
            assert again.to_json() == state.to_json()
        assert state.outcome()["end"] == "emptied"


def test_the_english_says_what_each_zone_starts_with():
    from rulespec.docs.english import English
    from rulespec.pipeline import compile_rules
    model = compile_rules(TICKETS)
    en = English(model, link=lambda kind, name: f"#{name}")
    said = {z.name: "\n".join(en.declaration(z)) for z in model.zones}
    assert "At the start it holds 3 tickets." in said["bag"]
    assert "At the start player 1's dealer holds the button." in said["dealer"]
    assert "At the start each player's tokens holds 2 tokens." in said["tokens"]


@pytest.mark.parametrize("old, new, said", [
    ("holds 3 ticket", "holds 3 tiket",
     "tickets.rules:10:27: error: there is no component `tiket`"),
    ("holds 3 ticket", "holds 5 ticket",
     "tickets.rules:10:27: error: `ticket` has 4 copies, but the zones start with 5 of it"),
    ("holds 2 token [TIC-3]", "holds 3 token [TIC-3]",
     "tickets.rules:14:38: error: `token` has 6 copies, but the zones start with 9 of it (3 in each player's "
     "`tokens` with 3 players)"),
    ("holds 3 ticket", "player 1 holds 3 ticket",
     "tickets.rules:10:27: error: zone `bag` is shared: it has no player 1's zone"),
    ("player 1 holds the button", "player 3 holds the button",
     "tickets.rules:13:38: error: player 3 does not play every game: the game is for 2 to 3 players"),
    ("player 1 holds the button", "player 1 holds 2 button",
     "tickets.rules:13:38: error: `button` has 1 copy, but the zones start with 2 of it"),
    ("zone won: one per player, public [TIC-1]", "zone won: one per player, public, player 2 holds the button "
                                                 "[TIC-1]",
     "tickets.rules:13:38: error: `button` has 1 copy, but the zones start with 2 of it"),
    ("zone box: shared, public, holds every component in play [TIC-1]",
     "zone box: shared, public, holds every component in play [TIC-1]\nzone jar: shared, public, holds every "
     "ticket [TIC-1]",
     "tickets.rules:10:27: error: `ticket` starts in zone `jar` (`holds every ticket`, line 12); a component "
     "starts in one zone only"),
    ("component token x 6 [TIC-3]", "component token x 6 [TIC-3]\nleave out every ticket [TIC-1]",
     "tickets.rules:11:27: error: zone `bag` starts with copies of `ticket`, but `leave out every ticket` "
     "leaves some of them out (line 10)"),
])
def test_a_start_that_cannot_be_is_refused_at_its_place(tmp_path, old, new, said):
    message = _refused(tmp_path, old, new)
    assert said in message, message
