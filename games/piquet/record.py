"""The record of Piquet parties, as JSON-ready data, and its check.

:func:`deal_record` writes down one finished deal: the cards dealt, the
talon in order, both exchanges, the untaken cards, the declarations and
answers, the tricks, the count in the order it was made (each score with the
action it was scored at), the scores and the partie's totals after it.
docs/piquet-record.md describes every field.

:func:`check_record` (``python -m games check FILE``, the registry's
``checker``) reads a whole record back and refuses anything the record's own
seed, robots and rules do not give, each problem naming its partie, deal and
action and the rule it breaks (docs/decisions/0742, 0743):

* the header: the format, the rules, the seed, the robots;
* each deal: dealt again from the seed; its actions replayed through the
  engine beside the robots the record names, each of which must choose the
  action written; every field compared with the replay; the count made again
  apart from the engine (:mod:`games.piquet.recount`);
* each partie: its number, its sheet (totals, winner, points, rubicon), that it
  is played to its end; and the summary over the parties.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from games.cards import Card, cards_to_str
from games.deals import Deal, InvalidDealError
from games.piquet import recount
from games.piquet.game import Piquet, deal_piquet, dealer_for_deal
from games.piquet.recount import RULES
from games.piquet.robots import LEVELS, PiquetRobot, make_robot
from games.piquet.rules import PLAYERS, PiquetRules
from games.piquet.scoring import standing
from games.protocol import Action, GameError
from games.seats import Seat

FORMAT = "piquet-record 2"
#: The first format counted the text's way of issue 17 and looked for pique once
#: a trick was complete (docs/decisions/0742): its records are refused, not recounted.
FORMAT_1 = "piquet-record 1"
#: A partie that keeps tying stops here (it never has in practice).
MOST_DEALS_A_PARTIE = 40


def deal_record(game: Piquet, totals: Mapping[str, int]) -> dict[str, Any]:
    """One finished deal as the record keeps it (docs/piquet-record.md)."""
    result = game.result()
    assert game.play is not None
    return {
        "deal": game.deal.board,
        "dealer": game.deal.dealer.value,
        "elder": game.elder.value,
        "younger": game.younger.value,
        "hands": {s.value: cards_to_str(game.dealt[s]) for s in PLAYERS},
        "talon": cards_to_str(game.deal.stock),
        "carte_blanche": {s.value: game.claims.get(s) for s in game.holders},
        "exchange": {s.value: {"discards": cards_to_str(game.discards[s]),
                               "drew": cards_to_str(game.drawn[s])}
                     for s in game.exchange_order()},
        "peeked": cards_to_str(game.peeked),
        "untaken": {"cards": cards_to_str(game.untaken), "faced": game.untaken_faced},
        "declarations": [dict(line) for line in game.dialogue],
        "classes": result["classes"],
        "tricks": [{"leader": t.leader.value, "cards": [str(c) for _, c in t.cards],
                    "winner": t.winner(None).value} for t in game.play.tricks],
        # Each score with the action it was scored at, so that a check can tell
        # where a line of the count is missing (docs/decisions/0742).
        "count": [{**entry.as_data(), "action": entry.action} for entry in game.entries],
        "repique": result["repique"],
        "pique": result["pique"],
        "bonus": result["bonus"],
        "tricks_won": result["tricks_won"],
        "scores": result["scores"],
        "totals": dict(totals),
        "actions": [str(a) for a in game.log],
    }


def partie_record(number: int, deals: list[dict[str, Any]],
                  standing: Mapping[str, Any]) -> dict[str, Any]:
    return {"partie": number, "deals": deals, "totals": dict(standing["totals"]),
            "over": standing["over"], "winner": standing["winner"],
            "points": standing["points"], "rubicon": standing["rubicon"]}


def summary(parties: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Parties won and partie points by player, over the finished parties."""
    wins = {s.value: 0 for s in PLAYERS}
    points = {s.value: 0 for s in PLAYERS}
    for partie in parties:
        if partie.get("over") and partie.get("winner"):
            wins[partie["winner"]] += 1
            points[partie["winner"]] += partie["points"]
    return {"parties_won": wins, "partie_points": points}


# Reading a record back: python -m games check FILE.

_SEED_RULE = '(the record: deal N is shuffled from random.Random("SEED:N"))'
_ROBOTS_RULE = ("(the record: the robots named choose every action, drawing from "
                'random.Random("SEED:N:robots"))')
_NUMBER_RULE = "(the record: parties are numbered 1, 2, ... and deals 1, 2, ... across them)"
_GAME = ("GAME", "A partie is six deals, each dealing alternately, and is won by the player "
                 "with the higher score.")
_CUMULATIVE = ("SCORE", "At the end of each deal the players note their scores for that deal "
                       "and their cumulative score for the partie so far.")
_PARTIE = ("SCORE", "The winner scores the difference between the two players' totals, plus "
                    "100 for game. If the loser has failed to reach 100 he is rubiconed")
#: The sentence of the rules text each field of a deal rests on, quoted by a refusal.
_FIELD_RULES: dict[str, tuple[str, str]] = {
    "elder": ("DEAL", "Note that the dealer is known as younger, his opponent elder hand."),
    "younger": ("DEAL", "Note that the dealer is known as younger, his opponent elder hand."),
    "carte_blanche": RULES["carte blanche"],
    "exchange": ("THE EXCHANGE", "Each player rejects unwanted cards face down from his hand, "
                                 "then draws the same number from the talon"),
    "peeked": ("THE EXCHANGE", "he may, if he exchanges fewer, look at any cards he was "
                               "entitled to but did not take"),
    "untaken": ("THE EXCHANGE", "it is his choice whether the untaken cards be faced or left "
                                "concealed"),
    "declarations": ("DECLARATIONS", "Elder announces, strictly in this order, his best point, "
                                     "his best sequence, and his best set."),
    "classes": ("DECLARATIONS", "To each announcement younger replies 'not good' if he can "
                                "beat it, 'good' if he can not, or else 'equal'."),
    "tricks": RULES["follow"],
    "repique": RULES["repique"],
    "pique": RULES["pique"],
    "bonus": RULES["the cards"],
    "tricks_won": RULES["the cards"],
    "scores": ("SCORE", "At the end of each deal the players note their scores for that deal"),
}
_REPLAYED = ("elder", "younger", "carte_blanche", "exchange", "peeked", "untaken",
             "declarations", "classes", "tricks", "count", "repique", "pique", "bonus",
             "tricks_won", "scores")


def check_record(data: Mapping[str, Any]) -> list[str]:
    """Every problem found in a Piquet record, each naming its partie, deal and
    action and the rule it breaks; empty when all is in order."""
    return _RecordCheck(data).problems()


def _quote(section_sentence: tuple[str, str]) -> str:
    section, sentence = section_sentence
    return f"({section}: \"{sentence}\")"


class _RecordCheck:
    """One record read through: its header, each partie and deal, the summary."""

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data
        self.found: list[str] = []
        self.rules = PiquetRules()
        self.seed = ""
        self.robots: dict[str, PiquetRobot] = {}
        self.levels: dict[str, str] = {}
        #: Deals whose cards are not the seed's, or whose actions not the robots':
        #: the first is told in full, the others named after it.
        self.wrong_cards: list[int] = []
        self.wrong_robots: list[int] = []

    def problems(self) -> list[str]:
        if self._header():
            sheets = self._parties()
            if sheets is not None:
                self._summary(sheets)
        if len(self.wrong_cards) > 1:
            self.found.append(f"the cards of deals {_numbers(self.wrong_cards[1:])} are not "
                              f"the seed's either {_SEED_RULE}")
        if len(self.wrong_robots) > 1:
            self.found.append(f"the actions of deals {_numbers(self.wrong_robots[1:])} are not "
                              f"the named robots' either {_ROBOTS_RULE}")
        return self.found

    # The top of the record.

    def _header(self) -> bool:
        data = self.data
        if not isinstance(data, Mapping) or data.get("game") != "piquet":
            game = data.get("game") if isinstance(data, Mapping) else None
            self.found.append(f"this is not a Piquet record (game: {game!r})")
            return False
        if data.get("format") == FORMAT_1:
            self.found.append(
                f"this record is in the format {FORMAT_1!r}, written before issue 28: it "
                "counted elder's first lead as his point for trick one and looked for pique "
                "only once a trick was complete (docs/decisions/0740, 0741), so its count "
                f"cannot be checked; play the parties again (the same seed, robots and rules) "
                f"to write a {FORMAT!r} record")
            return False
        if data.get("format") != FORMAT:
            self.found.append(f"unknown format {data.get('format')!r} (expected {FORMAT!r})")
            return False
        try:
            self.rules = PiquetRules.from_options(**dict(data.get("rules") or {}))
        except (TypeError, ValueError) as exc:
            self.found.append(f"rules: {exc}")
            return False
        seed = data.get("seed")
        if not isinstance(seed, str) or not seed:
            self.found.append(f"seed: {seed!r} is not a seed; every deal's cards come from it "
                              f"{_SEED_RULE}")
            return False
        self.seed = seed
        levels = data.get("robots")
        if not (isinstance(levels, Mapping) and set(levels) == {s.value for s in PLAYERS}
                and all(level in LEVELS for level in levels.values())):
            self.found.append(f"robots: {levels!r} does not name a robot ({', '.join(LEVELS)}) "
                              f"for North and for South {_ROBOTS_RULE}")
            return False
        self.levels = {str(seat): str(level) for seat, level in levels.items()}
        self.robots = {seat: make_robot(level) for seat, level in self.levels.items()}
        if not isinstance(data.get("parties"), list) or not data["parties"]:
            self.found.append("parties: the record holds no partie")
            return False
        return True

    def _summary(self, sheets: list[dict[str, Any]]) -> None:
        expected = summary(sheets)
        if self.data.get("summary") != expected:
            self.found.append(f"summary: it is written {self.data.get('summary')!r}, but the "
                              f"parties give {expected!r} (the record: parties won and partie "
                              f"points over the finished parties; {_quote(_PARTIE)[1:]}")

    # The parties.

    def _parties(self) -> list[dict[str, Any]] | None:
        board = 1
        sheets = []
        for index, partie in enumerate(self.data["parties"], 1):
            where = f"partie {index}"
            if not isinstance(partie, Mapping) or not all(
                    isinstance(deal, Mapping) for deal in partie.get("deals") or ()):
                self.found.append(f"{where}: a partie and each of its deals are JSON objects "
                                  "(docs/piquet-record.md)")
                return None
            if partie.get("partie") != index:
                self.found.append(f"{where}: it is numbered {partie.get('partie')!r}, but it "
                                  f"is partie {index} of the record {_NUMBER_RULE}")
            results: list[dict[str, Any]] = []
            deals = list(partie.get("deals") or ())
            for deal in deals:
                here = f"{where}, deal {deal.get('deal')}"
                if deal.get("deal") != board:
                    self.found.append(f"{here}: it is deal {board} of the table {_NUMBER_RULE}")
                if results and standing(self.rules, results)["over"]:
                    self.found.append(f"{here}: the partie was over after the deal before, so "
                                      f"this deal belongs to the next one {_quote(_GAME)}")
                result = self._deal(deal, here, board)
                if result is None:
                    return None
                board += 1
                results.append(result)
                sheet = standing(self.rules, results)
                if deal.get("totals") != sheet["totals"]:
                    self.found.append(f"{here}: the totals are {deal.get('totals')}, but the "
                                      f"deals add up to {sheet['totals']} {_quote(_CUMULATIVE)}")
            sheet = standing(self.rules, results)
            for key in ("totals", "over", "winner", "points", "rubicon"):
                if partie.get(key) != sheet[key]:
                    why = {"totals": _CUMULATIVE, "points": _PARTIE,
                           "rubicon": _PARTIE}.get(key, _GAME)
                    self.found.append(f"{where}: {key} is {partie.get(key)!r}, but the deals "
                                      f"give {sheet[key]!r} {_quote(why)}")
            if not sheet["over"] and len(deals) < MOST_DEALS_A_PARTIE:
                self.found.append(f"{where}: it stops after {len(deals)} deals, before it is "
                                  f"over; a record plays each partie to its end {_quote(_GAME)}")
            sheets.append(sheet)
        return sheets

    # One deal.

    def _deal(self, deal: Mapping[str, Any], here: str, board: int) -> dict[str, Any] | None:
        """Deal again from the seed, replay the actions beside the robots named,
        count again, compare; ``None`` when the deal cannot be replayed at all."""
        try:
            dealer = Seat.from_str(deal["dealer"])
            cards = Deal({Seat.from_str(s): _cards(text) for s, text in deal["hands"].items()},
                         dealer=dealer, board=board, stock=_cards(deal["talon"]))
            game = Piquet(self.rules, cards)
        except (KeyError, TypeError, ValueError, InvalidDealError) as exc:
            self.found.append(f"{here}: the deal cannot be read: {exc}")
            return None
        if dealer != dealer_for_deal(self.rules, board):
            self.found.append(f"{here}: {dealer.word} deals, but the deals alternate from "
                              f"{self.rules.first_dealer_seat.word}: "
                              f"{dealer_for_deal(self.rules, board).word} deals this one "
                              f"{_quote(_GAME)}")
        same = self._redeal(cards, here, board)
        actions = [str(text) for text in deal.get("actions", ())]
        label = _Labels(actions, game.elder)
        marks = self._replay(game, actions, here, board, label, robots=same)
        if marks is None:
            return None
        if not game.is_over():
            self.found.append(f"{here}: the actions stop before the deal is over")
            return None
        replayed = deal_record(game, deal.get("totals", {}))
        counted = self._recount(deal, here, game.elder, label)
        for key in _REPLAYED:
            if deal.get(key) != replayed[key] and not (key == "count" and counted):
                self.found.append(_differs(key, deal.get(key), replayed[key], marks, here,
                                           label, self.rules.counting))
        return game.result()

    def _redeal(self, cards: Deal, here: str, board: int) -> bool:
        """Where a record names its seed, every hand is dealt again from it."""
        dealt = deal_piquet(self.rules, random.Random(f"{self.seed}:{board}"), board)
        differ = [f"{seat.word}'s hand" for seat in PLAYERS
                  if tuple(cards.hand(seat)) != tuple(dealt.hand(seat))]
        if tuple(cards.stock) != tuple(dealt.stock):
            differ.append("the talon")
        if not differ:
            return True
        self.wrong_cards.append(board)
        if len(self.wrong_cards) == 1:
            seed_deals = "; ".join([f"{s.word} {cards_to_str(dealt.hand(s))}" for s in PLAYERS]
                                   + [f"talon {cards_to_str(dealt.stock)}"])
            self.found.append(f"{here}: {' and '.join(differ)} differ from what the seed "
                              f"{self.seed!r} deals ({seed_deals}) {_SEED_RULE}")
        return False

    def _replay(self, game: Piquet, actions: list[str], here: str, board: int,
                label: _Labels, robots: bool) -> list[tuple[int, int]] | None:
        """Apply every action, asking the named robot of the seat to act what it
        would do from its own view; after each, how long the count and the
        dialogue are."""
        rng = random.Random(f"{self.seed}:{board}:robots")
        marks = []
        for number, text in enumerate(actions, 1):
            choice = None
            if robots and not game.is_over():
                seat = game.to_act()[0]
                choice = f"{seat.value} {self.robots[seat.value].choose(game.view(seat), rng)}"
            try:
                action = Action.from_str(text)
                applied = game.apply(action.seat, action.text)
            except GameError as exc:
                self.found.append(f"{here}, {label(number)}: it is refused: {exc}")
                return None
            if choice is not None and choice != str(applied):
                robots = False  # from here on the robots would be answering another deal
                self.wrong_robots.append(board)
                seat_letter = choice.split()[0]
                if len(self.wrong_robots) == 1:
                    self.found.append(
                        f"{here}, {label(number)}: the {self.levels[seat_letter]} robot the "
                        f"record names for {Seat.from_str(seat_letter).word} plays "
                        f"'{choice.split(None, 1)[1]}' here: the robots, the seed or the "
                        f"actions were changed {_ROBOTS_RULE}")
            marks.append((len(game.entries), len(game.dialogue)))
        return marks

    def _recount(self, deal: Mapping[str, Any], here: str, elder: Seat,
                 label: _Labels) -> bool:
        """The count made again apart from the engine (games.piquet.recount);
        whether it found a problem with the count."""
        try:
            tricks = [tuple(Card.from_str(c) for c in t["cards"]) for t in deal["tricks"]]
            count = list(deal["count"])
            if not all(e["seat"] in ("N", "S") and type(e["points"]) is int
                       and type(e["total"]) is int and type(e["action"]) is int
                       for e in count):
                raise ValueError("each line names a seat, N or S, and gives whole numbers "
                                 "for its points, total and action")
        except (KeyError, TypeError, ValueError) as exc:
            self.found.append(f"{here}: the tricks or the count cannot be read: {exc}")
            return True
        if any(len(t) != 2 for t in tricks):
            self.found.append(f"{here}: a trick is two cards, the leader's first")
            return True
        pairs = [(t[0], t[1]) for t in tricks]
        for number, ((leader, winner), written) in enumerate(
                zip(recount.trick_leaders(elder.value, pairs), deal["tricks"], strict=True), 1):
            if (written.get("leader"), written.get("winner")) != (leader, winner):
                self.found.append(
                    f"{here}, {label.play(number, False)}: trick {number} "
                    f"({' '.join(str(c) for c in pairs[number - 1])}) is led by "
                    f"{Seat.from_str(leader).word} and won by {Seat.from_str(winner).word}, "
                    f"not as it is written {recount.rule('follow')}")
                break

        def where(action: int) -> str:
            return f"{here}, {label(action)}"

        problems = recount.count_problems(self.rules.counting, elder.value, count, pairs,
                                          label.plays, where)
        running = {s.value: 0 for s in PLAYERS}
        for entry in count:
            running[entry["seat"]] += entry["points"]
            if entry["total"] != running[entry["seat"]] and not problems:
                problems.append(f"{here}, {label(entry['action'])}: the count writes "
                                f"{entry['says']!r} with the total {entry['total']}, but "
                                f"{Seat.from_str(entry['seat']).word}'s points so far make "
                                f"{running[entry['seat']]} (GAME: \"Points are counted "
                                "throughout play\")")
        if running != deal.get("scores"):
            problems.append(f"{here}: the count adds up to {running}, not {deal.get('scores')} "
                            f"{_quote(_FIELD_RULES['scores'])}")
        self.found += problems
        return bool(problems)


class _Labels:
    """Names an action of a deal's log for a refusal: "action 57 (elder South's
    'play D8', the lead to trick 5)"."""

    def __init__(self, actions: list[str], elder: Seat) -> None:
        self.actions = actions
        self.elder = elder
        self.plays = [n for n, text in enumerate(actions, 1) if text.split()[1:2] == ["play"]]

    def __call__(self, number: int) -> str:
        if not 1 <= number <= len(self.actions):
            return f"action {number}"
        text = self.actions[number - 1]
        seat_text, _, what = text.partition(" ")
        try:
            seat = Seat.from_str(seat_text)
        except ValueError:
            return f"action {number} ({text!r})"
        role = "elder" if seat == self.elder else "younger"
        trick = ""
        if number in self.plays:
            played = self.plays.index(number) + 1
            trick = (f", the lead to trick {(played + 1) // 2}" if played % 2
                     else f", trick {played // 2}")
        return f"action {number} ({role} {seat.word}'s '{what}'{trick})"

    def play(self, trick: int, at_lead: bool) -> str:
        """The action of trick ``trick``'s lead (``at_lead``) or of its second card."""
        index = 2 * trick - (2 if at_lead else 1)
        if 0 <= index < len(self.plays):
            return self(self.plays[index])
        return f"trick {trick}"


def _differs(key: str, written: Any, replayed: Any, marks: list[tuple[int, int]], here: str,
             label: _Labels, counting: str) -> str:
    """A field that is not what the replay gives, named at the action that made
    its first difference where it is a list made action by action."""
    if key in ("count", "declarations", "tricks") and isinstance(written, list):
        index = next((i for i, (w, r) in enumerate(zip(written, replayed, strict=False))
                      if w != r),
                     min(len(written), len(replayed)))
        item = replayed[index] if index < len(replayed) else None
        wrote = written[index] if index < len(written) else "nothing"
        if key == "tricks":
            place = label.play(index + 1, False)
        else:
            column = 0 if key == "count" else 1
            action = next((n for n, mark in enumerate(marks, 1) if mark[column] > index), None)
            place = label(action) if action else "at the end"
        if key == "count":
            line = item or (wrote if isinstance(wrote, dict) else {})
            kind = line.get("kind", "trick")
            younger = line.get("seat") != label.elder.value
            why = recount.rule(kind, counting, younger) if kind in recount.RULES else ""
        else:
            why = _quote(_FIELD_RULES[key])
        return (f"{here}, {place}: {key} writes {wrote!r}, but the replay gives "
                f"{item if item is not None else 'nothing'!r} {why}").rstrip()
    return (f"{here}: {key} is written {written!r}, but the replay gives {replayed!r} "
            f"{_quote(_FIELD_RULES[key])}")


def _numbers(numbers: list[int]) -> str:
    return ", ".join(str(n) for n in numbers)


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.from_str(c) for c in str(text).split())
