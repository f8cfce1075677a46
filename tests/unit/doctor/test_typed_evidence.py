"""A config value of the wrong type or out of range is evidence that cannot be read: the check
says so (a finding), never a pass built on it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from specdiag.core.doctor.context import DoctorInputs
from specdiag.core.doctor.run import run_doctor
from tests.support.doctor import by_id, write_draft

NAN = float("nan")


@pytest.mark.parametrize("bad", ["4096", NAN, 1e308, 4096.0, True, -4096, [4096], 10**40])
def test_a_hidden_size_that_is_not_a_size_is_never_a_pass(tmp_path: Path, bad: Any) -> None:
    d = write_draft(tmp_path / "draft")
    cfg_path = d / "config.json"
    cfg = json.loads(cfg_path.read_text())
    cfg["hidden_size"] = bad
    cfg_path.write_text(json.dumps(cfg))  # (NaN is written as Python's JSON writes it)
    checks = by_id(run_doctor(DoctorInputs(draft=str(d), engine="sglang")))
    c = checks["draft-shapes"]
    assert c.status.value != "pass", c.message
    assert "unreadable" in c.message and "hidden_size" in c.message


def test_a_good_config_still_passes(tmp_path: Path) -> None:
    d = write_draft(tmp_path / "draft")
    checks = by_id(run_doctor(DoctorInputs(draft=str(d), engine="sglang")))
    assert checks["draft-shapes"].status.value == "pass"


def test_a_pickle_only_checkpoint_is_refused_without_torch_advice(tmp_path: Path) -> None:
    torch = pytest.importorskip("torch")
    from specdiag.core.doctor.checkpoint import _refusal

    class Evil:
        def __reduce__(self) -> Any:
            return (print, ("ran",))

    p = tmp_path / "pytorch_model.bin"
    torch.save({"w": Evil()}, p)
    with pytest.raises(Exception) as err:  # noqa: PT011 - torch raises its own UnpicklingError
        torch.load(str(p), weights_only=True)
    text = _refusal(err.value)
    assert "weights_only=False" not in text and "add_safe_globals" not in text
    assert "never loaded" in text
