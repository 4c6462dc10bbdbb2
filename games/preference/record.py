"""The JSON record of a Preference hand (docs/preference-record.md): written by the
command line, and checked (``python -m games check FILE``, the registry's ``checker``)
by rebuilding each part from the replay and comparing.

The check works from the record's own data: every deal is a Preference deal dealt by
the right player (and, when the record names its seed, the one that seed deals), every
action replays legally through the engine, the tricks, results and refas are what the
replay gives, and every sheet entry is what sections 8-10 score. ``check_record(data)``
returns the problems found, in a reader's words, each naming the hand, the action when
one is at fault, and the rule of the text it breaks; an empty list means the record is
in order.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any

from games.cards import Card
from games.deals import Deal, InvalidDealError
from games.preference.game import Preference, deal_hand, dealer_of
from games.preference.rules import PLAYERS, PreferenceRules
from games.preference.scoring import HandFacts, Sheet
from games.protocol import Action, GameError
from games.seats import Seat

FORMAT = "preference-record 1"


def hand_record(game: Preference, game_number: int, change: Mapping[str, Any],
                sheet: Sheet) -> dict[str, Any]:
    """One finished hand: its deal and talon, the refas it was dealt with, every
    action, the tricks, the result and what it wrote on ``sheet``."""
    deal = game.deal
    return {
        "hand": deal.board,
        "game": game_number,
        "dealer": deal.dealer.value,
        "deal": {**{s.value: " ".join(str(c) for c in deal.hand(s)) for s in PLAYERS},
                 "talon": " ".join(str(c) for c in deal.stock)},
        "refas": {s.value: n for s, n in game.rules.refas},
        "actions": [str(a) for a in game.log],
        "tricks": tricks_data(game),
        "result": game.result(),
        "sheet": sheet_entry(change, sheet),
    }


def tricks_data(game: Preference) -> list[dict[str, Any]]:
    """Each trick played: its number, leader, cards in order and winner."""
    if game.play is None:
        return []
    trumps = game.play.rules.trumps
    return [{"number": index, "leader": trick.leader.value,
             "cards": [[s.value, str(c)] for s, c in trick.cards],
             "winner": trick.winner(trumps).value}
            for index, trick in enumerate(game.play.tricks, 1)]


def sheet_entry(change: Mapping[str, Any], sheet: Sheet) -> dict[str, Any]:
    """What the hand wrote on the sheet and why, and each player's columns after it."""
    after = {}
    for seat in PLAYERS:
        column = sheet.columns[seat]
        after[seat.value] = {"score": column.score, "written": column.written,
                             "under_hat": column.under_hat, "refas": column.refas,
                             "bula": {o.value: column.bula[o] for o in PLAYERS if o != seat}}
    entry = {key: value for key, value in change.items() if key != "board"}
    entry.update({"after": after, "sum": sheet.total})
    return entry


# Reading a record back: python -m games check FILE.

#: The rule of the text (shared/rules/preference.txt) each part of a hand follows, as a
#: refusal names it.
DEAL_RULE = "section 1 (the deal)"
REFA_RULE = "section 9 (refa)"
PLAY_RULE = "section 7 (the play)"
SCORING_RULE = "sections 8-10 (the scoring)"
END_RULE = "section 10 (ending the game)"
#: The rule an action breaks, by the phase the hand was in when it came.
PHASE_RULES = {
    "auction": "section 3 (the bidding)",
    "reveal": "section 3 (the bidding: telling the games' contracts)",
    "exchange": "section 4 (the exchange of the talon)",
    "contract": "section 5 (the contract)",
    "defence": "section 6 (the defenders' decisions)",
    "kontra": "section 6 (Kontra)",
    "play": PLAY_RULE,
    "over": "the end of the hand (sections 3, 6 and 7 say when it is over)",
}


def check_record(data: Any) -> list[str]:
    problems: list[str] = []
    if not isinstance(data, Mapping) or data.get("game") != "preference":
        return ["This is not a Preference record (its \"game\" is not \"preference\")."]
    if data.get("format") != FORMAT:
        problems.append(f"The format is {data.get('format')!r}, not {FORMAT!r}.")
    try:
        rules = PreferenceRules.from_options(**dict(data["rules"]))
    except (KeyError, TypeError, ValueError) as exc:
        return problems + [f"The rules cannot be read: {exc}"]
    seed = data.get("seed")
    expected_hand = 1
    for expected_game, game in enumerate(data.get("games") or [], 1):
        if game.get("number") != expected_game:
            problems.append(f"Game {game.get('number')} should be game {expected_game}.")
        sheet = Sheet(rules)
        for hand in game.get("hands") or []:
            where = f"Hand {hand.get('hand')}"
            if hand.get("hand") != expected_hand:
                problems.append(f"{where} should be hand {expected_hand}.")
            expected_hand += 1
            if sheet.is_over():
                problems.append(f"{where}: game {expected_game} was already over.")
                break
            problems += [f"{where}: {p}" for p in _check_hand(hand, rules, sheet,
                                                               expected_game, seed)]
        problems += _check_end(game, sheet, expected_game)
    if not data.get("games"):
        problems.append("The record holds no game.")
    return problems


def _check_end(game: Mapping[str, Any], sheet: Sheet, number: int) -> list[str]:
    problems: list[str] = []
    if bool(game.get("over")) != sheet.is_over():
        problems.append(f"Game {number} breaks {END_RULE}: its \"over\" says "
                        f"{game.get('over')}, but the declarer columns add up to {sheet.total}.")
    if sheet.is_over():
        final = sheet.reckoning()
        if game.get("final") != final:
            problems.append(f"Game {number} breaks {END_RULE}: the final reckoning should be "
                            + "; ".join(f"{s} {e['sum']}" for s, e in final.items()) + ".")
        if sum(e["total"] for e in final.values()) != 0:
            problems.append(f"Game {number} breaks {END_RULE}: the final scores do not add "
                            "up to zero.")
    return problems


def _check_hand(hand: Mapping[str, Any], rules: PreferenceRules, sheet: Sheet,
                game_number: int, seed: Any = None) -> list[str]:
    try:
        number = int(hand["hand"])
        deal = _deal(hand, number)
    except (KeyError, TypeError, ValueError, InvalidDealError) as exc:
        return [f"the deal breaks {DEAL_RULE}: {exc}"]
    problems: list[str] = []
    if hand.get("game") != game_number:
        problems.append(f"it belongs to game {game_number}, not {hand.get('game')}.")
    if deal.dealer != dealer_of(number):
        problems.append(f"the dealer breaks {DEAL_RULE} (\"Deal rotates\"): hand {number} "
                        f"is dealt by {dealer_of(number).word}, not {deal.dealer.word}.")
    if seed is not None:
        problems += _check_seeded(deal, str(seed), number)
    waiting = {s.value: n for s, n in sheet.refas_waiting().items()}
    if hand.get("refas") != waiting:
        problems.append(f"the refas break {REFA_RULE}: the refas waiting should be "
                        f"{waiting}, not {hand.get('refas')}.")
    game = Preference(rules.with_refas(waiting), deal)
    for index, text in enumerate(hand.get("actions") or [], 1):
        rule = PHASE_RULES.get(game.phase, "the rules")
        try:
            action = Action.from_str(text)
            game.apply(action.seat, action.text)
        except GameError as exc:
            return problems + [f"action {index} ({text!r}) is not allowed by {rule}: "
                               f"{exc.reason}"]
    if not game.is_over():
        return problems + [f"the actions stop before the hand is over ({PHASE_RULES[game.phase]}"
                           " still wants an action)."]
    tricks = tricks_data(game)
    if hand.get("tricks") != tricks:
        first = _first_difference(hand.get("tricks"), tricks)
        problems.append(f"the tricks break {PLAY_RULE}: they are not the ones the actions "
                        f"play (trick {first} differs).")
    result = game.result()
    if hand.get("result") != result:
        problems.append("the result breaks sections 6-7 (the defence and the play): it is "
                        "not the replay's: "
                        + _difference(hand.get("result") or {}, result))
    change = sheet.record(HandFacts.from_result(result))
    expected = sheet_entry(change, sheet)
    if hand.get("sheet") != expected:
        problems.append(f"the sheet breaks {SCORING_RULE}: the sheet after the hand should "
                        "read: " + _difference(hand.get("sheet") or {}, expected))
    return problems


def _check_seeded(deal: Deal, seed: str, number: int) -> list[str]:
    """The record names its seed: hand N is dealt from ``random.Random("{seed}:{N}")``
    (games/preference/cli.py), so the cards must be the ones that seed deals, whatever
    else was changed to fit them."""
    dealt = deal_hand(PreferenceRules(), random.Random(f"{seed}:{number}"), number)
    differ = [seat.word for seat in PLAYERS if set(deal.hand(seat)) != set(dealt.hand(seat))]
    if set(deal.stock) != set(dealt.stock):
        differ.append("the talon")
    if not differ:
        return []
    return [f"the cards break {DEAL_RULE}: they are not the ones seed {seed!r} deals for "
            f"hand {number} ({', '.join(differ)} differ{'s' * (len(differ) == 1)})."]


def _deal(hand: Mapping[str, Any], number: int) -> Deal:
    cards = hand["deal"]
    hands = {seat: tuple(Card.from_str(c) for c in str(cards[seat.value]).split())
             for seat in PLAYERS}
    talon = tuple(Card.from_str(c) for c in str(cards["talon"]).split())
    return Deal(hands, dealer=Seat.from_str(hand["dealer"]), board=number, stock=talon)


def _first_difference(written: Any, replayed: list[dict[str, Any]]) -> int:
    written = list(written or [])
    for index, (a, b) in enumerate(zip(written, replayed, strict=False), 1):
        if a != b:
            return index
    return min(len(written), len(replayed)) + 1


def _difference(written: Mapping[str, Any], expected: Mapping[str, Any]) -> str:
    keys = [k for k in expected if written.get(k) != expected[k]]
    keys += [k for k in written if k not in expected]
    return "; ".join(f"{k} {expected.get(k)!r} (written {written.get(k)!r})" for k in keys)
