"""The Top Game's scores as pure functions, each citing shared/rules/top-game.txt.

"The scores entered show how much each player should give to or receive from
the other players": every figure of the rules text is what declarer receives
from (or gives to) *each* opponent, so an entry is always zero-sum across the
three players (docs/rules/topgame.md, reading 3; decision record 0233). The
examples of the text, for 4D by A:

* made with one overtrick, undoubled: A 10, B -5, C -5;
* the same doubled by B: A 13, B -8, C -5;
* two down: A -4, B 2, C 2;
* doubled by B, redoubled by A, one down: A -6, B 6, C 0.

Scores are keyed by whatever names the players: seats in the game, the
letters A, B, C in the tests of the examples.

The match's sheets are here too (decision record 0232): :func:`standing`, from
the results of a table's finished hands, oldest first (redeals included), the
match so far: its sheets with a column per player A, B, C in dealing order, each
hand's scores with the note under the dealer's column, the totals, and the next
hand (:func:`games.topgame.match.next_hand`); :func:`read_standing`, the
teacher's wall's words; :func:`next_seats`, where each player sits next.
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar

from games.protocol import BridgeResult, HandResult, Standing
from games.seats import Seat
from games.topgame.contract import contract_text_words, contract_words
from games.topgame.match import (
    HANDS_PER_MATCH,
    HANDS_PER_SHEET,
    LETTERS,
    ORDERS,
    dealer_of,
    next_hand,
    seats_of,
)
from games.topgame.rules import TopGameRules
from games.words import number_words

P = TypeVar("P", bound=Hashable)

#: "If declarer makes his contract he scores 4 points."
MADE = 4
#: "Overtricks are 1 each."
OVERTRICK = 1
#: "one down is zero points, two down is -2 and more than two down is -4".
DOWN = {1: 0, 2: -2}
MORE_THAN_TWO_DOWN = -4
#: "the doubler pays (receives) 3 (6) points to (from) declarer".
DOUBLE_STAKE = {1: 3, 2: 6}
#: "If you do not raise your bid when you need to, your score is always -6."
NO_RAISE = -6
#: "If the wrong information about dummy is given, the informer is penalized by -2".
WRONG_INFORMATION = -2


def contract_points(needed: int, taken: int) -> int:
    """What each opponent pays declarer (negative: receives) for the contract,
    before any double: "If declarer makes his contract he scores 4 points. If
    the contract is undoubled one down is zero points, two down is -2 and more
    than two down is -4. Overtricks are 1 each."

    >>> contract_points(10, 11), contract_points(10, 8), contract_points(10, 3)
    (5, -2, -4)
    """
    if not 0 <= taken <= 13:
        raise ValueError(f"declarer takes 0 to 13 tricks, not {taken}")
    if taken >= needed:
        return MADE + OVERTRICK * (taken - needed)
    return DOWN.get(needed - taken, MORE_THAN_TWO_DOWN)


def double_stake(doubled: int) -> int:
    """"If the contract is doubled (redoubled) and makes (fails) the doubler pays
    (receives) 3 (6) points to (from) declarer": 0, 3 or 6."""
    if doubled not in (0, 1, 2):
        raise ValueError("a contract is undoubled (0), doubled (1) or redoubled (2)")
    return DOUBLE_STAKE.get(doubled, 0)


@dataclass(frozen=True)
class Entry(Generic[P]):
    """One line of the score sheet: each player's score, and why, in sentences."""

    scores: dict[P, int]
    reasons: tuple[str, ...] = field(default=())

    def __post_init__(self) -> None:
        if sum(self.scores.values()) != 0:
            raise ValueError(f"a Top Game entry adds up to zero, not {self.scores}")


def contract_entry(declarer: P, opponents: tuple[P, P], *, needed: int, taken: int,
                   doubled: int = 0, doubler: P | None = None) -> Entry[P]:
    """The entry of a contract played out: each opponent pays declarer the
    contract's points, and a doubler pays (made) or receives (failed) the stake
    besides, "while all the other scores remain the same"."""
    if doubled and doubler not in opponents:
        raise ValueError("only an opponent of declarer doubles")
    each = contract_points(needed, taken)
    scores = {declarer: 2 * each, opponents[0]: -each, opponents[1]: -each}
    stake = double_stake(doubled)
    if stake and doubler is not None:
        swing = stake if taken >= needed else -stake
        scores[declarer] += swing
        scores[doubler] -= swing
    return Entry(scores)


def no_raise_entry(declarer: P, opponents: tuple[P, P]) -> Entry[P]:
    """PENALTY POINTS: "If you do not raise your bid when you need to, your score
    is always -6": -6 to each opponent, whatever else happens to the hand."""
    return Entry({declarer: 2 * NO_RAISE, opponents[0]: -NO_RAISE, opponents[1]: -NO_RAISE})


def wrong_information_entry(informer: P, others: tuple[P, P]) -> Entry[P]:
    """PENALTY POINTS: "If the wrong information about dummy is given, the
    informer is penalized by -2": -2 to each of the other two."""
    return Entry({informer: 2 * WRONG_INFORMATION, others[0]: -WRONG_INFORMATION,
                  others[1]: -WRONG_INFORMATION})


def passed_out_entry(players: tuple[P, P, P]) -> Entry[P]:
    """A hand passed out (all three pass, or a play number of 4 or less) scores nothing."""
    return Entry(dict.fromkeys(players, 0))


# -- the hand's result as the site reads it ------------------------------------------------

def read_result(rules: object, data: Mapping[str, Any]) -> HandResult:
    """A finished hand's typed result from ``TopGame.result()``.

    Scores are by player's seat letter (each entry adds up to zero, PENALTY
    POINTS included); the bridge part is there when a contract was played. The
    roles: "declarer"; the opening leader "leader" (he sits on declarer's left,
    "the player on declarer's left leads"); the third player, who describes dummy,
    "informer". Both of these defend; dummy is no one's seat here, so it has no role.
    A hand all three passed gives every player "passed".

    >>> read_result(None, {"outcome": "passed-out", "counts": True, "players": ["N", "E", "W"],
    ...     "scores": {"N": 0, "E": 0, "W": 0}, "declarer": None}).words
    'Passed out: nobody scores'
    """
    players = [str(p) for p in data.get("players") or ()]
    scores = {str(seat): int(points) for seat, points in (data.get("scores") or {}).items()
              if isinstance(points, int | float) and not isinstance(points, bool)}
    declarer = data.get("declarer")
    roles: dict[str, str] = {}
    if declarer:
        roles[str(declarer)] = "declarer"
        for key in ("leader", "informer"):
            if data.get(key):
                roles[str(data[key])] = key
    else:
        roles = dict.fromkeys(players, "passed")
    counts = bool(data.get("counts", True))
    lines = tuple(str(line) for line in data.get("reasons") or ())
    detail = data.get("contract_detail")
    taken = data.get("tricks")
    bridge = None
    if declarer and isinstance(detail, Mapping) and isinstance(taken, int):
        level, strain = int(detail.get("level", 0)), str(detail.get("strain", ""))
        doubled = int(detail.get("doubled") or 0)
        bridge = BridgeResult(declarer=str(declarer), denomination=strain,
                              contract=contract_words(level, strain, doubled),
                              goal=int(detail.get("tricks") or level + BOOK_TRICKS),
                              tricks=taken, dummy=_dummy_dealt(data))
    words = _result_sentence(data, bridge, counts)
    won = data.get("won")
    tricks = ({str(seat): int(n) for seat, n in won.items()} if isinstance(won, Mapping)
              else ({bridge.declarer: bridge.tricks} if bridge else {}))
    return HandResult(game="topgame", words=words, counts=counts, scores=scores,
                      tricks=tricks, roles=roles, lines=lines, bridge=bridge)


#: Declarer's first six tricks, "book", below every level.
BOOK_TRICKS = 6


def _seat_word(letter: object) -> str:
    try:
        return Seat.from_str(str(letter)).word
    except ValueError:
        return str(letter)


def _result_sentence(data: Mapping[str, Any], bridge: BridgeResult | None,
                     counts: bool) -> str:
    """The hand in one sentence: "East made five diamonds, doubled: 11 tricks",
    "West went two down in four no trumps: 8 tricks", "Passed out: nobody scores";
    a penalty says so first."""
    declarer = _seat_word(data.get("declarer")) if data.get("declarer") else ""
    if not counts:
        informer = _seat_word(data.get("informer"))
        return (f"Wrong information about dummy: {informer} loses 2 to each other "
                "player; the hand is dealt again")
    played = ""
    if bridge is not None:
        trick_word = "trick" if bridge.tricks == 1 else "tricks"
        if bridge.made:
            played = f"{declarer} made {bridge.contract}: {bridge.tricks} {trick_word}"
        else:
            down = number_words(bridge.goal - bridge.tricks)
            played = (f"{declarer} went {down} down in {bridge.contract}: "
                      f"{bridge.tricks} {trick_word}")
    if data.get("penalty") == "no-raise" and declarer:  # game.NO_RAISE
        penalty = f"{declarer} did not raise to his tops: -6 from each opponent"
        return f"{penalty} ({played})" if played else penalty
    return played or "Passed out: nobody scores"


def _dummy_dealt(data: Mapping[str, Any]) -> str | None:
    """The seat the dummy's hand was dealt to: opposite the dealer ("the dummy's hand
    lies opposite"), whatever seat it was laid at later, since the deal's hands are
    kept by the seats they were dealt to."""
    dealer = data.get("dealer")
    return Seat.from_str(str(dealer)).partner.value if dealer else None


# -- the match's sheets: the standing -------------------------------------------------

def _note(result: Mapping[str, Any]) -> dict[str, Any] | None:
    """The note under the dealer's column: final bid, dummy's tops, contract."""
    if result.get("final_bid") is None:
        return None
    tops = result.get("dummy_tops")
    contract = result.get("contract")
    said_tops = ("no tops" if not tops else "one top" if tops == 1
                 else f"{number_words(tops)} tops")
    return {"bid": result["final_bid"], "tops": tops,
            "contract": contract or "passed out",
            # The same note as a pupil reads it: "bid two · four tops · three spades".
            "said": f"bid {number_words(result['final_bid'])} · {said_tops} · "
                    f"{contract_text_words(contract) if contract else 'passed out'}"}


def _sheet(number: int) -> dict[str, Any]:
    order = ORDERS[number - 1]
    return {"number": number, "order": list(order), "rows": [],
            "totals": dict.fromkeys(order, 0)}


def standing(rules: TopGameRules, results: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The match after a table's finished hands (their ``TopGame.result()``, oldest
    first, redealt hands included): the current match's sheets and totals, the
    totals of matches already finished, and the next hand's place, dealer and seats."""
    match, counted = 1, 0
    sheets = [_sheet(1), _sheet(2)]
    finished: list[dict[str, Any]] = []
    for number, result in enumerate(results, start=1):
        if counted == HANDS_PER_MATCH:
            finished.append({"number": match, "totals": _match_totals(sheets)})
            match, counted, sheets = match + 1, 0, [_sheet(1), _sheet(2)]
        hand = counted + 1
        seats = seats_of(hand, Seat(result["dealer"]))
        by_seat = {seat.value: letter for letter, seat in seats.items()}
        scores = {by_seat[seat]: points for seat, points in result["scores"].items()}
        sheet = sheets[(hand - 1) // HANDS_PER_SHEET]
        sheet["rows"].append({
            "table_hand": number, "hand": hand, "counts": bool(result.get("counts", True)),
            "dealer": dealer_of(hand), "seats": {k: s.value for k, s in seats.items()},
            "scores": scores, "note": _note(result), "outcome": result.get("outcome"),
            "penalty": result.get("penalty"),
        })
        for letter, points in scores.items():
            sheet["totals"][letter] += points
        if result.get("counts", True):
            counted += 1
    return {
        "match": match,
        "hands_counted": counted,
        "finished": counted == HANDS_PER_MATCH,
        "sheets": sheets,
        "totals": _match_totals(sheets),
        "matches": finished,
        "next": next_hand(results, match, counted),
    }


def read_standing(rules: TopGameRules, data: Mapping[str, Any]) -> Standing:
    """The match, typed for the teacher's wall: "Match 1, 4 hands of 12" and each
    player's match total, keyed by the seat the player sits at for the next hand (the
    sheet's letters A, B, C change seats as the match goes on)."""
    seats = data["next"]["seats"]
    counted = data["hands_counted"]
    totals = {seats[letter]: points for letter, points in data["totals"].items()
              if letter in seats}
    words = f"Match {data['match']}, {counted} hand{'s' if counted != 1 else ''} of " \
            f"{HANDS_PER_MATCH}"
    return Standing(totals=totals, words=words, over=bool(data.get("finished")))


def _match_totals(sheets: list[dict[str, Any]]) -> dict[str, int]:
    return {letter: sum(sheet["totals"][letter] for sheet in sheets) for letter in LETTERS}


def next_seats(rules: TopGameRules, results: Sequence[Mapping[str, Any]]
               ) -> tuple[Seat, dict[Seat, Seat] | None]:
    """Where the next hand is dealt from, and where each player of the last hand sits
    in it (``{last seat: next seat}``), by the letters A, B, C of the sheet: "After 6
    hands B and C change places, A deals in the seventh hand". A redeal keeps everyone
    where he was. Across a new match, ``None``: the players move round with the deal
    (the next player clockwise deals, as A of the new match)."""
    now = standing(rules, results)
    following = now["next"]
    dealer = Seat(following["dealer_seat"])
    if not results or following["new_match"]:
        return dealer, None
    last = [row for sheet in now["sheets"] for row in sheet["rows"]
            if row["table_hand"] == len(results)]
    if not last:
        return dealer, None
    was = last[0]["seats"]
    return dealer, {Seat(was[letter]): Seat(seat) for letter, seat in following["seats"].items()}
