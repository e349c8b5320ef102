"""Hypothesis profiles. `ci` (what `pytest` runs, set in pyproject.toml): derandomized, so a
fresh clone draws the same examples as the last run and fails only on a real change. `explore`
(`pytest -m properties --hypothesis-profile=explore`): random seeds and twenty times the
examples, the long search to run before resolving an issue; each failure it finds is pinned
as a test of its own."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile("ci", derandomize=True, database=None, deadline=None,
                          print_blob=True)
settings.register_profile("explore", derandomize=False, deadline=None, max_examples=2000,
                          print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
