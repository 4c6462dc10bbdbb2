"""THE DEAL of two-handed Spades: automatic (thirteen cards each, dealt
alternately, the other half unused) or by card selection (the players draw their
hands from the whole pack during the hand); the deal and the first bid alternate
from hand to hand (shared/rules/two-handed.txt)."""

from __future__ import annotations

import random

from games.cards import PACK_52, Card, shuffled
from games.deals import Deal, InvalidDealError
from games.seats import Seat, rotation_after
from games.spades2.rules import HAND_SIZE, PLAYERS, Spades2Rules, opponent


def first_bidder_of(deal: Deal) -> Seat:
    """The player who bids first and leads to the first trick: the dealer's
    opponent ("Alternating the start of the bidding": the deal passes each hand)."""
    return rotation_after(deal.dealer, PLAYERS)


def dealer_for_hand(number: int, first_bidder: Seat = Seat.SOUTH) -> Seat:
    """The dealer of hand ``number`` of a game whose first hand ``first_bidder``
    bids first: the first bid alternates, so the deal does too."""
    if number < 1:
        raise ValueError("hands are numbered from 1")
    bidder = first_bidder if number % 2 == 1 else opponent(first_bidder)
    return opponent(bidder)


def deal_hand(rules: Spades2Rules, rng: random.Random, *, board: int = 1,
              first_bidder: Seat = Seat.SOUTH) -> Deal:
    """Shuffle and deal hand ``board`` of a game (THE DEAL).

    Automatic: "The first 26 cards are dealt alternately to each participant
    with the second 26 cards not used" (the first card to the first bidder;
    the unused half goes to ``Deal.stock``). Selection: nobody holds a card
    yet and the whole shuffled pack is the stock, top card first; the players
    draw their hands from it during the hand (:class:`Spades2`).
    """
    dealer = dealer_for_hand(board, first_bidder)
    cards = shuffled(PACK_52, rng)
    if rules.deal_method == "selection":
        return Deal({seat: () for seat in PLAYERS}, dealer=dealer, board=board, stock=tuple(cards))
    first = opponent(dealer)
    dealt = 2 * HAND_SIZE
    hands = {first: tuple(cards[0:dealt:2]), opponent(first): tuple(cards[1:dealt:2])}
    return Deal(hands, dealer=dealer, board=board, stock=tuple(cards[dealt:]))


def selection_pack(deal: Deal) -> tuple[Card, ...]:
    """The pack the players draw from in a selection deal, top card first.

    A deal made for this game holds it all in ``stock``. Any other deal of the
    52 cards (say a bridge deal the site makes only to ask who plays) is read
    as a pack in its own order: North's cards, East's, South's, West's, then
    its stock."""
    cards = deal.all_cards()
    if len(cards) != len(PACK_52):
        raise InvalidDealError("the selection deal draws from all 52 cards; "
                               f"this deal has {len(cards)}")
    return cards


def automatic_hands(deal: Deal) -> dict[Seat, tuple[Card, ...]]:
    hands = {seat: deal.hand(seat) for seat in PLAYERS}
    for seat, cards in hands.items():
        if len(cards) != HAND_SIZE:
            raise InvalidDealError(f"{seat.word} should hold 13 cards, not {len(cards)}")
    return hands
