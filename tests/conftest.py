"""Hypothesis profiles. `ci` (what `pytest` runs, set in pyproject.toml): derandomized, so a
fresh clone draws the same examples as the last run and fails only on a real change. `explore`
(`pytest -m properties --hypothesis-profile=explore`): random seeds and twenty times the
examples, the long search to run before resolving an issue; each failure it finds is pinned
as a test of its own."""

from __future__ import annotations

import gc
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import textual._wait
from hypothesis import HealthCheck, settings
from textual.screen import Screen

from engine import registry
from engine.registry import Playable
from tests import outside

# A run forks and starts hundreds of Pythons that import the companion; where the
# environment says not to keep compiled modules (PYTHONDONTWRITEBYTECODE, as on CI), each
# compiled them all again. The tests keep them, beside the sources, as Python does by default.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

# Pilot waits after every key until the app has been idle for one of Textual's slices, and
# at least two slices a key: 20 ms slices made a 170-key game wait 7 s for nothing. Slices of
# 10 ms with the same share of idle time (a twentieth); not 5 ms: a screen's refresh comes
# every 16 ms, and what waits for it (a scroll to the focused field) came after the pause.
# A test that reads what a key drew waits for it (tests/pilot.py `drawn`, `until`).
textual._wait.SLEEP_GRANULARITY = 0.01
textual._wait.SLEEP_IDLE = textual._wait.SLEEP_GRANULARITY / 20

# Textual makes and drops objects by the hundred thousand a frame: at Python's threshold of
# 700 new objects the collector ran 8,700 times in the layout and words tests, 14 of their
# 45 s of CPU. Collecting every 10,000 keeps the cycles as few and costs 1.5 s.
gc.set_threshold(10_000, 20, 100)



def _refresh_without_a_terminal(self: Screen[object]) -> None:
    """A headless app (Pilot's) draws each frame and its driver throws the frame away: a fifth
    of the Pilot tests' CPU. A test reads the screen by drawing what it reads (tests/pilot.py
    `on_screen`, `shown`, the snapshots), so only the frame nobody sees is left undrawn."""
    app = self.app
    if app.is_headless and not app.is_inline and self is app.screen:
        self._compositor._dirty_regions.clear()
        self._dirty_widgets.clear()
        app._update_mouse_over(self)
        return
    _draw_and_refresh(self)


_draw_and_refresh = Screen._compositor_refresh
setattr(Screen, "_compositor_refresh", _refresh_without_a_terminal)  # noqa: B010

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


@pytest.fixture(scope="session")
def outside_installed(request: pytest.FixtureRequest,
                      tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, ...]:
    """Every distribution of tests/plugins/ installed once, in the tests' cache (kept between
    runs, a fresh install for each change of its source): the folders to put on the path."""
    kept = getattr(request.config, "cache", None)  # none under -p no:cacheprovider
    cache = (kept.mkdir("outside-games") if kept is not None
             else tmp_path_factory.mktemp("outside-games"))
    return tuple(outside.install(folder, cache) for folder in outside.distributions())


@pytest.fixture
def outside_game(outside_installed: tuple[Path, ...],
                 monkeypatch: pytest.MonkeyPatch) -> Iterator[Playable]:
    """The game from outside the companion (tests/plugins/), installed for one test: found
    through its entry point by this process and by the CLI's processes it starts."""
    for folder in outside_installed:
        monkeypatch.syspath_prepend(str(folder))
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(
        [*map(str, outside_installed), *filter(None, [os.environ.get("PYTHONPATH")])]))
    registry.forget()
    (game_id,) = (game for folder in outside.distributions() for game in outside.games_of(folder))
    try:
        yield registry.game(game_id)
    finally:
        registry.forget()
