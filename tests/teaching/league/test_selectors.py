"""What the league pages read: the grid from the row pair's side, the total column,
the standings with their tie-breaks, each pair's deals, a pupil's next opponent,
and who may open a league."""

from __future__ import annotations

from teaching.league import rows
from teaching.league import selectors as sel
from teaching.league import services as sl
from tests.teaching.league_helpers import create, match_between, typed


def _win_for_a(match, alice, deals=2):
    """Pair A (North-South) makes its target on each deal."""
    for _ in range(deals):
        sl.deal_enter(match=match, by=alice, typed=typed("N", points=25, tricks=9))


def test_a_new_league_has_a_blank_grid_and_everyone_level(robins, alice, eight_robins):
    page = sel.league_page(create(robins, alice, eight_robins))
    assert [row.cells for row in page.grid] == [
        [None, "", "", ""], ["", None, "", ""], ["", "", None, ""], ["", "", "", None]]
    assert [row.total for row in page.grid] == ["0"] * 4
    assert [s.line.place_text for s in page.standings] == ["1="] * 4
    assert page.tie_breaks == ("Tie-breaks: 1. matches won 2. head-to-head 3. deals won "
                               "4. fewer deals lost")


def test_the_grid_shows_each_encounter_from_the_row_pairs_side(robins, alice, eight_robins):
    league = create(robins, alice, eight_robins)
    match = match_between(league, 1, 2)
    _win_for_a(match, alice)
    winner, loser = match.pair_a.number, match.pair_b.number
    page = sel.league_page(league)
    assert page.grid[winner - 1].cells[loser - 1] == "2-0"
    assert page.grid[loser - 1].cells[winner - 1] == "0-2"
    assert page.grid[winner - 1].total == "1"
    assert page.standings[0].pair.pair.number == winner
    assert page.by_id[match.id].status == f"Pair {rows.roman(winner)} won 2-0"


def test_a_match_in_progress_stays_blank_in_the_grid(robins, alice, eight_robins):
    league = create(robins, alice, eight_robins)
    match = match_between(league, 1, 2)
    _win_for_a(match, alice, deals=1)
    page = sel.league_page(league)
    assert all(cell in ("", None) for row in page.grid for cell in row.cells)
    assert page.by_id[match.id].status == "Playing: 1-0"


def test_a_tie_on_matches_won_is_broken_head_to_head(robins, alice, eight_robins):
    league = create(robins, alice, eight_robins[:6])  # three pairs: I beats II, II III, III I
    results = {(1, 2): 1, (2, 3): 2, (1, 3): 3}
    for (x, y), winner in results.items():
        match = match_between(league, x, y)
        declarer = "N" if match.pair_a.number == winner else "E"
        for _ in range(2):
            sl.deal_enter(match=match, by=alice, typed=typed(declarer, points=25, tricks=9))
    page = sel.league_page(league)
    assert [s.line.place_text for s in page.standings] == ["1="] * 3
    assert page.finished


def test_the_pair_page_lists_every_deal_with_points_target_and_who_won(robins, alice,
                                                                       eight_robins):
    league = create(robins, alice, eight_robins)
    match = match_between(league, 1, 2)
    sl.deal_enter(match=match, by=alice, typed=typed("E", points=23, tricks=7))
    page = sel.pair_page(league, match.pair_a)
    [mine] = [m for m in page.matches if m.match.row.pk == match.pk]
    [deal] = mine.deals
    assert (deal.points, deal.target, deal.tricks, deal.won) == (23, 8, 7, True)
    assert deal.declaring == f"Pair {rows.roman(match.pair_b.number)}"
    assert mine.score == "1-0" and len(page.matches) == 3


def test_a_pupil_sees_their_next_opponent(robins, alice, eight_robins):
    league = create(robins, alice, eight_robins)
    bob = eight_robins[0]
    [mine] = sel.pupil_leagues(bob)
    first = league.matches.filter(round=1).filter(pair_a__number=1).first() or \
        league.matches.filter(round=1, pair_b__number=1).first()
    other = first.pair_b if first.pair_a.number == 1 else first.pair_a
    assert mine.next.opponent.pair == other
    _win_for_a(first, alice)
    [mine] = sel.pupil_leagues(bob)
    assert mine.next.match.row.round == 2


def test_only_the_class_may_open_a_league(robins, alice, eight_robins, eve, dave, bob):
    league = create(robins, alice, eight_robins)
    assert sel.league_for_user(alice, league.id) == league
    assert sel.league_for_user(bob.user, league.id) == league
    assert sel.league_for_user(eve, league.id) is None
    assert sel.league_for_user(dave.user, league.id) is None


def test_a_deal_played_online_replays_card_by_card(robins, alice, eight_robins):
    from tests.teaching.league_helpers import play_online

    league = create(robins, alice, eight_robins)
    match = match_between(league, 1, 2)
    play_online(match, alice)
    deal = match.deals.first()
    steps = sel.deal_replay(deal)
    assert steps[0].words.startswith("announces") and steps[0].seat == "North"
    assert sum(step.words.startswith("plays ") for step in steps) >= 4
