"""The table's words in each language (each game's own words stay in its package), how
each language writes money and days, and what a correction changed, told in them."""
