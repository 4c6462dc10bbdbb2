"""Classes: a teacher's classes and their pupils, co-teachers, the pupils' login cards,
the lesson pages and the home page's list of games."""
