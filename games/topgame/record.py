"""The written record of Top Game hands: JSON-ready data and PBN, as text, and
their check from scratch.

A table's hands are a list of hand records (docs/topgame-record.md explains
every field): the deal as dealt, the action log, where A, B and C sat, the
result. The record of a whole run adds the rules, the seed, the robots and the
standing (:func:`games.topgame.scoring.standing`). :func:`pbn_games` writes the
same hands as PBN games, the Top Game's facts in our own ``TopGame...`` tags and
the action log in a PBN 2.1 table section, so any PBN reader reads the file
(docs/decisions/0761-topgame-actions-as-a-pbn-table.md); :func:`hands_from_pbn`
reads them back, from files written before the table too. Nothing here opens a
file.

``python -m games check FILE`` (the registry's ``checker``): every hand is dealt
again from the record's seed where it names one (the cards must be the seed's),
replayed from its deal and action log through the engine (an illegal action is
reported with the engine's reason), its result compared with the one written, its
score worked out again from the rules text's sentences (not from the engine's
result), the seats of A, B and C and the dealer checked against the match's order
(B and C change places after six hands, a redealt hand keeps its dealer), and the
standing recomputed. A PBN file written by ``--pbn`` is checked the same way: every
tag, the players' names, the Play tag and section, and the count of actions against
the replay. A game with any of our ``TopGame...`` tags is a Top Game hand whatever
its Scoring tag says (docs/decisions/0762-games-check-refuses-tampered-records.md).

``check_record(data)`` and ``check_pbn(games)`` return the problems found, in
sentences that name the hand, the action and the rule broken; an empty list
means the record is in order.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from games.bridge import pbn
from games.cards import Card
from games.deals import Deal
from games.protocol import Action, GameError
from games.seats import SEATS, Seat
from games.topgame import scoring
from games.topgame.contract import describe, play_number, tops, tricks_needed
from games.topgame.game import (
    ANSWER,
    ASK,
    BIDDING,
    CONTRACT,
    DOUBLE,
    INFORM,
    PLAY,
    RAISE,
    TopGame,
)
from games.topgame.match import next_deal
from games.topgame.rules import TopGameRules
from games.topgame.scoring import standing

FORMAT = "topgame-record 1"
SCORING = "TopGame"
#: The action log as a PBN 2.1 table section: a tag whose name ends in "Table",
#: its value the columns, one row an action ("S bid 3" is S, bid, 3; "-" for no
#: argument; "W inform S 5 2" has the argument "S 5 2", quoted).
ACTION_TABLE = "TopGameActionTable"
ACTION_COLUMNS = "Seat;Action;Argument"
#: Files written before the table kept the log as bare lines after this tag,
#: which other PBN readers refuse; we still read them.
OLD_ACTIONS = "TopGameActions"


def hand_record(game: TopGame, *, table_hand: int, match: int, hand: int,
                seats: Mapping[str, str]) -> dict[str, Any]:
    """One finished hand: ``seats`` gives the seat of each of A, B and C."""
    return {
        "table_hand": table_hand,
        "match": match,
        "hand": hand,
        "seats": dict(seats),
        "deal": game.deal.to_data(),
        "actions": [str(action) for action in game.log],
        "result": game.result(),
    }


def run_record(rules: TopGameRules, *, seed: str, robots: Mapping[str, str],
               hands: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """The record of a run of hands at one table, with its standing."""
    return {
        "game": "topgame",
        "format": FORMAT,
        "rules": rules.as_data(),
        "seed": seed,
        "robots": dict(robots),
        "hands": list(hands),
        "standing": standing(rules, [h["result"] for h in hands]),
    }


def replay(rules: TopGameRules, hand: Mapping[str, Any]) -> TopGame:
    """The hand rebuilt from its deal and action log (raises on an illegal action)."""
    deal = Deal.from_data(hand["deal"])
    return TopGame.replay(rules, deal, [Action.from_str(a) for a in hand["actions"]])


# -- PBN ----------------------------------------------------------------------------------

def pbn_games(record: Mapping[str, Any], *, event: str = "Top Game") -> list[pbn.PbnGame]:
    """Each hand of a run record as a PBN game (docs/topgame-record.md, "PBN")."""
    rules = TopGameRules(**record["rules"])
    games = []
    for hand in record["hands"]:
        game = replay(rules, hand)
        games.append(_pbn_game(game, hand, rules, record.get("robots", {}), event,
                               str(record.get("seed") or "")))
    return games


def _pbn_game(game: TopGame, hand: Mapping[str, Any], rules: TopGameRules,
              robots: Mapping[str, str], event: str, seed: str) -> pbn.PbnGame:
    result = game.result()
    letter_at = {seat: letter for letter, seat in hand["seats"].items()}
    names = {}
    for position in SEATS:
        player = next((p for p, place in result["positions"].items()
                       if place == position.value), None)
        names[position] = (f"{letter_at[player]} ({robots[letter_at[player]]})"
                           if player and letter_at[player] in robots
                           else letter_at.get(player, "") if player else "dummy")
    laid = Deal(game.holdings, dealer=game.dealer, board=game.deal.board)
    played = game.play is not None and len(game.play.tricks) > 0
    tags = {
        "Event": event, "Site": "", "Date": "", "Board": str(hand["table_hand"]),
        "West": names[Seat.WEST], "North": names[Seat.NORTH], "East": names[Seat.EAST],
        "South": names[Seat.SOUTH], "Dealer": game.dealer.value, "Vulnerable": "None",
        "Deal": laid.pbn(first=game.dealer), "Scoring": SCORING,
        "Declarer": result["declarer"] or "",
        "Contract": _contract_tag(result),
        "Result": str(result["tricks"]) if result["tricks"] is not None else "",
    }
    tags.update({
        "TopGameRules": f"informer={rules.informer}",
        "TopGameMatch": str(hand["match"]),
        "TopGameHand": str(hand["hand"]),
        "TopGamePlayers": " ".join(f"{k}:{v}" for k, v in sorted(hand["seats"].items())),
        "TopGameDealt": game.deal.pbn(first=game.dealer),
        "TopGameBids": " ".join(f"{b['seat']}:{b['bid'] if b['bid'] is not None else 'pass'}"
                                for b in result["bids"]),
        "TopGameFinalBid": _text(result["final_bid"]),
        "TopGameDeclarerTops": _text(result["declarer_tops"]),
        "TopGameDummyTops": _text(result["dummy_tops"]),
        "TopGameInformer": result["informer"] or "",
        "TopGameDescription": _description(result["told"]),
        "TopGamePlayNumber": _text(result["play_number"]),
        "TopGameContract": result["contract"] or "",
        "TopGameDoubles": " ".join(f"{s.value}:{call.replace(' ', '_')}"
                                   for s, call in game.calls),
        "TopGameOutcome": result["outcome"],
        "TopGamePenalty": result["penalty"] or "",
        "TopGameScores": " ".join(f"{s}:{v:+d}" for s, v in result["scores"].items()),
    })
    if seed:
        tags["TopGameSeed"] = seed
    tags.update({"TopGameActions": str(len(hand["actions"])), ACTION_TABLE: ACTION_COLUMNS})
    record = pbn.PbnGame(tags=tags)
    record.sections[ACTION_TABLE] = [pbn.table_row(_action_row(a)) for a in hand["actions"]]
    if played and _contract_tag(result) != "?":
        assert game.play is not None and game.contract is not None
        plays = [(s, c) for trick in game.play.tricks for s, c in trick.cards]
        first = game.play.tricks[0].leader
        record.tags["Play"] = first.value
        record.sections["Play"] = pbn.play_section(first, plays, game.contract.trumps)
    return record


def _action_row(action: str) -> tuple[str, str, str]:
    seat, verb, *argument = action.split(None, 2)
    return seat, verb, argument[0] if argument else "-"


def actions_of(game: pbn.PbnGame) -> list[str]:
    """The action log of a game: the rows of its action table, or the bare lines
    of a file written before the table."""
    if ACTION_TABLE not in game.tags:
        return list(game.sections.get(OLD_ACTIONS, []))
    rows = game.table(ACTION_TABLE).rows
    return [" ".join(part for part in (row.get("Seat", ""), row.get("Action", ""),
                                       row.get("Argument", "-")) if part and part != "-")
            for row in rows]


def _text(value: object) -> str:
    return "" if value is None else str(value)


def _description(told: Mapping[str, Any] | None) -> str:
    return "" if told is None else f"{told['suit']} {told['length']} {told['tops']}"


def _contract_tag(result: Mapping[str, Any]) -> str:
    """PBN's Contract: "Pass" for a hand passed out, the contract when PBN can
    write it (levels 1 to 7), "?" for the impossible ones above seven (the
    TopGameContract tag has them; such a hand has no Play section, which PBN
    readers cannot order without trumps: its cards are in the action table)."""
    if result["outcome"] != "played":
        return "Pass" if result["outcome"] == "passed-out" else ""
    detail = result["contract_detail"]
    return result["contract"] if detail["level"] <= 7 else "?"


def hands_from_pbn(games: Sequence[pbn.PbnGame]) -> tuple[TopGameRules, list[dict[str, Any]]]:
    """The rules and hand records of PBN games written by :func:`pbn_games`,
    each hand's result worked out again by replaying its actions."""
    if not games:
        raise ValueError("the file holds no games")
    rules = _rules(games[0])
    hands = []
    for game in games:
        dealer = Seat.from_str(_tag(game, "Dealer"))
        board = int(_tag(game, "Board"))
        dealt = Deal.from_pbn(_tag(game, "TopGameDealt"), dealer=dealer, board=board)
        seats = dict(part.split(":", 1) for part in _tag(game, "TopGamePlayers").split())
        hands.append({
            "table_hand": board, "match": int(_tag(game, "TopGameMatch")),
            "hand": int(_tag(game, "TopGameHand")), "seats": seats,
            "deal": dealt.to_data(), "actions": actions_of(game),
        })
    return rules, hands


def seed_of(games: Sequence[pbn.PbnGame]) -> str:
    """The seed the hands were dealt from (the TopGameSeed tag), "" when not named."""
    seeds = {game.get("TopGameSeed") or "" for game in games}
    if len(seeds) > 1:
        raise ValueError("the games name different seeds (TopGameSeed): one run has one seed")
    return seeds.pop() if seeds else ""


def _tag(game: pbn.PbnGame, name: str) -> str:
    value = game.get(name)
    if value is None:
        raise ValueError(f"board {game.get('Board', '?')}: the {name} tag is missing")
    return value


def _rules(game: pbn.PbnGame) -> TopGameRules:
    options = dict(part.split("=", 1) for part in _tag(game, "TopGameRules").split())
    return TopGameRules(**options)


def pbn_facts(game: pbn.PbnGame) -> dict[str, str]:
    """The tags a checker compares with a replay, as written."""
    names = ("Scoring", "Vulnerable", "West", "North", "East", "South", "Deal", "Declarer",
             "Contract", "Result", "TopGameBids", "TopGameFinalBid", "TopGameDeclarerTops",
             "TopGameDummyTops", "TopGameInformer", "TopGameDescription", "TopGamePlayNumber",
             "TopGameContract", "TopGameDoubles", "TopGameOutcome", "TopGamePenalty",
             "TopGameScores", "TopGameActions", "Play")
    return {name: game.get(name, "") or "" for name in names}


def play_of(game: pbn.PbnGame, trumps_text: str) -> list[tuple[Seat, Card]] | None:
    """The Play section's cards in the order played, or ``None`` without one."""
    if "Play" not in game.tags:
        return None
    strain = trumps_text.lstrip("0123456789").rstrip("X")
    trumps = None if strain in ("NT", "") else Card.from_str(strain + "A").suit
    return game.play(trumps=trumps)[1]


# Checking a record: python -m games check FILE.

#: The sentence of shared/rules/top-game.txt (or of docs/topgame-record.md, for
#: what only the record says) that each part of a hand follows.
RULES: dict[str, str] = {
    "deal": '"Deal as usual to four players, the hand opposite the dealer belonging to the '
            'dummy." (each hand dealt from the seed the record names, docs/topgame-record.md)',
    "bid": '"Starting with the dealer the three players bid or pass (clockwise) but only '
           'once each. To "bid" means here to say a whole number greater than or equal to 2 '
           'or greater than the bid before (if any)."',
    "ask": '"directly at the end of the bidding the opening leader must ask declarer if he '
           'needs to raise his bid."',
    "raise": '"If you become declarer and have bid lower than your number of tops you must '
             '(directly when asked) raise your bid at least to the same level as your number '
             'of tops."',
    "inform": '"East will then look at dummy\'s cards and tell which is dummy\'s longest suit '
              'and how long it is. ... East also tells how many tops the dummy has."',
    "contract": '"Add the final bid to the number of tops in dummy. This gives the so called '
                'playnumber. The level of the contract is pn + 2 if in NT and pn + 3 '
                'otherwise."',
    "double": '"The player who has the lead ... may now pass or double and if he doubles '
              'declarer may either pass, redouble or change his contract"',
    "seats": '"Let us say South became declarer. East will then look at dummy\'s cards ... '
             'The player who has the lead (West in this case)" (dummy\'s hand lies opposite '
             'declarer, docs/rules/topgame.md)',
    "play": '"The game continues as ordinary bridge"',
    "score": '"If declarer makes his contract he scores 4 points. If the contract is undoubled '
             'one down is zero points, two down is -2 and more than two down is -4. Overtricks '
             'are 1 each."',
    "match": '"After 6 hands B and C change places, A deals in the seventh hand and a new '
             'score sheet is made."',
    "record": "the Top Game's PBN record (docs/topgame-record.md)",
}

_PHASE_RULE = {BIDDING: "bid", ASK: "ask", RAISE: "raise", INFORM: "inform",
               CONTRACT: "contract", DOUBLE: "double", ANSWER: "double", PLAY: "play"}


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a hand: which hand, at which action, what, and the
    rule it breaks."""

    hand: int | str
    text: str
    rule: str
    #: 'action 7 "E play HK"', or "the deal" for what comes before the first action.
    action: str = ""

    def __str__(self) -> str:
        at = f", {self.action}" if self.action else ""
        return f"Hand {self.hand}{at}: {self.text} Rule: {RULES.get(self.rule, self.rule)}"


def _action_label(actions: Sequence[str], number: int) -> str:
    """'action 7 "E play HK"' (numbered from 1), or "the deal" before any action."""
    if number < 1 or number > len(actions):
        return "the deal" if number < 1 else f"after action {len(actions)}"
    return f'action {number} "{actions[number - 1]}"'


# -- the JSON record -----------------------------------------------------------------------

def check_record(data: Mapping[str, Any]) -> list[str]:
    """The problems of a JSON run record (docs/topgame-record.md)."""
    if data.get("game") != "topgame":
        return ["This is not a Top Game record (its \"game\" is not \"topgame\")."]
    if data.get("format") != FORMAT:
        return [f"Unknown record format {data.get('format')!r} (expected {FORMAT!r})."]
    try:
        rules = TopGameRules(**data["rules"])
        hands = list(data["hands"])
    except (KeyError, TypeError, ValueError) as exc:
        return [f"The record cannot be read: {exc}"]
    problems, results = _check_hands(rules, hands, written=True,
                                     seed=str(data.get("seed") or ""))
    found = [str(p) for p in problems]
    if not problems and standing(rules, results) != data.get("standing"):
        found.append(f"The standing written is not the one the hands give. Rule: "
                     f"{RULES['match']}")
    return found


# -- the PBN file ----------------------------------------------------------------------------

def is_topgame_pbn(games: Sequence[pbn.PbnGame]) -> bool:
    """Whether a PBN file holds Top Game hands: a game says so in its Scoring tag or
    carries any of our TopGame tags. Such a file is checked as the Top Game's
    whatever its other games say, never as plain bridge."""
    return any(is_topgame_game(game) for game in games)


def is_topgame_game(game: pbn.PbnGame) -> bool:
    return game.get("Scoring") == SCORING or any(name.startswith("TopGame") for name in game.tags)


def check_pbn(games: Sequence[pbn.PbnGame]) -> list[str]:
    """The problems of PBN games written by ``python -m games play topgame --pbn``."""
    problems: list[Problem] = []
    for game in games:
        board = game.get("Board") or "?"
        if not is_topgame_game(game):
            return [str(Problem(board, "this game has no Top Game tags, but the file holds "
                                "Top Game hands: a Top Game file holds nothing else.", "record",
                                "the deal"))]
    try:
        rules, hands = hands_from_pbn(games)
        seed = seed_of(games)
    except (ValueError, KeyError) as exc:
        return [f"The file cannot be read as Top Game hands: {exc}"]
    problems, results = _check_hands(rules, hands, written=False, seed=seed)
    if problems:
        return [str(p) for p in problems]
    for hand, result in zip(hands, results, strict=True):
        hand["result"] = result
    expected = pbn_games(run_record(rules, seed=seed, robots={}, hands=hands))
    for written, wanted, hand in zip(games, expected, hands, strict=True):
        problems += _compare_tags(written, wanted, hand)
    return [str(p) for p in problems]


#: Each tag compared with the replay: the rule it follows and the verbs of the
#: action that decides it (the last such action; "" the last action of all).
_TAG_RULES: dict[str, tuple[str, tuple[str, ...]]] = {
    "Scoring": ("record", ()), "Vulnerable": ("record", ()),
    "West": ("seats", ("bid", "pass")), "North": ("seats", ("bid", "pass")),
    "East": ("seats", ("bid", "pass")), "South": ("seats", ("bid", "pass")),
    "Deal": ("seats", ("bid", "pass")), "Declarer": ("bid", ("bid", "pass")),
    "TopGameBids": ("bid", ("bid", "pass")),
    "TopGameFinalBid": ("raise", ("keep", "raise")),
    "TopGameDeclarerTops": ("raise", ("keep", "raise")),
    "TopGameDummyTops": ("inform", ("inform", "keep", "raise")),
    "TopGameInformer": ("inform", ("inform", "keep", "raise")),
    "TopGameDescription": ("inform", ("inform", "keep", "raise")),
    "TopGamePlayNumber": ("contract", ("inform", "keep", "raise")),
    "Contract": ("contract", ("contract", "change")),
    "TopGameContract": ("contract", ("contract", "change")),
    "TopGameDoubles": ("double", ("double", "redouble", "change")),
    "Result": ("play", ()), "TopGameOutcome": ("score", ()),
    "TopGamePenalty": ("score", ()), "TopGameScores": ("score", ()),
    "TopGameActions": ("record", ()), "Play": ("play", ("play",)),
}


def _deciding_action(actions: Sequence[str], verbs: tuple[str, ...], tag: str) -> str:
    """The action that decides a tag: the first card for the Play tag, the last
    action of the kind otherwise (the bidding's last call, the contract, ...)."""
    numbered = list(enumerate(actions, start=1))
    kinds = [n for n, text in numbered if len(text.split()) > 1 and text.split()[1] in verbs]
    if tag == "Play" and kinds:
        return _action_label(actions, kinds[0])
    if verbs and kinds:
        if verbs == ("bid", "pass"):  # the bidding's passes, not the leader's pass later
            bids = [n for n in kinds if n <= 3]
            return _action_label(actions, bids[-1] if bids else kinds[0])
        return _action_label(actions, kinds[-1])
    return _action_label(actions, len(actions))


def _compare_tags(written: pbn.PbnGame, wanted: pbn.PbnGame,
                  hand: Mapping[str, Any]) -> list[Problem]:
    number, actions = hand["table_hand"], hand["actions"]
    facts, truth = pbn_facts(written), pbn_facts(wanted)
    problems = []
    for name, value in facts.items():
        expected = truth[name]
        rule, verbs = _TAG_RULES[name]
        if name in ("West", "North", "East", "South"):
            value = value.split(" (")[0]  # "A (expert)": the letter, then the robot
        if name == "TopGameActions" and value != expected:
            problems.append(Problem(number, f"the {name} tag counts {value or 'no'} actions, "
                                    f"but the action table holds {expected}.", rule,
                                    _action_label(actions, len(actions))))
        elif name == "Scoring" and value != expected:
            problems.append(Problem(number, f"the Scoring tag is {value!r}, but the TopGame tags "
                                    f"make this a Top Game hand, scored {expected!r}.", rule,
                                    "the deal"))
        elif name == "Play" and value != expected:
            problems.append(Problem(number, _play_tag_text(value, expected), rule,
                                    _deciding_action(actions, verbs, name)))
        elif value != expected:
            problems.append(Problem(number, f"{name} is {value!r} but the replay gives "
                                    f"{expected!r}.", rule,
                                    _deciding_action(actions, verbs, name)))
    if _cards(written) != _cards(wanted):
        what = ("the Play section is missing, but the actions play the hand"
                if not _cards(written) else "the Play section is not the play of the actions")
        problems.append(Problem(number, what + ".", "play",
                                _deciding_action(actions, ("play",), "Play")))
    return problems


def _play_tag_text(value: str, expected: str) -> str:
    if not expected:
        return f"the Play tag names {value!r}, but no card was played."
    leader = Seat(expected).word
    if not value:
        return f"there is no Play tag, but {leader} led to the first trick."
    return f"the Play tag says {value!r} led, but the opening leader is {leader} ({expected!r})."


def _cards(game: pbn.PbnGame) -> list[str]:
    return " ".join(game.sections.get("Play", [])).split()


# -- every hand, from either record --------------------------------------------------------

def _check_hands(rules: TopGameRules, hands: Sequence[Mapping[str, Any]], *, written: bool,
                 seed: str = "") -> tuple[list[Problem], list[dict[str, Any]]]:
    problems: list[Problem] = []
    results: list[dict[str, Any]] = []
    for hand in hands:
        number = hand.get("table_hand", "?")
        actions = list(hand.get("actions") or [])
        next_hand = standing(rules, results)["next"]
        problems += [Problem(number, p, "match", "the deal")
                     for p in _check_place(hand, next_hand)]
        try:
            deal = Deal.from_data(hand["deal"])
        except (KeyError, TypeError, ValueError) as exc:
            problems.append(Problem(number, f"the deal cannot be read: {exc}", "record",
                                    "the deal"))
            return problems, results
        if seed:
            problems += _check_seed(rules, seed, next_hand, deal, number)
        game, wrong = _replay(rules, deal, actions, number)
        if wrong is not None:
            problems.append(wrong)
            return problems, results
        assert game is not None
        if not game.is_over():
            problems.append(Problem(number, f"the actions stop before the hand is over "
                                    f"({game.status()}).", _PHASE_RULE.get(game.phase, "play"),
                                    _action_label(actions, len(actions) + 1)))
            return problems, results
        last = _action_label(actions, len(actions))
        result = game.result()
        if written and result != hand.get("result"):
            different = sorted(k for k in result if result[k] != (hand.get("result") or {}).get(k))
            problems.append(Problem(number, f"the result written differs from the replay in "
                                    f"{', '.join(different)}.", "score", last))
        problems += [Problem(number, p, "score", last) for p in score_problems(game, result)]
        results.append(result)
    return problems, results


def _replay(rules: TopGameRules, deal: Deal, actions: Sequence[str],
            number: int | str) -> tuple[TopGame | None, Problem | None]:
    """The hand replayed action by action, or the first action the rules refuse,
    with the engine's reason and the rule of the phase it was made in."""
    game = TopGame(rules, deal)
    for index, text in enumerate(actions, start=1):
        rule = _PHASE_RULE.get(game.phase, "play")
        try:
            action = Action.from_str(text)
            game.apply(action.seat, action.text)
        except GameError as exc:
            return None, Problem(number, exc.reason, rule, _action_label(actions, index))
    return game, None


def _check_seed(rules: TopGameRules, seed: str, following: Mapping[str, Any], deal: Deal,
                number: int | str) -> list[Problem]:
    """Hand N of a run is dealt from ``"{seed}:{N}"`` (docs/topgame-record.md): the
    cards written must be the ones that seed deals."""
    if following.get("table_hand") != number:
        return []  # a hand out of order is reported by the match check
    dealt = next_deal(rules, random.Random(f"{seed}:{number}"), following)
    for seat in SEATS:
        if sorted(dealt.hand(seat)) != sorted(deal.hand(seat)):
            return [Problem(number, f"the cards are not the ones the seed {seed!r} deals: "
                            f"{seat.word} holds {_hand_text(deal, seat)} but was dealt "
                            f"{_hand_text(dealt, seat)}.", "deal", "the deal")]
    return []


def _hand_text(deal: Deal, seat: Seat) -> str:
    return " ".join(str(card) for card in deal.hand(seat))


def _check_place(hand: Mapping[str, Any], expected: Mapping[str, Any]) -> list[str]:
    """The hand's number, dealer and seats are the match's next ones."""
    problems = []
    for key in ("table_hand", "match", "hand", "seats"):
        if hand.get(key) != expected[key]:
            problems.append(f"its {key.replace('_', ' ')} is {hand.get(key)!r}, but the match "
                            f"comes to {expected[key]!r} here.")
    dealer = (hand.get("deal") or {}).get("dealer")
    if dealer != expected["dealer_seat"]:
        problems.append(f"dealt by {dealer}, but the match's next dealer ({expected['dealer']}) "
                        f"deals from {expected['dealer_seat']}.")
    return problems


def score_problems(game: TopGame, result: Mapping[str, Any]) -> list[str]:
    """The score worked out again from the rules text, from the deal and the facts
    of the hand (not from the engine's own scoring)."""
    scores = {Seat(s): v for s, v in result["scores"].items()}
    if sum(scores.values()) != 0:
        return [f"the scores {result['scores']} do not add up to zero."]
    dealt_dummy = game.deal.hand(game.deal.dealer.partner)
    declarer = Seat(result["declarer"]) if result["declarer"] else None
    if result["outcome"] == "redeal":
        told = result["told"]
        truth = describe(dealt_dummy)
        if told == truth.as_data():
            return ["the hand was dealt again but the informer's description was right."]
        informer = Seat(result["informer"])
        others = tuple(p for p in scores if p != informer)
        expected = scoring.wrong_information_entry(informer, others).scores  # type: ignore[arg-type]
    elif declarer is None:
        expected = scoring.passed_out_entry(tuple(scores)).scores  # type: ignore[arg-type]
    else:
        opponents = (Seat(result["leader"]), Seat(result["informer"]))
        pn = play_number(result["final_bid"], tops(dealt_dummy))
        if pn != result["play_number"]:
            return [f"the play number is {result['play_number']}, but the final bid "
                    f"{result['final_bid']} and dummy's {tops(dealt_dummy)} tops make {pn}."]
        if result["final_bid"] < tops(game.deal.hand(declarer)):
            expected = scoring.no_raise_entry(declarer, opponents).scores
        elif pn <= 4:
            expected = scoring.passed_out_entry(tuple(scores)).scores  # type: ignore[arg-type]
        else:
            detail = result["contract_detail"]
            needed = tricks_needed(pn, detail["strain"])
            if needed != detail["tricks"]:
                return [f"{result['contract']} needs {detail['tricks']} tricks, but at play "
                        f"number {pn} it is {needed}."]
            taken = _tricks_won(game, declarer)
            doubler = Seat(result["doubler"]) if result["doubler"] else None
            expected = scoring.contract_entry(declarer, opponents, needed=needed, taken=taken,
                                              doubled=detail["doubled"], doubler=doubler).scores
    if expected != scores:
        return [f"the scores are {result['scores']}, but the rules give "
                f"{ {s.value: v for s, v in expected.items()} }."]
    return []


def _tricks_won(game: TopGame, declarer: Seat) -> int:
    """Declarer's tricks counted from the tricks played (each one's winner)."""
    assert game.play is not None and game.contract is not None
    trumps = game.contract.trumps
    side = (declarer, declarer.partner)
    return sum(1 for trick in game.play.tricks if trick.winner(trumps) in side)
