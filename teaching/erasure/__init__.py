"""Erasing children's data (issue 13): deleting a pupil, a class or a teacher's account so
that nothing of a pupil's identity stays behind, and the file a teacher downloads of what
the site holds about a pupil."""
