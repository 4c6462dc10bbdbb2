"""Django's SQLite backend, with a transaction's begin and commit made directly (base.py)."""
