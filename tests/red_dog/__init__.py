"""Red Dog / High Card Pool (RULES.md §4): the engine, the CLI and the table screen."""
