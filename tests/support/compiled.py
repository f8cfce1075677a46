"""The optional compiled parts (the logs scanner, inspect-dump's scan) in tests.

Where a part is not built its tests skip, unless ``SPECDIAG_REQUIRE_COMPILED=1`` (``make test``
sets it, so CI cannot pass with a part that failed to build): then they fail, naming the part.
"""

from __future__ import annotations

import os

import pytest

ENV = "SPECDIAG_REQUIRE_COMPILED"


def required() -> bool:
    return os.environ.get(ENV) == "1"


def need(built: bool, part: str) -> None:
    """Skip (or, when required, fail) the running test if the compiled ``part`` is not built."""
    if built:
        return
    why = (
        f"the compiled {part} is not built (pip install . or `python setup.py build_ext --inplace`)"
    )
    if required():
        pytest.fail(f"{why}; {ENV}=1 requires it")
    pytest.skip(why)
