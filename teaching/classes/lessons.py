"""The six MiniLessons' own pages: what each lesson is for and what it adds.

Written from the EBU booklet "All About MiniBridge" (shared/rules/minibridge.txt,
"Lesson sequence advised in the ETBB Teachers' Resource Manual"). The objectives
follow the booklet's lists, spoken to the pupil; the rest paraphrases it. The
rules themselves are the engine's (games/minibridge): these pages only explain.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class LessonPage:
    number: int
    title: str
    #: One line for lists and the pupil's page.
    summary: str
    #: "By the end of this lesson you will be able to: ..."
    objectives: tuple[str, ...]
    #: What this lesson adds to the game, one point each.
    new: tuple[str, ...]
    #: What declarer aims for and how a hand scores, in this lesson.
    goal: str
    #: A word for the player to take to the table.
    tip: str


LESSONS: tuple[LessonPage, ...] = (
    LessonPage(
        number=1,
        title="Suits, cards and tricks",
        summary="The four suits, which card beats which, and winning a trick.",
        objectives=(
            "recognise the four suits;",
            "recognise the relative rank of the cards;",
            "understand what a trick is at no trumps;",
            "understand that the winner of one trick leads to the next trick;",
            "deal the cards and sort a hand.",
        ),
        new=(
            "A pack has four suits: spades ♠, hearts ♥, diamonds ♦ and clubs ♣. "
            "Everyone gets thirteen cards.",
            "In every suit the ace is the highest card, then the king, queen, jack, "
            "10, 9 and so on down to the 2.",
            "A trick is one card from each player. The first player leads any card; "
            "the others play one each in turn, going clockwise.",
            "You must follow suit: play a card of the suit that was led if you have one. "
            "If you have none, play any card.",
            "There are no trumps yet: the highest card of the suit led wins the trick.",
            "Whoever wins a trick leads to the next one.",
            "Sort your hand into suits, with the high cards of each suit at the left.",
        ),
        goal="Win as many tricks as you can. The player on the dealer's left leads first.",
        tip="Count your tricks as you go: all thirteen tricks are shared out by the end.",
    ),
    LessonPage(
        number=2,
        title="Playing with a partner",
        summary="Partners win tricks together, and a small card can win a trick too.",
        objectives=(
            "co-operate with your partner in the play;",
            "recognise that sometimes a 'small' card will win a trick;",
            "play a series of tricks in duplicate style.",
        ),
        new=(
            "You play in partnerships: North with South, East with West. "
            "Partners sit opposite each other.",
            "A trick your partner wins counts for your side as well, so you do not need to "
            "beat your partner's card.",
            "A small card wins a trick when nobody else has any cards left in that suit.",
            "Duplicate style: each player keeps the cards they played in front of them, in "
            "order, so every trick can be checked and the deal played again later. "
            "Here the site keeps them for you.",
        ),
        goal="Win as many tricks as you can for your side.",
        tip="Watch which cards have gone: when the high cards are out, your small ones win.",
    ),
    LessonPage(
        number=3,
        title="Dummy and counting points",
        summary="Count your points, find the declarer, and play with a dummy at no trumps.",
        objectives=(
            "play with a dummy;",
            "count high-card points;",
            "start to play MiniBridge, but only at no trumps and without the game bonus;",
            "begin to appreciate the value of 'long' suits.",
        ),
        new=(
            "Count your high-card points: an ace is 4, a king 3, a queen 2 and a jack 1. "
            "The whole pack has 40.",
            "Each player says their points in turn. If the four numbers do not add up to 40, "
            "someone counts again.",
            "The side with more points is the declaring side. If both sides have 20, "
            "the cards are dealt again.",
            "The player on the declaring side with more points is the declarer. "
            "For now, if the two have the same, they choose which of them it is.",
            "Declarer's partner is dummy: dummy's cards are laid face up on the table and "
            "declarer plays them as well as their own.",
            "A long suit is worth tricks: once the others have run out of it, even its "
            "small cards win.",
        ),
        goal="Declarer plays in no trumps and aims for seven tricks. Making it scores 50, "
             "plus 40 for each trick over six. Falling short gives the defenders 50 for each "
             "trick missing.",
        tip="Leading your long suit early in the play is often a good idea.",
    ),
    LessonPage(
        number=4,
        title="Trumps",
        summary="Choose a trump suit, or no trumps, after seeing dummy.",
        objectives=(
            "understand the concept of a trump suit;",
            "choose the best trump suit.",
        ),
        new=(
            "After dummy goes down, declarer chooses a suit to be trumps, or no trumps.",
            "You win a trick with the highest card of the suit led, unless someone trumps it.",
            "If a trick is trumped more than once, the highest trump wins it.",
            "If you can follow suit, you must: you may not trump instead.",
            "If you cannot follow suit, you may trump, but you do not have to.",
            "Try it both ways: play the same deal again with a short, strong trump suit and "
            "then with a longer one, and compare the tricks you take.",
        ),
        goal="Declarer still aims for seven tricks, and the score is as in MiniLesson 3.",
        tip="The longest suit you and dummy hold together usually makes the best trumps.",
    ),
    LessonPage(
        number=5,
        title="Game or part-score",
        summary="Choose no trumps or a suit, part-score or game, and score it all.",
        objectives=(
            "choose between no trumps and a trump suit;",
            "decide whether to play for 'game' or not;",
            "use the complete MiniBridge scoring;",
            "follow the rules about clockwise announcement and about who is declarer when "
            "both players have the same point count.",
        ),
        new=(
            "Points are announced clockwise, starting with the dealer. If declarer's side have "
            "the same points each, the one who announced first is declarer.",
            "Declarer announces part-score or game, and a trump suit or no trumps.",
            "A part-score needs seven tricks. A game needs nine tricks in no trumps, ten in "
            "hearts or spades, and eleven in clubs or diamonds.",
            "Each trick over six scores 20 in clubs or diamonds, 30 in hearts or spades, and in "
            "no trumps 40 for the first and 30 for each one after.",
            "A part-score that makes adds a bonus of 50; a game that makes adds 300.",
            "If declarer falls short of the goal, the defenders score 50 for every trick "
            "missing.",
            "The magic number for trumps is eight: eight cards of a suit between declarer "
            "and dummy.",
        ),
        goal="Reach the goal you announced: seven tricks for a part-score, or nine, ten or "
             "eleven for a game.",
        tip="Try for game when your side has 25 points or more. Some games will fail, "
            "and that is part of the fun.",
    ),
    LessonPage(
        number=6,
        title="Signals",
        summary="Play MiniBridge competently, and let defenders signal with their cards.",
        objectives=(
            "be able to play MiniBridge competently;",
            "understand that the defenders are allowed to send signals to one another via "
            "the cards they play.",
        ),
        new=(
            "Defenders can use small cards to send messages, as long as declarer knows "
            "what they mean too.",
            "A fairly high small card says: I like this suit, please play it again. "
            "Your lowest card says: I don't like this suit, or I like another one better.",
            "Lead the highest card of a sequence: leading a queen says you do not have the "
            "king.",
            "When someone else led, play the lowest of cards that are equal.",
            "Declarer has no partner to signal to, so declarer may play any of equal cards, "
            "even to mislead the defenders.",
        ),
        goal="As in MiniLesson 5: reach the goal you announced.",
        tip="Watch your partner's cards: a high small card is a message to you.",
    ),
)


def lesson_page(number: int) -> LessonPage | None:
    """The page of MiniLesson ``number`` (1-6), or ``None``."""
    return next((lesson for lesson in LESSONS if lesson.number == number), None)
