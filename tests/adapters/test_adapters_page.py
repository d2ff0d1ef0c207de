"""The site page "Use a game in OpenSpiel / PettingZoo": every Python block on it runs as written."""

import re
from pathlib import Path

import pytest

pytest.importorskip("pyspiel", reason="open_spiel is not installed (pip install 'rulespec[openspiel]')")
pytest.importorskip("pettingzoo", reason="pettingzoo is not installed (pip install 'rulespec[pettingzoo]')")

PAGE = Path(__file__).resolve().parents[2] / "docs" / "adapters.md"
BLOCKS = re.findall(r"^```python\n(.*?)^```", PAGE.read_text(encoding="utf-8"), flags=re.S | re.M)


def test_the_page_has_an_example_for_each_framework():
    assert any("rulespec.openspiel" in block for block in BLOCKS)
    assert any("rulespec.pettingzoo" in block for block in BLOCKS)


@pytest.mark.parametrize("block", BLOCKS, ids=[f"block{i + 1}" for i in range(len(BLOCKS))])
def test_python_block_runs(block, capsys):
    exec(compile(block, f"{PAGE.name} (a python block)", "exec"), {"__name__": "__adapters_page__"})
    assert capsys.readouterr().out.strip(), "each example prints what it shows"
