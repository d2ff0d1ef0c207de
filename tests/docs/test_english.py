"""Every node of the checked model can say itself in English (design note 10: no construct without one)."""

from __future__ import annotations

import inspect
import typing
from pathlib import Path

import pytest

import rulespec
from rulespec.docs.english import DECLARATIONS, EXPRESSIONS, STATEMENTS, English, example_line
from rulespec.docs.sources import load_source
from rulespec.language import ast
from rulespec.model import ir
from rulespec.pipeline import bundled_rulebooks

ROOT = Path(__file__).resolve().parents[2]
FIXTURES = sorted((ROOT / "tests" / "core" / "fixtures").glob("*.rules"))
REF_GAMES = sorted((ROOT / "rulespec" / "docs" / "ref_games").glob("*.rules"))


def _ir_classes(base: type) -> list[type]:
    return [cls for _, cls in inspect.getmembers(ir, inspect.isclass)
            if cls.__module__.startswith(ir.__name__ + ".") and issubclass(cls, base) and cls is not base]


def test_every_expression_class_has_an_english_rendering():
    missing = [cls.__name__ for cls in _ir_classes(ir.E) if cls not in EXPRESSIONS]
    assert not missing, f"IR expressions without English (add one in rulespec/docs/english.py): {missing}"


def test_every_statement_class_has_an_english_rendering():
    missing = [cls.__name__ for cls in _ir_classes(ir.S) if cls not in STATEMENTS]
    assert not missing, f"IR statements without English: {missing}"


def test_every_declaration_class_has_an_english_rendering():
    classes = _ir_classes(ir.Cited) + [ir.Cited]  # a bare Cited is the turn order
    missing = [cls.__name__ for cls in classes if cls not in DECLARATIONS]
    assert not missing, f"IR declarations without English: {missing}"


def test_every_kind_of_example_line_has_an_english_rendering():
    kinds = typing.get_args(typing.get_type_hints(ast.ExampleLine)["what"])
    assert kinds
    model = rulespec.compile_rules("shell-we")
    en = English(model)
    for kind in kinds:
        line = ir.ExampleLine(kind, None, number=2, name="x", value="v",
                              expr=ir.Const(ir.BOOL, None, "true", True) if kind == "fact" else None,
                              target=ir.ZoneRef(ir.ZONE, None, "bag", "bag", None)
                              if kind in ("items", "sees", "not_sees", "gained", "lost") else None,
                              items=(("red 3", None),), values=("red 3",), ratios=((1, 2),),
                              exprs=(ir.SeatConst(ir.SEAT, None, "player 1", 0),))
        word, text = example_line(en, line)
        assert word in ("Given", "When", "Then", "For every") and text


def _all_rule_files() -> list[Path]:
    return list(bundled_rulebooks().values()) + FIXTURES + REF_GAMES


@pytest.mark.parametrize("path", _all_rule_files(), ids=lambda p: p.name)
def test_every_declaration_of_every_rule_file_renders(path):
    source = load_source(path)
    en = English(source.model, link=lambda kind, name: f"#{kind}-{name}")
    rendered = 0
    for decl in source.declarations:
        if decl.node is None or isinstance(decl.node, ir.Model):
            continue
        lines = en.declaration(decl.node)
        text = "\n".join(lines)
        assert text.strip(), decl.key
        assert "`?`" not in text, decl.key  # an expression the checker could not type
        rendered += 1
    assert rendered >= 3


def _model_and_english(text: str):
    path = Path("/tmp/rulespec-english-test.rules")
    path.write_text(text)
    model = rulespec.compile_rules(path)
    return model, English(model)


PEBBLES = ROOT / "tests" / "core" / "fixtures" / "pebbles.rules"


def test_phrases_say_what_the_nodes_mean():
    model = rulespec.compile_rules("shell-we")
    en = English(model)
    fit = next(f for f in model.fits if f.condition is not None)
    assert isinstance(fit.condition, ir.BoolOp)
    first = fit.condition.operands[0]
    assert isinstance(first, ir.Compare) and first.op == "="
    assert en.expr(first) == "the colour of the item is the colour of the space"
    turn = next(s for s in model.steps if s.name == model.turn_step)
    play = next(o for o in turn.options if any(isinstance(c, ir.Fits) for c in o.conditions))
    fits = next(c for c in play.conditions if isinstance(c, ir.Fits))
    assert en.expr(fits) == "the tile fits the space"
    moves = [s for o in turn.options for s in o.body if isinstance(s, ir.Move)]
    assert moves and en.stmts(moves[:1])[0].startswith("- Move the component on the space to the player's rack")


def test_compare_operators_read_as_words():
    model = rulespec.compile_rules(PEBBLES)
    en = English(model)
    const = ir.Const(ir.INT, None, "3", 3)
    for op, words in (("=", "is"), ("!=", "is not"), ("<", "is less than"), ("<=", "is at most"),
                      (">", "is more than"), (">=", "is at least")):
        assert en.expr(ir.Compare(ir.BOOL, None, "", op, const, const)) == f"3 {words} 3"


def test_an_end_says_which_ends_checked_with_it_are_tried_before_it():
    model = rulespec.compile_rules("nine-mens-morris")
    en = English(model)
    first, second = (next(e for e in model.ends if e.name == name) for name in ("two_men", "cannot_move"))
    assert first.timing == second.timing
    assert "tried first of the ends checked then" in "\n".join(en.declaration(first))
    assert "tried only after two men (ends checked at the same moment are tried in the order they are declared" \
        in "\n".join(en.declaration(second))
    alone = rulespec.compile_rules(PEBBLES)
    assert len(alone.ends) == 1 and "tried" not in "\n".join(English(alone).declaration(alone.ends[0]))
