"""The geometry of a rating history chart, for a server-rendered SVG (pure).

The x axis counts rated games (equal steps: correspondence games end irregularly, and a
month of silence says nothing about skill); the y axis spans the values with round
gridlines. The template draws what this computes.
"""

from __future__ import annotations

from dataclasses import dataclass

WIDTH, HEIGHT = 640, 220
LEFT, RIGHT, TOP, BOTTOM = 52, 12, 12, 28
#: Gridline steps to choose from: the smallest giving at most five lines.
STEPS = (5, 10, 20, 25, 50, 100, 200, 250, 500, 1000)


@dataclass(frozen=True)
class Chart:
    width: int
    height: int
    #: The line through every value, as SVG ``points``.
    line: str
    #: Each value's dot: ``(x, y)``.
    dots: list[tuple[float, float]]
    #: Horizontal gridlines: ``(y, label)``.
    grid: list[tuple[float, int]]
    left: int
    right: int
    bottom: int


def line_chart(values: list[int]) -> Chart:
    """Where each of ``values`` (in order) goes on the chart, and its gridlines.

    >>> chart = line_chart([1000, 1040, 1100])
    >>> chart.line
    '52.0,192.0 340.0,120.0 628.0,12.0'
    >>> [label for _, label in chart.grid]
    [1000, 1025, 1050, 1075, 1100]
    """
    if not values:
        raise ValueError("a chart needs at least one value")
    step = next((s for s in STEPS if (max(values) - min(values)) / s <= 4), STEPS[-1])
    low = min(values) // step * step
    high = max(-(-max(values) // step) * step, low + step)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def y(value: float) -> float:
        return round(TOP + (high - value) / (high - low) * plot_h, 1)

    last = max(len(values) - 1, 1)
    dots = [(round(LEFT + (i / last if len(values) > 1 else 0.5) * plot_w, 1), y(v))
            for i, v in enumerate(values)]
    return Chart(WIDTH, HEIGHT, " ".join(f"{x},{yy}" for x, yy in dots), dots,
                 [(y(v), v) for v in range(low, high + 1, step)],
                 LEFT, WIDTH - RIGHT, HEIGHT - BOTTOM)
