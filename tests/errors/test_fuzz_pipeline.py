"""No rule file crashes the compiler: mutated files either compile to an engine or give a RuleError.

The parser fuzz (test_fuzz.py) damages text; this one keeps most files parseable and shuffles
words, names and lines, so the checker and the code generator see odd but well-formed input.
"""

import re
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulespec.codegen.python import generate
from rulespec.language.errors import RuleError
from rulespec.language.parser import parse_text
from rulespec.model.checker import check

FIXTURES = Path(__file__).resolve().parents[1] / "core" / "fixtures"
SOURCES = {p.name: p.read_text(encoding="utf-8") for p in sorted(FIXTURES.glob("*.rules"))}
WORDS = sorted({w for text in SOURCES.values() for w in re.findall(r"[A-Za-z_][A-Za-z0-9_]*", text)})


@st.composite
def mutated(draw):
    name = draw(st.sampled_from(sorted(SOURCES)))
    lines = SOURCES[name].splitlines()
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(lines) - 1))
        kind = draw(st.sampled_from(["word", "word", "number", "delete", "duplicate", "swap"]))
        if kind == "word":
            words = list(re.finditer(r"[A-Za-z_][A-Za-z0-9_]*", lines[i]))
            if words:
                m = draw(st.sampled_from(words))
                lines[i] = lines[i][:m.start()] + draw(st.sampled_from(WORDS)) + lines[i][m.end():]
        elif kind == "number":
            lines[i] = re.sub(r"\d+", str(draw(st.integers(0, 40))), lines[i], count=1)
        elif kind == "delete" and len(lines) > 1:
            del lines[i]
        elif kind == "duplicate":
            lines.insert(i, lines[i])
        elif kind == "swap":
            j = draw(st.integers(0, len(lines) - 1))
            lines[i], lines[j] = lines[j], lines[i]
    return name, "\n".join(lines) + "\n"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated())
def test_compiler_gives_an_engine_or_a_rule_error(case):
    name, text = case
    try:
        model = check(parse_text(text, name))
    except RuleError as error:
        rendered = str(error)
        assert re.search(rf"{re.escape(name)}:\d+:\d+: ", rendered), rendered
        return
    source = generate(model, name)
    compile(source, name, "exec")
