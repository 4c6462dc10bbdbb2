"""The table as a seat sees it, rendered with Jinja2 (templates/jinja2/tables/, games/).

One frame a seat after every change, four seats a table: the consumer and the pages
call these instead of the Django template engine, which took about five times as long.
"""

from __future__ import annotations

import threading
import time
import weakref
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any

import jinja2
from django.template import engines
from markupsafe import Markup, escape

from games.cards import PACK_52
from teaching.runtime.markup import as_markup
from teaching.tables import card_html

if TYPE_CHECKING:
    from teaching.tables.selectors import Place, TableView


@cache
def _env() -> jinja2.Environment:
    return engines["jinja2"].env  # type: ignore[attr-defined]


def _template(name: str) -> jinja2.Template:
    """The compiled template, looked up once (forgotten with the kept pieces when a template
    is edited): a frame asks for two, and the environment's cache lookup costs as a piece's
    key does."""
    template = _templates.get(name)
    if template is None:
        template = _templates[name] = _env().get_template(name)
    return template


_templates: dict[str, jinja2.Template] = {}


def compile_all(pause: float = 0.0) -> int:
    """Compile every table template now, not at the first table to need one: the
    end-of-hand summary's are first needed when a class that began together ends its
    first hands, all in the same second. The server does it once its port is open
    (teaching/runtime/warm_up.py), ``pause`` seconds before each template so that its
    loop gets Python's lock back in between. Returns how many."""
    env = _env()
    names = env.list_templates()
    for name in names:
        if pause:
            time.sleep(pause)
        env.get_template(name)
    return len(names)


def warm_cards() -> int:
    """Make every card's face and HTML now, face down or to be played (``"play SA"``, every
    game's play action), dimmed or not: otherwise each is made at its first showing, three
    escapes and a string each, in the first cards of the first hands after a start. The
    server does it as it warms up (teaching.runtime.warm_up). Returns how many."""
    from teaching.tables.selectors import card_face

    made = 0
    for card in PACK_52:
        code = str(card)
        for action in ("", f"play {code}"):
            face = card_face(code, action=action)
            for dim in (False, True):
                card_html.card(face, dim)
                made += 1
    return made


def render_messages(error: str = "", retry_ms: int = 0) -> str:
    """The ``#table-messages`` region, out of band: the refusal the viewer reads, or empty.
    With ``retry_ms`` the move was not taken and the page sends it again after that long
    (a busy worker, a database away: static/js/table.js)."""
    template = _template("tables/_messages.html")
    if error:
        return template.render(error=error, retry=retry_ms)
    empty = _empty_messages.get(template)  # almost every frame: render it once
    if empty is None:
        empty = _empty_messages[template] = template.render(error="")
    return empty


def render_moved(address: str, where: str) -> str:
    """The ``#table-messages`` region of a closed table's page: where its pupil plays now,
    with the address the page goes to at once (``data-go``, static/js/table.js)."""
    return _template("tables/_moved.html").render(address=address, where=where)


def with_message(frame: str, error: str) -> str:
    """A frame rendered for every seat (its messages region empty) with the message one
    viewer is still reading put back in it: a refusal stays until its pupil acts again
    (docs/decisions/0402-a-message-stays-until-its-pupil-acts.md)."""
    empty = render_messages()
    if error and frame.startswith(empty):
        return render_messages(error) + frame[len(empty):]
    return frame


#: The empty messages region, per compiled template (a new one after an edit in development).
_empty_messages: weakref.WeakKeyDictionary[jinja2.Template, str] = weakref.WeakKeyDictionary()


def seat_html(place: Place, tv: TableView, extra: str = "") -> Markup:
    """One seat's name tag and hand (teaching.tables.card_html.seat), kept by
    what it shows: after a card, most seats of most frames look as they did before (the
    same cards, the same name, not their turn), so their HTML is taken from here."""
    if not keeping:  # as it was written, side and all: what the kept HTML is compared with
        return as_markup(card_html.seat(place, tv, extra, place.where))
    cards = place.cards
    where = place.where
    # A seat at the top, left or right looks the same from every side but for its
    # "seat-<where>" class: the three viewers around a closed hand, or around dummy,
    # share one rendering of it, the class put in afterwards. At the bottom (the
    # viewer's own hand, or the hand they play from) it is laid out in a row instead.
    side = where if where == "bottom" else _SIDE
    # Whether the viewer may play now only shows on open hands ("choosing"): a closed
    # hand looks the same either way, and keeps its HTML when the turn moves on.
    key = ("seat", side, place.seat, place.word, place.name, place.is_robot,
           place.is_viewer, place.is_viewer and tv.my_turn, place.to_act, place.count,
           cards, cards is not None and bool(tv.can_play),
           extra)
    if side == "bottom":
        return _kept_piece(tv, key, card_html.seat, place, tv, extra, where)
    html = _kept_piece(tv, key, card_html.seat, place, tv, extra, _SIDE)
    # str's replace: Markup's would escape its arguments and wrap the result again.
    return as_markup(str.replace(html, _SIDE, where, 1))


def seat_at(tv: TableView, where: str) -> Markup:
    """``{{ seat_at(tv, "top") }}``: the seat at ``where`` on this viewer's screen
    (:func:`seat_html`), or nothing where nobody sits. One call where the template's
    ``{% with place = tv.places|get("top") %}{% if place %}{{ seat_html(place, tv) }}``
    made three (the name's look-up in the context, the filter, the call) for each of the
    four areas of every frame."""
    place = tv.places.get(where)
    return seat_html(place, tv) if place is not None else _NOTHING


_NOTHING = Markup("")


#: Where a seat's side goes in its kept HTML (``seat-<where>``): no escaping changes it,
#: and no name or card can hold it.
_SIDE = "\x00side"


def trick_html(tv: TableView) -> Markup:
    """The cards on the table, and the last trick (teaching.tables.card_html.trick), kept
    by what they show: the four seats hearing a card see the same trick from four sides,
    so it is rendered once for the four, each slot's side put in afterwards (as a side
    seat's is: :func:`seat_html`). The view has them by seat letter, and as items for the
    key, once for the four seats (teaching.tables.selectors._Round)."""
    trick, last = tv.trick_by_seat, tv.last_by_seat
    winner, over = tv.last_trick_winner, bool(tv.over)
    if not keeping:  # as it was written, sides and all: what the kept HTML is compared with
        return as_markup(card_html.trick(tv.wheres, trick, last, winner, over))
    html: str = _kept_piece(tv, ("trick", tv.trick_items, winner, over), card_html.trick,
                            _SLOTS, trick, last, winner, over)
    for seat, where in tv.wheres.items():
        html = str.replace(html, _SLOTS[seat], where)
    return as_markup(html)


#: Where each seat's slot of the trick goes in its kept HTML (``slot-<where>``), as _SIDE.
_SLOTS = {seat: f"\x00slot{seat}" for seat in "NESW"}


def kept(tv: TableView, *key: Any, caller: Callable[[], str]) -> Markup:
    """``{% call kept(tv, "what", everything it shows...) %}...{% endcall %}``: a piece of
    a frame kept by what it shows, as :func:`seat_html` keeps a seat through it. The four
    seats' frames after a card share most of their pieces (the facts of the hand, a waiting
    seat's actions), and so do one seat's frames from card to card; only the pieces whose
    key changed are rendered again. The key must hold everything the piece reads (the first
    item names the piece): tests/teaching/tables/test_kept_pieces.py renders every game's
    frames along random playouts with and without keeping, and compares them."""
    return _kept_piece(tv, key, caller)


def _kept_piece(tv: TableView, key: tuple[Any, ...], make: Callable[..., str],
                *args: Any) -> Markup:
    """The piece ``key`` of ``tv``'s table, made by ``make(*args)`` when neither this
    version's frames nor the last version's have it (:func:`kept`). The seats and the trick
    come here with their key made and their maker's arguments, no closure; the table's
    pieces are looked up once a frame and held by the frame's view (``kept_pieces``)."""
    if not keeping:
        return as_markup(make(*args))
    pieces = tv.kept_pieces
    if pieces is None or pieces.version != tv.version:
        pieces = tv.kept_pieces = _pieces_of(tv)
    html = pieces.now.get(key)
    if html is None:
        html = pieces.before.get(key)
        if html is None:
            html = as_markup(make(*args))
        pieces.now[key] = html
    return html


class _TablePieces:
    """One table's kept pieces: those its frames used at its latest version (``now``), and at
    the version before (``before``), from which the unchanged ones are taken over.

    Kept by table, and only two versions deep, rather than in one cache for every table:
    a card leaves most of its table's pieces as they were, but those it changed are never
    shown again, and a cache of every table's pieces filled with them. The garbage collector
    walks what was made since its last collection (teaching.runtime.collector): at 400
    tables the shared cache was 110,000 of the 200,000 objects it walked, a pause of
    100-300 ms every half minute, and it was emptied whole when full (every table's frames
    rendered again at once). Two versions of each table's pieces are a few thousand objects,
    and no longer grow (docs/decisions/0519-a-tables-pieces-are-its-own.md)."""

    __slots__ = ("version", "now", "before")

    def __init__(self, version: int) -> None:
        self.version = version
        self.now: dict[tuple[Any, ...], Markup] = {}
        self.before: dict[tuple[Any, ...], Markup] = {}


def _pieces_of(tv: TableView) -> _TablePieces:
    """The table's kept pieces, at ``tv``'s version: when the version changed, those of the
    latest become the ones before (a key holds all a piece shows, so a frame of an older
    version, or of a new hand, only finds fewer pieces ready)."""
    table_id, version = tv.table.id, tv.version
    pieces = _tables.get(table_id)
    if pieces is not None and pieces.version == version:
        return pieces
    with _tables_lock:  # the pages' threads render too
        pieces = _tables.pop(table_id, None)
        if pieces is None:
            pieces = _TablePieces(version)
            # The tables that moved on longest ago go first: closed ones, not those playing.
            while len(_tables) >= _MOST_TABLES:
                del _tables[next(iter(_tables))]
        elif pieces.version != version:
            pieces.version, pieces.before, pieces.now = version, pieces.now, {}
        _tables[table_id] = pieces  # last: the table that moved on most recently
    return pieces


#: Whether :func:`kept` keeps (the comparison test turns it off to render everything).
keeping = True
#: The kept pieces by table, the one that moved on longest ago first (forgotten when a
#: template changes: teaching.runtime.jinja).
_tables: dict[int, _TablePieces] = {}
_tables_lock = threading.Lock()
#: More tables than one process plays at once; one viewer's pieces at a table are about
#: 3 kilobytes (tests/teaching/tables/test_kept_pieces.py).
_MOST_TABLES = 2_000


def forget_kept() -> None:
    """Forget every kept piece (a template was edited under the development server)."""
    _tables.clear()
    _templates.clear()


def render_body(tv: TableView | None, table: Any) -> str:
    """The ``#table-body`` region, out of band: the table from ``tv``'s seat (or "no hand
    yet" when ``tv`` is ``None``, tables/_body.html). With a hand, the game's template is
    rendered in the region's tag written here: including it from a template of the region
    cost a second template context in every frame."""
    if tv is None:
        return _template("tables/_body.html").render()
    return (f'\n<div id="table-body" class="table-body" hx-swap-oob="true" '
            f'data-version="{tv.version}" data-hand="{tv.hand.number}"'
            f'{" data-over" if tv.over else ""}'
            f'{_guess_attribute(tv)} '
            f"hx-vals='{{\"version\": {tv.version or 0}}}'>"
            f"{_template(tv.template).render(tv=tv, table=table)}</div>")


def _guess_attribute(tv: TableView) -> str:
    """` data-guess="S7 S9"`: the cards dummy's pupil may tap as a guess of declarer's
    next card (static/js/table.js); nothing in other frames."""
    guessable = tv.guessable
    return f' data-guess="{escape(" ".join(guessable))}"' if guessable else ""


def render_game(tv: TableView) -> str:
    """The game's part of the table alone (``tv.template``), as the teacher's watch shows it."""
    return _template(tv.template).render(tv=tv)


def render_sheet(tv: TableView | None, table: Any, standing: Any) -> str | None:
    """A game of several hands' scoresheet page, from the game's own
    ``games/<name>/sheet.html`` (given the table, its ``standing`` and the seat's
    view for the names): ``None`` for a game that has no such template."""
    try:
        template = _template(f"games/{table.game}/sheet.html")
    except jinja2.TemplateNotFound:
        return None
    return template.render(tv=tv, table=table, standing=standing)


def render_frame(tv: TableView | None, table: Any, error: str = "") -> str:
    """What the websocket sends a seat: the messages region, then the table body."""
    return render_messages(error) + render_body(tv, table)
