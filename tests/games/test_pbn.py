"""PBN files: reading, writing, and the helpers that turn tags into engine values."""

from __future__ import annotations

import io
import random

import pytest

from games.bridge import pbn
from games.bridge.contracts import Contract, Denomination
from games.cards import Card, Suit
from games.deals import Deal, Vulnerability
from games.seats import SEATS, Seat
from games.tricks import TrickPlay, TrickRules

BOOK_DEAL = "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"

# West leads four rounds of hearts against South's 1NT, then South claims.
CLAIMED = f"""% PBN 2.1
% EXPORT
[Event "Tuesday pairs"]
[Site "Village hall"]
[Date "2025.01.07"]
[Board "1"]
[West "Wendy"]
[North "Nadia"]
[East "Ed"]
[South "Sam"]
[Dealer "N"]
[Vulnerable "None"]
[Deal "{BOOK_DEAL}"]
[Scoring "MP"]
[Declarer "S"]
[Contract "1NT"]
[Result "7"]
[Score "NS 90"]
[Play "W"]
HA H8 H5 H2
HK H9 H6 H3
HQ HT H7 H4
HJ C2 S8 C8
*
"""


def cards(text: str) -> list[Card]:
    return [Card.from_str(c) for c in text.split()]


def test_a_game_keeps_its_tags_in_file_order() -> None:
    [game] = pbn.loads(CLAIMED)
    assert list(game.tags)[:4] == ["Event", "Site", "Date", "Board"]
    assert game.tags["West"] == "Wendy" and game.tags["Play"] == "W"
    assert game.sections["Play"][0] == "HA H8 H5 H2"


def test_the_deal_comes_from_the_deal_dealer_vulnerable_and_board_tags() -> None:
    text = CLAIMED.replace('[Board "1"]', '[Board "6"]').replace('[Dealer "N"]', '[Dealer "E"]')
    deal = pbn.loads(text)[0].deal()
    assert deal == Deal.from_pbn(BOOK_DEAL, dealer=Seat.EAST, board=6,
                                 vulnerability=Vulnerability.NONE)


def test_without_dealer_and_vulnerable_the_board_number_decides() -> None:
    [game] = pbn.loads(f'[Board "7"]\n[Deal "{BOOK_DEAL}"]\n')
    deal = game.deal()
    assert deal.dealer is Seat.SOUTH and deal.vulnerability is Vulnerability.BOTH


def test_a_dash_hand_is_unknown_and_left_out_of_the_deal() -> None:
    [game] = pbn.loads('[Deal "N:AKQJ.T98.765.432 - - -"]\n')
    deal = game.deal()
    assert set(deal.hands) == {Seat.NORTH}
    assert game.board() is None and game.declarer() is None and game.result() is None


def test_a_play_that_stops_after_a_claim_gives_the_cards_played_in_order() -> None:
    [game] = pbn.loads(CLAIMED)
    leader, plays = game.play()
    assert leader is Seat.WEST
    assert len(plays) == 16
    assert plays[:4] == list(zip([Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH],
                                 cards("HA H8 H5 H2"), strict=True))
    assert plays[-1] == (Seat.SOUTH, Card.from_str("C8"))


def test_the_winner_of_a_trick_leads_the_next_and_keeps_its_column() -> None:
    # Hearts are trumps: North ruffs the first spade and leads the second
    # trick from the North column (the second on each line).
    text = f"""[Deal "{BOOK_DEAL}"]
[Declarer "E"]
[Contract "2H"]
[Play "S"]
S5 S2 SA S8
S6 S3 SK S9
"""
    [game] = pbn.loads(text)
    _, plays = game.play()
    assert [seat for seat, _ in plays] == [Seat.SOUTH, Seat.WEST, Seat.NORTH, Seat.EAST,
                                           Seat.NORTH, Seat.EAST, Seat.SOUTH, Seat.WEST]
    assert game.play(trumps=Suit.SPADES)[1][4] == (Seat.NORTH, Card.from_str("SK"))


def test_a_card_not_played_is_a_dash_and_notes_nags_and_annotations_are_skipped() -> None:
    text = f"""[Deal "{BOOK_DEAL}"]
[Contract "1NT"]
[Declarer "S"]
[Play "W"]
HA! H8 =1= H5 $2 H2?
HK+ H9 - -
*
[Note "1:a count signal"]
"""
    [game] = pbn.loads(text)
    _, plays = game.play()
    assert [str(c) for _, c in plays] == ["HA", "H8", "H5", "H2", "HK", "H9"]
    assert game.notes == {"Play": ["1:a count signal"]}


def test_a_play_row_with_a_card_after_a_missing_one_is_refused() -> None:
    text = f'[Deal "{BOOK_DEAL}"]\n[Contract "1NT"]\n[Play "W"]\nHA - H5 H2\n'
    with pytest.raises(pbn.PbnError, match="line 3: Play: trick 1"):
        pbn.loads(text)[0].play()


def test_the_play_needs_a_contract_to_know_the_trumps() -> None:
    text = f'[Deal "{BOOK_DEAL}"]\n[Play "W"]\nHA H8 H5 H2\nHK H9 H6 H3\n'
    with pytest.raises(pbn.PbnError, match="needs the Contract"):
        pbn.loads(text)[0].play()


@pytest.mark.parametrize(("text", "level", "denomination", "doubled"), [
    ("3NT", 3, Denomination.NO_TRUMPS, 0),
    ("4HX", 4, Denomination.HEARTS, 1),
    ("6SXX", 6, Denomination.SPADES, 2),
    ("1N", 1, Denomination.NO_TRUMPS, 0),
    ("2c", 2, Denomination.CLUBS, 0),
])
def test_a_contract_reads_into_level_denomination_and_double(
        text: str, level: int, denomination: Denomination, doubled: int) -> None:
    [game] = pbn.loads(f'[Contract "{text}"]\n')
    assert game.contract() == Contract(level, denomination, doubled)


def test_pass_is_a_passed_out_board_and_question_mark_is_unknown() -> None:
    passed = pbn.loads('[Contract "Pass"]\n')[0].contract()
    assert passed is not None and passed.is_passed_out and str(passed) == "Pass"
    assert pbn.loads('[Contract "?"]\n')[0].contract() is None


def test_declarer_result_and_score_read_from_their_tags() -> None:
    [game] = pbn.loads(CLAIMED)
    assert (game.declarer(), game.result(), game.score()) == (Seat.SOUTH, 7, 90)
    [game] = pbn.loads(CLAIMED.replace('"NS 90"', '"EW 50"'))
    assert game.score() == -50
    [game] = pbn.loads(CLAIMED.replace('"NS 90"', '"-50"'))
    assert game.score() == -50


def test_a_hash_copies_the_previous_games_value() -> None:
    text = """[Event "Spring teams"]
[Site "Leeds"]
[Date "2025.04.01"]
[Board "1"]

[Event "#"]
[Site "#"]
[Date "#"]
[Board "2"]

[Event "#"]
[Site "##3, upstairs"]
[Date "2025.04.02"]
[Board "3"]
"""
    games = pbn.loads(text)
    assert [g.tags["Event"] for g in games] == ["Spring teams"] * 3
    assert games[1].tags["Site"] == "Leeds" and games[1].tags["Date"] == "2025.04.01"
    assert games[2].tags["Site"] == "#3, upstairs"
    assert pbn.loads(pbn.dumps(games)) == games


def test_a_hash_in_the_first_game_is_an_error_naming_its_line() -> None:
    with pytest.raises(pbn.PbnError, match="line 2:.*Site"):
        pbn.loads('[Event "x"]\n[Site "#"]\n')


def test_comments_are_kept_beside_their_tags_and_written_back() -> None:
    text = """% PBN 2.1
; who played
[Event "Club"] ; the usual Tuesday
{ the deal was
  misboarded at table 3 }
[Board "4"]
[Deal "N:AKQJ.T98.765.432 - - -"]
{ after the last tag }
"""
    [game] = pbn.loads(text)
    assert game.comments == {
        "Event": ["; who played", "; the usual Tuesday"],
        "Board": ["{ the deal was\n  misboarded at table 3 }"],
        "": ["{ after the last tag }"],
    }
    assert pbn.loads(pbn.dumps([game])) == [game]


def test_escaped_quotes_and_backslashes_read_and_write_back() -> None:
    [game] = pbn.loads(r'[Event "The \"Gold\" cup \\ final"]' + "\n")
    assert game.tags["Event"] == 'The "Gold" cup \\ final'
    assert pbn.loads(pbn.dumps([game])) == [game]


def test_crlf_line_ends_a_bom_and_many_blank_lines_are_read() -> None:
    text = "\ufeff" + CLAIMED.replace("\n", "\r\n") + "\r\n\r\n\r\n" + CLAIMED.replace("\n", "\r\n")
    games = pbn.loads(text)
    assert len(games) == 2
    assert games[0] == games[1] == pbn.loads(CLAIMED)[0]


def test_a_repeated_tag_is_ignored_with_its_section() -> None:
    [game] = pbn.loads(CLAIMED + '[Contract "7NT"]\n[Play "N"]\nSA SK SQ SJ\n')
    assert game.tags["Contract"] == "1NT" and game.tags["Play"] == "W"
    assert len(game.sections["Play"]) == 5


SCORED = r"""[Board "2"]
[Deal "N:AKQJ.T98.765.432 T98.765.432.AKQJ 765.432.AKQJ.T98 432.AKQJ.T98.765"]
[ScoreTable "PairId_NS\2R;PairId_EW\2R;Contract\4L;Declarer\1R;Result\2R;Score_NS\6R"]
 1  2 3NT  S  9    400
 3  4 4S   N 10 "420"  ; a comment at the end of a row
 5  6 -    -  -      -
[OptimumResultTable "Declarer;Denomination\2R;Result\2R"]
N  S  7
N NT  5
"""


def test_a_score_table_gives_one_dict_per_row_by_its_column_names() -> None:
    [game] = pbn.loads(SCORED)
    table = game.table("ScoreTable")
    assert table.names == ("PairId_NS", "PairId_EW", "Contract", "Declarer", "Result", "Score_NS")
    assert table.columns[0] == pbn.TableColumn("PairId_NS", 2, "R")
    assert table.rows[0] == {"PairId_NS": "1", "PairId_EW": "2", "Contract": "3NT",
                             "Declarer": "S", "Result": "9", "Score_NS": "400"}
    assert table.rows[1]["Score_NS"] == "420" and table.rows[2]["Contract"] == "-"
    assert game.table("OptimumResultTable").rows[1] == {
        "Declarer": "N", "Denomination": "NT", "Result": "5"}
    assert pbn.loads(pbn.dumps([game])) == [game]


def test_a_table_column_reads_its_sort_order_and_writes_back() -> None:
    column = pbn.TableColumn.from_str("-Score_NS\\6r")
    assert column == pbn.TableColumn("Score_NS", 6, "R", "-") and str(column) == "-Score_NS\\6R"


def test_a_row_with_too_few_values_is_an_error_naming_the_table() -> None:
    text = SCORED.replace(" 5  6 -    -  -      -", " 5  6 -")
    with pytest.raises(pbn.PbnError, match=r"line 3: ScoreTable: the row '5  6 -' has 3 values"):
        pbn.loads(text)[0].table("ScoreTable")


@pytest.mark.parametrize(("text", "line", "words"), [
    ('[Event "x"]\n[Site "unclosed]\n', 2, "a tag is written"),
    ('HA H8 H5 H2\n[Event "x"]\n', 1, "neither a tag nor the data"),
    ('[Event "x"]\n{ never closed\n', 3, "never closed"),
])
def test_a_bad_file_raises_pbn_error_with_the_line(text: str, line: int, words: str) -> None:
    with pytest.raises(pbn.PbnError, match=words) as caught:
        pbn.loads(text)
    assert caught.value.line == line and str(caught.value).startswith(f"line {line}: ")
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize(("tag", "value", "helper"), [
    ("Result", "fourteen", "result"), ("Result", "14", "result"),
    ("Contract", "8NT", "contract"), ("Declarer", "X", "declarer"),
    ("Board", "zero", "board"), ("Deal", "N:AKQ - -", "deal"), ("Score", "NS lots", "score"),
])
def test_a_bad_tag_value_raises_pbn_error_with_its_line(tag: str, value: str, helper: str) -> None:
    [game] = pbn.loads(f'[Event "x"]\n[Site "y"]\n[{tag} "{value}"]\n')
    with pytest.raises(pbn.PbnError, match=f"line 3: {tag}: "):
        getattr(game, helper)()


def test_load_reads_text_and_bytes_handles_and_dump_writes() -> None:
    assert pbn.load(io.StringIO(CLAIMED)) == pbn.loads(CLAIMED)
    assert pbn.load(io.BytesIO(CLAIMED.encode("utf-8"))) == pbn.loads(CLAIMED)
    latin = CLAIMED.replace("Wendy", "Zoë")
    assert pbn.load(io.BytesIO(latin.encode("latin-1")))[0].tags["West"] == "Zoë"
    out = io.StringIO()
    pbn.dump(pbn.loads(CLAIMED), out)
    assert out.getvalue() == pbn.dumps(pbn.loads(CLAIMED))


def test_dumps_then_loads_gives_the_same_games() -> None:
    games = pbn.loads(CLAIMED + "\n" + SCORED)
    text = pbn.dumps(games)
    assert text.startswith("% PBN 2.1\n% EXPORT\n")
    assert pbn.loads(text) == games
    assert pbn.dumps(pbn.loads(text)) == text


# -- writing a played hand ----------------------------------------------------------------

def _random_play(deal: Deal, trumps: Suit | None, leader: Seat, rng: random.Random,
                 stop: int = 52) -> list[tuple[Seat, Card]]:
    play = TrickPlay(deal.hands, SEATS, leader, TrickRules(trumps))
    plays: list[tuple[Seat, Card]] = []
    while not play.is_over() and len(plays) < stop:
        seat = play.to_play
        assert seat is not None
        card = rng.choice(play.legal_cards(seat))
        play.play(seat, card)
        plays.append((seat, card))
    return plays


def test_record_for_play_writes_each_card_in_its_seats_column() -> None:
    deal = Deal.from_pbn(BOOK_DEAL, board=1)
    plays = list(zip([Seat.WEST, Seat.NORTH, Seat.EAST, Seat.SOUTH] * 2,
                     cards("HA H8 H5 H2 HK H9 H6 H3"), strict=True))
    plays += [(Seat.WEST, Card.from_str("HQ"))]
    game = pbn.record_for_play(
        deal, event="Lesson 5", declarer=Seat.SOUTH, contract="1NT", result=7, score=90,
        first_leader=Seat.WEST, plays=plays,
        extra_tags={"MiniBridgeLesson": "5", "MiniBridgeHCP": "N:10 E:10 S:10 W:10"})
    assert game.sections["Play"] == ["HA H8 H5 H2", "HK H9 H6 H3", "HQ -  -  -", "*"]
    assert list(game.tags)[:15] == list(pbn.MANDATORY_TAGS)
    assert game.tags["Score"] == "NS 90" and game.tags["MiniBridgeLesson"] == "5"
    [again] = pbn.loads(pbn.dumps([game]))
    assert again.deal() == deal
    assert again.play() == (Seat.WEST, plays)


def test_record_for_play_refuses_cards_out_of_turn() -> None:
    deal = Deal.from_pbn(BOOK_DEAL, board=1)
    with pytest.raises(ValueError, match="North's turn"):
        pbn.record_for_play(deal, event="x", declarer=Seat.SOUTH, contract="1NT", result=7,
                            score=90, first_leader=Seat.WEST,
                            plays=[(Seat.WEST, Card.from_str("HA")),
                                   (Seat.EAST, Card.from_str("H5"))])


def test_random_hands_round_trip_through_pbn_text() -> None:
    rng = random.Random(2025)
    games, expected = [], []
    for board in range(1, 41):
        deal = Deal.for_board(board, rng)
        declarer = rng.choice(SEATS)
        contract = Contract(rng.randint(1, 7), rng.choice(list(Denomination)), rng.randint(0, 2))
        plays = _random_play(deal, contract.trumps, declarer.lho, rng, stop=rng.choice([52, 30, 5]))
        games.append(pbn.record_for_play(
            deal, event="Random", declarer=declarer, contract=contract, result=7, score=0,
            first_leader=declarer.lho, plays=plays))
        expected.append((deal, contract, plays))
    again = pbn.loads(pbn.dumps(games))
    assert again == games
    for game, (deal, contract, plays) in zip(again, expected, strict=True):
        assert game.deal() == deal and game.contract() == contract
        assert game.play() == (game.declarer().lho, plays)  # type: ignore[union-attr]


def test_a_card_that_does_not_exist_in_the_play_names_the_play_tags_line() -> None:
    text = f'[Deal "{BOOK_DEAL}"]\n[Contract "1NT"]\n[Play "W"]\nHA H8 H5 Z2\n'
    with pytest.raises(pbn.PbnError, match=r"line 3: Play: 'Z' is not a suit"):
        pbn.loads(text)[0].play()


def test_a_bad_table_column_names_the_tables_line() -> None:
    with pytest.raises(pbn.PbnError, match=r"line 2: ScoreTable: '9Score' is not a table column"):
        pbn.loads('[Board "1"]\n[ScoreTable "9Score"]\n')[0].table()
