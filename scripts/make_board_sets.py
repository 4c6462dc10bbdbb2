"""Write the lesson board sets in fixtures/boards/ (issue 4: "a few sets chosen
to teach something: long suits, an eight-card fit, a game with 25 points").

Each set is 36 seeded random boards, each dealt again (next attempt of the
seed) until it shows the set's point; the dealer and vulnerability follow the
board number. Run it again and the same files come out:

    python scripts/make_board_sets.py
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from games.bridge import pbn  # noqa: E402
from games.cards import Suit  # noqa: E402
from games.deals import Deal  # noqa: E402
from games.seats import Side  # noqa: E402

BOARDS = 36


def _stronger(deal: Deal) -> Side | None:
    ns, ew = deal.side_hcp(Side.NS), deal.side_hcp(Side.EW)
    return None if ns == ew else Side.NS if ns > ew else Side.EW


def _lengths(deal: Deal, side: Side) -> dict[Suit, int]:
    return {suit: sum(1 for seat in side.seats for c in deal.hand(seat) if c.suit is suit)
            for suit in Suit}


def long_suit(deal: Deal) -> bool:
    """The stronger side has a six-card suit or longer in one hand."""
    side = _stronger(deal)
    return side is not None and any(
        sum(1 for c in deal.hand(seat) if c.suit is suit) >= 6
        for seat in side.seats for suit in Suit)


def eight_card_fit(deal: Deal) -> bool:
    """The stronger side's longest combined suit has exactly eight cards."""
    side = _stronger(deal)
    return side is not None and max(_lengths(deal, side).values()) == 8


def game_25(deal: Deal) -> bool:
    """The stronger side holds 25 or 26 points: enough for game, as MiniLesson 5 says."""
    side = _stronger(deal)
    return side is not None and deal.side_hcp(side) in (25, 26)


SETS: dict[str, tuple[str, Callable[[Deal], bool]]] = {
    "long-suits": ("Long suits", long_suit),
    "eight-card-fit": ("An eight-card fit", eight_card_fit),
    "game-25-points": ("A game with 25 points", game_25),
}


def board_set(key: str, wanted: Callable[[Deal], bool]) -> list[Deal]:
    deals = []
    for board in range(1, BOARDS + 1):
        attempt = 0
        while True:
            deal = Deal.for_board(board, random.Random(f"{key}:{board}:{attempt}"))
            if wanted(deal):
                break
            attempt += 1
        deals.append(deal)
    return deals


def main() -> None:
    out = ROOT / "fixtures" / "boards"
    out.mkdir(parents=True, exist_ok=True)
    for key, (title, wanted) in SETS.items():
        games = [pbn.PbnGame(tags={
            "Event": title, "Site": "", "Date": "", "Board": str(deal.board),
            "West": "", "North": "", "East": "", "South": "",
            "Dealer": deal.dealer.value, "Vulnerable": deal.vulnerability.value,
            "Deal": deal.pbn(first=deal.dealer)}) for deal in board_set(key, wanted)]
        games[0].comments["Event"] = [f"% {title}: {wanted.__doc__}",
                                      "% Made by scripts/make_board_sets.py"]
        (out / f"{key}.pbn").write_text(pbn.dumps(games), encoding="utf-8")


if __name__ == "__main__":
    main()
