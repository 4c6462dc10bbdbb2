"""The embedded deployment's channel layer: Channels' in-memory layer, sweeping less often.

Channels 4.3's ``InMemoryChannelLayer`` walks every channel and group looking
for expired messages on every ``receive`` and ``group_send``, so its cost grows
with the number of open sockets. Measured on the project machine (issue 3),
sweeping at most once a second tripled throughput at 1,000 sockets. Expiry is
a safety net for messages nobody reads (60 s by default), so a sweep up to a
second late changes nothing a player can notice.
"""

from __future__ import annotations

import time
from typing import Any

from channels.layers import InMemoryChannelLayer


class ThrottledInMemoryChannelLayer(InMemoryChannelLayer):
    """``InMemoryChannelLayer`` whose expiry sweep runs at most every ``sweep_interval`` s."""

    def __init__(self, sweep_interval: float = 1.0, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.sweep_interval = sweep_interval
        self._last_sweep = float("-inf")
        self.clock = time.monotonic

    def _clean_expired(self) -> None:
        now = self.clock()
        if now - self._last_sweep < self.sweep_interval:
            return
        self._last_sweep = now
        super()._clean_expired()
