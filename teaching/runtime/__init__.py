"""The speed plumbing, fenced off from the use cases: each module here exists because a
benchmark showed the plain way was too slow, and says which one (bench/, docs/benchmarks.md)."""
