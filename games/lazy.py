"""``@lazy``: ``functools.cached_property`` without its lock.

Python 3.11 takes an RLock at every first read of a cached property (3.12 dropped it), about as
dear as a cheap property itself. The objects that use this live in one thread for one decision
or one frame (a robot's :class:`games.bridge.robots.seen.Seen`, the site's table view), so the
value is simply worked out at the first read and kept in the instance, whose later reads find
it there.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

_T = TypeVar("_T")


class lazy(Generic[_T]):  # noqa: N801 (a decorator, lower case like cached_property)
    """A property worked out at its first read and kept in the instance's ``__dict__``."""

    def __init__(self, func: Callable[[Any], _T]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> lazy[_T]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> _T: ...

    def __get__(self, instance: object | None, owner: type | None = None) -> Any:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.func(instance)
        return value
