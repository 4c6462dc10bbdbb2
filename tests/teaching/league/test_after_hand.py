"""A mini-match's table offers only what counts: "Next deal" until the match is decided,
never "Play it again", and then "Match over" (issue 14).

Alice's league of her eight Robins: Bob and Carol (pair I) meet Fay and Gus (pair II)
online, best of three deals. Robots stand in for the pupils, deal after deal, and
nobody looks at the league page meanwhile (so the match is not yet recorded as over).
"""

from __future__ import annotations

import pytest

from games.seats import Seat
from teaching.league import services as sl
from teaching.models import Hand, LeagueMatch
from teaching.tables.game_cache import current_hand
from teaching.tables.selectors import seat_view
from teaching.tables.services import ActionRefused
from teaching.tables.services.dealing import hand_next, hand_replay
from teaching.tables.services.robots import robot_act
from tests.teaching.league_helpers import create, match_between


@pytest.fixture
def match(robins, alice, eight_robins) -> LeagueMatch:
    league = create(robins, alice, eight_robins)
    match = match_between(league, 1, 2)
    sl.match_play_online(match=match, by=alice)
    match.refresh_from_db()
    return match


def _robots_play(table) -> Hand:
    seats = list(table.seats.all())
    kept = {s.pk: s.pupil_id for s in seats}
    table.seats.update(pupil=None)
    while robot_act(table_id=table.id) is not None:
        pass
    for seat in seats:
        type(seat).objects.filter(pk=seat.pk).update(pupil_id=kept[seat.pk])
    return current_hand(table)


def _play_until_decided(match: LeagueMatch, teacher) -> Hand:
    table = match.table
    for _ in range(12):  # a 20-20 redeal (Law 6) is dealt again, not a deal of the match
        hand = _robots_play(table)
        if not seat_view(table=table, seat=Seat.NORTH).after.next_deal:
            return hand
        hand_next(table=table, after=hand.number, by=teacher)
    raise AssertionError("the match was never decided")


def test_during_the_match_the_table_offers_the_next_deal_but_not_play_it_again(match, bob):
    hand = _robots_play(match.table)
    offer = seat_view(table=match.table, seat=Seat.NORTH).after
    assert offer.next_deal and not offer.play_again
    with pytest.raises(ActionRefused) as refused:
        hand_replay(table=match.table, hand=hand, by=bob.user)
    assert refused.value.code == "not_offered" and match.table.hands.count() == 1


def test_once_the_match_is_decided_the_table_says_match_over_and_deals_no_more(match, alice,
                                                                               bob):
    hand = _play_until_decided(match, alice)
    offer = seat_view(table=match.table, seat=Seat.NORTH).after
    assert not offer.next_deal and not offer.play_again
    assert offer.message.startswith("Match over: Pair I")
    hands = match.table.hands.count()
    with pytest.raises(ActionRefused) as refused:
        hand_next(table=match.table, after=hand.number, by=bob.user)
    assert refused.value.code == "match_over" and match.table.hands.count() == hands


def test_robots_finish_refuses_a_decided_match_and_deals_nothing(match, alice):
    _play_until_decided(match, alice)
    hands = match.table.hands.count()
    with pytest.raises(sl.LeagueRefused, match="over"):
        sl.match_robots_finish(match=match, by=alice)
    assert match.table.hands.count() == hands
    assert sl.match_sync(match=match) > 0  # the league page records it, as before
    match.refresh_from_db()
    assert match.finished
