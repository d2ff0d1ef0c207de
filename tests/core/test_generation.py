"""Generated engines are reproducible, carry clause IDs, and never execute rule-file text."""

import ast as python_ast
from pathlib import Path

import pytest

import rulespec
from rulespec.cli.build import build_all
from rulespec.language.errors import RuleError
from rulespec.pipeline import bundled_rulebooks, committed_engine_path, compile_rules, generate_source

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("game", sorted(bundled_rulebooks()))
def test_generation_is_deterministic_and_matches_the_committed_engine(game):
    path = bundled_rulebooks()[game]
    first = generate_source(compile_rules(path), path)
    second = generate_source(compile_rules(path), path)
    assert first == second
    committed = committed_engine_path(compile_rules(path).game_id).read_text(encoding="utf-8")
    assert committed == first, "engines/ is stale: run `rulespec build`"


def test_build_check_reports_up_to_date():
    assert all(result.up_to_date for result in build_all(check_only=True))


def test_bundled_game_loads_the_committed_module():
    game = rulespec.load("shell-we")
    assert type(game).__module__ == "rulespec._engines.shell_we"
    assert rulespec.load("shell-we", options={"side": "B"}).__class__.__module__ == "rulespec._engines.shell_we"


def test_every_generated_function_names_its_clauses():
    source = (ROOT / "engines" / "shell_we.py").read_text(encoding="utf-8")
    tree = python_ast.parse(source)
    helpers = ("by_", "candidates_", "first_failing_", "applies_")
    for node in tree.body:
        if isinstance(node, python_ast.FunctionDef) and not node.name.startswith(helpers):
            doc = python_ast.get_docstring(node) or ""
            assert "[SHELL-" in doc, f"{node.name} does not cite a clause"
            assert "rulebooks/shell-we.rules:" in doc, f"{node.name} does not name its rule-file line"


HOSTILE = '''
game "Evil" [X-GAME-1]
  id "evil"
  players 2 to 2 [X-GAME-1]

component token x 3 [X-COMP-1]
  shown as "{__class__}"
zone pile: shared, public, holds every component in play [X-COMP-1]
zone hand: one per player, seen by owner [X-COMP-1]
turns go clockwise from player 1, each turn runs take [X-TURN-1]

choice take(player: seat) by player [X-TURN-1]:
  option grab "grab {__import__('os').system('echo pwned')}" [X-TURN-1]:
    for t in pile
    move t to hand of player

end done [X-END-1]:
  checked after every step
  when pile is empty
'''


def test_hostile_rule_text_is_refused_not_executed(tmp_path, capfd):
    path = tmp_path / "evil.rules"
    path.write_text(HOSTILE, encoding="utf-8")
    with pytest.raises(RuleError) as error:
        rulespec.load(path)
    report = str(error.value)
    assert "{__class__}" in report
    assert "{__import__('os').system('echo pwned')}" in report and "is not a name" in report
    assert "pwned" not in capfd.readouterr().out


def test_strings_reach_generated_code_only_as_literals(tmp_path):
    text = HOSTILE.replace('  shown as "{__class__}"\n', "").replace(
        "grab {__import__('os').system('echo pwned')}", "grab {t} \\\\ ' ) ; import os")
    path = tmp_path / "odd.rules"
    path.write_text(text, encoding="utf-8")
    model = compile_rules(path)
    source = generate_source(model, path)
    compile(source, "odd", "exec")  # still valid Python: the text is a quoted literal
    assert "import os\n" not in source
    game = rulespec.load(path)
    state = game.new_game(players=2)
    assert any("import os" in a.text for a in state.legal_actions())
