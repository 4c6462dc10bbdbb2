"""MiniBridge's review after the hand (issue 29): the pupil's costliest cards against
double-dummy play and, for a declarer who chose the contract, a verdict on it against
the lesson's best (docs/decisions/0830-the-review-after-the-hand.md).

* Each card the pupil chose is compared with the best card double dummy in the
  position before it (:mod:`games.bridge.review`); the three that lost most tricks
  are named, each with the better card and the coach's reason for it, the first
  booklet idea true of it in the position as the pupil saw it
  (:func:`games.bridge.card_ideas.reason_for`, the lesson's ideas only).
* The contract: every contract the lesson let him announce (Law 9) is scored by the
  lesson's own scoring (Laws 16-17, MiniLesson Three's 50 + 40 a trick, the target's
  win or loss, or the tricks alone) on the tricks declarer takes in it double dummy,
  his left-hand opponent leading ("The first person to lead a card is the player to
  the left of declarer"); never bridge's scoring.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.bridge import card_ideas
from games.bridge import review as card_review
from games.bridge.robots import solver
from games.deals import Deal
from games.minibridge.game import Contract, MiniBridge
from games.minibridge.rules import SCORE_TRICKS, SCORE_WIN_LOSS, MiniBridgeRules
from games.minibridge.words import Played, declaring_score
from games.protocol import Action, Review, SeatView
from games.seats import Seat


def review_hand(rules: MiniBridgeRules, deal: Deal, log: Sequence[Action | str],
                seat: Seat | str) -> Review:
    """The review of ``seat``'s part in the finished hand ``deal`` played as ``log``."""
    seat = seat if isinstance(seat, Seat) else Seat.from_str(seat)
    actions = [a if isinstance(a, Action) else Action.from_str(a) for a in log]
    choices = card_review.review_play(MiniBridge, rules, deal, actions, seat, card_reason)
    return Review(seat.value, choices, contract_verdict(rules, deal, actions, seat))


def card_reason(view: SeatView, card: str) -> tuple[str, int | None, str] | None:
    """The coach's reason for ``card`` in the pupil's ``view``: the first booklet idea
    of his lesson or before that is true of it."""
    found = card_ideas.reason_for(card_ideas.Seen.from_view(view), card, card_ideas.CARD_IDEAS)
    if found is None:
        return None
    idea, words = found
    return idea.key, idea.lesson, words


# -- the contract -------------------------------------------------------------------------


def contract_verdict(rules: MiniBridgeRules, deal: Deal, log: Sequence[Action],
                     seat: Seat) -> str | None:
    """The contract ``seat`` announced against the lesson's best, both scored by the
    lesson's rules on double-dummy tricks: "Game in no-trumps made 9 tricks with best
    play; you chose part-score in hearts: +140 instead of +400". ``None`` when he
    announced no contract or chose one of the best."""
    game = MiniBridge(rules, deal)
    for action in log:
        if action.seat == seat and action.text.startswith("contract "):
            return _verdict(game, seat, action.text)
        game.apply(action.seat, action.text)
    return None


def _verdict(game: MiniBridge, seat: Seat, chosen_text: str) -> str | None:
    declarer = game.declarer
    assert declarer is not None  # the contract phase comes after Law 7's declarer
    contracts = {}
    for text in game.legal_actions(seat):
        if text.startswith("contract "):
            trial = game.copy()
            trial.apply(seat, text)
            assert trial.contract is not None
            contracts[text] = trial.contract
    denominations = sorted({c.denomination for c in contracts.values()})
    held = {s.value: [str(c) for c in cards] for s, cards in game.holdings.items()}
    whole = solver.to_endplay(held, declarer.lho.value, None)
    tricks = solver.declarer_tricks([whole], declarer.value, denominations)[0]
    worth = {text: _worth(game.rules, c, declarer, tricks[c.denomination])
             for text, c in contracts.items()}
    best_text = max(contracts, key=lambda text: worth[text])  # the first listed on a tie
    if worth[chosen_text] >= worth[best_text]:
        return None
    best, chosen = contracts[best_text], contracts[chosen_text]
    made = tricks[best.denomination]
    chosen_words = chosen.words()
    return (f"{best.words()} made {made} {_tricks(made)} with best play; you chose "
            f"{chosen_words[0].lower()}{chosen_words[1:]}: "
            f"{_said(game.rules, worth[chosen_text])} instead of "
            f"{_said(game.rules, worth[best_text])}.")


def _worth(rules: MiniBridgeRules, contract: Contract, declarer: Seat, tricks: int) -> int:
    """What ``contract`` brings the declaring side with ``tricks``, by the lesson's own
    scoring (:func:`games.minibridge.words.declaring_score`): its score less the
    defenders', the target's 1 or -1, or where each side counts its tricks, the tricks."""
    played = Played(contract.denomination, contract.level, contract.goal, declarer, tricks)
    score = declaring_score(played, rules)
    return tricks if score is None else score


def _said(rules: MiniBridgeRules, worth: int) -> str:
    if rules.scoring == SCORE_TRICKS:
        return f"{worth} {_tricks(worth)}"
    if rules.scoring == SCORE_WIN_LOSS:
        return "a win" if worth > 0 else "a loss"
    return f"{worth:+d}"


def _tricks(n: int) -> str:
    return "trick" if n == 1 else "tricks"
