"""Bundled games and house rules by name, shown by name, and committed engines loaded by file (in this
checkout; tests/packaging/test_wheel.py does the same from an installed wheel)."""

from __future__ import annotations

import sys

import pytest
from typer.testing import CliRunner

import rulespec
from rulespec import pipeline
from rulespec.cli.main import app
from rulespec.cli.console import _shown_path
from rulespec.language.errors import RuleError
from rulespec.resources import house_rules_dir


def test_a_bundled_house_rule_is_named_by_its_base_and_file_name():
    named = pipeline.bundled_house_rules()
    assert {"shell-we/three-tiles", "shell-we/cheap-starfish", "shell-we/short-hands"} <= set(named)
    assert pipeline.resolve_path("shell-we/three-tiles") == house_rules_dir() / "three-tiles.rules"
    assert pipeline.bundled_name(named["shell-we/three-tiles"]) == "shell-we/three-tiles"
    assert pipeline.bundled_name(pipeline.bundled_rulebooks()["shrimp"]) == "shrimp"


def test_rulespec_load_takes_a_house_rule_by_name():
    game = rulespec.load("shell-we/three-tiles")
    assert game.model.game_id == "shell-we-three-tiles"
    assert rulespec.random_game(game, 2, seed=1).is_terminal()


@pytest.mark.parametrize("typed, suggested", [("shell-we/thre-tiles", "shell-we/three-tiles"),
                                              ("three-tiles", "shell-we/three-tiles"),
                                              ("shel-we", "shell-we")])
def test_an_unknown_name_gets_a_did_you_mean_listing_games_and_house_rules(typed, suggested):
    with pytest.raises(RuleError) as raised:
        pipeline.resolve_path(typed)
    hint = raised.value.diagnostics[0].hint
    assert hint.startswith(f"did you mean `{suggested}`?"), hint
    # The three rulebooks and the gallery's games, in name order (the gallery grows: read the list).
    games = sorted(pipeline.bundled_rulebooks())
    assert {"let-them-eat-shrimp", "shell-we", "shrimp"} <= set(games)
    assert f"bundled games: {', '.join(games)};" in hint
    house_rules = list(pipeline.bundled_house_rules())  # in the order of their files' names
    assert {"shell-we/cheap-starfish", "shell-we/short-hands", "shell-we/three-tiles"} <= set(house_rules)
    assert f"bundled house rules: {', '.join(house_rules)}" in hint


def test_bundled_files_are_shown_by_name_outside_the_checkout_and_a_users_file_relative(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    mine = tmp_path / "games" / "mine.rules"
    assert _shown_path(pipeline.resolve_path("shell-we")) == "shell-we"
    assert _shown_path(pipeline.resolve_path("shell-we/three-tiles")) == "shell-we/three-tiles"
    assert _shown_path(mine) == "games/mine.rules"
    result = CliRunner().invoke(app, ["check", "shell-we/three-tiles"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("ok shell-we/three-tiles parses and checks"), result.output
    assert "(shell-we-three-tiles, shell-we/three-tiles) is for" in result.output.replace("\n", " ")


def test_the_committed_engine_loads_by_file_beside_a_users_own_engines_package(tmp_path, monkeypatch):
    (tmp_path / "engines").mkdir()
    (tmp_path / "engines" / "__init__.py").write_text("", encoding="utf-8")
    (tmp_path / "engines" / "shrimp.py").write_text("USERS_OWN = True\n", encoding="utf-8")
    monkeypatch.syspath_prepend(str(tmp_path))
    for name in [name for name in sys.modules if name == "engines" or name.startswith("engines.")]:
        monkeypatch.delitem(sys.modules, name)
    import engines.shrimp  # the user's, imported first
    assert engines.shrimp.USERS_OWN
    game = rulespec.load("shrimp")
    module = sys.modules[type(game).__module__]
    assert module.__name__ == "rulespec._engines.shrimp"
    assert module.__file__ == str(pipeline.committed_engine_path("shrimp"))
    assert sys.modules["engines.shrimp"] is engines.shrimp  # and the user's is left alone
