"""7. The settlement: the fewest-transfers search at its hardest, and a whole settlement
(text, JSON and HTML with QR codes) of the long benchmark night.

The search is hardest when no smaller group of players sums to zero: every subset is
walked and none closes early. Balances here are distinct powers of two for all players
but one, who balances the rest, so no proper subset can sum to zero.
"""

from __future__ import annotations

import statistics
import time
from pathlib import Path
from typing import Any

from engine.commands import EndNight
from engine.settlement import EXACT_LIMIT, fewest_transfers


def hardest_balances(players: int) -> dict[str, int]:
    """`players` non-zero balances summing to zero with no zero-sum proper subset."""
    balances = {f"p{index}": 2 ** index for index in range(players - 1)}
    balances[f"p{players - 1}"] = -sum(balances.values())
    return balances


def transfers(players: int, repeat: int) -> dict[str, Any]:
    """Median time of fewest_transfers for the hardest table of `players`."""
    balances = hardest_balances(players)
    times = []
    count = 0
    for _ in range(repeat):
        started = time.perf_counter()
        count = len(fewest_transfers(balances))
        times.append(time.perf_counter() - started)
    return {"players": players, "median_s": statistics.median(times), "transfers": count,
            "exact_limit": EXACT_LIMIT}


def whole_night(db: Path, night: int) -> dict[str, Any]:
    """Load the night, settle it and write all three outputs; each step timed."""
    from companion.documents.receipt import receipt
    from companion.documents.settle_html import page
    from companion.settle import as_json, settlement_of
    from engine.night import decide
    from engine.rejection import Rejection
    from events.session import load_history
    from events.store import Store

    store = Store.open(db, create=False)
    try:
        history = load_history(store, night)
        # The built night stops wherever its dealer stopped, maybe mid-turn: settle it as of
        # the latest action after which the night could end.
        last = next(entry.action for entry in reversed(history.entries)
                    if not isinstance(decide(entry.state, EndNight()), Rejection))
        if last != history.last_action:
            history = load_history(store, night, upto=last)
    finally:
        store.close()
    started = time.perf_counter()
    settled = settlement_of(history, night)
    settle_s = time.perf_counter() - started
    started = time.perf_counter()
    text, data, html = receipt(settled), as_json(settled), page(settled)
    outputs_s = time.perf_counter() - started
    return {"settle_s": settle_s, "outputs_s": outputs_s, "html_bytes": len(html),
            "text_lines": len(text.splitlines()), "players": len(data["players"]),
            "transfers": len(data["transfers"])}
