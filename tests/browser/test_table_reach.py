"""Every game's table for a child on a school tablet and for a screen reader.

Bob plays a seeded hand of every registered game in a real Chromium (robots in the other
seats, tests/browser/a11y_setup.py). At each kind of decision he meets, the page is
measured at tablet (768x1024) and laptop (1366x768) sizes: his own cards (the hand's box)
lie inside the viewport as the page shows it, the control he decides with too, and every
control is tap-sized. Keyboard focus lands on the first control he may use, and the
status line is a polite live region. A second tab of his, with its focus in a form field,
keeps its focus as the frames come. The felt's links read at a contrast of 4.5:1 or more.
Screenshots of each decision go to /tmp/shots/ for a person to look at.
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from games.registry import catalogue
from tests.browser.pages import SIZES, table_version
from tests.daphne_server import Daphne, made_by

pytestmark = pytest.mark.browser

SEED = "reach3"
SHOTS = Path("/tmp/shots")
GAMES = [entry.name for entry in catalogue()]
#: The decisions a pupil must meet in the seeded hands, by game (the phase's name; for
#: Piquet the step's). Others met are measured too.
MUST_MEET = {
    "minibridge": {"announce", "play"},
    "preference": {"auction", "defence", "kontra", "play"},
    "topgame": {"bidding", "raise", "contract", "ask", "double", "play"},
    "piquet": {"exchange", "declarations", "play"},
    "spades2": {"select", "bid", "play"},
}
#: How many hands Bob plays at most to meet them all.
MOST_HANDS = 4

#: Bob's decision is on the page: a card to tap or a control in the actions, and the
#: status line says it is his turn (or the hand is over).
READY = """() => !!document.querySelector('#summary-title') ||
  (!!document.querySelector('#table-body [data-status].mine') &&
   !!document.querySelector('#table-body button.card, #table-body .area-actions button,'
                            + ' #table-body .area-actions input:not([type=hidden])'))"""

#: The first control a pupil may use: a card he may play, else the first in the actions.
FIRST_CONTROL = """() => document.querySelector('#table-body button.card') ||
  document.querySelector('#table-body .area-actions :is(button, select,'
                         + ' input:not([type=hidden]))')"""

#: Where the hand's box and the focused control lie, and the controls smaller than a
#: fingertip (44x44 CSS px).
MEASURE = """() => {
  const box = e => { const r = e.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
  const hand = document.querySelector('#table-body .area-bottom .hand');
  const focused = document.activeElement;
  const small = [];
  for (const c of document.querySelectorAll('#table-body .area-actions :is(button, select,'
                                            + ' input:not([type=hidden]))')) {
    const r = c.getBoundingClientRect();
    if (r.width < 44 || r.height < 44) {
      small.push(`${c.outerHTML.slice(0, 80)} ${r.width}x${r.height}`);
    }
  }
  return {width: innerWidth, height: innerHeight, hand: hand && box(hand),
          control: focused && focused.closest('#table-body') ? box(focused) : null,
          small: small, scrollWidth: document.documentElement.scrollWidth,
          scrollY: scrollY, docHeight: document.documentElement.scrollHeight,
          seat_top: hand ? hand.closest('.area-bottom').getBoundingClientRect().top : null,
          in_hand: !!(hand && hand.closest('.area-bottom').contains(focused))};
}"""


#: Each link on the felt: its words and the contrast of its colour with the background
#: behind it (the first one up its ancestors; a gradient's worst stop), WCAG's formula.
LINK_CONTRASTS = """() => {
  const rgb = text => (text.match(/[\\d.]+/g) || []).slice(0, 4).map(Number);
  const lum = ([r, g, b]) => {
    const f = c => { c /= 255; return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * f(r) + 0.7152 * f(g) + 0.0722 * f(b);
  };
  const ratio = (a, b) => { const [x, y] = [lum(a), lum(b)].sort((p, q) => q - p);
    return (x + 0.05) / (y + 0.05); };
  const behind = el => {
    for (let e = el; e; e = e.parentElement) {
      const style = getComputedStyle(e);
      const stops = style.backgroundImage.match(/rgba?\\([^)]*\\)/g);
      if (stops) return stops.map(rgb);
      const colour = rgb(style.backgroundColor);
      if (colour.length < 4 || colour[3] > 0) return [colour];
    }
    return [[255, 255, 255]];
  };
  return [...document.querySelectorAll('#table-body .felt a')].map(a => {
    const ink = rgb(getComputedStyle(a).color);
    return [a.textContent.trim(), Math.min(...behind(a).map(b => ratio(ink, b)))];
  });
}"""


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[Daphne, dict[str, Any]]]:
    database = tmp_path_factory.mktemp("reach") / "reach.sqlite3"
    made = made_by(database, "tests.browser.a11y_setup", SEED)
    with Daphne(database) as daphne:
        yield daphne, made


def _inside(box: dict[str, float], width: float, height: float) -> bool:
    return (box["top"] >= -1 and box["left"] >= -1 and box["bottom"] <= height + 1
            and box["right"] <= width + 1)


def _decision(page: Page) -> str:
    felt = page.locator("#table-body .felt").get_attribute("class") or ""
    phase = re.search(r"phase-([\w-]+)", felt)
    return phase.group(1) if phase else "?"


def _measure(page: Page, game: str, name: str) -> list[str]:
    """The decision ``name`` at both sizes, its screenshots taken: what is wrong with it."""
    SHOTS.mkdir(exist_ok=True)
    wrong: list[str] = []
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        # The page turns its hand back into view when the screen turns (table.js):
        # two frames of the browser's to do it in.
        page.evaluate("() => new Promise(r => requestAnimationFrame(() => "
                      "requestAnimationFrame(r)))")
        got = page.evaluate(MEASURE)
        page.screenshot(path=SHOTS / f"{game}-{name}-{size}.png")
        where = f"{game} {name} at {width}x{height}"
        if got["hand"] is None:
            wrong.append(f"{where}: no hand")
        elif not _inside(got["hand"], width, height):
            wrong.append(f"{where}: the hand lies at {got['hand']} (scrolled {got['scrollY']}"
                         f" of {got['docHeight']} px)")
        if got["control"] is None:
            wrong.append(f"{where}: no control has the focus")
        elif not _inside(got["control"], width, height):
            wrong.append(f"{where}: the focused control lies at {got['control']}")
        elif got["hand"] and not got["in_hand"] and got["control"]["bottom"] > got["seat_top"]:
            wrong.append(f"{where}: the focused control is under the hand")
        if got["scrollWidth"] > width:
            wrong.append(f"{where}: the page is {got['scrollWidth']} px wide")
        wrong.extend(f"{where}: small control {s}" for s in got["small"])
    page.set_viewport_size({"width": SIZES["tablet"][0], "height": SIZES["tablet"][1]})
    return wrong


def _hcp(page: Page) -> int:
    """The points in Bob's hand, counted as MiniBridge counts them (ace 4 ... jack 1)."""
    codes = page.locator("#table-body .area-bottom .hand [data-card]").evaluate_all(
        "cards => cards.map(c => c.dataset.card)")
    return sum({"A": 4, "K": 3, "Q": 2, "J": 1}.get(ch, 0) for code in codes for ch in code)


def _act(page: Page, game: str, met: set[str]) -> None:
    """Bob takes the decision, with the keyboard where he can (a form's answer is filled
    in first). In the Top Game he bids until he has declared, then passes, to meet the
    defenders' decisions too."""
    name = _decision(page)
    bidding = {"topgame": ("bidding", "raise")}
    if game in bidding and name == bidding[game][0]:
        declared = bidding[game][1] in met
        button = page.locator("#table-body .choice button" + (
            "[value=pass]" if declared else ":not([value=pass])")).first
        if button.count():
            button.focus()
            button.press("Enter")
            return
    count = page.locator("#table-body [data-hcp-form] input[name=arg]")
    if count.count():
        count.fill(str(_hcp(page)))
        count.press("Enter")
        return
    if page.locator("#table-body form.inform").count():
        page.locator("#table-body form.inform button[type=submit]").click()
        return
    for value in ("pass", "keep"):  # the doubles passed, his bid kept
        button = page.locator(f"#table-body .choice button[value='{value}']")
        if button.count() and _decision(page) in ("double", "answer", "raise"):
            button.click()
            return
    # Else the first button offered, or the first card he may play (Piquet's exchange sets
    # cards aside one by one), pressed from the keyboard.
    choices = page.locator("#table-body .choice button")
    target = choices.first if choices.count() else page.locator("#table-body button.card").first
    target.focus()
    target.press("Enter")


@pytest.mark.parametrize("game", GAMES)
def test_each_decision_keeps_the_hand_on_screen_and_the_focus_on_its_control(
    browser: Browser, server: tuple[Daphne, dict[str, Any]], game: str
) -> None:
    daphne, made = server
    table = made[game]
    context = browser.new_context(viewport={"width": 768, "height": 1024})
    context.add_cookies([{"name": "sessionid", "value": table["session"],
                          "domain": "127.0.0.1", "path": "/"}])
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    address = f"{daphne.url}/tables/{table['table']}/"
    page.goto(address)
    expect(page.locator("[data-connection]")).to_have_text("Connected", timeout=10_000)
    # His second tab, its focus in a form field (the four-colour switch): frames come to it
    # too, and must leave his focus where he put it.
    other = context.new_page()
    other.goto(address)
    expect(other.locator("[data-connection]")).to_have_text("Connected", timeout=10_000)
    other.locator("[data-four-colour]").focus()

    status = page.locator("#table-body [data-status]")
    expect(status).to_have_attribute("aria-live", "polite")
    for words, contrast in page.evaluate(LINK_CONTRASTS):
        assert contrast >= 4.5, f"{game}: the link {words!r} reads at {contrast:.2f}:1"

    met: set[str] = set()
    wrong: list[str] = []
    focus_missed: list[str] = []
    hands = 0
    while hands < MOST_HANDS and not MUST_MEET[game] <= met:
        page.wait_for_function(READY, timeout=30_000)
        if page.locator("#summary-title").count():
            hands += 1
            if hands == MOST_HANDS or MUST_MEET[game] <= met:
                break
            before = table_version(page)
            page.locator("#table-body .after-hand button").first.click()
            page.wait_for_function(f"() => Number(document.querySelector('#table-body')"
                                   f".dataset.version) !== {before} && "
                                   f"!document.querySelector('#summary-title')",
                                   timeout=30_000)
            continue
        name = _decision(page)
        first = page.evaluate_handle(FIRST_CONTROL)
        if not page.evaluate("first => document.activeElement === first", first):
            focused = page.evaluate("document.activeElement.outerHTML")
            focus_missed.append(f"{name}: {focused[:100]}")
            page.evaluate("first => first.focus()", first)
        if name not in met:
            met.add(name)
            wrong.extend(_measure(page, game, name))
        before = table_version(page)
        _act(page, game, met)
        page.wait_for_function(f"() => Number(document.querySelector('#table-body')"
                               f".dataset.version) !== {before}", timeout=30_000)

    assert MUST_MEET[game] <= met, f"only {sorted(met)} met"
    assert not wrong, "\n".join(wrong)
    assert not focus_missed, "\n".join(focus_missed)
    assert other.evaluate("document.activeElement.matches('[data-four-colour]')")
    # The robots may still be playing after the last decision, and each tab takes its frames
    # on its own socket: the second tab is right once it has caught up with the first.
    # The robots may move again between two readings, so the tabs are compared once, as
    # each reading pair is taken, rather than read again after the loop.
    caught_up = time.monotonic() + 10
    versions = (table_version(other), table_version(page))
    while versions[0] != versions[1] and time.monotonic() < caught_up:
        page.wait_for_timeout(100)
        versions = (table_version(other), table_version(page))
    assert versions[0] == versions[1]
    assert errors == []
