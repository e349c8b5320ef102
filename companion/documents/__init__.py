"""The papers of the table: the settlement as a receipt, an HTML page and a PDF, the open
balances and the standings as pages, their QR codes and charts, printing them, and every
file written whole."""
