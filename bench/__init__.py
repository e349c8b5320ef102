"""Benchmarks of the table companion: `python -m bench` runs them all (see README.md)."""
