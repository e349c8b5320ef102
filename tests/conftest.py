"""Hypothesis profiles. `ci` (what `pytest` runs, set in pyproject.toml): derandomized, so a
fresh clone draws the same examples as the last run and fails only on a real change. `explore`
(`pytest -m properties --hypothesis-profile=explore`): random seeds and twenty times the
examples, the long search to run before resolving an issue; each failure it finds is pinned
as a test of its own."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("ci", derandomize=True, database=None, deadline=None,
                          print_blob=True)
settings.register_profile("explore", derandomize=False, deadline=None, max_examples=2000,
                          print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])


def pytest_xdist_auto_num_workers(config: object) -> int:
    """Workers for `-n auto`: one and a half per core. Many tests wait (a Pilot on the event
    loop, a writer killed and reopened, a lock's busy wait), so two workers per two cores
    leave the cores idle a third of the run; measured on 2 cores: 170 s with 2, 148 s with 3."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(2, (3 * (cores or 1)) // 2)
