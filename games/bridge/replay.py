"""Replaying the play of a PBN deal as bridge play, and what the replay found.

:func:`check_game` replays one game of a PBN file as bridge play: any
declarer and contract, declarer's left-hand opponent leads, follow suit,
trumps win, the winner leads next; the Score is the duplicate score (Law
77). A Play section may stop early, as records do after a claim: the cards
played are checked and the Result must still be possible. A game's own
checks (MiniBridge's lessons: :mod:`games.minibridge.record`) build on
:class:`BoardCheck`, :func:`checked` and the helpers here; ``python -m
games check FILE.pbn`` (:mod:`games.cli.check`) prints one
:meth:`BoardCheck.line` a deal.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from games.bridge import pbn
from games.bridge.contracts import Contract, duplicate_score
from games.cards import PACK_52, Card
from games.deals import Deal
from games.seats import SEATS, Seat
from games.tricks import TrickPlay, TrickRules


@dataclass
class BoardCheck:
    """What the replay found for one deal of the file."""

    board: int | None
    declarer: Seat | None = None
    contract: Contract | None = None
    #: Declarer's tricks: the Result, or those of a complete play without one.
    tricks: int | None = None
    #: Cards played, when the Play section stops before the end.
    stopped_after: int | None = None
    score: int | None = None
    #: MiniLessons 1-2, which have no declarer: North-South's tricks, the lesson's score.
    tricks_ns: int | None = None
    problems: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.problems

    def line(self) -> str:
        board = f"Board {self.board:>2}" if self.board is not None else "Board  ?"
        if self.tricks_ns is not None:
            status = "OK" if self.ok else "WRONG: " + " ".join(self.problems)
            return f"{board}  no declarer  NS {self.tricks_ns:>2} tricks  {status}"
        contract = str(self.contract) if self.contract else "?"
        by = f" {self.declarer.value}" if self.declarer and self.contract and not \
            self.contract.is_passed_out else ""
        if self.contract is not None and self.contract.is_passed_out:
            tricks = "passed out"
        else:
            tricks = f"{self.tricks:>2} tricks" if self.tricks is not None else " ? tricks"
        if self.stopped_after is not None:
            tricks += f" (play stops after {self.stopped_after} cards)"
        score = ""
        if self.score is not None and self.declarer is not None:
            score = f"  {self.declarer.side.value} {self.score:+d}"
        status = "OK" if self.ok else "WRONG: " + " ".join(self.problems)
        return f"{board}  {contract:<5}{by:<2}  {tricks}{score}  {status}"


def check_game(game: pbn.PbnGame) -> BoardCheck:
    """Replay one game's play as bridge play and compare it with its Result
    and Score (the duplicate score, Law 77)."""
    return checked(game, check_bridge)


def checked(game: pbn.PbnGame, checker: Callable[[pbn.PbnGame, BoardCheck], None]) -> BoardCheck:
    """What ``checker`` finds in ``game``, begun from the game's Board, Declarer
    and Contract tags; a tag that cannot be read is the deal's one problem."""
    try:
        check = BoardCheck(game.board(), game.declarer(), game.contract())
        checker(game, check)
    except pbn.PbnError as exc:
        check = BoardCheck(_board_or_none(game))
        check.problems.append(str(exc))
    return check


def _board_or_none(game: pbn.PbnGame) -> int | None:
    try:
        return game.board()
    except pbn.PbnError:
        return None


def _complete(deal: Deal) -> Deal | None:
    """The deal with one "-" hand filled in from the rest of the pack, as the
    only cards it can hold; ``None`` when that is not possible."""
    missing = [seat for seat in SEATS if seat not in deal.hands]
    if not missing:
        return deal if all(len(deal.hand(s)) == 13 for s in SEATS) else None
    if len(missing) > 1:
        return None
    rest = tuple(sorted(set(PACK_52) - set(deal.all_cards())))
    if len(rest) != 13:
        return None
    hands = dict(deal.hands)
    hands[missing[0]] = rest
    return Deal(hands, dealer=deal.dealer, board=deal.board, vulnerability=deal.vulnerability)


def full_deal(game: pbn.PbnGame, check: BoardCheck) -> Deal | None:
    deal = _complete(game.deal())
    if deal is None:
        check.problems.append(
            "The deal does not show all four hands, so the play cannot be checked.")
    return deal


#: The rule of the play, as the MiniBridge Laws (shared/rules/minibridge.txt) state it
#: for bridge too: a refused card or an impossible Result names it.
PLAY_RULE = ('Rule: Law 11, "Each other player in turn clockwise plays a card ... each player '
             'must follow suit if possible."')

TRICK_RULE = ('Rule: Law 11, "The trick is won by the highest trump if there is one; otherwise '
              'by the highest card of the suit led."')


def illegal(trick: int, seat: Seat, card: Card, reason: str) -> str:
    return f"Trick {trick}: {seat.word} played {card}: {reason} {PLAY_RULE}"


def check_tricks(result: int | None, so_far: int, played: int, cards: int,
                 check: BoardCheck) -> None:
    """Declarer's tricks so far <= Result <= so far + tricks still to play."""
    remaining = 13 - played
    if cards < 52:
        check.stopped_after = cards
    if result is None:
        if remaining == 0:
            check.tricks = so_far
        return
    if so_far <= result <= so_far + remaining:
        return
    if remaining == 0:
        check.problems.append(
            f"The Result says {result} tricks but the play gives declarer {so_far}. {TRICK_RULE}")
    else:
        check.problems.append(
            f"The Result says {result} tricks but declarer has {so_far} with {remaining} "
            f"to play, so between {so_far} and {so_far + remaining}. {TRICK_RULE}")


# -- bridge play ---------------------------------------------------------------------------

def check_bridge(game: pbn.PbnGame, check: BoardCheck) -> None:
    contract, declarer = check.contract, check.declarer
    check.tricks = game.result()
    if contract is None:
        check.problems.append("The Contract is missing.")
        return
    if contract.is_passed_out:
        if "Play" in game.tags and game.play(trumps=None)[1]:
            check.problems.append("A passed-out board has no play.")
        return
    if declarer is None:
        check.problems.append("The Declarer is missing.")
        return
    deal = full_deal(game, check)
    if deal is None:
        return
    if "Play" in game.tags:
        _replay_bridge(game, deal, declarer, contract, check)
    if check.tricks is not None and not check.problems:
        _check_duplicate_score(game, deal, declarer, contract, check.tricks, check)


def _replay_bridge(game: pbn.PbnGame, deal: Deal, declarer: Seat, contract: Contract,
                   check: BoardCheck) -> None:
    first, plays = game.play()
    if first is not declarer.lho:
        check.problems.append(
            f"The opening lead is {declarer.lho.word}'s (declarer's left), "
            f"but the Play section starts with {first.word}.")
        return
    play = TrickPlay(deal.hands, SEATS, first, TrickRules(trumps=contract.trumps))
    for seat, card in plays:
        reason = play.why_illegal(seat, card)
        if reason is not None:
            check.problems.append(illegal(play.tricks_played + 1, seat, card, reason))
            return
        play.play(seat, card)
    so_far = sum(play.won[s] for s in declarer.side.seats)
    check_tricks(check.tricks, so_far, play.tricks_played, len(plays), check)


def _check_duplicate_score(game: pbn.PbnGame, deal: Deal, declarer: Seat, contract: Contract,
                           tricks: int, check: BoardCheck) -> None:
    vulnerable = deal.vulnerability.is_vulnerable(declarer)
    expected = duplicate_score(contract, tricks, vulnerable=vulnerable)
    check.score = expected
    score = game.score()
    if score is not None and score != expected:
        side = declarer.side.value
        check.problems.append(
            f"The Score says {side} {score:+d} but {contract} by {declarer.word} with "
            f"{tricks} tricks scores {side} {expected:+d}.")

