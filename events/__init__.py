"""The event log: the SQLite store, the hash chain, undo/redo/correct, replay, export/import."""
