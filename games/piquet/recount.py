"""The count of a recorded Piquet deal, made again apart from the engine.

``python -m games check`` replays a record through the engine, but a record
that agrees with the engine is only as right as the engine (issue 28: a
pique the engine forgot passed the check). So the check also counts every
deal again here, with the scoring functions alone, from what the record
writes: the declarations' scores as written (the replay checks them against
the hands), the tricks' cards. It rebuilds, in the order the players score
them, elder's 1 for leading, repique, each lead and trick, pique at every
point of the play, the cards or capot; and the first place where the
written count differs is named with its trick, its action and the sentence
of shared/rules/piquet.txt that decides it (docs/decisions/0743).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.cards import Card
from games.piquet import scoring
from games.piquet.combinations import CLASSES
from games.seats import Seat

# -- the sentences a refusal quotes --------------------------------------------------------

_GOOD = ("DECLARATIONS", "If his combination is acknowledged 'good', elder scores for it "
                         "immediately.")
RULES: dict[str, tuple[str, str]] = {
    "carte blanche": ("CARTE BLANCHE", "he may claim 10 for carte blanche"),
    "point": _GOOD, "sequence": _GOOD, "set": _GOOD,
    "lead": ("DECLARATIONS", "elder leads any card face up to the table and adds one point "
                             "'for leading'"),
    "trick": ("TRICKS", "The winner of a trick scores 1 point if he led to it, or 2 if his "
                        "opponent led to it."),
    "repique": ("PIQUE, REPIQUE", "If either player reaches a score of 30 before his opponent "
                                  "has scored anything he adds a bonus of 60 for repique."),
    "pique": ("PIQUE, REPIQUE", "Elder, however, can score 30 for pique if he reaches 30 during "
                                "the trick play and younger still has yet to score."),
    "the cards": ("THE CARDS, CAPOT", "If one player takes more than six tricks he counts a "
                                      "bonus of 10 'for the cards'."),
    "capot": ("THE CARDS, CAPOT", "If one player wins all 12 tricks (a rare occurrence) he "
                                  "scores a bonus of 40 for capot."),
    "follow": ("TRICKS", "the trick is won by the higher card of the suit led; and the winner "
                         "of one trick leads to the next."),
}
#: The classical count is our reading (docs/decisions/0266), not a sentence of the text.
CLASSICAL = ("the classical count, docs/decisions/0266", "1 for each lead, 1 for winning the "
             "opponent's lead, 1 for the last trick")


#: Younger scores his classes after the lead, by another sentence than elder's.
YOUNGER_DECLARES = ("DECLARATIONS", "Before replying to that card, younger scores for any "
                                    "combinations he may hold which are better than those "
                                    "announced by elder")


def rule(kind: str, counting: str = "text", younger: bool = False) -> str:
    """``(PIQUE, REPIQUE: "Elder, however, ...")``: the rule a problem breaks;
    ``younger`` when it is younger's score."""
    if counting == "classical" and kind in ("lead", "trick"):
        section, sentence = CLASSICAL
    elif younger and kind in CLASSES:
        section, sentence = YOUNGER_DECLARES
    else:
        section, sentence = RULES[kind]
    return f"({section}: \"{sentence}\")"


# -- counting again -------------------------------------------------------------------------

_WORDS = {"lead": "leading", "trick": "the trick"}


@dataclass(frozen=True)
class Score:
    """One line of the count: who, for what, how many, and the number of the
    action (in the deal's log, from 1) it is scored at."""

    seat: str
    kind: str
    points: int
    action: int

    def words(self) -> str:
        return f"{_word(self.seat)} {self.points} for {_WORDS.get(self.kind, self.kind)}"


def written_count(count: Sequence[Mapping[str, Any]]) -> list[Score]:
    return [Score(str(e.get("seat")), str(e.get("kind")), int(e.get("points", 0)),
                  int(e.get("action", 0))) for e in count]


def expected_count(counting: str, elder: str, count: Sequence[Mapping[str, Any]],
                   tricks: Sequence[tuple[Card, Card]], plays: Sequence[int]) -> list[Score]:
    """The count in the order it is scored, from the declarations' scores as
    written (``count``) and the tricks' two cards, the leader's first;
    ``plays`` are the numbers of the log's play actions, in order."""
    younger = _other(elder)

    def at(card: int) -> int:
        """The action of the ``card``-th card played (from 1)."""
        return plays[card - 1] if card <= len(plays) else 0

    written = written_count(count)
    claims = [s for s in written if s.kind == "carte blanche"]
    mine = [s for s in written if s.kind in CLASSES and s.seat == elder]
    theirs = [s for s in written if s.kind in CLASSES and s.seat == younger]
    # DECLARATIONS: carte blanche "before declarations begin"; elder's classes, his
    # lead and its point; younger's "Before replying to that card".
    scores = claims + mine + [Score(elder, "lead", scoring.lead_points(1, counting), at(1))]
    scores += theirs
    # Repique: the declarations "counted strictly in order: carte blanche, point,
    # sequence, set", decided as younger plays to the first trick (0267).
    order = {"carte blanche": 0, **{kind: n + 1 for n, kind in enumerate(CLASSES)}}
    declared = sorted(claims + mine + theirs, key=lambda score: order[score.kind])
    repique = scoring.repique((s.seat, s.points) for s in declared)
    if repique is not None:
        scores.append(Score(repique, "repique", scoring.REPIQUE, at(2)))
    counter = _Pique(elder, younger, done=repique is not None)
    counter.look(scores, at(2))  # elder's 29 and his 1 for leading
    won = {elder: 0, younger: 0}
    for number, (leader, winner) in enumerate(trick_leaders(elder, tricks), 1):
        lead = scoring.lead_points(number, counting) if number > 1 else 0
        if lead:
            scores.append(Score(leader, "lead", lead, at(2 * number - 1)))
            counter.look(scores, at(2 * number - 1))
        won[winner] += 1
        for who, points in scoring.trick_points(leader, winner, number, counting).items():
            if points:
                scores.append(Score(who, "trick", points, at(2 * number)))
                counter.look(scores, at(2 * number))
    taker, bonus, name = scoring.cards_bonus(won)
    if taker is not None and name is not None:
        scores.append(Score(taker, name, bonus, at(2 * len(tricks))))
    return scores


@dataclass
class _Pique:
    """PIQUE: looked for after every score of the play, in order (docs/decisions/0741)."""

    elder: str
    younger: str
    done: bool

    def look(self, scores: list[Score], action: int) -> None:
        if self.done:
            return
        elder = sum(s.points for s in scores if s.seat == self.elder)
        younger = sum(s.points for s in scores if s.seat == self.younger)
        if scoring.pique_reached(elder, younger):
            self.done = True
            scores.append(Score(self.elder, "pique", scoring.PIQUE, action))


def _winner(leader: str, first: Card, second: Card) -> str:
    """TRICKS: "the trick is won by the higher card of the suit led"."""
    beats = second.suit == first.suit and second.rank > first.rank
    return _other(leader) if beats else leader


def trick_leaders(elder: str, tricks: Sequence[tuple[Card, Card]]) -> list[tuple[str, str]]:
    """``(leader, winner)`` of each trick from its cards: elder leads the first,
    "the winner of one trick leads to the next"."""
    found = []
    leader = elder
    for first, second in tricks:
        winner = _winner(leader, first, second)
        found.append((leader, winner))
        leader = winner
    return found


def count_problems(counting: str, elder: str, count: Sequence[Mapping[str, Any]],
                   tricks: Sequence[tuple[Card, Card]], plays: Sequence[int],
                   where: Callable[[int], str]) -> list[str]:
    """The first difference between the written ``count`` and the count made
    again, in words, with the rule; ``where(action)`` names the action where it
    is. Empty when they agree."""
    expected = expected_count(counting, elder, count, tricks, plays)
    written = written_count(count)
    for index in range(max(len(expected), len(written))):
        wanted = expected[index] if index < len(expected) else None
        found = written[index] if index < len(written) else None
        if wanted is not None and found is not None and wanted == found:
            continue
        if wanted is None:
            assert found is not None
            return [f"{where(found.action)}: the count goes on with {found.words()}, which "
                    "nothing in the deal scores"]
        says = "nothing more" if found is None else found.words()
        if found is not None and found.action != wanted.action:
            says += f" at action {found.action}"
        place = where(wanted.action)
        totals = _totals(expected[:index], elder)
        younger = _other(elder)
        if wanted.kind == "pique":
            return [f"{place}: pique is not scored where {_word(elder)} (elder) reaches "
                    f"{totals[elder]} while {_word(younger)} has scored nothing: the count "
                    f"writes {says} {rule('pique')}"]
        if found is not None and found.kind == "pique":
            return [f"{place}: the count scores pique, but {_word(elder)} (elder) has "
                    f"{totals[elder]} and {_word(younger)} {totals[younger]} there "
                    f"{rule('pique')}"]
        return [f"{place}: {wanted.words()} is scored here, but the count writes {says} "
                f"{rule(wanted.kind, counting)}"]
    return []


def _totals(scores: Sequence[Score], elder: str) -> dict[str, int]:
    totals = {elder: 0, _other(elder): 0}
    for score in scores:
        totals[score.seat] += score.points
    return totals


def _other(seat: str) -> str:
    return "N" if seat == "S" else "S"


def _word(letter: str) -> str:
    return Seat.from_str(letter).word
