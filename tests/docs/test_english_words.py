"""The generated English of every bundled game and house rule reads as words: numbers agree with their
nouns, and no name of the rule file is shown as an identifier (`bonus_placement`) outside code and links.
Rulings are left out: their text is the rule file's own words."""

from __future__ import annotations

import re

import pytest

from rulespec.docs.english import English
from rulespec.docs.sources import load_source
from rulespec.pipeline import bundled_house_rules, bundled_rulebooks

NAMES = sorted(bundled_rulebooks()) + sorted(str(path) for path in bundled_house_rules().values())
AGREEMENT = [r"\bThere is (?:[2-9]|\d\d+)\b", r"\b1 copies\b", r"\bare 1 \w+", r"\bIt is given the\b",
             r"\ba grid with one row per row\b", r"\bThe (\w+) is an? \1\b"]


def _prose(text: str) -> str:
    """What a reader reads as words: without code spans and link targets."""
    return re.sub(r"\]\([^)]*\)", "]", re.sub(r"`[^`]*`", "", text))


@pytest.mark.parametrize("name", NAMES, ids=lambda n: n.rsplit("/", 1)[-1])
def test_the_english_reads_as_words(name):
    source = load_source(name)
    en = English(source.model)
    found = []
    for d in source.declarations:
        if d.node is None or d.kind in ("game", "ruling"):
            continue
        prose = _prose("\n".join(en.declaration(d.node)))
        for pattern in AGREEMENT + [r"\b[A-Za-z]+_[A-Za-z0-9_]+\b"]:
            found += [(d.kind, d.name, m.group(0)) for m in re.finditer(pattern, prose)]
    assert not found, found


def test_the_words_it_checks_are_the_ones_that_were_wrong():
    from rulespec.docs.english.declarations import _lines, _params
    from rulespec.model import ir
    assert _lines("row", "row", "1, 2, and 3") == "1, 2, and 3"
    assert _lines("row", "colour", "red and blue") == "one per colour: red and blue"
    said = _params(English(load_source("tic-tac-toe").model), (ir.Param("player", ir.SEAT),))
    assert said == " It is carried out for the player."
    tic = "\n".join(English(load_source("tic-tac-toe").model).declaration(load_source("tic-tac-toe").model.components[0]))
    assert tic.startswith("There are 5 pieces for every symbol")
