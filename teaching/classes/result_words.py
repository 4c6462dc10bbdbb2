"""A result and a hand record's par as the game itself says them.

Records keep a game's compact result ("3NTN+1"); pages, score cards and CSV files show
it in the game's own words ("No-trumps, game, by North: 10 tricks, +430"), asked of the
game's play by pairs (``GameEntry.pairs``) so that no game is named here. A game
without words of its own shows the compact text
(decision 0430).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from games.deals import Deal
from teaching.classes.games import pairs_of


def _asked(game: str, name: str) -> Callable[..., Any] | None:
    """The game's function ``name``, made safe: options it no longer takes (a record
    kept from an older version) give the text as it is, never a broken page."""
    say = getattr(pairs_of(game), name, None)
    if say is None:
        return None

    def safe(options: Mapping[str, Any], text: Any, *args: Any, **kwargs: Any) -> Any:
        try:
            return say(options, text, *args, **kwargs)
        except (TypeError, ValueError):
            return () if name == "par_lines" else text
    return safe


def result_words(game: str, options: Mapping[str, Any] | None, text: str, *,
                 score: bool = True) -> str:
    """The whole result: contract, declarer, tricks and (with ``score``) the score."""
    say = _asked(game, "result_words")
    return say(options or {}, text or "", score=score) if say else (text or "")


def contract_words(game: str, options: Mapping[str, Any] | None, text: str) -> str:
    """Only the contract: "No-trumps, game"."""
    say = _asked(game, "contract_words")
    return say(options or {}, text or "") if say else (text or "")


def par_lines(game: str, options: Mapping[str, Any] | None, deal: Deal,
              table: Mapping[str, Any] | None) -> tuple[str, ...]:
    """The par of a deal from its double-dummy table, in lines; empty without one."""
    say = _asked(game, "par_lines")
    return tuple(say(options or {}, deal, table)) if say and table else ()
