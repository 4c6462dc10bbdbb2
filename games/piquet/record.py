"""The record of Piquet parties, as JSON-ready data, and its independent check.

:func:`deal_record` writes down one finished deal: the cards dealt, the
talon in order, both exchanges, the untaken cards, the declarations and
answers, the tricks, the count in the order it was made, the scores and the
partie's totals after it. :func:`check_record` reads a whole record back
(``python -m games check FILE``): it replays every deal's actions through the
engine, compares everything written with what the replay gives, recounts the
tricks, the bonus for the cards and the running totals by the scoring
functions, and recomputes each partie's sheet. docs/piquet-record.md
describes every field.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.cards import Card, cards_to_str
from games.deals import Deal, InvalidDealError
from games.piquet import scoring
from games.piquet.game import Piquet, dealer_for_deal
from games.piquet.rules import PLAYERS, PiquetRules
from games.protocol import Action, GameError
from games.seats import Seat

FORMAT = "piquet-record 1"


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
        "count": result["count"],
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


# -- the check --------------------------------------------------------------------------------

def check_record(data: Mapping[str, Any]) -> list[str]:
    """Every problem found in a Piquet record; empty when all is in order."""
    from games.piquet import standing

    problems: list[str] = []
    if data.get("game") != "piquet":
        return [f"this is not a Piquet record (game: {data.get('game')!r})"]
    if data.get("format") != FORMAT:
        problems.append(f"unknown format {data.get('format')!r} (expected {FORMAT!r})")
    try:
        rules = PiquetRules.from_options(**dict(data.get("rules", {})))
    except (TypeError, ValueError) as exc:
        return problems + [f"rules: {exc}"]
    results: list[dict[str, Any]] = []
    expected_board = 1
    for partie in data.get("parties", ()):
        where = f"partie {partie.get('partie')}"
        for deal in partie.get("deals", ()):
            here = f"{where}, deal {deal.get('deal')}"
            if deal.get("deal") != expected_board:
                problems.append(f"{here}: expected deal number {expected_board}")
            expected_board += 1
            result = _check_deal(rules, deal, here, problems)
            if result is None:
                return problems
            results.append(result)
            sheet = standing(rules, results)
            if deal.get("totals") != sheet["totals"]:
                problems.append(f"{here}: the totals are {deal.get('totals')}, "
                                f"but the deals add up to {sheet['totals']}")
        sheet = standing(rules, results)
        for key in ("totals", "over", "winner", "points", "rubicon"):
            if partie.get(key) != sheet[key]:
                problems.append(f"{where}: {key} is {partie.get(key)!r}, "
                                f"but the deals give {sheet[key]!r}")
        if sheet["over"]:
            results = []
    return problems


def _check_deal(rules: PiquetRules, deal: Mapping[str, Any], here: str,
                problems: list[str]) -> dict[str, Any] | None:
    """Replay one deal and compare; ``None`` when it cannot be replayed at all."""
    try:
        board = int(deal["deal"])
        dealer = Seat.from_str(deal["dealer"])
        cards = Deal({Seat.from_str(s): _cards(text) for s, text in deal["hands"].items()},
                     dealer=dealer, board=board, stock=_cards(deal["talon"]))
    except (KeyError, TypeError, ValueError, InvalidDealError) as exc:
        problems.append(f"{here}: the deal cannot be read: {exc}")
        return None
    if dealer != dealer_for_deal(rules, board):
        problems.append(f"{here}: {dealer.word} deals, but the deals alternate from "
                        f"{rules.first_dealer_seat.word}: {dealer_for_deal(rules, board).word} "
                        "deals this one")
    try:
        game = Piquet(rules, cards)
    except InvalidDealError as exc:
        problems.append(f"{here}: the deal is not a Piquet deal: {exc}")
        return None
    for number, text in enumerate(deal.get("actions", ()), 1):
        try:
            action = Action.from_str(text)
            game.apply(action.seat, action.text)
        except GameError as exc:
            problems.append(f"{here}: action {number} ({text!r}) is refused: {exc}")
            return None
    if not game.is_over():
        problems.append(f"{here}: the actions stop before the deal is over")
        return None
    replayed = deal_record(game, deal.get("totals", {}))
    for key in ("elder", "younger", "carte_blanche", "exchange", "peeked", "untaken",
                "declarations", "classes", "tricks", "count", "repique", "pique", "bonus",
                "tricks_won", "scores"):
        if deal.get(key) != replayed[key]:
            problems.append(f"{here}: {key} is written {deal.get(key)!r}, "
                            f"but the replay gives {replayed[key]!r}")
    _recount(rules, game, deal, here, problems)
    return game.result()


def _recount(rules: PiquetRules, game: Piquet, deal: Mapping[str, Any], here: str,
             problems: list[str]) -> None:
    """The count checked by the scoring functions, apart from the engine: each
    entry's running total, the sum of the entries, the points of each trick,
    and the bonus for the cards or capot."""
    running = {s.value: 0 for s in PLAYERS}
    tricks = {s.value: 0 for s in PLAYERS}
    for entry in deal.get("count", ()):
        running[entry["seat"]] += entry["points"]
        if entry["total"] != running[entry["seat"]]:
            problems.append(f"{here}: {entry['says']!r} should total {running[entry['seat']]}")
        if entry["kind"] == "trick":
            tricks[entry["seat"]] += entry["points"]
    if running != deal.get("scores"):
        problems.append(f"{here}: the count adds up to {running}, not {deal.get('scores')}")
    expected = {s.value: 0 for s in PLAYERS}
    won = {s.value: 0 for s in PLAYERS}
    for number, trick in enumerate(deal.get("tricks", ()), 1):
        leader, (first, second) = trick["leader"], [Card.from_str(c) for c in trick["cards"]]
        follower = "N" if leader == "S" else "S"
        beats = second.suit == first.suit and second.rank > first.rank
        winner = follower if beats else leader
        if winner != trick["winner"]:
            problems.append(f"{here}: trick {number} is won by {winner}, not {trick['winner']}")
        won[winner] += 1
        for seat, points in scoring.trick_points(leader, winner, number,
                                                 rules.counting).items():
            expected[seat] += points
    if tricks != expected:
        problems.append(f"{here}: the tricks score {expected}, but the count gives {tricks}")
    leads = [e for e in deal.get("count", ()) if e["kind"] == "lead"]
    wanted = [scoring.lead_points(n, rules.counting) for n in range(1, scoring.TRICKS + 1)]
    if sum(e["points"] for e in leads) != sum(wanted):
        problems.append(f"{here}: the leads count {sum(e['points'] for e in leads)}, "
                        f"not {sum(wanted)}")
    winner, bonus, name = scoring.cards_bonus(won)
    written = deal.get("bonus") or {}
    if (written.get("seat"), written.get("points"), written.get("name")) != (winner, bonus, name):
        problems.append(f"{here}: the tricks {won} give {name or 'no bonus'} "
                        f"({bonus}), not {written}")


def _cards(text: str) -> tuple[Card, ...]:
    return tuple(Card.from_str(c) for c in str(text).split())


def summary(parties: Sequence[Mapping[str, Any]]) -> dict[str, Any]:
    """Parties won and partie points by player, over the finished parties."""
    wins = {s.value: 0 for s in PLAYERS}
    points = {s.value: 0 for s in PLAYERS}
    for partie in parties:
        if partie.get("over") and partie.get("winner"):
            wins[partie["winner"]] += 1
            points[partie["winner"]] += partie["points"]
    return {"parties_won": wins, "partie_points": points}
