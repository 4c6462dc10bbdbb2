"""Leagues: pairs, matches, deals played online or typed in, and the league table."""
