"""Accounts: teacher sign-up and log-in, pupil log-in with the class code and a secret,
and the throttle on wrong secrets."""
