"""The teacher's room: seating a class, the wall of tables, watching one table, pausing
and undoing, each pupil's progress and the class's chart."""
