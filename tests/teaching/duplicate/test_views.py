"""The duplicate pages with the cast: Alice runs a session for her Robins; Eve,
her pupil Dave and visitors see nothing of it; pupils see their own page and
only the boards their table has finished."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

from games.deals import Deal
from games.duplicate import ranking_csv, score_pbn_text
from games.seats import Side
from teaching.duplicate import selectors as sel
from teaching.duplicate import services as dup
from teaching.models import BoardPlay, DuplicateSession, Pupil, SessionBoard
from tests.teaching.duplicate_helpers import create, play_out_table

pytestmark = pytest.mark.django_db


def _form(pupils, **changes) -> dict:
    data = {"title": "Friday duplicate", "rules": "minibridge:lesson-5", "mode": "online",
            "method": "matchpoints", "movement": "", "odd": "sit-out", "source": "seeded",
            "seed": "friday", "board_set": "long-suits", "boards_per_round": "2"}
    for index, pupil in enumerate(pupils):
        data[f"pair_{pupil.pk}"] = str(index // 2 + 1)
    data.update(changes)
    return data


def _legal(session: DuplicateSession, board: int) -> dict:
    deal = Deal.from_data(session.boards.get(number=board).deal)
    side = Side.NS if deal.side_hcp(Side.NS) > deal.side_hcp(Side.EW) else Side.EW
    seat = max(side.seats, key=lambda s: (deal.hcp(s), -((s.index - deal.dealer.index) % 4)))
    return {"board": str(board), "declarer": seat.value, "contract": "3NT", "tricks": "9"}


# -- setting up ----------------------------------------------------------------------------

def test_the_setup_page_suggests_pairs_and_creates_the_session(alice_client, robins,
                                                               eight_robins):
    page = alice_client.get(reverse("duplicate_new", args=[robins.id]))
    assert page.status_code == 200
    assert "Bob" in page.content.decode() and "Suggest other pairs" in page.content.decode()
    response = alice_client.post(reverse("duplicate_new", args=[robins.id]),
                                 _form(eight_robins))
    session = DuplicateSession.objects.get()
    assert response.status_code == 302
    assert response.url == reverse("duplicate_session", args=[session.id])
    assert session.boards.count() == 4


def test_a_bad_pbn_file_is_refused_with_a_clear_message_and_nothing_saved(
        alice_client, robins, eight_robins):
    upload = SimpleUploadedFile("boards.pbn", b'[Board "1"]\n[Deal "N:AKQ.. .. .. .."]\n')
    response = alice_client.post(reverse("duplicate_new", args=[robins.id]),
                                 {**_form(eight_robins, source="upload"), "pbn_file": upload})
    assert response.status_code == 400
    assert "not a deal we can use" in response.content.decode()
    assert DuplicateSession.objects.count() == 0 and SessionBoard.objects.count() == 0


def test_three_pupils_in_one_pair_is_refused(alice_client, robins, eight_robins):
    data = _form(eight_robins)
    data[f"pair_{eight_robins[2].pk}"] = "1"
    response = alice_client.post(reverse("duplicate_new", args=[robins.id]), data)
    assert response.status_code == 400
    assert "Pair 1 has 3 pupils" in response.content.decode()
    assert DuplicateSession.objects.count() == 0


# -- who sees what -------------------------------------------------------------------------------

TEACHER_PAGES = ["duplicate_session", "duplicate_movement", "duplicate_sheets",
                 "duplicate_records", "duplicate_results"]


@pytest.mark.parametrize("name", TEACHER_PAGES)
def test_teacher_pages_are_alices_only(name, robins, alice, eight_robins, alice_client,
                                       eve_client, dave_client, bob_client, visitor):
    session = create(robins, alice, eight_robins)
    url = reverse(name, args=[session.id])
    assert alice_client.get(url).status_code == 200
    assert eve_client.get(url).status_code == 404
    assert dave_client.get(url).status_code == 404
    assert bob_client.get(url).status_code == 404
    assert visitor.get(url).status_code == 302


def test_posts_from_anyone_but_the_teacher_change_nothing(robins, alice, eight_robins,
                                                          eve_client, bob_client):
    session = create(robins, alice, eight_robins)
    for client in (eve_client, bob_client):
        assert client.post(reverse("duplicate_round", args=[session.id])).status_code == 404
    session.refresh_from_db()
    assert session.current_round == 0


def test_dave_cannot_see_alices_pupil_page_or_boards(robins, alice, eight_robins, dave_client):
    session = create(robins, alice, eight_robins, mode="face")
    dup.round_start(session=session, by=alice)
    assert dave_client.get(reverse("duplicate_pupil", args=[session.id])).status_code == 404
    assert dave_client.get(reverse("duplicate_board", args=[session.id, 1])).status_code == 404


# -- playing ---------------------------------------------------------------------------------------

def test_the_progress_page_starts_rounds_and_polls_its_region(alice_client, robins, alice,
                                                              eight_robins):
    session = create(robins, alice, eight_robins)
    page = alice_client.get(reverse("duplicate_session", args=[session.id]))
    assert "Start round 1" in page.content.decode()
    alice_client.post(reverse("duplicate_round", args=[session.id]))
    region = alice_client.get(reverse("duplicate_session", args=[session.id]),
                              headers={"HX-Request": "true"})
    html = region.content.decode()
    assert html.lstrip().startswith('<div id="progress"')
    assert "Table 2" in html and "On board 3" in html and 'hx-trigger="every 2s"' in html


def test_robots_finish_plays_out_the_board_once_the_teacher_says_yes(alice_client, robins,
                                                                      alice, eight_robins):
    session = create(robins, alice, eight_robins)
    dup.round_start(session=session, by=alice)
    sitting = session.sittings.get(round=1, table_number=1)
    alice_client.post(reverse("duplicate_robots_finish", args=[session.id, sitting.id]),
                      {"confirm": "all-seats"})
    sitting.refresh_from_db()
    assert sitting.table.hands.get(number=1).finished


def test_robots_finish_first_says_whose_cards_it_plays_and_plays_nothing(
    alice_client, robins, alice, eight_robins
):
    """Bob and Carol may still be playing at table 1: the teacher reads that the robots
    would play all four seats, theirs included, and is pointed to Seating for one."""
    session = create(robins, alice, eight_robins)
    dup.round_start(session=session, by=alice)
    sitting = session.sittings.get(round=1, table_number=1)
    address = reverse("duplicate_robots_finish", args=[session.id, sitting.id])
    progress = alice_client.get(reverse("duplicate_session", args=[session.id])).text
    assert f'href="{address}"' in progress
    assert f'href="/classes/{robins.id}/seating/#tables"' in progress

    for page in (alice_client.get(address), alice_client.post(address)):
        text = " ".join(page.text.split())
        assert page.status_code == 200
        assert "all four seats" in text and "boards 1, 2" in text
        assert "<strong>Bob</strong>" in text and "<strong>Carol</strong>" in text
        assert f'href="/classes/{robins.id}/seating/#tables"' in text
        assert 'name="confirm" value="all-seats"' in text
    sitting.refresh_from_db()
    assert not sitting.table.hands.filter(finished__isnull=False).exists()


def test_a_pupil_types_a_result_sees_both_scores_and_confirms(bob_client, robins, alice,
                                                              eight_robins):
    session = create(robins, alice, eight_robins, mode="face")
    dup.round_start(session=session, by=alice)
    page = bob_client.get(reverse("duplicate_pupil", args=[session.id]))
    html = page.content.decode()
    assert "Round 1: table 1" in html and "North-South" in html and "Hal &amp; Ivy" in html
    bob_client.post(reverse("duplicate_enter", args=[session.id]), _legal(session, 1))
    play = BoardPlay.objects.get()
    page = bob_client.get(reverse("duplicate_pupil", args=[session.id])).content.decode()
    assert "Board 1: your opponents check it" in page and "Is this right?" not in page
    assert f"North-South score <strong>{play.points['NS']}</strong>" in page
    hal_client = Client()
    hal_client.force_login(eight_robins[4].user)
    page = hal_client.get(reverse("duplicate_pupil", args=[session.id])).content.decode()
    assert "Is this right? Board 1" in page
    assert f"North-South score <strong>{play.points['NS']}</strong>" in page
    hal_client.post(reverse("duplicate_confirm", args=[session.id, play.id]))
    play.refresh_from_db()
    assert play.confirmed


def test_a_pupil_who_confirms_his_own_result_is_refused_and_the_board_stays_shut(
        bob_client, robins, alice, eight_robins):
    session = create(robins, alice, eight_robins, mode="face")
    dup.round_start(session=session, by=alice)
    bob_client.post(reverse("duplicate_enter", args=[session.id]), _legal(session, 1))
    play = BoardPlay.objects.get()

    page = bob_client.post(reverse("duplicate_confirm", args=[session.id, play.id]),
                           follow=True).content.decode()

    assert "the other pair at your table checks it" in page
    play.refresh_from_db()
    assert not play.confirmed
    board = bob_client.get(reverse("duplicate_board", args=[session.id, 1]))
    assert board.status_code == 404


def test_a_result_for_a_board_not_in_the_round_is_refused_on_the_page(bob_client, robins,
                                                                      alice, eight_robins):
    session = create(robins, alice, eight_robins, mode="face")
    dup.round_start(session=session, by=alice)
    response = bob_client.post(reverse("duplicate_enter", args=[session.id]),
                               {**_legal(session, 1), "board": "3"}, follow=True)
    assert "Board 3 is not played at your table" in response.content.decode()
    assert BoardPlay.objects.count() == 0


def test_a_pupil_sees_a_board_page_only_after_their_table_finished_it(
        bob_client, robins, alice, eight_robins, bob):
    session = create(robins, alice, eight_robins, mode="face")
    dup.round_start(session=session, by=alice)
    url = reverse("duplicate_board", args=[session.id, 1])
    assert bob_client.get(url).status_code == 404
    typed = dup.TypedResult(**{**_legal(session, 1), "board": 1})
    dup.result_confirm(play=dup.result_enter(session=session, user=bob.user, typed=typed),
                       user=eight_robins[4].user)  # Hal, of the other pair
    page = bob_client.get(url)
    assert page.status_code == 200
    assert "Traveller" in page.content.decode()
    assert bob_client.get(reverse("duplicate_board", args=[session.id, 2])).status_code == 404


def test_the_teacher_corrects_a_wrong_entry_on_the_board_page(alice_client, robins, alice,
                                                              eight_robins, bob):
    session = create(robins, alice, eight_robins, mode="face")
    dup.round_start(session=session, by=alice)
    good = _legal(session, 1)
    typed = dup.TypedResult(1, good["declarer"], "3NT", "9")
    dup.result_confirm(play=dup.result_enter(session=session, user=bob.user, typed=typed),
                       user=eight_robins[4].user)
    sitting = session.sittings.get(round=1, table_number=1)
    alice_client.post(reverse("duplicate_correct", args=[session.id, 1]),
                      {**good, "tricks": "7", "sitting": str(sitting.id)})
    assert BoardPlay.objects.get().tricks == 7
    response = alice_client.post(reverse("duplicate_correct", args=[session.id, 1]),
                                 {**good, "tricks": "19", "sitting": str(sitting.id)},
                                 follow=True)
    assert "Fill in the result" in response.content.decode() or response.status_code == 200
    assert BoardPlay.objects.get().tricks == 7


# -- results and exports ---------------------------------------------------------------------------

def _played(robins, alice, eight_robins) -> DuplicateSession:
    session = create(robins, alice, eight_robins)
    dup.round_start(session=session, by=alice)
    for round_number in (1, 2):
        for sitting in session.sittings.filter(round=round_number):
            play_out_table(sitting, alice)
        dup.session_sync(session=session)
    return session


def test_results_show_ranking_travellers_and_score_cards(alice_client, robins, alice,
                                                         eight_robins):
    session = _played(robins, alice, eight_robins)
    html = alice_client.get(reverse("duplicate_results", args=[session.id])).content.decode()
    assert "North-South" in html and "East-West" in html
    assert html.count('class="data traveller"') == 4
    assert "Pair NS 1" in html and "Bob &amp; Carol" in html


def test_the_pbn_export_scores_back_to_the_same_ranking(alice_client, robins, alice,
                                                        eight_robins):
    session = _played(robins, alice, eight_robins)
    response = alice_client.get(reverse("duplicate_export", args=[session.id, "pbn"]))
    assert response["Content-Disposition"].endswith('.pbn"')
    ranking = score_pbn_text(response.content.decode())
    assert ranking_csv(ranking) == ranking_csv(sel.session_scores(session).ranking)


def test_endplay_reads_the_pbn_export_with_our_deals(alice_client, robins, alice, eight_robins):
    """Issue 28: "test that endplay reads every PBN the project writes (... duplicate
    exports ...)": another program's reader sees the boards we dealt."""
    from endplay.parsers import pbn as endplay_pbn

    from games.bridge import pbn
    from games.deals import Deal

    session = _played(robins, alice, eight_robins)
    text = alice_client.get(reverse("duplicate_export", args=[session.id, "pbn"])
                            ).content.decode()
    boards = endplay_pbn.loads(text)
    ours = [Deal.from_data(board.deal) for board in session.boards.all()]
    assert len(boards) == len(ours) == len(pbn.loads(text))
    for board, deal in zip(boards, ours, strict=True):
        assert board.board_num == deal.board
        assert Deal.from_pbn(board.deal.to_pbn()).hands == deal.hands
        assert len(board.info["ScoreTable"]["rows"]) >= 1


def test_the_csv_export_has_a_line_per_result_and_the_ranking(alice_client, robins, alice,
                                                              eight_robins):
    session = _played(robins, alice, eight_robins)
    text = alice_client.get(reverse("duplicate_export", args=[session.id, "csv"])
                            ).content.decode()
    lines = text.splitlines()
    assert lines[0].startswith("board,round,table,ns_pair")
    assert sum(1 for line in lines if line[:1].isdigit()) == 8
    assert "ranking,place,pair" in text


FORMULAS = ('=HYPERLINK("http://example.org/x","Click me")', "+1+1", "-2+3", "@SUM(A1)")


def test_the_csv_export_gives_a_spreadsheet_no_formula_from_a_pupils_name(
        alice_client, robins, alice, eight_robins):
    for pupil, name in zip(eight_robins, FORMULAS, strict=False):
        Pupil.objects.filter(pk=pupil.pk).update(name=name)
    session = _played(robins, alice, eight_robins)

    text = alice_client.get(reverse("duplicate_export", args=[session.id, "csv"])
                            ).content.decode()

    cells = [cell for row in csv.reader(io.StringIO(text)) for cell in row]
    risky = [c for c in cells if c[:1] in "=+-@" and not re.fullmatch(r"-?\d+(\.\d+)?", c)]
    assert risky == []
    assert f"'{FORMULAS[0]} & {FORMULAS[1]}" in cells  # Bob and Carol, shown as typed
    assert any(re.fullmatch(r"-\d+", c) for c in cells)  # a negative score stays a number


def test_hand_records_page_shows_progress_while_running(alice_client, robins, alice,
                                                        eight_robins):
    session = create(robins, alice, eight_robins)
    dup.hand_records_start(session=session, background=False)
    region = alice_client.get(reverse("duplicate_records", args=[session.id]),
                              headers={"HX-Request": "true"}).content.decode()
    assert "0 of 4" in region and 'hx-trigger="every 1s"' in region
    dup.hand_records_compute(session_id=session.id)
    page = alice_client.get(reverse("duplicate_records", args=[session.id])).content.decode()
    assert "All 4 hand records are ready" in page and "Par:" in page


def test_the_board_page_replays_an_online_hand_with_card_costs(alice_client, robins, alice,
                                                               eight_robins):
    session = _played(robins, alice, eight_robins)
    play = BoardPlay.objects.filter(session=session, board__number=1).first()
    html = alice_client.get(reverse("duplicate_board", args=[session.id, 1])
                            + f"?play={play.id}").content.decode()
    assert "Card by card" in html
    assert html.count("<li class=") >= 4 and "Trick 1" in html


def test_the_card_by_card_review_speaks_words_not_codes(alice_client, robins, alice,
                                                         eight_robins):
    """The heading says the result as the game says it, not "1NTW+2"; each card is
    "North: Q♥", never the seat's letter or a code."""
    from games.cards import Card
    from teaching.classes.result_words import result_words
    from teaching.tables.game_cache import hand_state

    session = _played(robins, alice, eight_robins)
    play = BoardPlay.objects.filter(session=session, board__number=1).first()
    html = alice_client.get(reverse("duplicate_board", args=[session.id, 1])
                            + f"?play={play.id}").content.decode()
    heading = re.search(r'<h2 id="review-title">(.*?)</h2>', html).group(1)
    words = result_words(session.game, session.options, play.contract)
    assert words != play.contract
    assert heading == f"Card by card: table {play.sitting.table_number}, {words}".replace(
        "'", "&#x27;")
    first = hand_state(play.hand).play.tricks[0]
    seat, card = first.cards[0]
    assert isinstance(card, Card)
    item = re.search(r'<ol class="replay">\s*<li[^>]*>(.*?)</li>', html, re.S).group(1)
    assert f"{seat.word}: " in item
    assert f'title="{card.words}">{card.short}</span>' in item


def test_a_pupil_with_no_session_sees_an_empty_state(bob_client):
    response = bob_client.get(reverse("duplicate_mine"))
    assert "has not started a duplicate session" in response.content.decode()


def test_the_class_lists_its_sessions_for_its_teachers_only(alice_client, eve_client, robins,
                                                            alice, eight_robins):
    create(robins, alice, eight_robins)
    url = reverse("duplicate_sessions", args=[robins.id])
    assert "Friday duplicate" in alice_client.get(url).content.decode()
    assert eve_client.get(url).status_code == 404
    classroom_page = alice_client.get(reverse("classroom", args=[robins.id])).content.decode()
    assert url in classroom_page


def test_a_howell_with_a_sit_out_shows_who_sits_out_on_the_movement_and_progress(
        alice_client, robins, alice, eight_robins):
    from teaching.classes import services as classes

    more = classes.pupils_create(classroom=robins, names="Lu\nMo", by=alice)
    session = create(robins, alice, eight_robins + more, mode="face")
    assert session.movement_kind == "howell"
    movement = alice_client.get(reverse("duplicate_movement", args=[session.id]))
    html = movement.content.decode()
    assert html.count("Sitting out:") == 5 and html.count('class="pair-card"') == 5
    dup.round_start(session=session, by=alice)
    progress = alice_client.get(reverse("duplicate_session", args=[session.id])).content.decode()
    assert "Sitting out: pair" in progress


def test_seating_says_a_robot_can_take_one_absent_pupils_seat_at_a_session_table(
    alice_client, robins, alice, eight_robins
):
    session = create(robins, alice, eight_robins)
    dup.round_start(session=session, by=alice)
    table = session.sittings.get(round=1, table_number=1).table
    text = " ".join(alice_client.get(f"/classes/{robins.id}/seating/").text.split())
    assert table.name in text and 'id="tables"' in text
    assert "A pupil has gone?" in text
    assert "Choose <em>Robot</em> in their seat and press Seat" in text
    assert "duplicate session's table too" in text


def test_a_pupil_whose_table_is_done_is_told_the_next_round_comes_by_itself(
    bob_client, robins, alice, eight_robins
):
    """Bob's table has played its boards, the other has not: his page says the round
    moves on by itself and where he sits next, in words; once the other table is done
    his page shows his round-2 table, with no teacher pressing anything."""
    session = create(robins, alice, eight_robins)
    dup.round_start(session=session, by=alice)
    address = reverse("duplicate_pupil", args=[session.id])
    play_out_table(session.sittings.get(round=1, table_number=1), alice)
    text = " ".join(bob_client.get(address).text.split())
    assert "Your table has played all its boards of this round" in text
    assert "starts by itself when every table has finished" in text
    assert "Go to your table" not in text and "wait for the teacher" not in text.lower()
    assert re.search(r"After this round: table \d, sit (North-South|East-West), against", text)

    play_out_table(session.sittings.get(round=1, table_number=2), alice)
    text = " ".join(bob_client.get(address).text.split())
    now = session.sittings.get(round=2, table__seats__pupil__user__username=eight_robins[0]
                               .user.username)
    assert f"Round 2: table {now.table_number}" in text
    assert f'href="/tables/{now.table_id}/">Go to your table' in text


def test_the_hand_diagram_writes_a_ten_as_10_not_t(alice_client, robins, alice, eight_robins):
    session = create(robins, alice, eight_robins)
    deals = [Deal.from_data(b.deal) for b in session.boards.order_by("number")]
    number, deal = next((n, d) for n, d in enumerate(deals, start=1)
                        if any(c.rank.char == "T" for c in d.hand(d.dealer)))
    record = sel.hand_record(session.boards.get(number=number))
    dealer = next(h for h in record.diagram.hands if h.seat == deal.dealer.value)
    holdings = [cards.split() for _symbol, _red, cards in dealer.suits]
    assert any("10" in ranks for ranks in holdings)
    assert not any("T" in ranks for ranks in holdings)
