"""Duplicate sessions: boards, movements, rounds, travellers and results."""
