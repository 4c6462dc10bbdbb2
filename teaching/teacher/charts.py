"""The class chart of teaching tip 4 as an inline SVG picture: pure data in, text out.

The EBU beginners' booklet's fourth teaching tip: "get players to write down for each
deal the number of points held by the declaring side and the number of tricks
won. Over a period of time, a pattern will begin to emerge showing the expected
number of tricks for a given combined point count". Each finished hand is a dot
(combined HCP of the declaring side across, tricks the declaring side took up);
the average per point count is a line; beside each dot sits what double-dummy
play would have made in the same contract, so the class sees how close it came.

Nothing here touches Django or the database, so the picture is tested as text.
"""

from __future__ import annotations

import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from html import escape

# The drawing area, in SVG user units; the picture scales to its container.
WIDTH, HEIGHT = 720, 440
LEFT, RIGHT, TOP, BOTTOM = 64, 24, 56, 64
MAX_TRICKS = 13
#: Dots and squares for one (HCP, tricks) pair sit this far either side of the HCP,
#: so a hand's result and its double-dummy figure stand side by side, not on top.
OFFSET = 0.2

TAKEN_COLOUR = "#1f5c3f"
DD_COLOUR = "#a34700"


@dataclass(frozen=True, slots=True)
class HandPoint:
    """One finished hand: the declaring side's combined HCP, the tricks it took,
    and the double-dummy tricks for the same declarer and denomination (``None``
    when not known)."""

    hcp: int
    tricks: int
    dd_tricks: int | None = None


@dataclass(frozen=True, slots=True)
class HcpRow:
    """The hands played at one combined point count, for the table under the picture."""

    hcp: int
    hands: int
    average: float
    dd_hands: int
    dd_average: float | None


def hcp_rows(points: Iterable[HandPoint]) -> list[HcpRow]:
    """Per combined point count: how many hands, the average tricks taken and the
    average double-dummy tricks (over the hands whose analysis is known)."""
    taken: dict[int, list[int]] = defaultdict(list)
    dd: dict[int, list[int]] = defaultdict(list)
    for point in points:
        taken[point.hcp].append(point.tricks)
        if point.dd_tricks is not None:
            dd[point.hcp].append(point.dd_tricks)
    return [
        HcpRow(
            hcp=hcp,
            hands=len(taken[hcp]),
            average=sum(taken[hcp]) / len(taken[hcp]),
            dd_hands=len(dd[hcp]),
            dd_average=sum(dd[hcp]) / len(dd[hcp]) if dd[hcp] else None,
        )
        for hcp in sorted(taken)
    ]


def _n(value: float) -> str:
    """A coordinate as short, stable text (tests compare the SVG as text)."""
    text = f"{value:.1f}"
    return text[:-2] if text.endswith(".0") else text


def _radius(count: int) -> float:
    """Several hands on one spot draw a bigger mark (area grows with the count)."""
    return min(5.0 + 3.0 * math.sqrt(count - 1), 14.0)


def _hands(count: int) -> str:
    return "1 hand" if count == 1 else f"{count} hands"


class _Scale:
    def __init__(self, points: Sequence[HandPoint]) -> None:
        hcps = [p.hcp for p in points]
        # Declaring sides hold 21-40 (a 20-20 deal is dealt again); show at least
        # 20-30 so one class's first few hands do not fill the width.
        self.lo = min([20, *hcps])
        self.hi = max([30, *hcps])
        self.plot_w = WIDTH - LEFT - RIGHT
        self.plot_h = HEIGHT - TOP - BOTTOM

    def x(self, hcp: float) -> float:
        span = self.hi - self.lo + 1  # half a step of room at each end
        return LEFT + (hcp - self.lo + 0.5) / span * self.plot_w

    def y(self, tricks: float) -> float:
        return TOP + self.plot_h - tricks / MAX_TRICKS * self.plot_h


def _axes(scale: _Scale) -> list[str]:
    out = ['<g class="chart-axes" font-size="13" fill="#4a5360">']
    for tricks in range(MAX_TRICKS + 1):
        y = _n(scale.y(tricks))
        stroke = "#9aa19a" if tricks in (0, 7) else "#e1e4de"
        out.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y}" y2="{y}" stroke="{stroke}"/>')
        out.append(f'<text x="{LEFT - 10}" y="{y}" text-anchor="end" '
                   f'dominant-baseline="middle">{tricks}</text>')
    step = 1 if scale.hi - scale.lo <= 16 else 2
    for hcp in range(scale.lo, scale.hi + 1):
        x = _n(scale.x(hcp))
        bottom = _n(scale.y(0))
        out.append(f'<line x1="{x}" x2="{x}" y1="{bottom}" y2="{_n(scale.y(0) + 5)}" '
                   'stroke="#9aa19a"/>')
        if (hcp - scale.lo) % step == 0:
            out.append(f'<text x="{x}" y="{_n(scale.y(0) + 22)}" text-anchor="middle">{hcp}</text>')
    out.append(f'<text x="{_n(LEFT + scale.plot_w / 2)}" y="{HEIGHT - 12}" text-anchor="middle" '
               'font-size="15" fill="#1b1f24">Combined points (HCP) of the declaring side</text>')
    mid = _n(TOP + scale.plot_h / 2)
    out.append(f'<text x="18" y="{mid}" text-anchor="middle" font-size="15" fill="#1b1f24" '
               f'transform="rotate(-90 18 {mid})">Tricks taken by the declaring side</text>')
    out.append("</g>")
    return out


def _marks(scale: _Scale, points: Sequence[HandPoint]) -> list[str]:
    out = ['<g class="chart-taken">']
    for (hcp, tricks), count in sorted(Counter((p.hcp, p.tricks) for p in points).items()):
        out.append(
            f'<circle cx="{_n(scale.x(hcp - OFFSET))}" cy="{_n(scale.y(tricks))}" '
            f'r="{_n(_radius(count))}" fill="{TAKEN_COLOUR}" fill-opacity="0.8">'
            f"<title>{_hands(count)}: {hcp} points, {tricks} tricks taken</title></circle>"
        )
    out.append("</g>")
    out.append('<g class="chart-dd">')
    dd = Counter((p.hcp, p.dd_tricks) for p in points if p.dd_tricks is not None)
    for (hcp, tricks), count in sorted(dd.items()):
        side = _radius(count) * 1.6
        out.append(
            f'<rect x="{_n(scale.x(hcp + OFFSET) - side / 2)}" '
            f'y="{_n(scale.y(tricks) - side / 2)}" width="{_n(side)}" height="{_n(side)}" '
            f'fill="#ffffff" stroke="{DD_COLOUR}" stroke-width="2.5">'
            f"<title>{_hands(count)}: {hcp} points, {tricks} tricks double dummy</title></rect>"
        )
    out.append("</g>")
    return out


def _lines(scale: _Scale, rows: Sequence[HcpRow]) -> list[str]:
    taken = " ".join(f"{_n(scale.x(r.hcp))},{_n(scale.y(r.average))}" for r in rows)
    dd = " ".join(
        f"{_n(scale.x(r.hcp))},{_n(scale.y(r.dd_average))}"
        for r in rows if r.dd_average is not None
    )
    out = []
    if taken:
        out.append(f'<polyline class="chart-average" points="{taken}" fill="none" '
                   f'stroke="{TAKEN_COLOUR}" stroke-width="3" stroke-linejoin="round"/>')
    if dd:
        out.append(f'<polyline class="chart-dd-average" points="{dd}" fill="none" '
                   f'stroke="{DD_COLOUR}" stroke-width="3" stroke-dasharray="8 6" '
                   'stroke-linejoin="round"/>')
    return out


def _legend() -> list[str]:
    y = 24
    return [
        '<g class="chart-legend" font-size="14" fill="#1b1f24">',
        f'<circle cx="{LEFT + 8}" cy="{y}" r="6" fill="{TAKEN_COLOUR}"/>',
        f'<text x="{LEFT + 20}" y="{y}" dominant-baseline="middle">Tricks taken</text>',
        f'<line x1="{LEFT + 130}" x2="{LEFT + 160}" y1="{y}" y2="{y}" stroke="{TAKEN_COLOUR}" '
        'stroke-width="3"/>',
        f'<text x="{LEFT + 168}" y="{y}" dominant-baseline="middle">average</text>',
        f'<rect x="{LEFT + 262}" y="{y - 6}" width="12" height="12" fill="#ffffff" '
        f'stroke="{DD_COLOUR}" stroke-width="2.5"/>',
        f'<text x="{LEFT + 282}" y="{y}" dominant-baseline="middle">Double-dummy tricks</text>',
        f'<line x1="{LEFT + 448}" x2="{LEFT + 478}" y1="{y}" y2="{y}" stroke="{DD_COLOUR}" '
        'stroke-width="3" stroke-dasharray="8 6"/>',
        f'<text x="{LEFT + 486}" y="{y}" dominant-baseline="middle">average</text>',
        "</g>",
    ]


def hcp_tricks_svg(points: Sequence[HandPoint], *, title: str, chart_id: str = "hcp-chart") -> str:
    """The chart as an ``<svg>`` element to put straight into a page.

    ``title`` names the picture for screen readers; the page should also give the
    numbers as a table (:func:`hcp_rows`), since a picture alone is not accessible.
    """
    scale = _Scale(points)
    rows = hcp_rows(points)
    known = sum(1 for p in points if p.dd_tricks is not None)
    desc = (f"{_hands(len(points))} plotted, {known} with double-dummy analysis. "
            "Each dot is a hand; squares beside the dots are the double-dummy tricks.")
    parts = [
        f'<svg class="hcp-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="{chart_id}-title {chart_id}-desc" '
        'xmlns="http://www.w3.org/2000/svg" font-family="system-ui, sans-serif">',
        f'<title id="{chart_id}-title">{escape(title)}</title>',
        f'<desc id="{chart_id}-desc">{escape(desc)}</desc>',
        *_axes(scale),
        *_lines(scale, rows),
        *_marks(scale, points),
        *_legend(),
    ]
    if not points:
        parts.append(f'<text x="{_n(LEFT + scale.plot_w / 2)}" y="{_n(TOP + scale.plot_h / 2)}" '
                     'text-anchor="middle" font-size="18" fill="#4a5360">'
                     "No finished hands yet</text>")
    parts.append("</svg>")
    return "\n".join(parts)


# -- points over time: every game that scores its hands ---------------------------------

#: Colours of the pupils' lines, told apart also by their markers' shapes and the table.
LINE_COLOURS = ("#1f5c3f", "#a34700", "#2450a0", "#8a1c6b", "#5a5a00", "#0f6f7f", "#7a3b00",
                "#444a55")


def running_totals_svg(series: Sequence[tuple[str, Sequence[int]]], *, title: str,
                       chart_id: str = "points-chart") -> str:
    """Each pupil's running total of points, hand after hand, as a line: what a
    teacher of a game scored hand by hand wants to see over a term.
    ``series`` is (name, running totals oldest first); the page gives the same numbers
    as a table, since a picture alone is not accessible."""
    values = [v for _, totals in series for v in totals] or [0]
    lo, hi = min(0, *values), max(0, *values)
    if hi == lo:
        hi = lo + 1
    longest = max([len(totals) for _, totals in series] + [1])
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(i: int) -> float:
        return LEFT + (i + 1) / (longest + 1) * plot_w

    def y(v: float) -> float:
        return TOP + plot_h - (v - lo) / (hi - lo) * plot_h

    parts = [
        f'<svg class="points-chart" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="{chart_id}-title {chart_id}-desc" '
        'xmlns="http://www.w3.org/2000/svg" font-family="system-ui, sans-serif">',
        f'<title id="{chart_id}-title">{escape(title)}</title>',
        f'<desc id="{chart_id}-desc">{escape(_lines_desc(series))}</desc>',
        '<g class="chart-axes" font-size="13" fill="#4a5360">',
        f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{_n(y(0))}" y2="{_n(y(0))}" '
        'stroke="#9aa19a"/>',
    ]
    for value in _ticks(lo, hi):
        parts.append(f'<text x="{LEFT - 10}" y="{_n(y(value))}" text-anchor="end" '
                     f'dominant-baseline="middle">{value}</text>')
        parts.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{_n(y(value))}" '
                     f'y2="{_n(y(value))}" stroke="#e1e4de"/>')
    parts.append(f'<text x="{_n(LEFT + plot_w / 2)}" y="{HEIGHT - 12}" text-anchor="middle" '
                 'font-size="15" fill="#1b1f24">Hands played, oldest first</text>')
    mid = _n(TOP + plot_h / 2)
    parts.append(f'<text x="18" y="{mid}" text-anchor="middle" font-size="15" fill="#1b1f24" '
                 f'transform="rotate(-90 18 {mid})">Points so far</text>')
    parts.append("</g>")
    for index, (name, totals) in enumerate(series):
        colour = LINE_COLOURS[index % len(LINE_COLOURS)]
        path = " ".join(f"{_n(x(i))},{_n(y(v))}" for i, v in enumerate(totals))
        parts.append(f'<g class="chart-pupil"><title>{escape(name)}</title>')
        if len(totals) > 1:
            parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" '
                         'stroke-width="2.5" stroke-linejoin="round"/>')
        if totals:
            last = len(totals) - 1
            parts.append(f'<circle cx="{_n(x(last))}" cy="{_n(y(totals[-1]))}" r="5" '
                         f'fill="{colour}"/>')
            parts.append(f'<text x="{_n(min(x(last) + 8, WIDTH - RIGHT - 4))}" '
                         f'y="{_n(y(totals[-1]))}" font-size="13" fill="{colour}" '
                         f'dominant-baseline="middle">{escape(name)}</text>')
        parts.append("</g>")
    parts.append("</svg>")
    return "\n".join(parts)


def _lines_desc(series: Sequence[tuple[str, Sequence[int]]]) -> str:
    said = [f"{name}: {totals[-1]} after {_hands(len(totals))}"
            for name, totals in series if totals]
    return "; ".join(said) or "No scored hands yet"


def _ticks(lo: int, hi: int) -> list[int]:
    """About five round values between ``lo`` and ``hi`` for the axis."""
    span = hi - lo
    step = 1
    for candidate in (1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000):
        step = candidate
        if span / candidate <= 6:
            break
    first = -(-lo // step) * step
    return list(range(first, hi + 1, step))
