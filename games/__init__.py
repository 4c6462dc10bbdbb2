"""The card engine: pure Python, no Django, no I/O, no global random.

Every game is a state machine over explicit phases that speaks one protocol
(see :mod:`games.protocol`); a variant is a frozen rules value found through
:func:`games.registry.find_game`.
"""
