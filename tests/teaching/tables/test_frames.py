"""What a seat sees in a table frame (teaching.tables.frames, the Jinja table templates).

The deal is built by hand, so a test knows whose cards are whose: North and South
hold 11 points each, East and West 9.
"""

from __future__ import annotations

import re
from html import unescape
from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from games.cards import cards_from_str
from games.deals import Deal
from games.seats import Seat
from teaching.classes import services as classes
from teaching.models import Classroom, Hand, Pupil, Table, User
from teaching.tables import card_html, frames, selectors
from teaching.tables.game_cache import current_hand
from teaching.tables.services.acting import hand_act
from teaching.tables.services.dealing import hand_next, hand_start
from teaching.tables.services.robots import robot_act
from tests.teaching.table_helpers import good_action, seat_table, seat_to_act, view_of

N, E, S, W = Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST
HANDS = {
    N: "SA SK SQ SJ DJ S2 S3 S4 H2 H3 H4 D2 D3",
    S: "HA HK HQ HJ CJ H5 H6 H7 C2 C3 C4 D4 D5",
    E: "DA DK DQ S5 S6 S7 S8 S9 ST H8 H9 HT D6",
    W: "CA CK CQ C5 C6 C7 C8 C9 CT D7 D8 D9 DT",
}
DEAL = Deal(hands={seat: cards_from_str(text) for seat, text in HANDS.items()}, dealer=N)


@pytest.fixture
def ann(robins: Classroom, alice: User) -> Pupil:
    """A pupil whose name is markup: it must reach the page as text."""
    return classes.pupils_create(classroom=robins, names="<b>Ann</b>", by=alice)[0]


@pytest.fixture
def table(bob: Pupil, ann: Pupil) -> Table:
    """Bob in South, Ann in North, robots East and West, MiniLesson 5, the deal above."""
    table = seat_table(bob.classroom, {S: bob, N: ann}, options={"lesson": 5})
    hand_start(table=table, deal=DEAL)
    return table


def _cards(html: str) -> set[str]:
    return set(re.findall(r'data-card="(\w+)"', html))


def _frame(table: Table, seat: Seat, error: str = "") -> str:
    return frames.render_frame(selectors.seat_view(table=table, seat=seat), table, error)


def _play_to_the_end(table: Table, pupils: dict[Seat, Pupil]) -> None:
    while (seat := seat_to_act(table)) is not None:
        text = good_action(view_of(table, seat))
        if seat in pupils:
            hand_act(user=pupils[seat].user, table=table, text=text, seat=seat)
        else:
            robot_act(table_id=table.id)


def test_a_frame_is_the_messages_then_the_body_both_out_of_band(table: Table) -> None:
    html = _frame(table, S)

    assert html.startswith('<div id="table-messages"')
    assert html.index('id="table-messages"') < html.index('id="table-body"')
    assert html.count('hx-swap-oob="true"') == 2
    assert f'data-version="{selectors.seat_view(table=table, seat=S).version}"' in html


def test_the_viewer_sees_their_own_cards_and_no_one_elses(table: Table) -> None:
    for seat in (S, N):
        html = _frame(table, seat)

        assert _cards(html) == set(HANDS[seat].split()), seat
        assert html.count('class="card back"') == 3


def test_each_area_shows_the_seat_there_and_an_area_with_nobody_is_empty(table: Table) -> None:
    tv = selectors.seat_view(table=table, seat=S)
    assert tv is not None

    for where, place in tv.places.items():
        assert frames.seat_at(tv, where) == frames.seat_html(place, tv)
    assert 'data-seat="S"' in frames.seat_at(tv, "bottom")
    assert frames.seat_at(tv, "nowhere") == ""  # a place nobody has (two-handed games)


def test_a_pupil_name_with_markup_is_shown_as_text(table: Table) -> None:
    html = _frame(table, S)

    assert "&lt;b&gt;Ann&lt;/b&gt;" in html
    assert "<b>Ann</b>" not in html


def test_a_frame_is_ascii_and_reads_as_its_characters(table: Table, bob: Pupil,
                                                      ann: Pupil) -> None:
    """The contract's suit symbol, a name beyond English and a refusal's curly quote reach the
    browser as character references, which it reads as the characters themselves: a frame
    all in ASCII costs less at every step after it is rendered (decision 0890)."""
    Pupil.objects.filter(pk=ann.pk).update(name="Zoë 李")  # South sees her name
    pupils = {S: bob, N: ann}
    while not view_of(table, S).contract:
        seat = seat_to_act(table)
        assert seat is not None
        if seat in pupils:
            text = good_action(view_of(table, seat))
            hand_act(user=pupils[seat].user, table=table, text=text, seat=seat)
        else:
            robot_act(table_id=table.id)

    frame = _frame(table, S, error="You can’t do that now.")

    assert frame.isascii()
    shown = unescape(frame)
    assert "Zoë 李" in shown and "You can’t do that now." in shown
    assert re.search(r'class="contract">[^<]* in <span class="suit-[shdc]">[♠♥♦♣]</span>', shown)


def test_the_error_is_shown_escaped_and_an_empty_one_leaves_the_region_empty(
        table: Table) -> None:
    html = _frame(table, S, error="It's not your turn: <wait> & see")

    assert '<p class="table-error">It&#x27;s not your turn: &lt;wait&gt; &amp; see</p>' in html
    assert frames.render_messages("") == (
        '<div id="table-messages" class="table-messages" role="alert" hx-swap-oob="true">'
        '</div>')
    assert "table-error" not in _frame(table, S)


def test_the_dealer_is_asked_for_points_and_the_others_wait(table: Table, ann: Pupil) -> None:
    north, south = _frame(table, N), _frame(table, S)

    assert 'id="hcp-count"' in north and "<strong>Your turn</strong>: count your points" in north
    assert 'id="hcp-count"' not in south
    assert "North (&lt;b&gt;Ann&lt;/b&gt;)" in south and "to count points" in south


def test_dummy_is_seen_by_everyone_once_the_lead_is_made(table: Table, bob: Pupil,
                                                         ann: Pupil) -> None:
    pupils = {S: bob, N: ann}
    while selectors.seat_view(table=table, seat=S).view.phase != "play":
        seat = seat_to_act(table)
        text = good_action(view_of(table, seat))
        if seat in pupils:
            hand_act(user=pupils[seat].user, table=table, text=text, seat=seat)
        else:
            robot_act(table_id=table.id)
    seat = seat_to_act(table)  # the opening lead
    if seat in pupils:
        hand_act(user=pupils[seat].user, table=table, seat=seat,
                 text=good_action(view_of(table, seat)))
    else:
        robot_act(table_id=table.id)
    dummy = Seat(selectors.seat_view(table=table, seat=S).view.info["dummy"])

    for viewer in (S, N):
        shown = _cards(_frame(table, viewer))
        tv = selectors.seat_view(table=table, seat=viewer)
        in_hands = {f.code for p in tv.place_list if p.cards is not None for f in p.cards}
        trick = {f.code for f in tv.trick.values()}
        assert shown == in_hands | trick
        assert {f.code for f in tv.places[next(w for w, p in tv.places.items()
                                               if p.seat == dummy.value)].cards} <= shown
        hidden = {s for s in (N, E, S, W) if s not in (viewer, dummy)}
        for other in hidden:
            assert not (set(HANDS[other].split()) - trick) & shown, (viewer, other)


def test_each_seat_sees_the_lead_in_front_of_its_player_from_one_rendering(
        table: Table, bob: Pupil, ann: Pupil, alice: User,
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The trick is rendered once for the four seats hearing a card, each slot's side put
    in afterwards (teaching.tables.frames.trick_html): the card led still lies in front of
    its player on every screen, at the bottom for the leader, on the right for the player
    after him, at the top for his partner, on the left for the player before him."""
    eve, finn = classes.pupils_create(classroom=bob.classroom, names="Eve\nFinn", by=alice)
    pupils = {S: bob, N: ann, E: eve, W: finn}
    for seat, pupil in ((E, eve), (W, finn)):
        table.seats.filter(seat=seat.value).update(pupil=pupil)
    while (seat := seat_to_act(table)) is not None and not (selectors.seat_view(
            table=table, seat=S).view.trick or {}).get("cards"):
        hand_act(user=pupils[seat].user, table=table, seat=seat,
                 text=good_action(view_of(table, seat)))
    leader = Seat(selectors.seat_view(table=table, seat=S).view.trick["cards"][0]["seat"])
    led = selectors.seat_view(table=table, seat=S).view.trick["cards"][0]["card"]
    frames.forget_kept()
    tricks = []
    real = card_html.trick

    def counting(*args: Any) -> str:
        tricks.append(args)
        return real(*args)

    monkeypatch.setattr(card_html, "trick", counting)
    shown = {viewer: _frame(table, viewer) for viewer in (N, E, S, W)}

    assert len(tricks) == 1, "one rendering of the trick for the four seats"
    sides = {leader: "bottom", leader.next: "right", leader.next.next: "top",
             leader.next.next.next: "left"}
    for viewer, side in sides.items():
        slot = re.search(rf'<div class="slot slot-{side}">(.*?)</div>', shown[viewer], re.S)
        assert slot is not None and f'data-card="{led}"' in slot.group(1), (viewer, side)
        assert "\x00" not in shown[viewer]


def _turn_mark(html: str, seat: Seat) -> str:
    """The turn mark on ``seat``'s name tag in a frame ("" when it has none)."""
    tag = re.search(rf'data-seat="{seat.value}">.*?</div>', html, re.S)
    assert tag is not None
    mark = re.search(r'<span class="turn-mark">([^<]*)</span>', tag.group(0))
    return mark.group(1) if mark else ""


def test_dummy_s_pupil_is_not_told_it_is_their_turn_when_declarer_plays_from_dummy(
        table: Table, bob: Pupil, ann: Pupil) -> None:
    pupils = {S: bob, N: ann}
    while True:
        tv = selectors.seat_view(table=table, seat=S)
        info = tv.view.info
        if tv.view.phase == "play" and info.get("dummy") and tv.view.to_play == info["dummy"]:
            break
        seat = seat_to_act(table)
        assert seat is not None, "the hand ended before declarer played from dummy"
        text = good_action(view_of(table, seat))
        if seat in pupils:
            hand_act(user=pupils[seat].user, table=table, text=text, seat=seat)
        else:
            robot_act(table_id=table.id)
    dummy, declarer = Seat(info["dummy"]), Seat(info["declarer"])

    # Dummy's pupil sees their own hand marked as being played from, not as their turn.
    assert _turn_mark(_frame(table, dummy), dummy) == "to play"
    assert "Your turn" not in _frame(table, dummy)
    # Declarer is the one told: the status, and the cards they may play from dummy.
    assert "Your turn</strong>: play a card from" in _frame(table, declarer)
    assert _turn_mark(_frame(table, declarer), dummy) == "to play"


def test_at_the_end_the_summary_and_the_next_deal_button(table: Table, bob: Pupil,
                                                         ann: Pupil) -> None:
    _play_to_the_end(table, {S: bob, N: ann})
    tv = selectors.seat_view(table=table, seat=S)

    html = frames.render_frame(tv, table)
    assert "The hand is over." in html and 'id="summary-title"' in html
    # Sent over the socket, naming the hand the pupil saw finish.
    assert f'name="deal" value="next {tv.hand.number}" ws-send>Next deal</button>' in html
    assert "csrfmiddlewaretoken" not in html


def test_no_hand_yet(table: Table) -> None:
    html = frames.render_frame(None, table)

    assert "No hand has been dealt at this table yet." in html


def test_spades_shows_the_card_being_chosen_to_its_chooser_only(bob: Pupil, carol: Pupil) -> None:
    table = seat_table(bob.classroom, {S: bob, N: carol}, game="spades2",
                       options={"deal_method": "selection"})
    chooser = seat_to_act(table)
    other = N if chooser == S else S

    mine, theirs = _frame(table, chooser), _frame(table, other)
    assert "You are looking at" in mine and "Take it" in mine
    assert "You are looking at" not in theirs and "is choosing a card from the stock" in theirs


def test_spades_names_the_game_s_winner_and_the_next_hand_starts_a_new_game(
    bob: Pupil, carol: Pupil
) -> None:
    table = seat_table(bob.classroom, {S: bob, N: carol}, game="spades2")
    _play_to_the_end(table, {S: bob, N: carol})
    first = current_hand(table)
    # Say Carol's first hand took her past the game's 500 points.
    Hand.objects.filter(pk=first.pk).update(
        result={**first.result, "scores": {"N": 510, "S": 40}})

    carols, bobs = _frame(table, N), _frame(table, S)
    assert "You win" not in bobs
    assert "Carol (North) wins the game</strong>, 510 to 40" in bobs
    assert "You win the game</strong>, 510 to 40" in carols
    assert "The next deal starts a new game." in carols

    hand_next(table=table, after=first.number, by=bob.user)
    _play_to_the_end(table, {S: bob, N: carol})
    second = current_hand(table).result["scores"]
    html = _frame(table, S)
    assert "wins the game" not in html and "This is game 2 at this table." in html
    assert f"<td>{second['S']}</td></tr>" in html  # Bob's total is this hand's alone


def test_the_page_and_the_watch_embed_the_same_table(table: Table, bob_client: Client,
                                                     alice_client: Client) -> None:
    page = bob_client.get(reverse("table", args=[table.id])).content.decode()
    watch = alice_client.get(reverse("table_watch", args=[table.id])).content.decode()

    assert 'id="table-body"' in page and 'id="table-messages"' in page
    assert _cards(page) == set(HANDS[S].split())
    assert _cards(watch) == {c for text in HANDS.values() for c in text.split()}
    assert "&lt;b&gt;Ann&lt;/b&gt;" in watch and "<b>Ann</b>" not in watch


# -- paths, names and facts, frame after frame --------------------------------------

def test_the_after_hand_buttons_name_each_table_s_own_hand(bob: Pupil, ann: Pupil,
                                                           carol: Pupil) -> None:
    first = seat_table(bob.classroom, {S: bob, N: ann}, options={"lesson": 5})
    second = seat_table(bob.classroom, {S: carol}, options={"lesson": 5}, name="Table 2")
    for table, pupils in ((first, {S: bob, N: ann}), (second, {S: carol})):
        _play_to_the_end(table, pupils)
        hand = current_hand(table)
        assert hand is not None
        html = _frame(table, S)
        assert html.count('name="deal" value="') == (1 if "Deal again" in html else 2)
        assert f'value="next {hand.number}"' in html
        # No "Play it again" after a redeal.
        if "Deal again" not in html:
            assert f'value="again {hand.id}"' in html


TOM = '<b>Tom & "Jo"</b>'
TOM_SHOWN = "&lt;b&gt;Tom &amp; &quot;Jo&quot;&lt;/b&gt;"


def _every_frame(table: Table, pupils: dict[Seat, Pupil]) -> list[str]:
    """Every seat's frame and the teacher's watch after each action of a whole hand."""
    shown = []
    while True:
        for seat in pupils:
            shown.append(_frame(table, seat))
        shown.append(frames.render_game(selectors.open_view(table=table)))
        seat = seat_to_act(table)
        if seat is None:
            return shown
        text = good_action(view_of(table, seat))
        if seat in pupils:
            hand_act(user=pupils[seat].user, table=table, text=text, seat=seat)
        else:
            robot_act(table_id=table.id)


@pytest.mark.parametrize("game", ["minibridge", "spades2"])
def test_a_name_with_markup_is_escaped_in_every_frame_of_a_hand(
        game: str, bob: Pupil, robins: Classroom, alice: User) -> None:
    tom = classes.pupils_create(classroom=robins, names=TOM, by=alice)[0]
    pupils = {S: bob, N: tom}
    options = {"lesson": 5} if game == "minibridge" else {"deal_method": "selection"}
    table = seat_table(robins, pupils, game=game, options=options)

    shown = _every_frame(table, pupils)
    assert all("<b>" not in html and "Tom & " not in html for html in shown)
    assert sum(TOM_SHOWN in html for html in shown) >= len(shown) // 2
    assert any(f"({TOM_SHOWN})" in html for html in shown)  # whose turn it is
    assert any(f'<span class="seat-name">{TOM_SHOWN}</span>' in html for html in shown)
    if game == "spades2":  # the facts and the summary name the players too
        assert any(f"<dt>{TOM_SHOWN}</dt>" in html for html in shown)
        assert f'<th scope="row">{TOM_SHOWN} (North)</th>' in shown[-1]


def test_the_kept_facts_change_with_the_pause_and_the_turn(table: Table, ann: Pupil) -> None:
    before = _frame(table, S)
    assert "North (&lt;b&gt;Ann&lt;/b&gt;)" in before and "paused" not in before
    table.paused = True
    assert "<strong>Your teacher has paused this table.</strong>" in _frame(table, S)
    table.paused = False
    assert _frame(table, S) == before

    hand_act(user=ann.user, table=table, seat=N, text=good_action(view_of(table, N)))
    after = _frame(table, S)
    assert "North (&lt;b&gt;Ann&lt;/b&gt;)" not in after
    assert '<span class="who">North</span>' in after  # Ann's points, announced


def test_every_table_template_can_be_compiled_before_the_first_table_needs_it() -> None:
    assert frames.compile_all() >= 10  # the table's regions and every game's parts
