"""Pure rules of the table companion: cards, deck tracking, the night and its games.

Nothing here does I/O or knows SQLite or Textual, so every rule can be tested as a fold.
"""
