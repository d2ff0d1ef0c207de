"""benchmarks/ab.py (issue #40): the levers' A/B scripts swap a generator's or the runtime's attribute for what
was there before a lever, and must leave every owner exactly as it was: a staticmethod put back as one (once
put back as the plain function `getattr` gave, the next generation failed), an inherited attribute deleted."""

from __future__ import annotations

import sys
from pathlib import Path

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


def _ab():
    if str(BENCHMARKS) not in sys.path:
        sys.path.insert(0, str(BENCHMARKS))
    import ab
    return ab


class _Base:
    @staticmethod
    def said(text):
        return text


class _Derived(_Base):
    pass


def test_swapped_attributes_are_put_back_as_they_were_stored():
    ab = _ab()
    with ab._swapped(((_Base, "said", lambda self, text: "base"), (_Derived, "said", lambda self, text: "derived"))):
        assert _Derived().said("x") == "derived" and _Base().said("x") == "base"
    assert isinstance(vars(_Base)["said"], staticmethod) and _Base().said("x") == "x"
    assert "said" not in vars(_Derived) and _Derived().said("y") == "y"


def test_swapped_attributes_are_put_back_when_the_block_fails():
    ab = _ab()
    try:
        with ab._swapped(((_Base, "said", None),)):
            raise RuntimeError("a generation that failed")
    except RuntimeError:
        pass
    assert _Base.said("z") == "z"
