"""``manage.py tidy`` (teaching/management/commands/tidy.py): expired sessions and the login
throttle's rows past their window and sign-ups whose link expired are deleted, live ones
kept."""

from __future__ import annotations

from datetime import timedelta
from io import StringIO

from django.contrib.sessions.backends.db import SessionStore
from django.contrib.sessions.models import Session
from django.core.management import call_command
from django.utils import timezone

from teaching.models import LoginFailure, LoginUnlock, PendingSignup


def _session(expires_in: timedelta) -> str:
    store = SessionStore()
    store["x"] = 1
    store.create()
    Session.objects.filter(pk=store.session_key).update(expire_date=timezone.now() + expires_in)
    return store.session_key


def test_tidy_deletes_expired_sessions_and_old_throttle_rows(robins, alice) -> None:
    old, live = _session(timedelta(hours=-1)), _session(timedelta(days=3))
    now = timezone.now()
    LoginFailure.objects.create(client="a", at=now - timedelta(hours=26))
    LoginFailure.objects.create(client="b", at=now - timedelta(hours=1))
    LoginUnlock.objects.create(classroom=robins, by=alice, at=now - timedelta(days=2))
    for expires, token in ((now - timedelta(minutes=1), "a"), (now + timedelta(hours=1), "b")):
        PendingSignup.objects.create(email="sam@example.org", display_name="Sam",
                                     token_hash=token, expires=expires)
    out = StringIO()
    call_command("tidy", stdout=out)
    assert set(Session.objects.values_list("pk", flat=True)) == {live}
    assert old not in out.getvalue()
    assert list(LoginFailure.objects.values_list("client", flat=True)) == ["b"]
    assert not LoginUnlock.objects.exists()
    assert list(PendingSignup.objects.values_list("token_hash", flat=True)) == ["b"]
    assert out.getvalue().strip() == ("Deleted 1 sessions, 1 login failures, 1 unlocks, "
                                      "1 sign-ups never finished.")
