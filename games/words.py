"""Words every game says the same way: a count, a level or a bid as a pupil reads it
("five diamonds", "a point of five", "discards three"), never the figure alone."""

from __future__ import annotations

#: The numbers a card game says in words, from nought to a whole suit.
NUMBER_WORDS = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight",
                "nine", "ten", "eleven", "twelve", "thirteen")


def number_words(n: int) -> str:
    """"five" for 5; a figure past thirteen as it is."""
    return NUMBER_WORDS[n] if 0 <= n < len(NUMBER_WORDS) else str(n)
