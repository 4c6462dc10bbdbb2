"""The bridge layer: what MiniBridge and the Top Game share, and no game of its own.

Contracts and their duplicate score (:mod:`games.bridge.contracts`), double-dummy
analysis through DDS (:mod:`games.bridge.analysis`, :mod:`games.bridge.dds`), and
the robots' card play. It sits between the core (cards, seats, deals, tricks, the
protocol) and the bridge-family games: it imports the core and never a game, so a
game package may import it and the core never needs to (decision record 0770).
"""
