"""inspect-dump's one-pass scan equals the straightforward float32 computation.

The scan reads each block once in its stored dtype and uses the row norms as the NaN/Inf test;
these tests put NaN/Inf/huge values anywhere (hypothesis) and check the counts and the
fingerprint against a naive reference, for every dtype and layout it handles.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import torch
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from specdiag.core.hidden import inspect as I

DTYPES = [torch.bfloat16, torch.float16, torch.float32]


def _naive(aux: torch.Tensor, valid: int, c: int) -> tuple[int, list[float], list[float]]:
    x = aux.float()
    nf = int((~torch.isfinite(x)).sum())
    v = torch.nan_to_num(x[:valid], nan=0.0, posinf=0.0, neginf=0.0).view(valid, c, -1)
    rms = v.double().pow(2).mean(-1).sqrt()
    return nf, rms.mean(0).tolist(), v.abs().amax(dim=(0, 2)).double().tolist()


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    t=st.integers(2, 40),
    h=st.integers(1, 24),
    dtype=st.sampled_from(DTYPES),
    bad=st.lists(
        st.tuples(
            st.integers(0, 10_000),
            st.sampled_from([float("nan"), float("inf"), -float("inf"), 3e38]),
        ),
        max_size=6,
    ),
    pad=st.integers(0, 3),
    shift=st.integers(4, 12),
)
def test_scan_matches_naive(
    tmp_path: Path, t: int, h: int, dtype: torch.dtype, bad: list[tuple[int, float]], pad: int,
    shift: int, monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    monkeypatch.setattr(I, "BLOCK_SHIFT", shift)  # tiny blocks: many block boundaries
    c = 3
    g = torch.Generator().manual_seed(t * 1000 + h)
    aux = torch.randn(t, c * h, generator=g)
    flat = aux.view(-1)
    for pos, val in bad:
        flat[pos % flat.numel()] = val
    aux = aux.to(dtype)
    ids = torch.arange(1, t + 1)
    pad = min(pad, t - 1)
    if pad:
        ids[-pad:] = 0
    mask = (ids != 0).to(torch.int64)
    p = tmp_path / f"d_{t}_{h}_{str(dtype)[6:]}_{len(bad)}_{pad}_{shift}.pt"
    torch.save({"input_ids": ids, "loss_mask": mask, "aux_hidden_state": aux[None]}, p)
    rep = I.inspect_file(str(p), hidden_size=h)
    assert rep.error is None, rep.error
    valid = t - pad
    nf, rms, amax = _naive(aux, valid, c)
    assert rep.nonfinite["aux_hidden_state"] == nf
    assert rep.ok == (nf == 0)
    for i, fp in enumerate(rep.fingerprint):
        if abs(amax[i]) < 1e30:
            assert fp.abs_max == pytest.approx(amax[i], rel=1e-6)
            # per-row norms of bfloat16 input come back rounded to bfloat16 (8 bits)
            assert fp.rms_mean == pytest.approx(rms[i], rel=1e-2, abs=1e-6)
