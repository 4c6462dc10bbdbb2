"""FrozenDict: the read-only dict the games' views share (games/protocol.py). It reads,
compares, copies, pickles and serialises as the dict it holds, and its text, which a frame's
kept pieces go by (``c|string``), is the dict's, made once."""

from __future__ import annotations

import copy
import json
import pickle

import pytest

from games.protocol import FrozenDict


def _contract() -> FrozenDict:
    return FrozenDict(level="game", denomination="H", goal=10,
                      said=FrozenDict(words="Game in ♥", by="N"), seats=("N", "S"))


def test_its_text_is_the_dicts_each_time_asked() -> None:
    contract = _contract()
    plain = {"level": "game", "denomination": "H", "goal": 10,
             "said": {"words": "Game in ♥", "by": "N"}, "seats": ("N", "S")}
    for _ in range(3):  # made once, then the same text
        assert repr(contract) == str(contract) == repr(plain) == f"{contract}"
    assert str({"inside": contract}) == str({"inside": plain})


def test_it_is_read_only_and_reads_as_a_dict() -> None:
    contract = _contract()
    for change in (lambda: contract.__setitem__("goal", 9), lambda: contract.pop("goal"),
                   contract.clear, lambda: contract.update(goal=9)):
        with pytest.raises(TypeError, match="read-only"):
            change()
    assert contract["goal"] == 10 and repr(contract).startswith("{'level': 'game'")
    assert copy.copy(contract) is contract and copy.deepcopy(contract) is contract
    again = pickle.loads(pickle.dumps(contract))
    assert again == contract and type(again) is FrozenDict and repr(again) == repr(contract)
    assert json.loads(json.dumps(contract))["said"]["by"] == "N"


def test_minibridge_views_share_one_tricks_won_for_each_count() -> None:
    from games.minibridge.view import _tricks_won

    assert _tricks_won(3, 2) is _tricks_won(3, 2) == {"NS": 3, "EW": 2}
    assert str(_tricks_won(3, 2)) == "{'NS': 3, 'EW': 2}"
