"""``rfc-stats``' chart of statuses over time (render/stats_svg): dates
placed by time, not by order; each line held to the right edge after its
last change; a history of one day drawn as flat lines with one date."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from sphinx_rfc.render.stats_svg import _places, over_time

STATUSES = [("draft", "Draft"), ("accepted", "Accepted")]


def test_dates_are_placed_by_time() -> None:
    assert _places(["2025-01-01", "2025-01-02", "2025-01-11"]) == [0.0, 0.1, 1.0]
    assert _places(["2025-01-01"]) == [0.0]
    assert _places(["2025-01-01", "someday", "2025-02-01"]) == [0.0, 0.5, 1.0]  # by order
    assert _places([]) == []


def test_one_day_of_history_is_flat_lines_to_the_edge() -> None:
    svg = over_time("RFCs by status over time", [("2026-11-29", {"draft": 2, "accepted": 3})],
                    STATUSES)
    ET.fromstring(svg)
    paths = re.findall(r'<path d="([^"]+)"', svg)
    assert len(paths) == 2 and all(re.fullmatch(r"M40\.0,[\d.]+H[\d.]+", p) for p in paths)
    assert svg.count("2026-11-29</text>") == 1  # one date, not the same one twice


def test_the_last_change_is_held_to_the_right_edge() -> None:
    svg = over_time("t", [("2025-01-01", {"draft": 1}), ("2025-01-04", {"accepted": 1}),
                          ("2025-01-11", {"accepted": 2})], STATUSES)
    draft, accepted = re.findall(r'<path d="([^"]+)"', svg)
    right = float(re.findall(r"H([\d.]+)", draft)[-1])
    xs = [float(x) for x in re.findall(r'data-status="draft" data-date="[^"]+" data-count="\d" '
                                        r'cx="([\d.]+)"', svg)]
    assert xs[0] == 40.0 and xs[2] == right  # the first and the last date at the edges
    assert abs((xs[1] - 40.0) / (right - 40.0) - 0.3) < 0.01  # 3 of 10 days
    assert draft.endswith(f"H{right:.1f}") and accepted.endswith(f"H{right:.1f}")
