"""The coach in the site (issue 29): Help at a pupil's table, the class's coach settings,
and the teacher's page of what the pupils asked, followed and missed
(docs/decisions/0820-help-at-the-table.md)."""
