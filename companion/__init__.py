"""The application, one for the command line and the dealer's screen: the table (table.py),
every night of the database (nights.py) and the papers (papers.py), with its parts by job in
cli/, documents/, history/, web/ and words/."""
