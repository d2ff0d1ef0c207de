"""Small SVG charts of measured data (``rulespec simulate``'s report), drawn with matplotlib.

matplotlib comes with the ``docs`` extra (``pip install 'rulespec[docs]'``); ``available()`` says
whether it is installed, and ``simulate`` writes its charts only then. The SVG is byte-for-byte the
same for the same data (a fixed id salt, no date, text kept as text), so reports are reproducible.

Integer data (turns, decisions, score spreads) is binned by whole numbers: one bar per value, or
per run of values of equal width when there are many, every bin edge halfway between integers.
"""

from __future__ import annotations

import io
import math
from typing import Mapping, Optional, Sequence

# Series colours, in order (colour-blind-safe enough, and those of the site's boards).
SERIES = ("#1e88e5", "#fb8c00", "#43a047", "#8e24aa", "#e53935", "#00897b")
MAX_BINS = 40  # more integer values than this share bins of equal integer width
STYLE = {
    "svg.hashsalt": "rulespec",  # ids in the SVG do not change from run to run
    "svg.fonttype": "none",  # text stays text: smaller, searchable, no glyph paths
    "font.family": "sans-serif",
    "font.size": 9,
    "axes.spines.top": False,
    "axes.spines.right": False,
    "axes.titlesize": 11,
    "axes.titleweight": "bold",
    "axes.titlelocation": "left",
}


class ChartsUnavailable(RuntimeError):
    """matplotlib is not installed."""


def available() -> bool:
    try:
        import matplotlib  # noqa: F401
    except ImportError:
        return False
    return True


def _matplotlib():
    try:
        import matplotlib
        from matplotlib.figure import Figure
    except ImportError as error:
        raise ChartsUnavailable("charts need matplotlib: pip install 'rulespec[docs]'") from error
    return matplotlib, Figure


def _svg(figure) -> str:
    """The figure as SVG text, without the XML prologue (so it can be inlined as well as linked)."""
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg", metadata={"Date": None, "Creator": "rulespec"})
    text = buffer.getvalue()
    return text[text.index("<svg"):]


def _heading(figure, axes, title: str, series: int) -> None:
    """The title above the plot, the legend below it: neither is ever drawn over the data."""
    axes.set_title(title)
    if series:
        figure.legend(loc="outside lower left", ncols=min(series, 3), frameon=False, fontsize=8)


def _number(value: float) -> str:
    return f"{value:.1f}".rstrip("0").rstrip(".") if value != int(value) else str(int(value))


def is_integral(values: Sequence[float]) -> bool:
    return all(float(v).is_integer() for v in values)


def integer_bins(lo: int, hi: int, most: int = MAX_BINS) -> list[float]:
    """Bin edges for whole numbers from lo to hi: each bin holds ``width`` consecutive integers (1 when
    there are at most ``most`` values), its edges halfway between integers."""
    width = max(1, math.ceil((hi - lo + 1) / most))
    edges = [lo - 0.5]
    while edges[-1] < hi + 0.5:
        edges.append(edges[-1] + width)
    return edges


def histogram(title: str, series: Sequence[tuple[str, Mapping[float, int]]], xlabel: str = "",
              bins: int = 20) -> str:
    """Overlaid histograms of several samples (share of each sample per bin, %); the mean in the legend.

    Each sample is given as its counts (value -> how many times it occurred, e.g. a Counter), so a
    report of any number of games draws from its running totals, never from one entry per game."""
    matplotlib, Figure = _matplotlib()
    from matplotlib.ticker import MaxNLocator, PercentFormatter
    values = [v for _, counts in series for v in counts]
    integral = is_integral(values)
    if not values:
        edges: Sequence[float] = [0, 1]
    elif integral:
        edges = integer_bins(int(min(values)), int(max(values)))
        if edges[1] - edges[0] > 1:
            xlabel = f"{xlabel} (bins of {_number(edges[1] - edges[0])})".lstrip()
    else:
        lo, hi = min(values), max(values)
        hi = hi if hi > lo else lo + 1
        edges = [lo + (hi - lo) * k / bins for k in range(bins + 1)]
    with matplotlib.rc_context(STYLE):
        figure = Figure(figsize=(6.4, 3.2), layout="constrained")
        axes = figure.add_subplot()
        for i, (name, counts) in enumerate(series):
            colour = SERIES[i % len(SERIES)]
            vs = sorted(counts)
            total = sum(counts[v] for v in vs)
            mean = sum(v * counts[v] for v in vs) / total if total else 0
            weights = [100.0 * counts[v] / total for v in vs] if total else None
            axes.hist(vs, bins=edges, weights=weights, histtype="stepfilled", color=colour, alpha=0.18)
            axes.hist(vs, bins=edges, weights=weights, histtype="step", color=colour, linewidth=1.6,
                      label=f"{name} (mean {_number(round(mean, 1))})")
        _heading(figure, axes, title, len(series))
        axes.set_xlabel(xlabel)
        axes.set_ylabel("share of games")
        axes.yaxis.set_major_formatter(PercentFormatter(decimals=0))
        axes.xaxis.set_major_locator(MaxNLocator(nbins=10, integer=integral))
        axes.set_xlim(edges[0], edges[-1])
        axes.grid(axis="y", color="#e0e0e0", linewidth=0.6)
        axes.set_axisbelow(True)
        return _svg(figure)


def bar_chart(title: str, categories: Sequence[str], series: Sequence[tuple[str, Sequence[float]]],
              unit: str = "", errors: Optional[Sequence[Sequence[float]]] = None) -> str:
    """Horizontal grouped bars, one group per category (labels on the left, read top to bottom), each
    bar's value at its end; ``errors``: per series, each bar's interval half-width (drawn as a whisker)."""
    matplotlib, Figure = _matplotlib()
    groups = max(len(categories), 1)
    count = max(len(series), 1)
    bar = 0.8 / count
    height = 1.1 + groups * (0.16 + 0.17 * count)
    vmax = max((v + (errors[i][g] if errors else 0.0) for i, (_, vs) in enumerate(series) for g, v in enumerate(vs)),
               default=0.0) or 1.0
    with matplotlib.rc_context(STYLE):
        figure = Figure(figsize=(6.4, height), layout="constrained")
        axes = figure.add_subplot()
        for i, (name, vs) in enumerate(series):
            values = [vs[g] if g < len(vs) else 0.0 for g in range(len(categories))]
            positions = [g + (i - (count - 1) / 2) * bar for g in range(len(categories))]
            whiskers = {"xerr": list(errors[i]), "error_kw": {"ecolor": "#424242", "elinewidth": 0.8, "capsize": 2}} \
                if errors else {}
            bars = axes.barh(positions, values, height=bar * 0.92, color=SERIES[i % len(SERIES)], label=name,
                             **whiskers)
            axes.bar_label(bars, labels=[f"{_number(v)}{unit}" for v in values], padding=2, fontsize=7)
        axes.set_yticks(range(len(categories)), labels=list(categories))
        axes.invert_yaxis()
        axes.set_ylim(len(categories) - 0.5, -0.5)
        axes.set_xlim(0, vmax * 1.15)  # room for the value labels
        _heading(figure, axes, title, len(series))
        axes.tick_params(axis="y", length=0)
        axes.grid(axis="x", color="#e0e0e0", linewidth=0.6)
        axes.set_axisbelow(True)
        if unit:
            axes.xaxis.set_major_formatter(lambda value, _: f"{_number(value)}{unit}")
        return _svg(figure)
