"""A MiniBridge hand's record: how a deal played to the end is written in PBN.

How a MiniBridge hand is written in PBN (docs/decisions/0041-minibridge-in-pbn.md):

* Declarer, Contract, Result: declarer's position, the contract at its
  bridge level (part-score 1, game 3NT/4H/4S/5C/5D, slam 6; a lesson 3-4
  or target-variant contract at its goal less six), declarer's tricks.
* Score: the declaring side's MiniBridge score less the defenders', as
  "NS 120" / "EW -100" (the PBN form, from the declaring side).
* MiniLessons 1-2 have no declarer: Declarer, Contract and Result are ""
  (PBN's unknown) and Score is "NS n", North-South's tricks (the lesson's
  score); the Play section starts with dealer's left-hand opponent.
* Our own tags: MiniBridgeLesson ("5"), MiniBridgeVariant (only with a
  variant), MiniBridgeHCP (the announced points, "N:12 E:8 S:11 W:9"),
  MiniBridgeSeed (the seed the deal was dealt from, so ``check`` deals it again).
* Vulnerable is "None": MiniBridge has no vulnerability, and its scores from
  MiniLesson 5 on are bridge's non-vulnerable scores.
* Three-handed games: the Deal tag is the deal as played, each hand at the
  position it was played from after the three-handed rules moved it (the
  dealer's exchange with the dummy), so any PBN reader replays the Play
  section; our tag MiniBridgeDealt keeps the deal as dealt (the dummy
  opposite the dealer), from which ``check --lesson`` replays the
  announcements (docs/decisions/0431-three-handed-deals-in-pbn.md).

The same record is checked here (``python -m games check FILE``, which
:mod:`games.cli.check` sends here for any PBN file that is not the Top Game's):
a deal whose MiniBridgeSeed tag names its seed is first dealt again from it
(other cards are refused), then its play is replayed as bridge play
(:mod:`games.bridge.replay`) or, with ``--lesson N``, through the MiniBridge
engine, so that the declarer, the contract and the score must also be the
MiniLesson's (docs/decisions/0432-check-every-lessons-score.md).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from games.bridge import pbn, replay
from games.bridge.contracts import Contract
from games.bridge.replay import BoardCheck
from games.cards import Card
from games.deals import Deal
from games.minibridge import scoring
from games.minibridge.game import MiniBridge
from games.minibridge.rules import MiniBridgeRules
from games.minibridge.scoring import level_digit
from games.protocol import GameError
from games.registry import find_game
from games.seats import SEATS, Seat


@dataclass
class PlayedDeal:
    """One deal played to the end."""

    game: MiniBridge
    #: The seed it was dealt from: ``Deal.for_board(board, random.Random(seed))``.
    seed: int | None = None

    @property
    def result(self) -> dict[str, Any]:
        return self.game.result()


def contract_text(result: dict[str, Any]) -> str:
    """"1NT", "4H", "6S": the MiniBridge contract at its bridge level."""
    contract = result["contract"]
    digit = level_digit(contract["level"], contract["denomination"], contract["goal"])
    return f"{digit}{contract['denomination']}"


def hcp_tag(game: MiniBridge) -> str:
    """The announced points in compass order: "N:12 E:8 S:11 W:9"."""
    points = {a["seat"]: a["hcp"] for a in game.view(None).info["announcements"]}
    return " ".join(f"{s}:{points[s]}" for s in "NESW" if s in points)


def plays_of(game: MiniBridge) -> tuple[Seat, list[tuple[Seat, Card]]]:
    """The opening leader and every card played, in order."""
    view = game.full_view()
    tricks = list(view.tricks)
    if view.trick and view.trick["cards"]:
        tricks.append(view.trick)
    plays = [(Seat.from_str(e["seat"]), Card.from_str(e["card"]))
             for trick in tricks for e in trick["cards"]]
    first = Seat.from_str(tricks[0]["leader"]) if tricks else game.deal.dealer.lho
    return first, plays


def as_played(game: MiniBridge) -> Deal:
    """The deal with each hand at the position its cards were played from: in the
    three-handed games the dealer may have exchanged hands with the dummy
    ("he exchanges his hand with dummy before dummy is exposed")."""
    deal = game.deal
    return Deal(dict(game.holdings), dealer=deal.dealer, board=deal.board,
                vulnerability=deal.vulnerability)


def record(hand: PlayedDeal, lesson: int, variant: str | None, event: str) -> pbn.PbnGame:
    """The PBN record of one played deal (see the module docstring)."""
    game, result = hand.game, hand.result
    first, plays = plays_of(game)
    extra = {"MiniBridgeLesson": str(lesson)}
    if hand.seed is not None:
        extra["MiniBridgeSeed"] = str(hand.seed)
    if variant:
        extra["MiniBridgeVariant"] = variant
    if game.rules.announces_hcp:
        extra["MiniBridgeHCP"] = hcp_tag(game)
    deal = game.deal
    if game.rules.three_handed:
        extra["MiniBridgeDealt"] = deal.pbn(first=deal.dealer)
        deal = as_played(game)
    if result["declarer"] is None:
        # MiniLessons 1-2: nobody declares; the score is the tricks per side.
        extra.update({"Declarer": "", "Contract": "", "Result": "",
                      "Score": f"NS {result['tricks_by_side']['NS']}"})
        declarer, contract, tricks, score = first.rho, "1NT", 0, 0
    else:
        declarer = Seat.from_str(result["declarer"])
        side = result["declaring_side"]
        other = "EW" if side == "NS" else "NS"
        contract, tricks = contract_text(result), result["tricks"]
        score = result["score"][side] - result["score"][other]
    return pbn.record_for_play(deal, event=event, declarer=declarer, contract=contract,
                               result=tricks, score=score, first_leader=first, plays=plays,
                               extra_tags=extra)


# -- checking a PBN file: python -m games check FILE.pbn [--lesson N] ---------------------

#: The tag naming the seed a deal was dealt from (docs/pbn.md).
SEED_TAG = "MiniBridgeSeed"


def lesson_rules(lesson: int, variant: str | None) -> MiniBridgeRules:
    """MiniLesson ``lesson``'s rules, with ``variant`` (``check --lesson N --variant V``)."""
    rules: MiniBridgeRules = find_game("minibridge", lesson=lesson, variant=variant)
    return rules


def check_pbn(games: Sequence[pbn.PbnGame],
              rules: MiniBridgeRules | None = None) -> list[BoardCheck]:
    """Every deal of a PBN file replayed: as bridge play (:func:`check_game`), or
    through the MiniBridge engine under a lesson's ``rules``
    (:func:`check_lesson_game`)."""
    return [check_game(game) if rules is None else check_lesson_game(game, rules)
            for game in games]


def check_game(game: pbn.PbnGame) -> BoardCheck:
    """A deal dealt again from its seed, when it names one, then its play replayed
    as bridge play and compared with its Result and Score (the duplicate score,
    Law 77)."""
    return replay.checked(game, lambda g, check: _seeded(g, check, replay.check_bridge))


def check_lesson_game(game: pbn.PbnGame, rules: MiniBridgeRules) -> BoardCheck:
    """Replay one game through the MiniBridge engine under ``rules``: the
    announcements, declarer (Law 7), the contract the lesson allows, every
    card, and the lesson's score."""
    return replay.checked(game, lambda g, check: _seeded(
        g, check, lambda g2, c: _check_lesson(g2, c, rules)))


def _seeded(game: pbn.PbnGame, check: BoardCheck,
            then: Callable[[pbn.PbnGame, BoardCheck], None]) -> None:
    _check_seed(game, check)
    if not check.problems:
        then(game, check)


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


#: The bridge level that stands for a MiniBridge game contract (Law 10's goal less six).
_GAME_LEVELS = {"NT": 3, "H": 4, "S": 4, "C": 5, "D": 5}

_SLAM_LEVEL = 6


def _check_lesson(game: pbn.PbnGame, check: BoardCheck, rules: MiniBridgeRules) -> None:
    deal = replay.full_deal(game, check)
    if deal is None:
        return
    dealt = _dealt(game, deal)
    engine = MiniBridge(rules, dealt)
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


def _contract_action(contract: Contract, rules: MiniBridgeRules) -> str | None:
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
            check.problems.append(replay.illegal(len(play.tricks) + 1, seat, card, exc.reason))
            return
    if engine.declarer is not None:
        so_far = sum(play.won[s] for s in engine.declarer.side.seats)
        check.tricks = game.result()
        replay.check_tricks(check.tricks, so_far, len(play.tricks), len(plays), check)


def _check_lesson_score(game: pbn.PbnGame, engine: Any, rules: MiniBridgeRules,
                        check: BoardCheck) -> None:
    """The lesson's Score for the Result: Laws 16-17, MiniLessons 3-4's 50 + 40 a
    trick, the target variant's win (1) or loss (-1), or in MiniLessons 1-2 the
    tricks North-South won (docs/decisions/0432-check-every-lessons-score.md)."""
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

