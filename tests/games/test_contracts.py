"""Bridge contracts: the PBN text pair and the duplicate score (Law 77)."""

from __future__ import annotations

import itertools

import pytest

from games.bridge.contracts import (
    DENOMINATIONS,
    Contract,
    Denomination,
    InvalidContractError,
    duplicate_score,
)
from games.cards import Suit


@pytest.mark.parametrize("text", ["1C", "3NT", "4HX", "6SXX", "7DX", "Pass"])
def test_a_contract_reads_and_writes_back(text: str) -> None:
    assert str(Contract.from_str(text)) == text
    assert eval(repr(Contract.from_str(text))) == Contract.from_str(text)


@pytest.mark.parametrize("text", ["", "NT", "0NT", "8S", "3Z", "4HXXX", "3NTx2"])
def test_text_that_is_no_contract_is_refused(text: str) -> None:
    with pytest.raises(InvalidContractError):
        Contract.from_str(text)


def test_a_contract_knows_its_trumps_and_the_tricks_it_needs() -> None:
    assert Contract.from_str("4H").trumps is Suit.HEARTS
    assert Contract.from_str("3NT").trumps is None
    assert Contract.from_str("3NT").tricks_needed == 9
    assert Denomination.from_suit(Suit.CLUBS) is Denomination.CLUBS


@pytest.mark.parametrize(("text", "tricks", "vulnerable", "score"), [
    ("3NT", 9, False, 400),     # 100 + game 300
    ("3NT", 10, True, 630),     # 100 + 30 + game 500
    ("2S", 8, False, 110),      # 60 + part-score 50
    ("1NT", 7, False, 90),
    ("5C", 11, False, 400),
    ("4HX", 10, False, 590),    # 240 + 300 + 50 for the insult
    ("1DX", 8, True, 340),      # 40 + 50 + 50 + one overtrick at 200
    ("6S", 12, True, 1430),     # 180 + 500 + 750
    ("7NT", 13, False, 1520),   # 220 + 300 + 1000
    ("4S", 9, False, -50),
    ("4S", 9, True, -100),
    ("4SX", 6, False, -800),    # 100 + 200 + 200 + 300
    ("4SX", 8, True, -500),     # 200 + 300
    ("4SXX", 8, True, -1000),
    ("Pass", 0, False, 0),
])
def test_the_duplicate_score_follows_law_77(text: str, tricks: int, vulnerable: bool,
                                            score: int) -> None:
    assert duplicate_score(Contract.from_str(text), tricks, vulnerable=vulnerable) == score


def test_every_contract_and_result_scores_as_endplay_scores_it() -> None:
    from endplay.types import Contract as EpContract
    from endplay.types import Vul

    for level, denomination, doubled, tricks, vulnerable in itertools.product(
            range(1, 8), DENOMINATIONS, (0, 1, 2), range(14), (False, True)):
        contract = Contract(level, denomination, doubled)
        result = tricks - contract.tricks_needed
        outcome = "=" if result == 0 else f"{result:+d}"
        theirs = EpContract(f"{level}{denomination.value}N{'X' * doubled}{outcome}")
        expected = theirs.score(Vul.ns if vulnerable else Vul.none)
        assert duplicate_score(contract, tricks, vulnerable=vulnerable) == expected, (
            contract, tricks, vulnerable)
