"""``python -m games check FILE.pbn``: replay the play of every deal of a PBN file.

One line per deal: board, contract and declarer, declarer's tricks, the
score, and OK or the first thing wrong (an illegal card and why, a Result
the play cannot reach, a Score that is not the contract's). The exit status
is 0 when every deal is in order, 1 otherwise (2 for a file that cannot be
read).

Without ``--lesson`` the play is checked as bridge play: any declarer and
contract, declarer's left-hand opponent leads, follow suit, trumps win, the
winner leads next; the Score is the duplicate score (Law 77). A Play
section may stop early, as records do after a claim: the cards played are
checked and the Result must still be possible. With ``--lesson N`` the
declarer, contract and score must also be the MiniLesson's. A deal whose
MiniBridgeSeed tag names its seed is first dealt again from it: other cards are
refused. A file with Top Game hands (any TopGame tag, whatever the Scoring tag)
goes to the Top Game's checker (docs/decisions/0762).
"""

from __future__ import annotations

import argparse
import importlib
import io
import json
import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from games.bridge import pbn
from games.bridge.contracts import Contract, duplicate_score
from games.cards import PACK_52, Card
from games.deals import Deal
from games.seats import SEATS, Seat
from games.tricks import TrickPlay, TrickRules


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("file", help="the PBN file to check")
    parser.add_argument("--lesson", type=int, choices=range(1, 7), metavar="N",
                        help="also check declarer, contract and score against MiniLesson N")
    parser.add_argument("--variant", help="a MiniBridge variant with --lesson (e.g. target, slam)")


def run(args: argparse.Namespace) -> int:
    if args.variant and not args.lesson:
        raise ValueError("--variant goes with --lesson")
    rules = _lesson_rules(args.lesson, args.variant) if args.lesson else None
    with open(args.file, "rb") as handle:
        data = handle.read()
    if data.lstrip()[:1] == b"{":
        return _report(_game_checker(json.loads(data)).check_record(json.loads(data)))
    games = pbn.load(io.BytesIO(data))
    topgame = importlib.import_module("games.topgame.record")
    if topgame.is_topgame_pbn(games):
        # A Top Game hand is known by its own tags too: a changed Scoring tag must not
        # get it checked as plain bridge, its Top Game scores unchecked (decision 0762).
        return _report(topgame.check_pbn(games))
    checks = [check_game(game) if rules is None else check_lesson_game(game, rules)
              for game in games]
    for board_check in checks:
        print(board_check.line())
    wrong = sum(not c.ok for c in checks)
    print(f"{len(checks)} deal{'s' * (len(checks) != 1)} checked, "
          f"{wrong or 'none'} with a problem.")
    return 1 if wrong else 0


def _game_checker(data: Any) -> Any:
    """The checker module of a JSON record's game (its top-level "game")."""
    from games.registry import game_entry  # the game's engine loads only when asked for

    if not isinstance(data, dict) or "game" not in data:
        raise ValueError("a JSON record names its game at the top: {\"game\": ...}")
    entry = game_entry(str(data["game"]))
    if entry.checker is None:
        raise ValueError(f"{entry.title} has no record checker")
    return importlib.import_module(entry.checker)


def _report(problems: list[str]) -> int:
    """A game's own checker's findings: each problem, then the verdict."""
    for problem in problems:
        print(problem)
    print("The record is in order." if not problems
          else f"{len(problems)} problem{'s' * (len(problems) != 1)} found.")
    return 1 if problems else 0


# -- checking one deal -------------------------------------------------------------------

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
    return _guarded(game, _check_bridge)


def check_lesson_game(game: pbn.PbnGame, rules: Any) -> BoardCheck:
    """Replay one game through the MiniBridge engine under ``rules``: the
    announcements, declarer (Law 7), the contract the lesson allows, every
    card, and the lesson's score."""
    return _guarded(game, lambda g, check: _check_lesson(g, check, rules))


def _guarded(game: pbn.PbnGame, checker: Callable[[pbn.PbnGame, BoardCheck], None]) -> BoardCheck:
    try:
        check = BoardCheck(game.board(), game.declarer(), game.contract())
        _check_seed(game, check)
        if not check.problems:
            checker(game, check)
    except pbn.PbnError as exc:
        check = BoardCheck(_board_or_none(game))
        check.problems.append(str(exc))
    return check


#: The tag naming the seed a deal was dealt from (docs/pbn.md).
SEED_TAG = "MiniBridgeSeed"


def _check_seed(game: pbn.PbnGame, check: BoardCheck) -> None:
    """A record that names its seed must hold the cards that seed deals
    (``Deal.for_board(board, random.Random(seed))``, as ``play minibridge``
    deals): a deal changed consistently in every tag is still found. The cards
    as dealt are the MiniBridgeDealt tag's in a three-handed record."""
    seed = (game.get(SEED_TAG) or "").strip()
    if not seed:
        return
    if not seed.lstrip("-").isdigit():
        check.problems.append(f"{SEED_TAG} {seed!r} is not a whole number.")
        return
    written = _dealt(game, game.deal())
    dealt = Deal.for_board(written.board, random.Random(int(seed)))
    for seat in SEATS:
        if sorted(dealt.hand(seat)) != sorted(written.hand(seat)):
            check.problems.append(
                f"The deal, before the first card: {seat.word} holds "
                f"{_cards_text(written, seat)} but {SEED_TAG} {seed} deals board "
                f"{written.board} {_cards_text(dealt, seat)} (the rule: the cards are the "
                f"ones the record's seed deals, docs/pbn.md).")
            return
    if written.dealer is not dealt.dealer:
        check.problems.append(f"The deal, before the first card: the dealer is "
                              f"{written.dealer.word}, but board {written.board} is dealt by "
                              f"{dealt.dealer.word} (the rule: the record's seed deals it, "
                              f"docs/pbn.md).")


def _cards_text(deal: Deal, seat: Seat) -> str:
    return " ".join(str(card) for card in deal.hand(seat)) or "nothing"


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


def _full_deal(game: pbn.PbnGame, check: BoardCheck) -> Deal | None:
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


def _illegal(trick: int, seat: Seat, card: Card, reason: str) -> str:
    return f"Trick {trick}: {seat.word} played {card}: {reason} {PLAY_RULE}"


def _check_tricks(result: int | None, so_far: int, played: int, cards: int,
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

def _check_bridge(game: pbn.PbnGame, check: BoardCheck) -> None:
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
    deal = _full_deal(game, check)
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
            check.problems.append(_illegal(play.tricks_played + 1, seat, card, reason))
            return
        play.play(seat, card)
    so_far = sum(play.won[s] for s in declarer.side.seats)
    _check_tricks(check.tricks, so_far, play.tricks_played, len(plays), check)


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


# -- MiniBridge lessons ------------------------------------------------------------------

def _lesson_rules(lesson: int, variant: str | None) -> Any:
    from games.registry import find_game  # the MiniBridge engine loads only when asked for

    return find_game("minibridge", lesson=lesson, variant=variant)


#: The bridge level that stands for a MiniBridge game contract (Law 10's goal less six).
_GAME_LEVELS = {"NT": 3, "H": 4, "S": 4, "C": 5, "D": 5}
_SLAM_LEVEL = 6


def _check_lesson(game: pbn.PbnGame, check: BoardCheck, rules: Any) -> None:
    from games.protocol import GameError
    from games.registry import game_entry

    deal = _full_deal(game, check)
    if deal is None:
        return
    dealt = _dealt(game, deal)
    engine = game_entry("minibridge").game_class(rules, dealt)
    check.tricks = game.result()
    try:
        _announce(game, engine, check)
        if rules.announces_hcp and not check.problems:
            _declare(engine, check)
        if not check.problems and dealt is not deal:
            _check_as_played(engine, deal, check)
        if not check.problems and "Play" in game.tags:
            _play_lesson(game, engine, check)
    except GameError as exc:
        check.problems.append(exc.reason)
    if not check.problems:
        _check_lesson_score(game, engine, rules, check)


def _dealt(game: pbn.PbnGame, played: Deal) -> Deal:
    """The deal as dealt: our MiniBridgeDealt tag in a three-handed record, whose
    Deal tag is the deal as played (docs/decisions/0431-three-handed-deals-in-pbn.md);
    otherwise the Deal itself."""
    text = game.get("MiniBridgeDealt")
    if not text or not text.strip():
        return played
    try:
        return Deal.from_pbn(text.strip(), dealer=played.dealer, board=played.board,
                             vulnerability=played.vulnerability)
    except ValueError as exc:
        raise game._error(str(exc), "MiniBridgeDealt") from exc


def _check_as_played(engine: Any, played: Deal, check: BoardCheck) -> None:
    """The Deal of a three-handed record is each hand where the rules put it
    ("he exchanges his hand with dummy before dummy is exposed")."""
    for seat in SEATS:
        if sorted(engine.holdings[seat]) != sorted(played.hand(seat)):
            check.problems.append(
                f"The Deal gives {seat.word} the cards dealt elsewhere: after the "
                f"three-handed rules {seat.word} plays "
                f"{' '.join(str(c) for c in engine.holdings[seat])}.")
            return


def _announce(game: pbn.PbnGame, engine: Any, check: BoardCheck) -> None:
    """Laws 4-6: each player announces his points, dealer first; a 20-20
    deal is dealt again. Any MiniBridgeHCP tag must give the true counts."""
    written = _written_hcp(game)
    for seat, points in written.items():
        if points != engine.deal.hcp(seat):
            check.problems.append(f"MiniBridgeHCP gives {seat.word} {points} points, "
                                  f"but the hand holds {engine.deal.hcp(seat)}.")
    while engine.phase == "announce" and engine.to_act():
        seat = engine.to_act()[0]
        engine.apply(seat, f"hcp {engine.deal.hcp(seat)}")
    if engine.is_over():
        check.problems.append(f"This deal is not played: {engine.redeal_reason}")


def _written_hcp(game: pbn.PbnGame) -> dict[Seat, int]:
    """The MiniBridgeHCP tag, ``"N:12 E:8 S:11 W:9"``."""
    text = game.get("MiniBridgeHCP") or ""
    counts: dict[Seat, int] = {}
    for part in text.split():
        seat_text, _, points = part.partition(":")
        try:
            counts[Seat.from_str(seat_text)] = int(points)
        except ValueError as exc:
            raise game._error(f"{text!r} is not like N:12 E:8 S:11 W:9", "MiniBridgeHCP") from exc
    return counts


def _declare(engine: Any, check: BoardCheck) -> None:
    """Law 7 picks the declarer (MiniLessons 3-4: a tied pair chooses), then
    Law 9: declarer announces the contract the PBN Contract stands for."""
    declarer, contract = check.declarer, check.contract
    if declarer is None or contract is None:
        check.problems.append("The Declarer and Contract are needed to check a MiniLesson.")
        return
    if engine.phase == "declarer":
        engine.apply(engine.to_act()[0], f"declarer {declarer.value}")
    elif engine.declarer is not declarer:
        check.problems.append(
            f"The Declarer is {declarer.word}, but Law 7 makes {engine.declarer.word} declarer: "
            f"the side with more points declares, and of that side the player with more points "
            f"(the first to announce when they are equal).")
        return
    text = _contract_action(contract, engine.rules)
    if text is None:
        check.problems.append(
            f"{contract} is not a MiniBridge contract here: part-score is written at the 1 level, "
            f"game as 3NT, 4H, 4S, 5C or 5D, slam at the 6 level, and there are no doubles.")
        return
    engine.apply(engine.to_act()[0], text)
    if not engine.rules.levels and contract.level != engine.contract.goal - 6:
        check.problems.append(
            f"Declarer's goal is {engine.contract.goal} tricks, so the Contract is written "
            f"{engine.contract.goal - 6}{engine.contract.denomination}, not {contract}.")


def _contract_action(contract: Contract, rules: Any) -> str | None:
    """The MiniBridge action for a PBN contract: "contract game H", or
    "contract NT" when the lesson names no level."""
    if contract.is_passed_out or contract.doubled or contract.denomination is None:
        return None
    denomination = contract.denomination.value
    if not rules.levels:
        return f"contract {denomination}"
    if contract.level == 1:
        level = "part"
    elif contract.level == _GAME_LEVELS[denomination]:
        level = "game"
    elif contract.level == _SLAM_LEVEL:
        level = "slam"
    else:
        return None
    return f"contract {level} {denomination}"


def _play_lesson(game: pbn.PbnGame, engine: Any, check: BoardCheck) -> None:
    from games.protocol import GameError

    trumps = engine.contract.trumps if engine.contract is not None else None
    first, plays = game.play(trumps=trumps)
    play = engine.play
    if first is not play.to_play:
        check.problems.append(f"The opening lead is {play.to_play.word}'s, "
                              f"but the Play section starts with {first.word}.")
        return
    for seat, card in plays:
        actor = engine.to_act()[0]  # declarer plays dummy's cards (Law 8)
        try:
            engine.apply(actor, f"play {card}")
        except GameError as exc:
            check.problems.append(_illegal(len(play.tricks) + 1, seat, card, exc.reason))
            return
    if engine.declarer is not None:
        so_far = sum(play.won[s] for s in engine.declarer.side.seats)
        check.tricks = game.result()
        _check_tricks(check.tricks, so_far, len(play.tricks), len(plays), check)


def _check_lesson_score(game: pbn.PbnGame, engine: Any, rules: Any, check: BoardCheck) -> None:
    """The lesson's Score for the Result: Laws 16-17, MiniLessons 3-4's 50 + 40 a
    trick, the target variant's win (1) or loss (-1), or in MiniLessons 1-2 the
    tricks North-South won (docs/decisions/0432-check-every-lessons-score.md)."""
    from games.minibridge import scoring

    if rules.scoring == "tricks":
        _check_tricks_score(game, engine, check)
        return
    tricks = check.tricks if check.tricks is not None else game.result()
    contract = engine.contract
    if tricks is None or contract is None:
        return
    check.tricks = tricks
    if rules.scoring == "lesson-3":
        declaring, defending = scoring.lesson_3_score(tricks)
    elif rules.scoring == "laws-16-17":
        declaring, defending = scoring.laws_16_17_score(contract.denomination, contract.level,
                                                        tricks, rules.slam_bonus)
    elif rules.scoring == "win-loss":
        # "scored simply as a win or loss for each side, according to whether the
        # declarer achieves the target or not"
        declaring, defending = (1, 0) if tricks >= contract.goal else (0, 1)
    else:
        return
    expected = declaring - defending
    check.score = expected
    score = game.score()
    if score is not None and score != expected:
        side = engine.declarer.side.value
        if rules.scoring == "win-loss":
            won = "reaches" if expected > 0 else "falls short of"
            check.problems.append(
                f"The Score says {side} {score:+d} but {tricks} tricks {won} the target of "
                f"{contract.goal}, so the deal scores {side} {expected:+d} (1 a win, -1 a loss).")
            return
        check.problems.append(
            f"The Score says {side} {score:+d} but {contract.words().lower()} with {tricks} "
            f"tricks scores {side} {expected:+d} in {rules.title.split(':')[0]}.")


def _check_tricks_score(game: pbn.PbnGame, engine: Any, check: BoardCheck) -> None:
    """MiniLessons 1-2 score the tricks each side won: the Score, "NS 7" (or
    "EW 6"), must be that side's tricks once every trick is played (or claimed)."""
    if not engine.is_over():
        return
    by_side = engine.result()["tricks_by_side"]
    check.tricks_ns = by_side["NS"]
    text = game.get("Score")
    if not text or not text.strip():
        return
    parts = text.split()
    if len(parts) != 2 or parts[0].upper() not in by_side or not parts[1].isdigit():
        check.problems.append(f"The Score {text!r} is not a side's tricks, like \"NS 7\".")
        return
    side, tricks = parts[0].upper(), int(parts[1])
    if tricks != by_side[side]:
        check.problems.append(
            f"The Score says {side} {tricks} but the play gives {side} {by_side[side]} "
            f"tricks, the lesson's score.")
