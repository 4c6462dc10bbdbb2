"""League use cases: setting a league up, rescheduling, mini-matches played online
and typed in, and every refusal leaving everything as it was."""

from __future__ import annotations

import datetime

import pytest

from games import league as lg
from teaching.classes import services as classes
from teaching.league import rows
from teaching.league import services as sl
from teaching.models import League, LeagueDeal, LeagueMatch, LeaguePair, Pupil, Table
from tests.teaching.league_helpers import create, match_between, play_online, typed

# A deal whose cards the site knows: North-South hold 27 points, North 26 of them.
KNOWN = "N:AKQJ.AKQ.AK.5432 T987.JT9.QJT.AKQ 6543.876.987.JT9 2.5432.65432.876"


def _state(match: LeagueMatch) -> tuple[int, bool]:
    match.refresh_from_db()
    return match.deals.count(), match.finished


class TestSettingUp:
    def test_a_four_pair_league_is_a_round_robin_where_every_pair_meets_every_other_once(
            self, robins, alice, eight_robins):
        league = create(robins, alice, eight_robins)
        assert [str(p) for p in league.pairs.all()] == [
            "Bob & Carol", "Fay & Gus", "Hal & Ivy", "Jo & Kit"]
        schedule = rows.schedule_of(league)
        assert lg.schedule_problems(schedule) == []
        assert len(schedule.rounds) == 3 and league.matches.count() == 6
        for rnd in schedule.rounds:
            assert sorted(rnd.playing()) == ["I", "II", "III", "IV"]

    def test_a_league_plays_the_classs_game(self, robins, alice, eight_robins):
        league = create(robins, alice, eight_robins)
        assert league.game == robins.game == "minibridge"
        assert rows.league_rules_options(league) == {"lesson": 5, "variant": "target"}

    def test_a_class_at_a_game_without_partnerships_gets_no_league(self, robins, alice,
                                                                    eight_robins):
        classes.classroom_set_game(classroom=robins, game="spades2", options={}, by=alice)
        with pytest.raises(sl.LeagueRefused, match="two partnerships"):
            create(robins, alice, eight_robins)
        assert not League.objects.exists() and not LeaguePair.objects.exists()

    def test_three_pairs_give_one_pair_a_bye_each_round(self, robins, alice, eight_robins):
        league = create(robins, alice, eight_robins[:6])
        schedule = rows.schedule_of(league)
        assert [rnd.resting(schedule.pairs) for rnd in schedule.rounds] == [
            ("I",), ("II",), ("III",)]

    def test_a_double_round_robin_meets_twice_with_seats_swapped(self, robins, alice,
                                                                 eight_robins):
        league = create(robins, alice, eight_robins, meetings=2, length="deals", deals=4,
                        won_by="score", starts=datetime.date(2027, 1, 4),
                        ends=datetime.date(2027, 3, 26))
        assert league.matches.count() == 12
        assert lg.schedule_problems(rows.schedule_of(league)) == []

    def test_a_pupil_in_two_pairs_is_refused_and_nothing_is_made(self, robins, alice,
                                                                 eight_robins):
        bob, carol, fay = eight_robins[:3]
        pairs = ((bob.id, carol.id), (fay.id, bob.id))
        with pytest.raises(sl.LeagueRefused, match="Bob is in pair I and pair II"):
            sl.league_create(classroom=robins, by=alice,
                             plan=sl.LeaguePlan(name="Spring", pairs=pairs))
        assert not League.objects.exists() and not LeaguePair.objects.exists()

    def test_a_pupil_of_another_class_is_refused(self, robins, alice, eight_robins, dave):
        pupils = [*eight_robins[:3], dave]
        with pytest.raises(sl.LeagueRefused, match="Pair II: choose two pupils of this class"):
            create(robins, alice, pupils)
        assert not League.objects.exists()

    @pytest.mark.parametrize("changes, message", [
        (dict(name="  "), "Give the league a name"),
        (dict(length="best-of", deals=4), "Best of 4 could end level"),
        (dict(starts=datetime.date(2027, 3, 1), ends=datetime.date(2027, 1, 1)),
         "ends before it starts"),
        (dict(meetings=3), "once .* or twice"),
    ])
    def test_a_league_that_cannot_be_right_is_refused(self, robins, alice, eight_robins,
                                                      changes, message):
        with pytest.raises(sl.LeagueRefused, match=message):
            create(robins, alice, eight_robins, **changes)
        assert not League.objects.exists()

    def test_one_pair_is_not_a_league(self, robins, alice, eight_robins):
        with pytest.raises(sl.LeagueRefused, match="at least two pairs"):
            create(robins, alice, eight_robins[:2])


class TestRescheduling:
    def test_a_match_moves_to_a_new_round_and_its_pairs_rest_in_the_old_one(
            self, robins, alice, eight_robins):
        league = create(robins, alice, eight_robins)
        match = LeagueMatch.objects.filter(league=league, round=1).first()
        sl.match_move(match=match, to_round=4, by=alice)
        match.refresh_from_db()
        assert match.round == 4
        schedule = rows.schedule_of(league)
        assert lg.schedule_problems(schedule) == []
        assert len(schedule.rounds[0].resting(schedule.pairs)) == 2

    def test_a_move_into_a_round_where_a_pair_already_plays_is_refused(self, robins, alice,
                                                                       eight_robins):
        league = create(robins, alice, eight_robins)
        match = LeagueMatch.objects.filter(league=league, round=1).first()
        with pytest.raises(sl.LeagueRefused, match="cannot move to round 2: .* already plays"):
            sl.match_move(match=match, to_round=2, by=alice)
        match.refresh_from_db()
        assert match.round == 1

    def test_a_move_to_a_round_that_does_not_exist_is_refused(self, robins, alice,
                                                              eight_robins):
        league = create(robins, alice, eight_robins)
        match = LeagueMatch.objects.filter(league=league, round=1).first()
        with pytest.raises(sl.LeagueRefused, match="to a round from 1 to 4"):
            sl.match_move(match=match, to_round=9, by=alice)


class TestTypedIn:
    def test_deals_typed_without_cards_are_won_against_the_target_for_the_points(
            self, robins, alice, eight_robins):
        league = create(robins, alice, eight_robins)
        match = match_between(league, 1, 2)
        sl.deal_enter(match=match, by=alice, typed=typed("N", points=25, tricks=9))
        row = sl.deal_enter(match=match, by=alice, typed=typed("E", points=23, tricks=7))
        assert row.contract == "2NTE-1" and row.declaring_side == "EW"
        assert rows.match_state(match) == lg.MatchState(2, 0, True, "a")
        assert _state(match) == (2, True)

    def test_a_deal_for_a_finished_match_is_refused_and_nothing_changes(
            self, robins, alice, eight_robins):
        league = create(robins, alice, eight_robins)
        match = match_between(league, 1, 2)
        for _ in range(2):
            sl.deal_enter(match=match, by=alice, typed=typed("N", points=25, tricks=9))
        with pytest.raises(sl.LeagueRefused, match="mini-match is over .* ended 2-0"):
            sl.deal_enter(match=match, by=alice, typed=typed())
        assert _state(match) == (2, True)

    @pytest.mark.parametrize("deal, message", [
        (typed(tricks=14), "from 0 to 13, not 14"),
        (typed(tricks="lots"), "whole number"),
        (typed(points=19), "from 21 to 40"),
        (typed(points=""), "combined points"),
        (typed(declarer="Q"), "N, E, S or W"),
        (typed(contract="4NT"), "only the trump suit"),
        (typed(contract="banana"), "not part of a MiniBridge contract"),
    ])
    def test_an_impossible_deal_is_refused_and_nothing_is_added(self, robins, alice,
                                                                eight_robins, deal, message):
        league = create(robins, alice, eight_robins)
        match = match_between(league, 1, 2)
        with pytest.raises(sl.LeagueRefused, match=message):
            sl.deal_enter(match=match, by=alice, typed=deal)
        assert _state(match) == (0, False)

    def test_a_deal_with_its_cards_is_checked_by_the_laws(self, robins, alice, eight_robins):
        league = create(robins, alice, eight_robins)
        match = match_between(league, 1, 2)
        with pytest.raises(sl.LeagueRefused, match="East cannot declare"):
            sl.deal_enter(match=match, by=alice, typed=sl.TypedDeal(
                declarer="E", contract="NT", tricks="7", deal=KNOWN))
        row = sl.deal_enter(match=match, by=alice, typed=sl.TypedDeal(
            declarer="N", contract="NT", tricks="13", deal=KNOWN, combined_hcp="21"))
        assert row.combined_hcp == 27 and row.deal is not None and row.tricks == 13

    def test_unreadable_cards_are_refused(self, robins, alice, eight_robins):
        league = create(robins, alice, eight_robins)
        match = match_between(league, 1, 2)
        with pytest.raises(sl.LeagueRefused, match="cards cannot be read"):
            sl.deal_enter(match=match, by=alice, typed=typed(deal="N:AKQ"))
        assert _state(match) == (0, False)

    def test_by_score_a_game_made_wins_the_deal_for_the_declaring_side(self, robins, alice,
                                                                       eight_robins):
        league = create(robins, alice, eight_robins, won_by="score", length="deals", deals=2)
        match = match_between(league, 1, 2)
        row = sl.deal_enter(match=match, by=alice, typed=typed("E", contract="4H", tricks=10))
        assert (row.score_ns, row.score_ew, row.contract) == (0, 420, "4HE=")
        with pytest.raises(sl.LeagueRefused, match="part-score or game"):
            sl.deal_enter(match=match, by=alice, typed=typed("E", contract="H", tricks=10))
        sl.deal_enter(match=match, by=alice, typed=typed("N", contract="part S", tricks=8))
        assert rows.match_state(match) == lg.MatchState(1, 1, True, None)

    def test_the_face_to_face_deals_join_the_class_chart(self, robins, alice, eight_robins):
        from teaching.league.selectors import league_chart_points
        from teaching.teacher.selectors import game_chart

        league = create(robins, alice, eight_robins)
        sl.deal_enter(match=match_between(league, 1, 2), by=alice,
                      typed=typed("N", points=27, tricks=10))
        [point] = league_chart_points(robins)
        assert (point.hcp, point.tricks) == (27, 10)
        assert point in game_chart(robins, robins.game).points


class TestOnline:
    def test_the_two_pairs_sit_at_one_table_with_the_leagues_rules(self, robins, alice,
                                                                   eight_robins):
        league = create(robins, alice, eight_robins)
        match = match_between(league, 1, 2)
        table = sl.match_play_online(match=match, by=alice)
        seats = {s.seat: s.pupil.name for s in table.seats.select_related("pupil")}
        pair_a = [match.pair_a.first.name, match.pair_a.second.name]
        assert [seats["N"], seats["S"]] == pair_a
        assert table.options == {"lesson": 5, "variant": "target"}
        assert sl.match_play_online(match=match, by=alice) == table

    def test_robots_play_it_out_and_each_finished_hand_is_a_deal_until_it_is_decided(
            self, robins, alice, eight_robins):
        league = create(robins, alice, eight_robins)
        match = match_between(league, 3, 4)
        play_online(match, alice)
        match.refresh_from_db()
        state = rows.match_state(match)
        assert state.finished and max(state.wins_a, state.wins_b) == 2
        assert all(d.hand_id for d in match.deals.all())
        assert Table.objects.get(pk=match.table_id).closed
        assert sl.match_sync(match=match) == 0

    def test_a_typed_in_match_cannot_go_online_nor_an_online_one_be_typed(
            self, robins, alice, eight_robins):
        league = create(robins, alice, eight_robins)
        typed_match, online = match_between(league, 1, 2), match_between(league, 3, 4)
        sl.deal_enter(match=typed_match, by=alice, typed=typed())
        with pytest.raises(sl.LeagueRefused, match="typed in"):
            sl.match_play_online(match=typed_match, by=alice)
        sl.match_play_online(match=online, by=alice)
        with pytest.raises(sl.LeagueRefused, match="played online"):
            sl.deal_enter(match=online, by=alice, typed=typed())
        assert LeagueDeal.objects.count() == 1

    def test_a_pair_cannot_sit_at_two_tables_at_once(self, robins, alice, eight_robins):
        league = create(robins, alice, eight_robins)
        sl.match_play_online(match=match_between(league, 1, 2), by=alice)
        with pytest.raises(sl.LeagueRefused, match="Pair I is still playing"):
            sl.match_play_online(match=match_between(league, 1, 3), by=alice)
        assert Table.objects.count() == 1


def test_a_deleted_pupil_leaves_their_league_pair_named_a_former_pupil(robins, alice,
                                                                       eight_robins):
    """A teacher may delete a pupil in a league (docs/decisions/0331-erasing-a-pupil.md):
    the pair and its matches stay for the other players."""
    league = create(robins, alice, eight_robins)
    Pupil.objects.filter(pk=eight_robins[0].pk).delete()
    assert league.pairs.get(number=1).names == "a former pupil & Carol"
    assert league.matches.count() == 6
    table = sl.match_play_online(match=match_between(league, 1, 2), by=alice)
    assert sorted(s.pupil.name for s in table.seats.exclude(pupil=None)) == [
        "Carol", "Fay", "Gus"]
