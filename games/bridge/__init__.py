"""The bridge layer: what MiniBridge and the Top Game share, and no game of its own.

Contracts and their duplicate score (:mod:`games.bridge.contracts`), double-dummy
analysis through DDS (:mod:`games.bridge.analysis`, :mod:`games.bridge.dds`), the card
play of a bridge-family hand with declarer playing dummy's cards, Law 8
(:mod:`games.bridge.play`), the booklet's target tricks (:mod:`games.bridge.target`)
and the robots' card play (:mod:`games.bridge.robots`). It sits between the core
(cards, seats, deals, tricks, the protocol) and the bridge-family games: it imports
the core and never a game, so a game package may import it and nothing imports back
(decision record 0770).
"""
