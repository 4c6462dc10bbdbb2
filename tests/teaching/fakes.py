"""Stand-ins for the engine's catalogue, shaped like games.registry's GameEntry/VariantEntry."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class FakeVariant:
    key: str
    title: str
    summary: str


@dataclass(frozen=True)
class FakeGame:
    name: str
    title: str
    players: int
    summary: str
    variants: tuple[FakeVariant, ...] = ()


CATALOGUE = [
    FakeGame(
        name="minibridge",
        title="MiniBridge",
        players=4,
        summary="Bridge for beginners: count points, choose a contract, play the tricks.",
        variants=(
            FakeVariant("lesson-1", "MiniLesson 1", "Tricks and following suit."),
            FakeVariant("lesson-3", "MiniLesson 3", "Declarer, dummy and the contract."),
        ),
    ),
    FakeGame(
        name="spades2",
        title="Two-handed Spades",
        players=2,
        summary="Draw your hand from the stock, then bid and play.",
    ),
]
