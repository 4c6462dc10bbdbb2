"""Every registered game, every variant, through every page a teacher or a pupil opens: the
site's conformance test, beside the engine's (test_every_game.py). A new game that breaks a
teacher's page, or shows a pupil a card code or a Python value, fails here.

For each game and each of its variants, a class is put on it and a table seated with a
pupil (Bob) and robots. The table is played from its deal through its first card and its
second trick to the hand's end, then the next hand to its end, and at each of those
moments:

* every page answers 200: the class page, the wall, watching the table, seating, Bob's
  progress, the chart of that game, the game's how-to page (the teacher's); the table, its
  sheet where the game keeps one, /me/ and the how-to page (Bob's);
* no page shows a Python value (braces, brackets, ``None``, ``True``, ``False``) or a card
  code (``HQ``, ``CJ``, ``5DX``, ``1NTW+2``) in its text, where words belong;
* a pupil of another class (Dave) gets 404 on the table and its sheet;
* once a card has been played, the teacher's Undo takes back the last trick (or the trick
  in progress) without an error, and the pages still open.

No game is named: the games come from the registry.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.test import Client
from django.urls import reverse

from games.registry import GameEntry, catalogue, game_entry
from games.seats import Seat
from teaching.classes import services as classes
from teaching.models import Classroom, CoachMode, Pupil, Table, User
from teaching.tables.game_cache import current_hand, hand_state
from teaching.tables.services.dealing import hand_next
from tests.teaching.table_helpers import cards_played, play_out, play_until, seat_table

pytestmark = pytest.mark.django_db

#: Every (game, variant) the registry lists: the defaults too, for a game without variants.
CASES = [pytest.param(entry.name, variant.key, id=f"{entry.name}-{variant.key}")
         for entry in catalogue() for variant in (entry.variants or ())] + [
    pytest.param(entry.name, None, id=f"{entry.name}-defaults")
    for entry in catalogue() if not entry.variants]

#: A card code standing alone: a suit letter and a rank ("HQ"), or a rank and a suit ("QH").
CARD_CODE = re.compile(r"(?<![\w])(?:[SHDC][AKQJT2-9]|[AKQJT2-9][SHDC])(?![\w])")
#: A contract or result code: "5DX", "3NT", "1NTW+2", "4SXX", "2HS=".
CONTRACT_CODE = re.compile(r"(?<![\w])[1-7](?:NT|[SHDC])[NESW]?X{0,2}(?:[+-]\d{1,2}|=)?(?![\w])")
#: How a Python value prints where a page should say words: braces and brackets, and
#: None, True or False as a value (after a colon, an equals sign, a slash or a comma, or before a
#: comma or a closing bracket). "None: the lesson as it is" is English, and passes.
PYTHON = re.compile(r"[{}\[\]]|(?:[:=,(/]\s*)(?:None|True|False)\b"
                    r"|\b(?:None|True|False)\s*[,)}\]]")
#: A piece of text that is nothing but a Python constant ("None" in a table's cell).
CONSTANT = {"None", "True", "False"}

class _VisibleText(HTMLParser):
    """The text a person reads on a page: everything outside scripts and styles."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.constants: list[str] = []
        self._skip = 0

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in ("script", "style"):
            self._skip += 1
        for name, value in attrs:
            # What a screen reader says of a control is text a pupil meets too.
            if name in ("aria-label", "title", "alt") and value:
                self.parts.append(value)

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style") and self._skip:
            self._skip -= 1

    def handle_data(self, data: str) -> None:
        if not self._skip:
            self.parts.append(data)
            if data.strip() in CONSTANT:
                self.constants.append(data.strip())


def _read(html: str) -> _VisibleText:
    parser = _VisibleText()
    parser.feed(html)
    return parser


def visible_text(html: str) -> str:
    return " ".join(" ".join(_read(html).parts).split())


def words_problems(html: str) -> list[str]:
    """What a page shows where words belong: Python values and card or contract codes."""
    read = _read(html)
    text = " ".join(" ".join(read.parts).split())
    found = [f"Python value {value!r} alone in an element" for value in read.constants]
    for name, pattern in (("Python value", PYTHON), ("card code", CARD_CODE),
                          ("contract code", CONTRACT_CODE)):
        for match in pattern.finditer(text):
            start = max(0, match.start() - 40)
            found.append(f"{name} {match.group()!r} in …{text[start:match.end() + 40]}…")
    return found


def test_the_checker_finds_what_it_looks_for() -> None:
    assert words_problems("<p>North played CJ</p>")
    assert words_problems("<p>The talon is S9 SJ</p>")
    assert words_problems("<p>Contract 5DX by West</p>")
    assert words_problems("<p>table 1, 1NTW+2</p>")
    assert words_problems("<td>refas: {'S': 0}</td>")
    assert words_problems("<td>Finished / None</td>")
    assert words_problems("<td>None</td>")
    assert words_problems("<td>made: False</td>")
    assert not words_problems("<p>North played the jack of clubs: J♣</p>"
                              "<option>None: the lesson as it is</option><p>None (0 s)</p>"
                              "<script>let x = {a: [1]}; var None;</script>"
                              "<button hx-vals='{\"a\": 1}'>Go</button>")


# -- playing a table to a moment -----------------------------------------------------------

def _first_seat(entry: GameEntry, options: dict) -> Seat:
    return Seat(str(entry.table_seats(**options)[0]))


# -- the pages ------------------------------------------------------------------------------

def _teacher_pages(classroom: Classroom, table: Table, bob: Pupil, game: str) -> list[str]:
    return [
        reverse("classroom", args=[classroom.id]),
        reverse("classroom_wall", args=[classroom.id]),
        reverse("table_watch", args=[table.id]),
        reverse("classroom_seating", args=[classroom.id]),
        reverse("pupil_progress", args=[classroom.id, bob.id]),
        reverse("classroom_chart", args=[classroom.id]) + f"?game={game}",
        reverse("game_howto", args=[game]),
        reverse("classroom_coach", args=[classroom.id]),
        reverse("pupil_practise", args=[classroom.id, bob.id]),
    ]


def _pupil_pages(table: Table, game: str) -> list[str]:
    return [reverse("table", args=[table.id]), reverse("pupil_home"),
            reverse("game_howto", args=[game])]


def _check_pages(moment: str, clients: dict[str, Client], classroom: Classroom, table: Table,
                 bob: Pupil, game: str) -> list[str]:
    problems = []
    pages = [("alice", url) for url in _teacher_pages(classroom, table, bob, game)]
    pages += [("bob", url) for url in _pupil_pages(table, game)]
    sheet = reverse("table_sheet", args=[table.id])
    bob_sheet = clients["bob"].get(sheet)
    if bob_sheet.status_code == 200:
        pages += [("bob", sheet), ("alice", sheet)]
    else:
        assert bob_sheet.status_code == 404, f"{moment}: the sheet answered {bob_sheet.status_code}"
    for who, url in pages:
        response = clients[who].get(url)
        if response.status_code != 200:
            problems.append(f"{moment}: {who} {url} answered {response.status_code}")
            continue
        problems += [f"{moment}: {who} {url}: {p}"
                     for p in words_problems(response.content.decode())]
    for url in (reverse("table", args=[table.id]), sheet):
        answered = clients["dave"].get(url).status_code
        if answered != 404:
            problems.append(f"{moment}: Dave, of another class, got {answered} at {url}")
    return problems + _check_help(moment, clients, table, game) + _check_review(
        moment, clients, table)


def _check_review(moment: str, clients: dict[str, Client], table: Table) -> list[str]:
    """The coach's review after the hand (issue 29; the class gives hints and the review):
    the table page offers "Review my hand", and its GET answers the review in words once
    the hand is over (200), a refusal in words before (409); Dave gets 404."""
    problems = []
    page = clients["bob"].get(reverse("table", args=[table.id])).content.decode()
    if "data-coach-review" not in page:
        problems.append(f"{moment}: no Review my hand on the table page")
    url = reverse("table_review", args=[table.id])
    response = clients["bob"].get(url, HTTP_HX_REQUEST="true")
    hand = current_hand(table)
    over = hand is not None and hand_state(hand).is_over()
    if response.status_code != (200 if over else 409):
        problems.append(f"{moment}: the review answered {response.status_code}")
    else:
        problems += [f"{moment}: review: {p}" for p in words_problems(response.content.decode())]
    answered = clients["dave"].get(url, HTTP_HX_REQUEST="true").status_code
    if answered != 404:
        problems.append(f"{moment}: Dave, of another class, got {answered} at {url}")
    return problems


def _check_help(moment: str, clients: dict[str, Client], table: Table, game: str) -> list[str]:
    """The coach's Help (issue 29): a hint (200), or a refusal in words (409: not his
    decision, or no advice; 403: a game without a coach yet); Dave gets 404."""
    problems = []
    url = reverse("table_help", args=[table.id])
    response = clients["bob"].post(url, HTTP_HX_REQUEST="true")
    has_coach = game_entry(game).coach is not None
    allowed = {200, 409} if has_coach else {403}
    if response.status_code not in allowed:
        problems.append(f"{moment}: Help answered {response.status_code}")
    else:
        problems += [f"{moment}: Help: {p}" for p in words_problems(response.content.decode())]
    answered = clients["dave"].post(url, HTTP_HX_REQUEST="true").status_code
    if answered != 404:
        problems.append(f"{moment}: Dave, of another class, got {answered} at {url}")
    return problems


@pytest.mark.parametrize(("game", "variant"), CASES)
def test_every_page_of_every_game_opens_and_speaks_words(
        game: str, variant: str | None, alice: User, robins: Classroom, bob: Pupil,
        alice_client: Client, bob_client: Client, dave_client: Client) -> None:
    entry = next(e for e in catalogue() if e.name == game)
    options = dict(entry.variant(variant).options) if variant else {}
    classes.classroom_set_game(classroom=robins, game=game, options=options, by=alice)
    robins.refresh_from_db()
    robins.coach_mode = CoachMode.REVIEW
    robins.save(update_fields=["coach_mode"])
    seat = _first_seat(entry, options)
    table = seat_table(robins, {seat: Pupil.objects.get(pk=bob.pk)}, game=game, options=options)
    clients = {"alice": alice_client, "bob": bob_client, "dave": dave_client}

    bob = Pupil.objects.get(pk=bob.pk)
    pupils = {seat: bob}

    problems = _check_pages("dealt", clients, robins, table, bob, game)
    if play_until(table, pupils, lambda: any(cards_played(table))):
        problems += _check_pages("first card", clients, robins, table, bob, game)
        if play_until(table, pupils, lambda: cards_played(table)[0] >= 2):
            problems += _check_pages("two tricks", clients, robins, table, bob, game)
            undo = alice_client.post(reverse("table_undo", args=[table.id]),
                                     HTTP_HX_REQUEST="true")
            text = undo.content.decode()
            if undo.status_code != 200 or "message-error" in text:
                problems.append(f"undo after two tricks: {undo.status_code} "
                                f"{visible_text(text)[:200]}")
            problems += _check_pages("after undo", clients, robins, table, bob, game)
            table.refresh_from_db()
            if table.paused:
                alice_client.post(reverse("table_pause", args=[table.id]), {"paused": "0"})
                table.refresh_from_db()
    play_out(table, pupils)
    problems += _check_pages("hand over", clients, robins, table, bob, game)
    # The next hand: what a game carries from hand to hand (a sheet, refas waiting, a
    # partie's score) is on the pages now too.
    finished = current_hand(table)
    hand_next(table=table, after=finished.number, by=alice, notify=False)
    play_out(table, pupils)
    problems += _check_pages("second hand over", clients, robins, table, bob, game)

    assert not problems, "\n".join(problems[:40])
