"""The written record of Top Game hands: JSON-ready data and PBN, as text.

A table's hands are a list of hand records (docs/topgame-record.md explains
every field): the deal as dealt, the action log, where A, B and C sat, the
result. The record of a whole run adds the rules, the seed, the robots and the
standing (:func:`games.topgame.match.standing`). :func:`pbn_games` writes the
same hands as PBN games, the Top Game's facts in our own ``TopGame...`` tags and
the action log in a PBN 2.1 table section, so any PBN reader reads the file
(docs/decisions/0761-topgame-actions-as-a-pbn-table.md); :func:`hands_from_pbn`
reads them back, from files written before the table too. Nothing here opens a
file.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games import pbn
from games.cards import Card
from games.deals import Deal
from games.protocol import Action
from games.seats import SEATS, Seat
from games.topgame.game import TopGame
from games.topgame.match import standing
from games.topgame.rules import TopGameRules

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
