"""Who a session belongs to, asked again at every request and every socket's handshake.

Django's own backend lets a user in while ``is_active``. A pupil also needs a class to
be in: archiving a class (or the pupil) ends their sessions at their next request rather
than when the session expires (docs/decisions/0305-access-follows-the-class.md).
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.backends import ModelBackend

from teaching.models import User


def may_log_in(user: Any) -> bool:
    """Whether ``user`` may use the site now: active and, for a pupil, an active pupil
    of an active class."""
    if not getattr(user, "is_active", False):
        return False
    if getattr(user, "is_pupil", False):
        pupil = getattr(user, "pupil", None)
        return pupil is not None and not pupil.archived and not pupil.classroom.archived
    return True


class AccountBackend(ModelBackend):
    """:class:`ModelBackend` (e-mail and password, a hash for an unknown user too), and
    a pupil only while they and their class are active."""

    def user_can_authenticate(self, user: Any) -> bool:
        return may_log_in(user)

    def get_user(self, user_id: Any) -> User | None:
        user = (User.objects.select_related("pupil__classroom")
                .filter(pk=user_id).first())
        return user if user is not None and may_log_in(user) else None
