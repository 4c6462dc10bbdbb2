"""The named cast (tests/teaching/cast.py) for the site's conformance test."""

from tests.teaching.cast import (  # noqa: F401 (fixtures)
    alice,
    alice_client,
    bob,
    bob_client,
    carol,
    dave,
    dave_client,
    eve,
    fast_password_hashing,
    owls,
    robins,
    robins_pupils,
)
