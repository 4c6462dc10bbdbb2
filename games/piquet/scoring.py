"""Piquet's scores as pure functions, each citing the section of the rules
text it implements (shared/rules/piquet.txt).

The text gives no values for the combinations ("The combinations and their
scores." is a heading with nothing under it); the standard ones are used
(docs/decisions/0262-piquet-the-values-of-the-combinations.md): point 1 a card;
tierce 3, quart 4, quint 15, sixieme 16, septieme 17, huitieme 18; quatorze 14,
trio 3; carte blanche 10.

The partie's sheet is here too: :func:`standing` (the registry's ``standing``)
and :func:`read_standing`, the teacher's wall's words.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from games.piquet.combinations import POINT, SEQUENCE
from games.piquet.rules import PLAYERS, PiquetRules
from games.protocol import HandResult, Standing
from games.seats import Seat

if TYPE_CHECKING:
    from games.piquet.combinations import Combination

#: CARTE BLANCHE: "he may claim 10 for carte blanche".
CARTE_BLANCHE = 10
#: PIQUE, REPIQUE: "he adds a bonus of 60 for repique".
REPIQUE = 60
#: "Elder, however, can score 30 for pique".
PIQUE = 30
#: Both bonuses need 30 "before his opponent has scored anything".
PIQUE_THRESHOLD = 30
#: THE CARDS, CAPOT: "a bonus of 10 'for the cards'", "a bonus of 40 for capot".
THE_CARDS = 10
CAPOT = 40
#: SCORE: "plus 100 for game"; "If the loser has failed to reach 100 he is rubiconed".
GAME = 100
RUBICON = 100
#: GAME: "A partie is six deals".
DEALS_IN_A_PARTIE = 6
#: SCORE: "If the result is a tie at the end of a partie, two more hands are played".
DEALS_AFTER_A_TIE = 2
TRICKS = 12

SEQUENCE_SCORES = {3: 3, 4: 4, 5: 15, 6: 16, 7: 17, 8: 18}
SET_SCORES = {3: 3, 4: 14}


def point_score(count: int) -> int:
    """Point: 1 a card."""
    return count


def sequence_score(length: int) -> int:
    """Tierce 3, quart 4, quint 15, sixieme 16, septieme 17, huitieme 18."""
    return SEQUENCE_SCORES[length]


def set_score(size: int) -> int:
    """Quatorze (four of a rank, Ten or higher) 14, trio 3."""
    return SET_SCORES[size]


def combination_score(combo: Combination) -> int:
    if combo.kind == POINT:
        return point_score(combo.size)
    if combo.kind == SEQUENCE:
        return sequence_score(combo.size)
    return set_score(combo.size)


def first_to_thirty(scores: Iterable[tuple[str, int]]) -> str | None:
    """The player who "reaches a score of 30 before his opponent has scored
    anything", reading ``(player, points)`` in order; ``None`` if nobody does.

    PIQUE, REPIQUE: the scores are read "strictly in order: carte blanche,
    point, sequence, set" for repique; for pique, as the play makes them."""
    totals: dict[str, int] = {}
    for player, points in scores:
        if points <= 0:
            continue
        others = sum(p for who, p in totals.items() if who != player)
        totals[player] = totals.get(player, 0) + points
        if others == 0 and totals[player] >= PIQUE_THRESHOLD:
            return player
    return None


def repique(declared: Iterable[tuple[str, int]]) -> str | None:
    """PIQUE, REPIQUE: who scores 60 for repique, given the declaration scores in
    the order "carte blanche, point, sequence, set" (``(player, points)``; an
    equality is simply no score). "Finally, equality does not save the
    repique", and elder's 1 for leading is not a declaration, so it is not
    among them: "Elder's 1 for leading does not save him from repique"."""
    return first_to_thirty(declared)


def pique_reached(elder_total: int, younger_total: int) -> bool:
    """PIQUE: "Elder, however, can score 30 for pique if he reaches 30 during
    the trick play and younger still has yet to score." Asked after every
    point scored in the play, in the order scored (docs/decisions/0741)."""
    return younger_total == 0 and elder_total >= PIQUE_THRESHOLD


def trick_points(leader: str, winner: str, number: int, counting: str = "text") -> dict[str, int]:
    """What trick ``number`` (1-12) scores, by player, once it is won.

    ``"text"``, TRICKS: "The winner of a trick scores 1 point if he led to it,
    or 2 if his opponent led to it", every trick, the first included: elder's
    1 "for leading" the first card (DECLARATIONS) is a point of its own, so
    elder winning his first lead counts 1 for leading and 1 for the trick
    (docs/decisions/0740).

    ``"classical"``: the leader counts 1 for each lead as he leads (see
    :func:`lead_points`), the winner of the opponent's lead 1, and the winner
    of the last trick 1 more.
    """
    scores = {leader: 0, winner: 0}
    if counting == "text":
        scores[winner] = 2 if winner != leader else 1
    else:
        if winner != leader:
            scores[winner] += 1
        if number == TRICKS:
            scores[winner] += 1
    return scores


def lead_points(number: int, counting: str = "text") -> int:
    """What leading to trick ``number`` scores at once: elder's 1 "for leading"
    the first card in either counting; every lead in the classical one."""
    return 1 if number == 1 or counting == "classical" else 0


def cards_bonus(tricks_won: Mapping[str, int]) -> tuple[str | None, int, str | None]:
    """THE CARDS, CAPOT: ``(player, bonus, name)``: 10 "for the cards" to a
    player with more than six tricks, 40 for capot instead to one with all
    twelve; ``(None, 0, None)`` when "the cards are said to be divided"."""
    for player, won in tricks_won.items():
        if won == TRICKS:
            return player, CAPOT, "capot"
        if won > TRICKS // 2:
            return player, THE_CARDS, "the cards"
    return None, 0, None


def partie_over(deals_played: int, totals: Mapping[str, int]) -> bool:
    """GAME and SCORE: a partie is six deals; a tie after them plays two more,
    "each dealing once more", and again after a tie at eight, and so on."""
    if deals_played < DEALS_IN_A_PARTIE:
        return False
    if (deals_played - DEALS_IN_A_PARTIE) % DEALS_AFTER_A_TIE:
        return False
    first, second = totals.values()
    return first != second


def partie_score(totals: Mapping[str, int]) -> tuple[str, int, bool]:
    """SCORE: ``(winner, points, rubiconed)``. "The winner scores the difference
    between the two players' totals, plus 100 for game. If the loser has failed
    to reach 100 he is rubiconed (even if the winner also failed to reach it),
    and the winner scores 100 for game plus the sum of the two totals."""
    (a, a_total), (b, b_total) = totals.items()
    if a_total == b_total:
        raise ValueError("a tied partie has no winner yet: two more deals are played")
    winner, loser = (a, b) if a_total > b_total else (b, a)
    if totals[loser] < RUBICON:
        return winner, GAME + totals[winner] + totals[loser], True
    return winner, totals[winner] - totals[loser] + GAME, False


def standing_rows(deal_scores: Sequence[Mapping[str, int]]) -> list[dict[str, dict[str, int]]]:
    """SCORE: "the players note their scores for that deal and their cumulative
    score for the partie so far": one row per deal."""
    rows = []
    running: dict[str, int] = {}
    for scores in deal_scores:
        for player, points in scores.items():
            running[player] = running.get(player, 0) + points
        rows.append({"deal": dict(scores), "total": dict(running)})
    return rows


# -- the typed result --------------------------------------------------------------

#: The classes and bonuses in the order the count names them (THE DECLARATIONS,
#: PIQUE, REPIQUE, THE CARDS, CAPOT), with the words a child reads.
_CLASS_WORDS = {"point": "the point", "sequence": "the sequence", "set": "the set"}


def _and(parts: Sequence[str]) -> str:
    """"a", "a and b", "a, b and c"."""
    return parts[0] if len(parts) == 1 else f"{', '.join(parts[:-1])} and {parts[-1]}"


def read_result(rules: object, data: Mapping[str, Any]) -> HandResult:
    """A finished deal's typed result from ``Piquet.result()``: the scores and
    tricks by seat letter, who was elder and younger, one sentence saying who
    scored what ("North scored 40, South 9: North won the point, the sequence
    and the cards") and the count in the order it was made, each line from the
    count itself ("South: 3 for three aces, 3"), which names no card.

    >>> read_result(None, {"scores": {"N": 40, "S": 9}, "elder": "S", "younger": "N",
    ...     "classes": {"point": "N", "sequence": "N", "set": "S"},
    ...     "bonus": {"seat": "N", "points": 10, "name": "the cards"},
    ...     "tricks_won": {"N": 7, "S": 5}, "count": []}).words
    'North scored 40, South 9: North won the point, the sequence and the cards; South the set'
    """
    scores = {str(seat): int(points) for seat, points in data["scores"].items()}
    tricks = {str(seat): int(n) for seat, n in (data.get("tricks_won") or {}).items()}
    elder, younger = str(data["elder"]), str(data["younger"])
    if set(scores) != {elder, younger}:
        raise ValueError("a Piquet result scores its elder and younger hand")
    # The one with more points first; on equal points elder, who plays first.
    order = sorted((elder, younger), key=lambda seat: -scores[seat])
    won: dict[str, list[str]] = {seat: [] for seat in order}
    for seat in data.get("carte_blanche") or ():
        won[str(seat)].append("carte blanche")
    equal = []
    for kind, words in _CLASS_WORDS.items():
        outcome = (data.get("classes") or {}).get(kind)
        if outcome in won:
            won[outcome].append(words)
        elif outcome == "equal":
            equal.append(words)
    for bonus in ("repique", "pique"):
        if data.get(bonus) in won:
            won[data[bonus]].append(f"a {bonus}")
    cards_bonus = data.get("bonus") or {}
    if cards_bonus.get("seat") in won and cards_bonus.get("name"):
        won[cards_bonus["seat"]].append(str(cards_bonus["name"]))
    first, second = order
    words = f"{_word(first)} scored {scores[first]}, {_word(second)} {scores[second]}"
    winners = [seat for seat in order if won[seat]]
    # "North won the point and the cards; South the set": the verb said once.
    said = [f"{_word(seat)} {'won ' if n == 0 else ''}{_and(won[seat])}"
            for n, seat in enumerate(winners)]
    if said:
        words += ": " + "; ".join(said)
    if equal:
        words += f" ({_and(equal)} equal)" if said else f": {_and(equal)} equal"
    lines = tuple(f"{_word(str(entry['seat']))}: {entry['says']}"
                  for entry in data.get("count") or ())
    return HandResult(game="piquet", words=words, scores=scores, tricks=tricks,
                      roles={elder: "elder", younger: "younger"}, lines=lines)


def _word(letter: str) -> str:
    return Seat.from_str(letter).word


def standing(rules: PiquetRules, results: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """SCORE: where the partie stands after a table's finished deals (their
    results oldest first): each deal's scores and the running totals, the
    partie's number at this table, and once it is over the winner, his points
    for the partie ("the difference ... plus 100", or "100 for game plus the
    sum of the two totals" when the loser is rubiconed under 100). Once a
    partie is over the next deal starts a new one."""
    partie = 1
    deals: list[dict[str, int]] = []
    for result in results:
        scores = result.get("scores")
        if not scores:
            continue
        if deals and _over(deals):
            partie, deals = partie + 1, []
        deals.append({seat.value: int(scores[seat.value]) for seat in PLAYERS})
    rows = standing_rows(deals)
    totals = rows[-1]["total"] if rows else {seat.value: 0 for seat in PLAYERS}
    over = bool(deals) and _over(deals)
    winner = points = None
    rubicon = False
    if over:
        winner, points, rubicon = partie_score(totals)
    return {"partie": partie, "deals": rows, "deals_played": len(deals), "totals": totals,
            "over": over, "winner": winner, "points": points, "rubicon": rubicon,
            "tie": not over and len(deals) >= 6 and len(set(totals.values())) == 1}


def read_standing(rules: PiquetRules, data: Mapping[str, Any]) -> Standing:
    """The partie, typed for the teacher's wall: "Partie 1, 3 deals of 6" and each
    player's total (SCORE)."""
    played = data["deals_played"]
    words = f"Partie {data['partie']}, {played} deal{'s' if played != 1 else ''} of " \
            f"{DEALS_IN_A_PARTIE}"
    if data.get("over") and data.get("winner"):
        words += f": {Seat(data['winner']).word} won, {data['points']} points"
    return Standing(totals=dict(data["totals"]), words=words, over=bool(data.get("over")))


def _over(deals: list[dict[str, int]]) -> bool:
    totals = {seat.value: sum(d[seat.value] for d in deals) for seat in PLAYERS}
    return partie_over(len(deals), totals)
