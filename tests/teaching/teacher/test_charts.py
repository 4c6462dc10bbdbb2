"""The class chart (teaching tip 4) as pure data -> SVG text."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from teaching.teacher.charts import HandPoint, HcpRow, hcp_rows, hcp_tricks_svg

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg: str) -> ET.Element:
    return ET.fromstring(svg)


def circles(root: ET.Element) -> list[ET.Element]:
    return root.findall(f".//{SVG}g[@class='chart-taken']/{SVG}circle")


def squares(root: ET.Element) -> list[ET.Element]:
    return root.findall(f".//{SVG}g[@class='chart-dd']/{SVG}rect")


POINTS = [
    HandPoint(hcp=24, tricks=8, dd_tricks=9),
    HandPoint(hcp=24, tricks=8, dd_tricks=8),
    HandPoint(hcp=24, tricks=6, dd_tricks=8),
    HandPoint(hcp=28, tricks=10, dd_tricks=None),
]


def test_rows_average_the_tricks_taken_per_point_count() -> None:
    rows = hcp_rows(POINTS)

    assert rows == [
        HcpRow(hcp=24, hands=3, average=22 / 3, dd_hands=3, dd_average=25 / 3),
        HcpRow(hcp=28, hands=1, average=10.0, dd_hands=0, dd_average=None),
    ]


def test_rows_are_empty_without_hands() -> None:
    assert hcp_rows([]) == []


def test_the_picture_is_well_formed_svg_with_an_accessible_name() -> None:
    root = parse(hcp_tricks_svg(POINTS, title="Robins: points and tricks"))

    assert root.get("role") == "img"
    assert root.get("aria-labelledby") == "hcp-chart-title hcp-chart-desc"
    assert root.find(f"{SVG}title").text == "Robins: points and tricks"
    assert "4 hands plotted, 3 with double-dummy analysis" in root.find(f"{SVG}desc").text


def test_hands_on_the_same_spot_share_one_bigger_dot() -> None:
    root = parse(hcp_tricks_svg(POINTS, title="t"))

    dots = {c.find(f"{SVG}title").text: float(c.get("r")) for c in circles(root)}
    assert set(dots) == {
        "2 hands: 24 points, 8 tricks taken",
        "1 hand: 24 points, 6 tricks taken",
        "1 hand: 28 points, 10 tricks taken",
    }
    assert dots["2 hands: 24 points, 8 tricks taken"] > dots["1 hand: 24 points, 6 tricks taken"]


def test_double_dummy_squares_sit_beside_the_dots_and_skip_unknown_hands() -> None:
    root = parse(hcp_tricks_svg(POINTS, title="t"))

    labels = sorted(r.find(f"{SVG}title").text for r in squares(root))
    assert labels == ["1 hand: 24 points, 9 tricks double dummy",
                      "2 hands: 24 points, 8 tricks double dummy"]
    dot_x = float(circles(root)[0].get("cx"))
    square = squares(root)[0]
    square_centre = float(square.get("x")) + float(square.get("width")) / 2
    assert square_centre > dot_x, "the double-dummy mark stands to the right of the hand's dot"


def test_more_tricks_are_drawn_higher() -> None:
    root = parse(hcp_tricks_svg([HandPoint(25, 7), HandPoint(26, 11)], title="t"))

    low, high = circles(root)
    assert float(high.get("cy")) < float(low.get("cy"))
    assert float(high.get("cx")) > float(low.get("cx"))


def test_the_average_lines_join_one_point_per_point_count() -> None:
    root = parse(hcp_tricks_svg(POINTS, title="t"))

    average = root.find(f".//{SVG}polyline[@class='chart-average']")
    dd_average = root.find(f".//{SVG}polyline[@class='chart-dd-average']")
    assert len(average.get("points").split()) == 2
    assert len(dd_average.get("points").split()) == 1, "28 HCP has no double-dummy figure"
    assert dd_average.get("stroke-dasharray"), "the double-dummy line is dashed, not only coloured"


def test_the_axis_grows_to_fit_hands_outside_twenty_to_thirty() -> None:
    svg = hcp_tricks_svg([HandPoint(37, 13, 13)], title="t")
    labels = {t.text for t in parse(svg).findall(f".//{SVG}g[@class='chart-axes']/{SVG}text")}

    assert {"20", "36"} <= labels
    assert "Combined points (HCP) of the declaring side" in labels


@pytest.mark.parametrize("points", [[], [HandPoint(21, 0, 0)], [HandPoint(40, 13, 13)]])
def test_every_mark_stays_inside_the_picture(points: list[HandPoint]) -> None:
    root = parse(hcp_tricks_svg(points, title="t"))
    width, height = (float(v) for v in root.get("viewBox").split()[2:])

    for dot in circles(root):
        assert 0 < float(dot.get("cx")) < width and 0 < float(dot.get("cy")) < height


def test_an_empty_chart_says_so() -> None:
    svg = hcp_tricks_svg([], title="t")

    assert "No finished hands yet" in svg
    assert circles(parse(svg)) == []


def test_the_title_is_escaped() -> None:
    svg = hcp_tricks_svg([], title='<script>alert("x")</script> & co')

    assert "<script>" not in svg
    assert parse(svg).find(f"{SVG}title").text == '<script>alert("x")</script> & co'
