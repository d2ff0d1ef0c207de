"""`rulespec.load` trusts a committed engine without parsing and checking the rule file only when the
engine records the hash of exactly that text and this generator's version; any change compiles.
And `import rulespec` imports no part of the compiler."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

import rulespec
from rulespec.codegen import python as generator
from rulespec.codegen import version
from rulespec.language.reading import parsed_text, read_rule_text
from rulespec.pipeline import COMMITTED_ENGINES, bundled_house_rules, bundled_rulebooks, compile_rules, engine_module_name

COMPILER = ("lark", "pydantic", "rulespec.language.parser", "rulespec.model.checker", "rulespec.codegen.python")


def _fresh(code: str) -> list[str]:
    """What a fresh interpreter prints after running ``code`` (the last line: the compiler modules loaded)."""
    probe = f"import sys\n{code}\nprint(','.join(m for m in {COMPILER!r} if m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, timeout=120,
                          cwd=Path(rulespec.__file__).resolve().parents[1])
    assert done.returncode == 0, done.stderr
    return done.stdout.split("\n")[:-1]  # one entry a printed line, an empty line included


def test_importing_rulespec_imports_no_part_of_the_compiler():
    assert _fresh("import rulespec") == [""]


def test_loading_a_committed_engine_compiles_nothing_until_the_model_is_asked_for():
    printed = _fresh("import rulespec\n"
                     "game = rulespec.load('shell-we')\n"
                     "state = rulespec.random_game(game, players=3, seed=1)\n"
                     "print(type(game).__module__, state.is_terminal())\n"
                     "print(','.join(m for m in " + repr(COMPILER) + " if m in sys.modules))\n"
                     "print(game.model.game_id, game.model.title)")
    assert printed[0] == f"{COMMITTED_ENGINES}.shell_we True"
    assert printed[1] == ""  # played a whole game: no parser, checker or generator
    assert printed[2] == "shell-we Shell We?"  # the model, worked out when asked for
    assert "rulespec.language.parser" in printed[3] and "rulespec.model.checker" in printed[3]


@pytest.mark.parametrize("game_id", sorted(bundled_rulebooks()))
def test_every_bundled_game_loads_its_committed_engine_and_the_same_model(game_id):
    engine = rulespec.load(game_id)
    assert type(engine).__module__ == f"{COMMITTED_ENGINES}.{engine_module_name(game_id)}"
    model = engine.model
    assert model.game_id == game_id  # the engine is named after the file, the file after its game
    assert model == compile_rules(game_id)


@pytest.mark.parametrize("path", [*bundled_rulebooks().values(), *bundled_house_rules().values()],
                         ids=lambda p: p.name)
def test_the_hash_load_compares_is_the_hash_of_the_text_the_checker_saw(path):
    model = compile_rules(path)
    assert parsed_text(read_rule_text(path)) == model.source_text


def _copy(tmp_path: Path, game_id: str, change=lambda text: text, newline: str = "\n") -> Path:
    """The bundled rule file, changed, under its own name in a folder of its own."""
    text = change(bundled_rulebooks()[game_id].read_text(encoding="utf-8"))
    copy = tmp_path / f"{game_id}.rules"
    copy.write_bytes(text.replace("\n", newline).encode("utf-8"))
    return copy


def test_a_copy_of_the_same_text_loads_the_committed_engine(tmp_path):
    for newline in ("\n", "\r\n"):  # CRLF reads as LF: the same text as far as the parser is concerned
        engine = rulespec.load(_copy(tmp_path, "tic-tac-toe", newline=newline))
        assert type(engine).__module__ == f"{COMMITTED_ENGINES}.tic_tac_toe"


def test_a_changed_file_is_compiled_even_under_a_bundled_games_name(tmp_path):
    bundled = rulespec.load("tic-tac-toe")
    changed = _copy(tmp_path, "tic-tac-toe", lambda text: text.replace('game "Tic-tac-toe"', 'game "Noughts"', 1))
    engine = rulespec.load(changed)
    assert bundled.name == "Tic-tac-toe" and engine.name == "Noughts"
    assert not type(engine).__module__.startswith(COMMITTED_ENGINES)
    commented = _copy(tmp_path, "tic-tac-toe", lambda text: text + "# one more comment\n")
    assert not type(rulespec.load(commented)).__module__.startswith(COMMITTED_ENGINES)  # any change at all


def test_a_broken_file_under_a_bundled_games_name_is_reported_not_loaded(tmp_path):
    broken = _copy(tmp_path, "tic-tac-toe", lambda text: text + "step nowhere:\n")
    with pytest.raises(rulespec.RuleError) as raised:
        rulespec.load(broken)
    assert f"{broken}:" in str(raised.value)


def test_an_engine_from_another_generator_version_is_not_trusted(monkeypatch):
    import rulespec.pipeline as pipeline
    monkeypatch.setattr(pipeline, "GENERATOR_VERSION", version.GENERATOR_VERSION + "-next")
    engine = rulespec.load("tic-tac-toe")
    assert not type(engine).__module__.startswith(COMMITTED_ENGINES)  # generated in memory instead
    assert engine.name == "Tic-tac-toe"


def test_the_generator_version_has_one_home():
    # rulespec/codegen/version.py: load reads it without importing the generator. A second
    # assignment in the generator (say, from a merge) would make the two disagree.
    assert generator.GENERATOR_VERSION is version.GENERATOR_VERSION
    source = Path(generator.__file__).read_text(encoding="utf-8")
    assert not re.search(r"^GENERATOR_VERSION\s*=", source, re.MULTILINE)


def test_every_public_name_is_there():
    for name in rulespec.__all__:  # each found on first use (rulespec/__init__.py's _PUBLIC)
        assert getattr(rulespec, name) is not None
    assert sorted(rulespec.__all__) == sorted(rulespec._PUBLIC)
