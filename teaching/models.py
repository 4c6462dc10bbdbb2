"""Classes, pupils, sessions and the action log of each hand (none yet)."""
