"""The robots' card play, the same for every bridge-family game.

What a robot reads of its seat's view (:mod:`.seen`), cards as text
(:mod:`.cardtext`), the beginner's sound simple play (:mod:`.play`), and the
expert's double-dummy look at the deals it cannot rule out (:mod:`.sampler`,
:mod:`.solver`). MiniBridge's robots and the Top Game's both play their cards
with these; each game's own ``robots`` module adds its bidding or contract choice.
"""
