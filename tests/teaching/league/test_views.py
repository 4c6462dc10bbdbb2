"""League pages as a teacher and pupils use them, and everyone else kept out."""

from __future__ import annotations

import pytest
from django.urls import reverse

from teaching.models import League, LeagueDeal, LeagueMatch, Table
from tests.teaching.league_helpers import create, match_between, play_online, typed


@pytest.fixture
def league(robins, alice, eight_robins) -> League:
    return create(robins, alice, eight_robins)


def _form(pupils, **changes):
    data = {"name": "Summer league", "format": "best-of-3", "won_by": "target",
            "meetings": "1", "deals": ""}
    for n in range(len(pupils) // 2):
        data[f"pair-{n + 1}-first"] = str(pupils[2 * n].pk)
        data[f"pair-{n + 1}-second"] = str(pupils[2 * n + 1].pk)
    data.update(changes)
    return data


class TestCreating:
    def test_the_new_league_form_offers_a_row_per_pair_of_pupils(self, alice_client, robins,
                                                                 eight_robins):
        page = alice_client.get(reverse("league_new", args=[robins.pk]))
        assert page.status_code == 200
        assert b'name="pair-4-second"' in page.content and b"pair-5" not in page.content

    def test_a_teacher_schedules_a_league_and_lands_on_its_table(self, alice_client, robins,
                                                                 eight_robins):
        response = alice_client.post(reverse("league_new", args=[robins.pk]),
                                     _form(eight_robins))
        league = League.objects.get()
        assert response.status_code == 302
        assert response.url == reverse("league", args=[league.pk])
        assert league.matches.count() == 6 and league.pairs.count() == 4

    def test_a_pupil_in_two_pairs_gets_a_clear_error_and_nothing_is_made(
            self, alice_client, robins, eight_robins):
        data = _form(eight_robins, **{"pair-2-first": str(eight_robins[0].pk)})
        response = alice_client.post(reverse("league_new", args=[robins.pk]), data)
        assert response.status_code == 400
        assert "Bob is in pair I and pair II" in response.content.decode()
        assert not League.objects.exists()

    def test_a_set_number_of_deals_needs_its_number(self, alice_client, robins, eight_robins):
        response = alice_client.post(reverse("league_new", args=[robins.pk]),
                                     _form(eight_robins, format="deals"))
        assert response.status_code == 400 and b"how many deals" in response.content
        assert not League.objects.exists()

    def test_a_class_with_too_few_pupils_is_told_so(self, alice_client, robins, bob):
        page = alice_client.get(reverse("league_new", args=[robins.pk]))
        assert b"at least four pupils" in page.content


class TestTheLeagueTable:
    def test_the_grid_standings_and_tie_breaks_are_on_the_page(self, alice_client, league,
                                                               alice):
        match = match_between(league, 1, 2)
        from teaching.league import services as sl

        for _ in range(2):
            sl.deal_enter(match=match, by=alice, typed=typed("N", points=25, tricks=9))
        page = alice_client.get(reverse("league", args=[league.pk]))
        text = page.content.decode()
        assert page.status_code == 200
        assert "<td>2-0</td>" in text and "<td>0-2</td>" in text
        assert "Tie-breaks: 1. matches won 2. head-to-head 3. deals won" in text

    def test_htmx_gets_only_the_live_region(self, alice_client, league):
        page = alice_client.get(reverse("league", args=[league.pk]), HTTP_HX_REQUEST="true")
        text = page.content.decode()
        assert text.lstrip().startswith('<div id="live"') and "<html" not in text

    def test_the_classes_pupils_read_it_and_nobody_else_sees_it(self, league, bob_client,
                                                                dave_client, eve_client,
                                                                visitor):
        url = reverse("league", args=[league.pk])
        assert bob_client.get(url).status_code == 200
        assert dave_client.get(url).status_code == 404
        assert eve_client.get(url).status_code == 404
        assert visitor.get(url).status_code == 302

    def test_a_pupil_cannot_type_in_results_or_reschedule(self, league, bob_client):
        match = match_between(league, 1, 2)
        for name in ("league_deal_enter", "league_match_move", "league_match_online"):
            response = bob_client.post(reverse(name, args=[league.pk, match.pk]),
                                       {"round": "4", "declarer": "N", "contract": "NT",
                                        "tricks": "9", "combined_hcp": "25"})
            assert response.status_code == 404
        assert not LeagueDeal.objects.exists() and not Table.objects.exists()


class TestAMatch:
    def test_a_typed_in_deal_shows_on_the_match_and_pair_pages(self, alice_client, league):
        match = match_between(league, 1, 2)
        url = reverse("league_deal_enter", args=[league.pk, match.pk])
        response = alice_client.post(url, {"declarer": "N", "contract": "NT", "tricks": "9",
                                           "combined_hcp": "25"})
        assert response.status_code == 302
        # The confirmation says it in MiniBridge's words, not bridge notation (decision 0430).
        notice = alice_client.get(response["Location"]).content.decode()
        assert "Deal 1 is in: No-trumps, by North: 9 tricks, target 9 reached." in notice
        page = alice_client.get(reverse("league_pair", args=[league.pk, match.pair_a.pk]))
        text = page.content.decode()
        assert "<td>No-trumps</td>" in text and "real table" in text
        assert "3NTN=" not in text

    def test_an_impossible_trick_count_is_refused_on_the_page(self, alice_client, league):
        match = match_between(league, 1, 2)
        response = alice_client.post(
            reverse("league_deal_enter", args=[league.pk, match.pk]),
            {"declarer": "N", "contract": "NT", "tricks": "14", "combined_hcp": "25"})
        assert response.status_code == 400
        assert "from 0 to 13, not 14" in response.content.decode()
        assert not LeagueDeal.objects.exists()

    def test_a_result_for_a_finished_match_is_refused(self, alice_client, league, alice):
        from teaching.league import services as sl

        match = match_between(league, 1, 2)
        for _ in range(2):
            sl.deal_enter(match=match, by=alice, typed=typed())
        response = alice_client.post(
            reverse("league_deal_enter", args=[league.pk, match.pk]),
            {"declarer": "N", "contract": "NT", "tricks": "9", "combined_hcp": "25"})
        assert response.status_code == 400 and "mini-match is over" in response.content.decode()
        assert match.deals.count() == 2

    def test_an_invalid_move_says_why_and_the_match_stays(self, alice_client, league):
        match = LeagueMatch.objects.filter(league=league, round=1).first()
        response = alice_client.post(reverse("league_match_move", args=[league.pk, match.pk]),
                                     {"round": "2"}, follow=True)
        assert "cannot move to round 2" in response.content.decode()
        match.refresh_from_db()
        assert match.round == 1

    def test_playing_online_opens_a_table_and_the_pupils_page_links_it(
            self, alice_client, league, bob_client):
        match = LeagueMatch.objects.filter(league=league, round=1).filter(
            pair_a__number=1).first() or LeagueMatch.objects.filter(
            league=league, round=1, pair_b__number=1).first()
        alice_client.post(reverse("league_match_online", args=[league.pk, match.pk]))
        match.refresh_from_db()
        assert match.table_id is not None
        mine = bob_client.get(reverse("leagues_mine")).content.decode()
        assert reverse("table", args=[match.table_id]) in mine

    def test_a_deal_played_online_can_be_replayed(self, alice_client, league, alice,
                                                  dave_client):
        match = match_between(league, 3, 4)
        play_online(match, alice)
        deal = match.deals.first()
        page = alice_client.get(reverse("league_deal_replay", args=[league.pk, deal.pk]))
        assert page.status_code == 200 and "plays" in page.content.decode()
        assert dave_client.get(reverse("league_deal_replay",
                                       args=[league.pk, deal.pk])).status_code == 404


def test_the_class_list_shows_its_leagues(alice_client, league, robins):
    page = alice_client.get(reverse("leagues", args=[robins.pk]))
    assert "Spring league" in page.content.decode()
