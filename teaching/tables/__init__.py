"""Live play at a table: seating and dealing, acting, robots, the fast read of a table
(table_now) and its game cache, announcing changes, the frames pushed to each seat over its
socket, and the queue of finished hands waiting for their double-dummy analysis."""
