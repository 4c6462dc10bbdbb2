"""``python -m games``: play robot-only hands and check PBN files."""

from __future__ import annotations

import sys

from games.cli import main

if __name__ == "__main__":
    sys.exit(main())
