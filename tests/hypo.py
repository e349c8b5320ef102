"""How many examples a property test draws: its own number in the `ci` profile, scaled up
with the profile's max_examples (twenty times in `explore`)."""

from __future__ import annotations

from hypothesis import settings

_DEFAULT_MAX_EXAMPLES = 100


def examples(count: int) -> int:
    """`count` examples under `ci`, more in a profile that asks for more."""
    active = settings.default
    wanted = active.max_examples if active is not None else _DEFAULT_MAX_EXAMPLES
    return count * max(1, wanted // _DEFAULT_MAX_EXAMPLES)
