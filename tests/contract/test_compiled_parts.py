"""The optional compiled parts are built and in use, or (locally) the reason they are not.

``SPECDIAG_REQUIRE_COMPILED=1`` (``make test`` sets it) makes a missing part fail here and in
every test of that part, instead of a skip that CI would not notice.
"""

from __future__ import annotations

import os

import pytest

from specdiag.core.hidden import inspect as inspect_dump
from specdiag.core.logs import fast
from tests.support import compiled


def test_the_compiled_logs_path_runs() -> None:
    compiled.need(fast._native is not None, "logs path")
    assert fast.status() in (None, "")


def test_the_compiled_scan_of_inspect_dump_runs() -> None:
    compiled.need(inspect_dump._FAST_MODULE is not None, "scan of inspect-dump")
    forced = os.environ.get(inspect_dump.ENV_FORCE_TORCH, "").strip() not in ("", "0")
    assert inspect_dump.scan_engine() == ("torch" if forced else "compiled")


def test_a_missing_part_skips_locally_and_fails_when_required(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(compiled.ENV, raising=False)
    with pytest.raises(pytest.skip.Exception, match="not built"):
        compiled.need(False, "scan of inspect-dump")
    monkeypatch.setenv(compiled.ENV, "1")
    with pytest.raises(pytest.fail.Exception, match="requires it"):
        compiled.need(False, "scan of inspect-dump")
    compiled.need(True, "scan of inspect-dump")  # a built part passes either way
