"""How many examples a property test draws: its own number in the `ci` profile, scaled up
with the profile's max_examples (twenty times in `explore`)."""

from __future__ import annotations

from hypothesis import settings

_DEFAULT_MAX_EXAMPLES = 100


def examples(count: int, long: int | None = None) -> int:
    """`count` examples under `ci`; in a profile that asks for more, `long` where given (a
    slow test kept short in the quick run, not in the long search), else `count` scaled."""
    active = settings.default
    wanted = active.max_examples if active is not None else _DEFAULT_MAX_EXAMPLES
    scale = wanted // _DEFAULT_MAX_EXAMPLES
    if scale <= 1:
        return count
    return long if long is not None else count * scale
