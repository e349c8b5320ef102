"""Casino Red Dog, by layer: the engine (test_rules), `companion exec` (test_cli, test_corrections)
and the table screen through Pilot (test_tui)."""
