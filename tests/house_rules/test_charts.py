"""The simulation report's charts (rulespec/play/charts.py): integer data binned by whole numbers, the same
bytes for the same data, text kept as text, no title, legend or label drawn over another."""

from __future__ import annotations

from collections import Counter
import re
import subprocess
import sys

import pytest

from rulespec.play import charts as charts

needs_matplotlib = pytest.mark.skipif(not charts.available(), reason="the charts are drawn with matplotlib "
                                                                     "(the docs extra)")


def test_integer_bins_are_whole_numbers_with_edges_between_them():
    assert charts.integer_bins(3, 7) == [2.5, 3.5, 4.5, 5.5, 6.5, 7.5]
    wide = charts.integer_bins(10, 131, most=40)
    widths = {b - a for a, b in zip(wide, wide[1:])}
    assert widths == {4} and wide[0] == 9.5 and wide[-1] >= 131.5 and len(wide) - 1 <= 40
    assert all((edge - 0.5).is_integer() for edge in wide)


def _texts(svg: str) -> list[str]:
    """Every text drawn (the charts keep text as text)."""
    return re.findall(r"<text[^>]*>([^<]*)</text>", svg)


@needs_matplotlib
def test_a_histogram_of_integers_has_one_bin_per_value():
    svg = charts.histogram("Game length", [("base", Counter([3, 3, 4, 7])), ("house", Counter({5: 3}))], xlabel="turns")
    assert svg.startswith("<svg") and "Game length" in svg and "turns" in svg
    assert "base (mean 4.2)" in svg and "house (mean 5)" in svg
    texts = _texts(svg)
    assert {"3", "4", "5", "6", "7"} <= set(texts)  # a tick under each value's bin
    assert not [t for t in texts if re.fullmatch(r"\d+\.\d+", t)]  # and none between integers (3.5)
    assert "turns" in texts  # five values: one bin each, no "bins of"
    wide = charts.histogram("Spread", [("base", Counter(range(7, 132)))], xlabel="highest minus lowest")
    assert "highest minus lowest (bins of 4)" in _texts(wide)


@needs_matplotlib
def test_charts_are_byte_for_byte_the_same_for_the_same_data():
    data = [("base", Counter([12, 15, 15, 30])), ("house", Counter([10, 11, 40]))]
    assert charts.histogram("Length", data) == charts.histogram("Length", data)
    bars = ("Ends", ["board", "tiles"], [("base", [60.0, 40.0]), ("house", [55.5, 44.5])])
    first, second = charts.bar_chart(*bars, unit="%"), charts.bar_chart(*bars, unit="%")
    assert first == second and "<dc:date>" not in first
    again = subprocess.run([sys.executable, "-c", "import sys; from rulespec.play import charts; sys.stdout.write("
                            f"charts.bar_chart(*{bars!r}, unit='%'))"], capture_output=True, text=True, timeout=120)
    assert again.returncode == 0, again.stderr
    assert again.stdout == first  # another process, the same bytes (no salt or date of its own)
    assert "55.5%" in first and "44.5%" in first


@needs_matplotlib
def test_a_bar_chart_grows_with_its_categories():
    few = charts.bar_chart("Rules", ["a", "b"], [("base", [1.0, 2.0])])
    many = charts.bar_chart("Rules", [f"option turn.choice_{k}" for k in range(30)], [("base", [1.0] * 30)])
    height = lambda svg: float(re.search(r'height="([\d.]+)pt"', svg).group(1))
    assert height(many) > 5 * height(few)


@needs_matplotlib
def test_labels_do_not_overlap():
    """Every text's box on the drawn figure is apart from every other's (matplotlib's own layout)."""
    from matplotlib.figure import Figure
    from matplotlib.text import Text
    boxes = []
    original = Figure.savefig

    def record(figure, *args, **kwargs):
        figure.draw_without_rendering()  # lays the figure out, as saving it does
        renderer = figure._get_renderer()
        texts = [t for t in figure.findobj(Text) if t.get_visible() and t.get_text().strip()]
        boxes.append([(t.get_text(), t.get_window_extent(renderer)) for t in texts])
        return original(figure, *args, **kwargs)

    Figure.savefig = record
    try:
        charts.bar_chart("How often each rule fires (per game)",
                         [f"option second_tile.play_starfish_{k}" for k in range(12)],
                         [("Shell We? (base)", [float(k) for k in range(12)]),
                          ("Shell We? (three tiles)", [k + 0.5 for k in range(12)])])
        charts.histogram("Spread of penalty", [("Shell We? (base)", Counter(range(7, 132))),
                                               ("Shell We? (three tiles)", Counter(range(20, 90)))],
                         xlabel="highest minus lowest")
    finally:
        Figure.savefig = original
    for figure_boxes in boxes:
        for i, (text_a, a) in enumerate(figure_boxes):
            for text_b, b in figure_boxes[i + 1:]:
                assert not a.overlaps(b), (text_a, text_b)


def test_without_matplotlib_the_report_says_why_it_has_no_charts(tmp_path, monkeypatch):
    from pathlib import Path
    from rulespec.play.simulate import comparison_plans, simulate, write_report
    root = Path(__file__).resolve().parents[2]
    sides = simulate(comparison_plans(root / "house-rules" / "three-tiles.rules"), games=2, players=2, seed=3)
    monkeypatch.setitem(sys.modules, "matplotlib", None)  # `import matplotlib` raises ImportError
    summary = write_report(sides, 2, tmp_path, "three tiles")
    assert summary["charts"] == [] and not list(tmp_path.glob("*.svg"))
    assert "pip install 'rulespec[docs]'" in summary["charts_skipped"]
    assert summary["charts_skipped"] in (tmp_path / "report.md").read_text(encoding="utf-8")
