"""Use cases: one keyword-only, @transaction.atomic function per thing a user does (none yet)."""
