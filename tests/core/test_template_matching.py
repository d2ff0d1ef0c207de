"""The template matcher (rulespec/lib/template_matching.py) agrees with the regular expressions it
replaced on ordinary templates, and stays fast on the ones that made `re` backtrack for minutes (#37)."""

import re
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rulespec.lib.template_matching import AnyText, Digits, OneOf, Repeated, Template, wild

ALPHABET = "ab1- {}"


def _old_wild(template: str) -> re.Pattern:
    """The regular expression the example checker made of a template before #37: every field `.+`."""
    return re.compile("".join(".+" if part.startswith("{") else re.escape(part)
                              for part in re.split(r"(\{[^{}]*\})", template) if part), re.S)


def _regex(parts) -> str:
    """The regular expression a part list stands for, each field a group."""
    out = ""
    for part in parts:
        if isinstance(part, str):
            out += re.escape(part)
        elif isinstance(part, AnyText):
            out += "(.*?)" if part.lazy else "(.+)"
        elif isinstance(part, OneOf):
            out += "(" + "|".join(map(re.escape, part.texts)) + ")"
        elif isinstance(part, Digits):
            out += "(-?[0-9]+)" if part.signed else "(player [1-9][0-9]*)"
        else:
            element = "(?:" + "|".join(map(re.escape, part.element.texts)) + ")"
            out += f"({element}(?: {element})*)"
    return out


_words = st.text("ab1- ", min_size=1, max_size=3)
_fields = st.one_of(st.just(AnyText()), st.just(AnyText(0, lazy=True)), st.just(Digits(signed=True)),
                    st.just(Digits(lead="player ", first="123456789")),
                    st.lists(_words, min_size=1, max_size=4).map(lambda texts: OneOf(tuple(texts))),
                    st.lists(_words, min_size=1, max_size=3).map(lambda texts: Repeated(OneOf(tuple(texts)))))
_parts = st.lists(st.one_of(_words, _fields), min_size=1, max_size=6)


@st.composite
def _template_and_text(draw, parts=_parts):
    """A part list, and a text made of its literals, texts its fields read and noise (so many match)."""
    parts = draw(parts)
    pieces = [p for p in parts if isinstance(p, str)] + ["player 7", "-12", "3", " "]
    pieces += [t for p in parts if isinstance(p, OneOf) for t in p.texts]
    pieces += [t for p in parts if isinstance(p, Repeated) for t in p.element.texts]
    text = "".join(draw(st.lists(st.one_of(st.sampled_from(pieces), st.text(ALPHABET, max_size=2)), max_size=8)))
    return parts, text


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_template_and_text())
def test_matches_as_the_regular_expression_of_the_same_parts(case):
    parts, text = case
    expected = re.fullmatch(_regex(parts), text, re.S)
    template = Template(parts)
    assert template.fullmatch(text) is (expected is not None)
    if expected is not None and not any(isinstance(p, Repeated) for p in parts):
        assert template.match(text) == list(expected.groups())  # the same choices as the regex's


@settings(max_examples=600, deadline=None)
@given(st.text(ALPHABET, max_size=10), st.text(ALPHABET, max_size=12))
def test_wild_matches_as_the_old_dot_plus_pattern(template, text):
    assert wild(template).fullmatch(text) is (_old_wild(template).fullmatch(text) is not None)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text("ab ", min_size=1, max_size=3), min_size=1, max_size=5), st.data())
def test_wild_with_literal_separators_matches_as_dot_plus(literals, data):
    template = "{x}" + "{x}".join(literals) + data.draw(st.sampled_from(["", "{y}"]))
    text = data.draw(st.text("ab {}", max_size=14))
    assert wild(template).fullmatch(text) is (_old_wild(template).fullmatch(text) is not None)


@pytest.mark.parametrize("template, text, fields", [
    ("play {tile} on {space}", "play red 3 on blue 2", ["red 3", "blue 2"]),
    ("{a}, {b}", "x, y, z", ["x, y", "z"]),  # `.+` is greedy: the first field takes what it can
    ("take {n}", "take ", None),
    ("{a}{b}", "ab", ["a", "b"]),
])
def test_wild_reads_fields_as_a_greedy_regex(template, text, fields):
    assert wild(template).match(text) == fields


def test_many_free_fields_and_a_near_miss_take_no_time():
    """The issue's case: a dozen `.+` separated by spaces, and a text of many short words that never ends
    as the template does. `re` takes minutes (every way to cut the words among the fields)."""
    template = wild(" ".join(["{heap}"] * 40) + " end")
    texts = [" ".join(["1"] * 160), " ".join(["1"] * 160) + " en", "1" * 480, " " * 480]
    started = time.process_time()
    for text in texts:
        assert not template.fullmatch(text)
    assert template.fullmatch(" ".join(["1"] * 160) + " end")
    assert time.process_time() - started < 1.0


def test_every_kind_of_field_on_a_long_text_takes_little_time():
    labels = OneOf(tuple(f"{colour} {n}" for colour in ("red", "blue", "green") for n in range(100)))
    parts = []
    for _ in range(20):
        parts += [AnyText(), " ", labels, " ", Digits(signed=True), " ", Digits(lead="player ", first="123456789"),
                  " ", Repeated(labels), " "]
    template = Template(parts + ["!"])
    text = " ".join(["red 1 12 player 3 blue 2 blue 3"] * 30)
    started = time.process_time()
    assert not template.fullmatch(text)
    assert Template(parts[:-1]).fullmatch(" ".join(["x red 1 12 player 3 blue 2 blue 3"] * 20))
    assert time.process_time() - started < 2.0


def _old_canonical(parsed, domains, text):
    """rulespec.adapters.core._Pattern.canonical as it was before #37: a regular expression."""
    regex, fields, parts = "", iter(domains), []
    for literal, field in parsed:
        regex += re.escape(literal)
        if field is None:
            continue
        texts = next(fields)
        if len(texts) == 1 and texts[0] == "{" + field + "}":
            regex += "(?:.*?)"
            parts.append((literal, texts[0]))
        else:
            regex += "(" + "|".join(sorted(map(re.escape, texts), key=len, reverse=True)) + ")"
            parts.append((literal, None))
    tail = parsed[-1][0] if parsed and parsed[-1][1] is None else ""
    match = re.fullmatch(regex, text, re.S)
    if match is None:
        return None
    groups = iter(match.groups())
    return "".join(literal + (fixed if fixed is not None else next(groups)) for literal, fixed in parts) + tail


@st.composite
def _adapter_template(draw):
    """(parsed template, the texts of each field: listed ones, or its own `{name}` for a state's value)."""
    parsed, domains = [], []
    for index in range(draw(st.integers(1, 4))):
        name = f"f{index}"
        parsed.append((draw(st.text("ab -", max_size=3)), name))
        domains.append(draw(st.one_of(st.just(["{" + name + "}"]),
                                      st.lists(st.text("ab1", min_size=1, max_size=3), min_size=1, max_size=3))))
    if draw(st.booleans()):
        parsed.append((draw(st.text("ab -", min_size=1, max_size=2)), None))
    return parsed, domains


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_adapter_template(), st.data())
def test_the_adapters_read_a_state_s_value_back_as_before(case, data):
    from rulespec.adapters.core import _Pattern
    parsed, domains = case
    pieces = [lit for lit, _ in parsed] + [t for texts in domains for t in texts] + ["7", "b"]
    text = "".join(data.draw(st.lists(st.sampled_from(pieces), max_size=6)))
    assert _Pattern(parsed, domains).canonical(text) == _old_canonical(parsed, domains, text)


def test_the_adapters_read_a_long_stranger_s_text_back_in_little_time():
    """`.*?` fields read a caller's text (OpenSpiel's string_to_action): a near miss stays cheap."""
    from rulespec.adapters.core import _Pattern
    parsed = [(" ", f"f{i}") for i in range(12)] + ([(" end", None)])
    pattern = _Pattern(parsed, [["{" + f"f{i}" + "}"] for i in range(12)])
    started = time.process_time()
    assert pattern.canonical(" 1" * 2000) is None
    assert pattern.canonical(" 1" * 2000 + " end") == "".join(f" {{f{i}}}" for i in range(12)) + " end"
    assert time.process_time() - started < 1.0
