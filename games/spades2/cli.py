"""Play two-handed Spades between robots and write the game down.

``python -m games play spades2 --hands 5 --seed 7 [--deal-method selection]
[--nil] [--limit 250] [--until-game] [--out FILE] [--json FILE]`` plays hands
of one game (stopping early if the game ends) and prints, or writes to FILE, a
plain-text log: per hand the deal, the card selection, the bids, the play
trick by trick, the tricks, the scores and the running totals. The format is
described in docs/spades2-log.md; :func:`read_log` reads it back, and each
hand replays through the engine from what the log holds. ``--json FILE``
writes the game's JSON record (games.spades2.record), which ``python -m games
check FILE`` checks.
"""

from __future__ import annotations

import argparse
import json
import random
from dataclasses import dataclass, field
from pathlib import Path

from games.cards import Card, cards_to_str, sort_hand
from games.deals import Deal
from games.protocol import Action
from games.seats import Seat
from games.spades2 import ENTRY, PLAYERS, Spades2, Spades2Match, Spades2Rules
from games.spades2.record import game_record

FORMAT = "spades2-log 1"
#: --until-game stops here even if the game has not ended (every hand both
#: players may be set, so a game need not end).
MAX_HANDS = 1000


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--hands", type=_positive, default=1,
                        help="the most hands to play (the log stops when the game ends)")
    parser.add_argument("--seed", default="1", help="the same seed deals the same hands")
    parser.add_argument("--deal-method", choices=("automatic", "selection"), default="automatic")
    parser.add_argument("--nil", action="store_true", help="allow nil bids")
    parser.add_argument("--limit", type=_positive, default=250,
                        help="the game limit a score must pass (default 250)")
    parser.add_argument("--until-game", action="store_true",
                        help=f"play until the game ends (at most {MAX_HANDS} hands), not --hands")
    parser.add_argument("--robot", default="beginner", help="the robots' level")
    parser.add_argument("--out", type=Path, help="write the log here instead of printing it")
    parser.add_argument("--json", type=Path,
                        help="also write the JSON record here (python -m games check reads it)")


def run(args: argparse.Namespace) -> int:
    levels = ENTRY.robots.levels if ENTRY.robots is not None else ()
    if args.robot not in levels:
        raise ValueError(f"no {args.robot!r} robot (levels: {', '.join(levels)})")
    rules = Spades2Rules(deal_method=args.deal_method, nil=args.nil, game_limit=args.limit)
    hands = MAX_HANDS if args.until_game else args.hands
    games, match = play_game(rules, str(args.seed), hands, args.robot)
    text = format_log(rules, str(args.seed), args.robot, games, match)
    if args.json is not None:
        robots = {seat.value: args.robot for seat in PLAYERS}
        record = game_record(rules, str(args.seed), robots, games, match)
        args.json.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
    if args.out is None and args.json is None:
        print(text, end="")
    elif args.out is not None:
        args.out.write_text(text, encoding="utf-8")
    if args.out is not None or args.json is not None:
        written = " and ".join(str(path) for path in (args.out, args.json) if path is not None)
        print(f"wrote {len(games)} hands to {written}: {_ending(match)}")
    return 0


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"{text} is not a whole number above 0")
    return value


# -- playing ------------------------------------------------------------------------------

def play_game(rules: Spades2Rules, seed: str, hands: int,
              level: str = "beginner") -> tuple[list[Spades2], Spades2Match]:
    """Play up to ``hands`` hands of one game between robots; stop when the
    game is over. Hand N is dealt from the seed ``"{seed}:{N}"``, as a table
    of the site deals it."""
    robot = ENTRY.robot(level)
    match = Spades2Match(rules)
    games: list[Spades2] = []
    while len(games) < hands and not match.is_over():
        number = match.next_hand
        game = Spades2(rules, match.deal_next(random.Random(f"{seed}:{number}")))
        rng = random.Random(f"{seed}:{number}:robots")
        while not game.is_over():
            seat = game.to_act()[0]
            game.apply(seat, robot.choose(game.view(seat), rng))
        games.append(game)
        match = match.record(game.result()["scores"])
    return games, match


# -- writing the log ----------------------------------------------------------------------

def format_log(rules: Spades2Rules, seed: str, level: str, games: list[Spades2],
               match: Spades2Match) -> str:
    lines = [
        f"# Two-handed Spades, robots against robots ({FORMAT}, see docs/spades2-log.md)",
        f"Rules: deal_method={rules.deal_method} nil={'on' if rules.nil else 'off'} "
        f"game_limit={rules.game_limit}",
        f"Seed: {seed}",
        f"Robots: N={level} S={level}",
    ]
    running = Spades2Match(rules, match.first_bidder)
    for game in games:
        running = running.record(game.result()["scores"])
        lines += [""] + format_hand(game, running)
    lines += ["", _ending(match), ""]
    return "\n".join(lines)


def format_hand(game: Spades2, after: Spades2Match) -> list[str]:
    """The lines of one finished hand; ``after`` is the match once it was scored."""
    deal, result = game.deal, game.result()
    assert game.play is not None  # the hand is over
    lines = [f"Hand {deal.board}", f"Dealer: {deal.dealer.value}",
             f"First bidder: {game.first_bidder.value}"]
    if game.selection is not None:
        lines.append(f"Pack: {cards_to_str(deal.all_cards())}")
        choices = [a for a in game.log if a.text in ("take", "reject")]
        lines.append("Selection: " + ", ".join(str(a) for a in choices))
    # The hands as held for the play: every card each player played.
    hands = {s: [c for t in game.play.tricks for who, c in t.cards if who == s] for s in PLAYERS}
    for seat in PLAYERS:
        lines.append(f"{seat.word}: {cards_to_str(sort_hand(hands[seat]))}")
    if game.selection is not None:
        lines.append(f"Discards: {cards_to_str(game.selection.discards)}")
    else:
        lines.append(f"Unused: {cards_to_str(deal.stock)}")
    bids = [a for a in game.log if a.text.startswith("bid ")]
    lines.append("Bids: " + ", ".join(str(a).replace(" bid ", " ") for a in bids))
    for number, trick in enumerate(game.play.tricks, 1):
        cards = ", ".join(f"{s.value} {c}" for s, c in trick.cards)
        lines.append(f"Trick {number}: {cards}; {trick.winner(game.play.rules.trumps).value} wins")
    totals = after.totals()
    lines += [
        "Tricks: " + _pairs(result["tricks_won"]),
        "Score: " + _pairs(result["scores"]),
        "Totals: " + _pairs({s.value: totals[s] for s in PLAYERS}),
    ]
    return lines


def _pairs(values: dict[str, int]) -> str:
    return ", ".join(f"{seat} {values[seat]}" for seat in ("N", "S"))


def _ending(match: Spades2Match) -> str:
    totals = match.totals()
    winner = match.winner()
    if winner is None:
        return (f"Game not over after {match.hands_played} hands: "
                f"North {totals[Seat.NORTH]}, South {totals[Seat.SOUTH]}.")
    loser = Seat.NORTH if winner is Seat.SOUTH else Seat.SOUTH
    return (f"Game over after {match.hands_played} hands: {winner.word} wins, "
            f"{totals[winner]} to {totals[loser]}.")


# -- reading it back ----------------------------------------------------------------------

@dataclass
class HandRecord:
    """One hand read back from a log: enough to replay it through the engine."""

    number: int
    deal: Deal
    actions: list[Action] = field(default_factory=list)
    tricks_won: dict[str, int] = field(default_factory=dict)
    scores: dict[str, int] = field(default_factory=dict)
    totals: dict[str, int] = field(default_factory=dict)

    def replay(self, rules: Spades2Rules) -> Spades2:
        return Spades2.replay(rules, self.deal, self.actions)


@dataclass
class GameLog:
    rules: Spades2Rules
    seed: str
    hands: list[HandRecord]


def read_log(text: str) -> GameLog:
    """Read a log written by :func:`format_log` (docs/spades2-log.md)."""
    fields: dict[str, str] = {}
    hands: list[HandRecord] = []
    hand: dict[str, str] = {}
    tricks: list[str] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or line.startswith("Game "):
            continue
        key, _, value = line.partition(":")
        if key.startswith("Hand "):
            if hand:
                hands.append(_hand_record(hand, tricks, fields))
            hand, tricks = {"Hand": key.split()[1]}, []
        elif key.startswith("Trick "):
            tricks.append(value.strip())
        elif hand:
            hand[key] = value.strip()
        else:
            fields[key] = value.strip()
    if hand:
        hands.append(_hand_record(hand, tricks, fields))
    return GameLog(_rules_from(fields.get("Rules", "")), fields.get("Seed", ""), hands)


def _rules_from(text: str) -> Spades2Rules:
    options = dict(part.split("=", 1) for part in text.split())
    try:
        return Spades2Rules(deal_method=options["deal_method"], nil=options["nil"] == "on",
                            game_limit=int(options["game_limit"]))
    except KeyError as exc:
        raise ValueError(f"the log's Rules line lacks {exc}") from exc


def _hand_record(hand: dict[str, str], tricks: list[str], fields: dict[str, str]) -> HandRecord:
    rules = _rules_from(fields.get("Rules", ""))
    dealer = Seat.from_str(hand["Dealer"])
    number = int(hand["Hand"])
    actions: list[Action] = []
    if rules.deal_method == "selection":
        deal = Deal({s: () for s in PLAYERS}, dealer=dealer, board=number,
                    stock=tuple(Card.from_str(c) for c in hand["Pack"].split()))
        actions += [Action.from_str(a) for a in _items(hand["Selection"])]
    else:
        deal = Deal({s: _cards(hand[s.word]) for s in PLAYERS}, dealer=dealer, board=number,
                    stock=_cards(hand["Unused"]))
    for item in _items(hand["Bids"]):
        seat, bid = item.split()
        actions.append(Action(Seat.from_str(seat), f"bid {bid}"))
    for trick in tricks:
        played, _, _ = trick.partition(";")
        for item in _items(played):
            seat, card = item.split()
            actions.append(Action(Seat.from_str(seat), f"play {card}"))
    return HandRecord(number, deal, actions, _pairs_from(hand["Tricks"]),
                      _pairs_from(hand["Score"]), _pairs_from(hand["Totals"]))


def _items(text: str) -> list[str]:
    return [item.strip() for item in text.split(",") if item.strip()]


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.from_str(c) for c in text.split())


def _pairs_from(text: str) -> dict[str, int]:
    return {seat: int(value) for seat, value in (item.split() for item in _items(text))}

