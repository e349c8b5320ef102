"""The games of this distribution, one package each. Nothing here lists them: each is found
through the entry-point group `table_companion.games` (pyproject.toml, engine/registry.py),
as a game from another distribution would be."""
