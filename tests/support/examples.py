"""How many examples a hypothesis property runs, scaled by the active profile.

``tests/conftest.py`` registers two profiles: ``ci`` (thorough; the default when ``CI`` is set)
and ``dev`` (a tenth of the examples, for a quick local run). ``HYPOTHESIS_PROFILE`` picks one
explicitly. A property written with ``@settings(max_examples=examples(200))`` runs 200 examples
under ``ci`` and 20 under ``dev``; a property without ``max_examples`` takes the profile's own.
"""

from __future__ import annotations

from hypothesis import settings

# the ci profile's max_examples: a property's own count is meant for that profile
CI_EXAMPLES = 100


def examples(n: int) -> int:
    """n under the ci profile, scaled down under a lighter one (at least 5)."""
    return max(5, round(n * settings.default.max_examples / CI_EXAMPLES))
