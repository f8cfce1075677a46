"""Every config value a doctor check decides on, fed a value of the wrong type or out of range:
the check that reads it answers ``unreadable`` (a real status, naming the key), never a pass and
never a traceback; and the run is incomplete (not a pass) unless --allow-missing.

A new typed read gets this test by one row in :data:`READS`.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest

from specdiag.core.doctor.context import DoctorInputs
from specdiag.core.doctor.model import Status
from specdiag.core.doctor.run import run_doctor
from tests.support.doctor import by_id, write_draft, write_target

# (role, key -- dotted for a nested object --, what it must be, the check that reads it)
READS: list[tuple[str, str, str, str]] = [
    ("draft", "hidden_size", "int", "draft-shapes"),
    ("draft", "draft_vocab_size", "int", "draft-shapes"),
    ("draft", "draft_vocab_size", "int", "d2t-t2d"),
    ("draft", "vocab_size", "int", "vocab-size"),
    ("target", "vocab_size", "int", "vocab-size"),
    ("target", "vocab_size", "int", "d2t-t2d"),
    ("target", "num_hidden_layers", "int", "aux-layer-ids"),
    ("target", "hidden_size", "int", "aux-layer-ids"),
    ("target", "hidden_size", "int", "norm-before-fc"),
    ("draft", "eagle_config", "object", "aux-layer-ids"),
    ("draft", "eagle_config.eagle_aux_hidden_state_layer_ids", "ids", "aux-layer-ids"),
    ("draft", "eagle_aux_hidden_state_layer_ids", "ids", "aux-layer-ids"),
    ("draft", "max_position_embeddings", "int", "rope-positions"),
    ("target", "max_position_embeddings", "int", "rope-positions"),
    ("draft", "rope_theta", "number", "rope-positions"),
    ("target", "rope_theta", "number", "rope-positions"),
    ("draft", "rope_scaling", "object", "rope-positions"),
    ("draft", "norm_before_fc", "bool", "norm-before-fc"),
    ("draft", "fc_norm", "bool", "norm-before-fc"),
    ("draft", "sliding_window", "int", "sliding-window-draft"),
    ("draft", "use_sliding_window", "bool", "sliding-window-draft"),
    ("draft", "layer_types", "strings", "sliding-window-draft"),
    ("target", "layer_types", "strings", "hybrid-collapse"),
    ("target", "num_nextn_predict_layers", "int", "mtp-weights"),
    ("target", "quantization_config", "object", "quantization"),
    ("target", "quantization_config", "object", "draft-quantization"),
    ("draft", "quantization_config", "object", "draft-quantization"),
    ("target", "quantization_config.quant_method", "string", "quantization"),
]

NAN = float("nan")
# the hostile values every read meets; a kind for which a value is valid does not get it
VALUES: dict[str, Any] = {
    "bool": True,  # a bool is an int in Python: never a size
    "string": "4096",
    "nan": NAN,
    "huge-float": 1e308,
    "float": 4096.5,
    "huge-int": 10**30,
    "negative": -7,
}
VALID_FOR = {
    "bool": {"bool"},
    "string": {"string"},
    "float": {"number"},
    "negative": set(),
    "huge-int": set(),
}


def _cases() -> list[Any]:
    out = []
    for role, key, kind, check in READS:
        for name, value in VALUES.items():
            if kind in VALID_FOR.get(name, set()):
                continue
            out.append(pytest.param(role, key, check, value, id=f"{check}:{role}.{key}={name}"))
    return out


def _set(cfg: dict[str, Any], key: str, value: Any) -> None:
    *outer, last = key.split(".")
    for part in outer:
        cfg = cfg.setdefault(part, {})
    cfg[last] = value


@pytest.fixture(scope="module")
def dirs(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    root = tmp_path_factory.mktemp("typed")
    return write_draft(root / "draft"), write_target(root / "target")


def _with(dirs: tuple[Path, Path], tmp: Path, role: str, key: str, value: Any) -> tuple[str, str]:
    import shutil

    draft, target = (Path(shutil.copytree(p, tmp / p.name)) for p in dirs)
    model = draft if role == "draft" else target
    cfg = json.loads((model / "config.json").read_text())
    if key == "quantization_config.quant_method":
        cfg["quantization_config"] = {}
    if key == "sliding_window" or key == "use_sliding_window":
        cfg.setdefault("layer_types", ["sliding_attention"])
        cfg.setdefault("sliding_window", 1024)
    _set(cfg, key, value)
    (model / "config.json").write_text(json.dumps(cfg))  # NaN as Python's JSON writes it
    return str(draft), str(target)


@pytest.mark.parametrize(("role", "key", "check", "value"), _cases())
def test_every_typed_read_meets_every_hostile_value(
    dirs: tuple[Path, Path], tmp_path: Path, role: str, key: str, check: str, value: Any
) -> None:
    draft, target = _with(dirs, tmp_path, role, key, value)
    rep = run_doctor(DoctorInputs(draft=draft, target=target, engine="sglang"))
    c = by_id(rep)[check]
    assert c.status is Status.UNREADABLE, (c.status, c.message)
    assert key.split(".")[-1] in c.message and "unreadable" in c.message, c.message
    assert rep.incomplete and rep.counts["unreadable"] >= 1
    assert any(f.check == check and f.status is Status.UNREADABLE for f in rep.findings)
    assert "No check found a fault" not in rep.summary


@pytest.mark.parametrize(
    "ids", [[-5, 2, 30], [True, 2, 30], [2.0, 30, 58], list(range(100)), [], [2, 10**30]]
)
def test_aux_ids_out_of_range_are_unreadable(
    dirs: tuple[Path, Path], tmp_path: Path, ids: list[Any]
) -> None:
    draft, target = _with(
        dirs, tmp_path, "draft", "eagle_config.eagle_aux_hidden_state_layer_ids", ids
    )
    c = by_id(run_doctor(DoctorInputs(draft=draft, target=target, engine="sglang")))[
        "aux-layer-ids"
    ]
    assert c.status is Status.UNREADABLE, c.message


def test_the_untouched_pair_reads_cleanly(dirs: tuple[Path, Path]) -> None:
    rep = run_doctor(DoctorInputs(draft=str(dirs[0]), target=str(dirs[1]), engine="sglang"))
    assert rep.counts["unreadable"] == 0, [
        c.message for c in rep.checks if c.status.value == "unreadable"
    ]
    assert not rep.incomplete
    assert all(not isinstance(v, float) or not math.isnan(v) for v in rep.counts.values())
