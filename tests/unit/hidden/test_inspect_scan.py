"""inspect-dump's one-pass scan equals the straightforward float32 computation.

The scan reads each block once in its stored dtype and uses the row norms as the NaN/Inf test;
these tests put NaN/Inf/huge values anywhere (hypothesis) and check the counts and the
fingerprint against a naive reference, for every dtype and layout it handles, on both engines:
the compiled one-pass scan (csrc/fastscan.c) and the torch path it falls back to.
"""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
import torch
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from specdiag.core.hidden import inspect as I
from tests.support import compiled
from tests.support.examples import examples

DTYPES = [torch.bfloat16, torch.float16, torch.float32, torch.float64]
ENGINES = ["compiled", "torch"] if I._FAST_MODULE is not None else ["torch"]
needs_compiled = pytest.mark.usefixtures("compiled_scan")


@pytest.fixture
def compiled_scan() -> None:
    compiled.need(I._FAST_MODULE is not None, "scan of inspect-dump")


_COMPILED = I._FAST_MODULE


def _engine(monkeypatch: pytest.MonkeyPatch, engine: str) -> None:
    """Select the engine for one hypothesis example (each example sets it afresh)."""
    if engine == "compiled":
        compiled.need(_COMPILED is not None, "scan of inspect-dump")
    monkeypatch.setattr(I, "_fast", _COMPILED if engine == "compiled" else None)
    assert I.scan_engine() == engine


def _naive(aux: torch.Tensor, valid: int, c: int) -> tuple[int, list[float], list[float]]:
    x = aux.float()
    nf = int((~torch.isfinite(x)).sum())
    v = torch.nan_to_num(x[:valid], nan=0.0, posinf=0.0, neginf=0.0).view(valid, c, -1)
    rms = v.double().pow(2).mean(-1).sqrt()
    return nf, rms.mean(0).tolist(), v.abs().amax(dim=(0, 2)).double().tolist()


@settings(
    max_examples=examples(40),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
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
    engine=st.sampled_from(ENGINES),
)
def test_scan_matches_naive(
    tmp_path: Path, t: int, h: int, dtype: torch.dtype, bad: list[tuple[int, float]], pad: int,
    shift: int, engine: str, monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    _engine(monkeypatch, engine)
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
    p = tmp_path / f"d_{t}_{h}_{str(dtype)[6:]}_{len(bad)}_{pad}_{shift}_{engine}.pt"
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
            # the torch path's per-row norms of bfloat16 input come back rounded to bfloat16
            # (8 bits); the compiled path keeps them in float32 or wider
            tol = 1e-2 if engine == "torch" else 1e-5
            assert fp.rms_mean == pytest.approx(rms[i], rel=tol, abs=1e-6)


def _naive_view(x: torch.Tensor, valid: int) -> tuple[int, list[float], list[float], list[float]]:
    """[n, c, h] -> NaN/Inf count, per chunk sum of RMS, of RMS^2, max finite |x| (float64)."""
    d = x.double()
    nf = int((~torch.isfinite(d)).sum())
    v = torch.nan_to_num(d[:valid], nan=0.0, posinf=0.0, neginf=0.0)
    rms = v.pow(2).mean(-1).sqrt()  # [valid, c]
    amax = v.abs().amax(dim=(0, 2)) if valid else torch.zeros(x.shape[1], dtype=torch.float64)
    return nf, rms.sum(0).tolist(), rms.pow(2).sum(0).tolist(), amax.tolist()


@needs_compiled
@settings(max_examples=examples(60), deadline=None)
@given(
    n=st.integers(1, 12),
    c=st.integers(1, 4),
    h=st.integers(1, 70),
    dtype=st.sampled_from(DTYPES),
    order=st.sampled_from(["nch", "cnh", "nhc"]),
    bad=st.lists(
        st.tuples(
            st.integers(0, 10_000),
            st.sampled_from([float("nan"), float("inf"), -float("inf"), 3e38, -1e-40, 0.0]),
        ),
        max_size=5,
    ),
    valid=st.integers(0, 12),
)
def test_compiled_scan_any_strides(
    n: int, c: int, h: int, dtype: torch.dtype, order: str, bad: list[tuple[int, float]],
    valid: int,
) -> None:  # fmt: skip
    """Rows with any element strides (stored token-major, chunk-major or with h innermost not
    contiguous), every dtype, hostile values: the compiled scan equals the float64 reference."""
    g = torch.Generator().manual_seed(n * 10_000 + c * 100 + h)
    base = torch.randn(n, c, h, generator=g) * 3
    flat = base.view(-1)
    for pos, val in bad:
        flat[pos % flat.numel()] = val
    x = base.to(dtype)
    if order == "cnh":  # stored [c, n, h], seen as [n, c, h]
        x = x.transpose(0, 1).contiguous().transpose(0, 1)
    elif order == "nhc":  # h not the innermost axis: element stride c
        x = x.transpose(1, 2).contiguous().transpose(1, 2)
    valid = min(valid, n)
    res = I._fast_scan(x, valid, populate=False, release=False)
    assert res is not None
    nf, sums, sq, amax = _naive_view(x, valid)
    assert res.nonfinite == nf
    finite = [a < 1e30 for a in amax]
    for k in range(c):
        assert float(res.amax[k]) == pytest.approx(amax[k], rel=1e-12, abs=0.0)
        if finite[k]:
            assert float(res.sums[k]) == pytest.approx(sums[k], rel=1e-5, abs=1e-30)
            assert float(res.sq[k]) == pytest.approx(sq[k], rel=1e-5, abs=1e-30)


@needs_compiled
def test_compiled_and_torch_agree_on_a_dump(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A SpecForge-like dump, memory-mapped (populate + release on), both engines: same report
    but for the torch path's bfloat16-rounded norms."""
    from safetensors.torch import save_file

    g = torch.Generator().manual_seed(5)
    t, h = 300, 64
    scale = torch.cat([torch.full((h,), float(i + 1)) for i in range(3)])
    aux = (torch.randn(1, t, 3 * h, generator=g) * scale).to(torch.bfloat16)
    aux[0, 7, 5] = float("nan")
    last = torch.randn(1, t, h, generator=g).to(torch.bfloat16)
    last[0, 299, 1] = float("inf")
    ids = torch.randint(1, 500, (t,), generator=g)
    ids[-20:] = 0
    p = tmp_path / "d.safetensors"
    save_file({"input_ids": ids, "aux_hidden_state": aux, "hidden_state": last}, str(p))
    monkeypatch.setattr(I, "BLOCK_SHIFT", 12)
    fast = I.inspect_file(str(p))
    monkeypatch.setattr(I, "_fast", None)
    slow = I.inspect_file(str(p))
    assert fast.nonfinite == slow.nonfinite == {"aux_hidden_state": 1, "hidden_state": 1}
    assert fast.problems == slow.problems and fast.warnings == slow.warnings
    assert fast.ascending is slow.ascending is True
    for a, b in zip(fast.fingerprint, slow.fingerprint, strict=True):
        assert a.abs_max == b.abs_max
        assert a.rms_mean == pytest.approx(b.rms_mean, rel=1e-2)
        assert a.rms_std == pytest.approx(b.rms_std, rel=5e-2, abs=1e-3)


def _tiny_dumps(d: Path, n: int) -> Path:
    g = torch.Generator().manual_seed(11)
    for i in range(n):
        aux = torch.randn(1, 40, 3 * 16, generator=g).to(torch.bfloat16)
        ids = torch.randint(1, 100, (40,), generator=g)
        torch.save({"input_ids": ids, "aux_hidden_state": aux}, d / f"data_{i}.ckpt")
    return d


def test_threads_report_what_the_serial_scan_reports(tmp_path: Path) -> None:
    """Files scanned in threads: the same report as one after another, in scan order, with a
    damaged file reported in place and more threads than files as good as enough."""
    d = _tiny_dumps(tmp_path, 7)
    (d / "data_7.ckpt").write_bytes(b"not a checkpoint")
    serial = I.inspect_paths([d], I.InspectOptions(workers=1))
    assert [f.ok for f in serial.files].count(False) == 1 and len(serial.files) == 8
    assert I.inspect_paths([d], I.InspectOptions(workers=3)) == serial
    assert I.inspect_paths([d], I.InspectOptions(workers=32)) == serial


def test_an_interrupt_stops_the_scan_and_its_threads(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C during a threaded scan (here: raised by the progress callback after the first
    file) reaches the caller, no file is started after it, and no scan thread outlives it."""
    import threading

    d = _tiny_dumps(tmp_path, 40)
    started: list[str] = []
    real = I.inspect_file

    def counted(path: str, *args: Any) -> Any:
        started.append(path)
        return real(path, *args)

    def stop(done: int, total: int, path: str) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(I, "inspect_file", counted)
    with pytest.raises(KeyboardInterrupt):
        I.inspect_paths([d], I.InspectOptions(workers=4), stop)
    assert 1 <= len(started) < 40
    assert not [t for t in threading.enumerate() if t.name.startswith("specdiag-inspect")]


@settings(
    max_examples=examples(80),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    ids=st.lists(
        st.one_of(st.integers(0, 12), st.sampled_from([-1, -(2**31), 2**31 - 1])), max_size=60
    ),
    limit=st.integers(0, 40),
    dtype=st.sampled_from([torch.int64, torch.int32]),
    strided=st.booleans(),
    engine=st.sampled_from(ENGINES),
)
def test_repeat_pairs_equal_the_walk(
    monkeypatch: pytest.MonkeyPatch,
    ids: list[int],
    limit: int,
    dtype: torch.dtype,
    strided: bool,
    engine: str,
) -> None:
    """The embedding check's pairs of repeated ids (the compiled walk, or tensor ops) are the
    pairs a walk over the ids gives (first position, later position), in order, at most
    ``limit``; for int64 and int32 ids, negative and extreme ones, and a strided view."""
    _engine(monkeypatch, engine)
    first: dict[int, int] = {}
    want: list[tuple[int, int]] = []
    for p, tok in enumerate(ids):
        if tok in first:
            if len(want) < limit:
                want.append((first[tok], p))
        else:
            first[tok] = p
    t = torch.tensor(ids, dtype=dtype)
    if strided:  # every other element of a tensor twice as long: the same ids, stride 2
        t = torch.stack([t, torch.full_like(t, 7)], dim=1).flatten()[::2]
    assert I._repeat_pairs(t, limit) == want


def _naive_min_cosines(x: torch.Tensor, pairs: list[tuple[int, int]]) -> list[float]:
    """Per chunk of ``x [T, C, H]``, the lowest float64 cosine over the pairs' rows; a pair
    with a zero, NaN or Inf row counts as -1."""
    d = x.double()
    low = []
    for k in range(int(x.shape[1])):
        vals = []
        for p, q in pairs:
            a, b = d[p, k], d[q, k]
            cos = float((a * b).sum() / (a.norm() * b.norm()))
            vals.append(-1.0 if cos != cos else cos)
        low.append(min(vals))
    return low


@settings(
    max_examples=examples(150),
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture],
)
@given(
    t=st.integers(4, 24),
    c=st.integers(1, 4),
    h=st.integers(1, 40),
    dtype=st.sampled_from(DTYPES),
    copies=st.lists(st.tuples(st.integers(0, 100), st.integers(0, 100)), min_size=1, max_size=5),
    bad=st.lists(
        st.tuples(
            st.integers(0, 10_000),
            st.sampled_from([float("nan"), float("inf"), 0.0, 3e38, 1e-40, 1e-25, 1e20]),
        ),
        max_size=4,
    ),
    tiny=st.booleans(),
    layers=st.booleans(),
    seed=st.integers(0, 2**16),
)
@example(  # rows whose float32 squares underflow: read again in float64
    t=4, c=1, h=32, dtype=torch.bfloat16, copies=[(0, 1)], bad=[], layers=False, tiny=True, seed=0
)
@example(  # a huge value: its square overflows float32
    t=4,
    c=1,
    h=32,
    dtype=torch.float32,
    copies=[(0, 1)],
    bad=[(3, 3e38)],
    layers=False,
    tiny=False,
    seed=0,
)
def test_min_cosines_equal_float64(
    t: int,
    c: int,
    h: int,
    dtype: torch.dtype,
    copies: list[tuple[int, int]],
    bad: list[tuple[int, float]],
    layers: bool,
    tiny: bool,
    seed: int,
) -> None:
    """The compiled embedding check (the lowest cosine per chunk over pairs of rows, read in
    place) equals a float64 computation, and the torch fallback agrees with it to float32
    precision: copied rows (cosine 1), zero, NaN, Inf, huge, tiny and subnormal values, every
    dtype, the SpecForge layout [T, C*H] and the stacked one [C, T, H]."""
    compiled.need(_COMPILED is not None, "scan of inspect-dump")
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(t, c, h, generator=g, dtype=torch.float64)
    if tiny:  # rows whose squares underflow float32
        x = x * 1e-30
    pairs = []
    for a, b in copies:
        p, q = sorted((a % t, b % t))
        if p == q:
            q = (p + 1) % t
            p, q = sorted((p, q))
        x[q] = x[p]  # an embedding-like pair: identical rows
        pairs.append((p, q))
    flat = x.view(-1)
    for i, v in bad:
        flat[i % flat.numel()] = v
    x = x.to(dtype)
    if layers:
        feats = x.transpose(0, 1).contiguous()  # [C, T, H]
        dump = SimpleNamespace(features=feats, num_tokens=t, layout="layers")
    else:
        feats = x.reshape(t, c * h).contiguous()
        dump = SimpleNamespace(features=feats, num_tokens=t, layout="rows")
    want = _naive_min_cosines(x, pairs)
    got = I._fast_min_cosines(dump, h, c, pairs)  # type: ignore[arg-type]
    assert got is not None
    for g_, w_ in zip(got, want, strict=True):
        assert g_ == pytest.approx(w_, abs=1e-6)
    # the fallback computes in float32, where the squares of huge values overflow and those of
    # tiny ones underflow: compared only on values whose squares fit
    mags = x.double().abs()
    mags = mags[torch.isfinite(mags) & (mags > 0)]
    if mags.numel() == 0 or (float(mags.max()) < 1e18 and float(mags.min()) > 1e-18):
        fallback = I._torch_min_cosines(dump, h, c, pairs)  # type: ignore[arg-type]
        for f_, w_ in zip(fallback, want, strict=True):
            assert f_ == pytest.approx(w_, abs=1e-3)


def test_a_file_reached_twice_is_scanned_once(tmp_path: Path) -> None:
    """A directory and a file in it, or one path given twice: each file once in the report."""
    d = _tiny_dumps(tmp_path, 3)
    one = sorted(d.glob("*.ckpt"))[0]
    rep = I.inspect_paths([d, one, d])
    assert sorted(f.path for f in rep.files) == sorted(str(p) for p in d.glob("*.ckpt"))
