"""A fast password hasher that counts what it hashes: a registered and an unknown
address must cost the same hashing."""

from __future__ import annotations

from typing import ClassVar

from django.contrib.auth.hashers import MD5PasswordHasher


class CountingHasher(MD5PasswordHasher):
    """The tests' fast hasher, counting the passwords it hashes."""

    hashed: ClassVar[list[str]] = []

    def encode(self, password: str, salt: str) -> str:
        self.hashed.append(password)
        return super().encode(password, salt)


PATH = f"{__name__}.CountingHasher"
