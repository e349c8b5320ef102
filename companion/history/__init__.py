"""The table's history across its nights: each night's record folded from its log, the list
of nights, the standings, what the group keeps (saved groups, merged renames, seasons) and
the balances still open from nights carried over."""
