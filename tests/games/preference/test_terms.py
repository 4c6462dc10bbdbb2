"""Preference's words a pupil meets (ENTRY.terms), each with one plain sentence: the
table shows it a tap away, the how-to page lists them all."""

from __future__ import annotations

from games.preference import ENTRY

#: Every word of the game a newcomer meets at the table and on the sheet.
WORDS = {"talon", "declarer", "same", "game", "bettel", "sans", "defend", "drop out",
         "invite", "play alone", "kontra", "rekontra", "refa", "declarer column", "bula",
         "hat", "final reckoning"}


def test_every_word_a_pupil_meets_is_explained() -> None:
    assert set(ENTRY.terms) >= WORDS


def test_each_explanation_is_one_short_plain_sentence() -> None:
    for word, says in ENTRY.terms.items():
        assert says[0].isupper() and says.endswith("."), word
        # One sentence: no full stop before the end, and short enough for a child.
        assert ". " not in says and "? " not in says, word
        assert len(says.split()) <= 25, word
