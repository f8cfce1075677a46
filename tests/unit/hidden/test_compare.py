"""The comparison core on captures of tiny real transformers (random weights, HF-convention stacks)."""

from __future__ import annotations

import math
from dataclasses import replace

import pytest
import torch
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.hidden.compare import compare
from specdiag.core.hidden.compare_results import CompareOptions
from specdiag.core.hidden.compare_tolerance import default_tolerances
from specdiag.core.hidden.compare_values import compare_values
from specdiag.core.hidden.conventions import CaptureEngine, parse_id_list
from specdiag.core.hidden.loading import Layout, dump_from_tensors
from specdiag.core.hidden.values import parse_values
from specdiag.errors import InputError, UsageError
from specdiag.workflows.synthetic import (
    SyntheticCase,
    capture,
    hidden_states,
    make_case,
    make_tiny_transformer,
    served_capture,
    specforge_record,
)
from tests.support.examples import examples

TRAIN_IDS = (1, 3, 5)  # SpecForge convention on an 8-layer model: HF indices 2, 4, 6


@pytest.fixture(scope="module")
def cases() -> dict[str, SyntheticCase]:
    return {s: make_case(s) for s in ("matching", "collapsed", "off-by-one", "permuted")}


def _opts(case: SyntheticCase, **kw: object) -> CompareOptions:
    base = CompareOptions(
        training_layers=case.training_layer_ids,
        served_layers=case.served_layer_ids,
        engine=case.engine,
    )
    return replace(base, **kw)  # type: ignore[arg-type]


def test_default_tolerances_follow_dtype() -> None:
    bf = default_tolerances("bfloat16", "float32")
    assert bf.dtype == "bfloat16"
    assert bf.rtol == pytest.approx(0.05)
    assert bf.min_cosine == pytest.approx(0.995)
    assert bf.atol_scale == pytest.approx(0.0625)
    fp = default_tolerances("float32", "float32")
    assert fp.rtol == pytest.approx(0.00625) and fp.rtol < bf.rtol
    assert default_tolerances("bfloat16", "bfloat16", rtol=0.1, atol=0.5).atol_for(100.0) == 0.5
    with pytest.raises(UsageError):
        default_tolerances("bfloat16", "bfloat16", rtol=-1.0)


def test_identical_capture_with_bf16_noise_matches(cases: dict[str, SyntheticCase]) -> None:
    case = cases["matching"]
    r = compare(case.served_dump(), case.training_dump(), _opts(case))
    assert r.match
    assert r.tokens_compared == 48
    assert r.alignment.status == "identical"
    assert [c.match for c in r.chunks] == [True, True, True]
    # the served side ran in bfloat16: there is noise, but within tolerance
    assert all(0 < (c.rel_l2 or 0) < 0.05 for c in r.chunks)
    assert [c.identified_layer for c in r.chunks] == list(TRAIN_IDS)
    assert r.findings == ()
    assert r.suggested_layer_ids == {"sglang": [1, 3, 5]}
    assert "the draft sees the hidden states it was trained on" in r.diagnosis[0]


def test_exact_copy_is_exact() -> None:
    x = torch.randn(16, 3 * 32)
    d = dump_from_tensors(x, input_ids=torch.arange(1, 17))
    r = compare(d, d)
    assert r.match
    assert all(c.max_abs_diff == 0 and c.rel_l2 == 0 for c in r.chunks)
    assert all(c.cosine_min == pytest.approx(1.0) for c in r.chunks)


def test_seed_case_collapsed(cases: dict[str, SyntheticCase]) -> None:
    case = cases["collapsed"]
    assert case.served_layer_ids == (-1, 1, 3)
    r = compare(case.served_dump(), case.training_dump(), _opts(case, engine=None))
    assert not r.match
    c0, c1, c2 = r.chunks
    assert c0.identified_hf_index == 0 and c0.identified_layer == -1
    assert c0.identified_by == "fingerprint" and c0.confidence == "high"
    assert (c1.best_train_chunk, c2.best_train_chunk) == (0, 1)
    assert c1.best_cosine is not None and c1.best_cosine > 0.999
    assert (c1.identified_layer, c2.identified_layer) == (1, 3)
    assert {"embedding-slot", "shifted", "missing-layer"} <= set(r.findings)
    text = " ".join(r.diagnosis)
    assert "served chunk 0 is the embedding output" in text
    assert "served chunks 1-2 equal training chunks 0-1" in text
    assert "shifted by one slot" in text
    # no engine named: the corrected ids in both conventions
    assert r.suggested_layer_ids == {"sglang": [1, 3, 5], "vllm": [2, 4, 6]}


@pytest.mark.parametrize(("engine", "expected"), [("sglang", [1, 3, 5]), ("vllm", [2, 4, 6])])
def test_seed_case_suggestion_per_engine(
    cases: dict[str, SyntheticCase], engine: str, expected: list[int]
) -> None:
    case = cases["collapsed"]
    # the same capture (HF 0, 2, 4) as each engine's config writes it
    served_ids = (-1, 1, 3) if engine == "sglang" else (0, 2, 4)
    opts = _opts(case, engine=CaptureEngine(engine), served_layers=served_ids)
    r = compare(case.served_dump(), case.training_dump(), opts)
    assert r.suggested_layer_ids == {engine: expected}
    assert any(f"{expected} for {engine}" in d for d in r.diagnosis)


def test_seed_case_with_reference(cases: dict[str, SyntheticCase]) -> None:
    case = cases["collapsed"]
    r = compare(
        case.served_dump(),
        case.training_dump(),
        CompareOptions(),  # no ids at all: the reference says everything
        reference=case.reference_dump(),
    )
    assert [c.identified_hf_index for c in r.chunks] == [0, 2, 4]
    assert all(c.identified_by == "reference" and c.confidence == "high" for c in r.chunks)
    assert [t.hf_index for t in r.training_chunks] == [2, 4, 6]
    assert r.reference_similarity is not None and len(r.reference_similarity[0]) == 9
    assert r.suggested_layer_ids == {"sglang": [1, 3, 5], "vllm": [2, 4, 6]}


def test_off_by_one_vllm_reads_specforge_ids(cases: dict[str, SyntheticCase]) -> None:
    case = cases["off-by-one"]
    r = compare(
        case.served_dump(), case.training_dump(), _opts(case), reference=case.reference_dump()
    )
    assert not r.match
    assert [c.identified_layer for c in r.chunks] == [0, 2, 4]  # one below 1, 3, 5
    assert "off-by-one" in r.findings
    assert any("one layer EARLIER" in d for d in r.diagnosis)
    assert r.diagnosis[0].startswith("every served chunk is one layer EARLIER")  # the headline
    assert r.suggested_layer_ids == {"vllm": [2, 4, 6]}


def test_off_by_one_without_reference_is_hinted(cases: dict[str, SyntheticCase]) -> None:
    case = cases["off-by-one"]
    r = compare(case.served_dump(), case.training_dump(), _opts(case))
    assert "off-by-one" in r.findings
    assert all(c.confidence == "low" for c in r.chunks)
    assert any("earlier layer" in c.description for c in r.chunks)


def test_off_by_one_other_way_sglang_reads_vllm_ids() -> None:
    base = make_case("matching")
    served_stack = hidden_states(base.model, base.input_ids, dtype=torch.bfloat16)
    vllm_style = (2, 4, 6)  # the same physical layers, written in the vLLM convention
    aux = served_capture(served_stack, vllm_style, CaptureEngine.SGLANG)  # SGLang adds +1
    served = dump_from_tensors(aux, input_ids=base.input_ids)
    r = compare(
        served,
        base.training_dump(),
        CompareOptions(
            training_layers=TRAIN_IDS, served_layers=vllm_style, engine=CaptureEngine.SGLANG
        ),
        reference=base.reference_dump(),
    )
    assert [c.identified_hf_index for c in r.chunks] == [3, 5, 7]
    assert any("one layer LATER" in d for d in r.diagnosis)
    assert r.suggested_layer_ids == {"sglang": [1, 3, 5]}


def test_permuted_chunks(cases: dict[str, SyntheticCase]) -> None:
    case = cases["permuted"]
    r = compare(case.served_dump(), case.training_dump(), _opts(case))
    assert not r.match
    assert [c.best_train_chunk for c in r.chunks] == [1, 2, 0]
    assert "permuted" in r.findings


def test_wrong_hidden_size_is_a_mismatch(cases: dict[str, SyntheticCase]) -> None:
    other = make_tiny_transformer(num_layers=4, hidden_size=32, seed=9)
    ids = cases["matching"].input_ids
    served = dump_from_tensors(
        served_capture(hidden_states(other, ids % other.vocab_size), [0, 1, 2]),
        input_ids=ids,
        last_hidden=hidden_states(other, ids % other.vocab_size)[-1],
    )
    r = compare(served, cases["matching"].training_dump())
    assert not r.match
    assert r.findings == ("wrong-hidden-size",)
    assert (r.hidden_size, r.served_hidden_size) == (48, 32)
    assert r.chunks == ()


def test_hidden_size_flag_must_divide(cases: dict[str, SyntheticCase]) -> None:
    case = cases["matching"]
    with pytest.raises(UsageError, match="does not divide"):
        compare(case.served_dump(), case.training_dump(), CompareOptions(hidden_size=50))
    with pytest.raises(UsageError, match="names 2 layers"):
        compare(case.served_dump(), case.training_dump(), CompareOptions(training_layers=(1, 2)))


def test_template_mismatch_reports_first_difference(cases: dict[str, SyntheticCase]) -> None:
    case = cases["matching"]
    ids = case.input_ids.clone()
    ids[20] = (int(ids[20]) % 90) + 2  # another token (never 0, never the same)
    assert int(ids[20]) != int(case.input_ids[20])
    aux = served_capture(hidden_states(case.model, ids, dtype=torch.bfloat16), TRAIN_IDS)
    r = compare(dump_from_tensors(aux, input_ids=ids), case.training_dump(), _opts(case))
    assert not r.match
    assert r.alignment.status == "differ"
    assert r.alignment.first_difference == 20
    assert r.tokens_compared == 20
    assert "template-mismatch" in r.findings
    # the tokens before the difference still match: the layers are right
    assert all(c.match for c in r.chunks)
    assert "chat template" in r.diagnosis[0]


def test_served_prefix_is_located(cases: dict[str, SyntheticCase]) -> None:
    case = cases["matching"]
    ids = case.input_ids[:30]
    aux = served_capture(hidden_states(case.model, ids, dtype=torch.bfloat16), TRAIN_IDS)
    r = compare(dump_from_tensors(aux, input_ids=ids), case.training_dump(), _opts(case))
    assert r.match
    assert (r.alignment.status, r.tokens_compared) == ("contained", 30)


def test_served_suffix_found_inside_training(cases: dict[str, SyntheticCase]) -> None:
    case = cases["matching"]
    # served rows for training positions 10..39, given with their ids: located at offset 10
    aux = case.served_aux[10:40]
    r = compare(
        dump_from_tensors(aux, input_ids=case.input_ids[10:40]), case.training_dump(), _opts(case)
    )
    assert r.match and r.alignment.training_start == 10


def test_offset_for_dumps_without_ids(cases: dict[str, SyntheticCase]) -> None:
    case = cases["matching"]
    served = dump_from_tensors(case.served_aux[10:40])
    r = compare(served, case.training_dump(), _opts(case, offset=10))
    assert r.match and r.tokens_compared == 30
    r0 = compare(served, case.training_dump(), _opts(case))
    assert not r0.match and r0.alignment.status == "unavailable"
    with pytest.raises(UsageError, match="--offset"):
        compare(served, case.training_dump(), _opts(case, offset=48))


def test_training_padding_is_excluded(cases: dict[str, SyntheticCase]) -> None:
    case = cases["matching"]
    rec = specforge_record(case.reference, TRAIN_IDS, case.input_ids, pad_to=64)
    training = dump_from_tensors(
        rec["aux_hidden_state"], input_ids=rec["input_ids"], loss_mask=rec["loss_mask"]
    )
    assert training.padding == 16
    r = compare(case.served_dump(), training, _opts(case))
    assert r.match and r.tokens_compared == 48
    assert r.alignment.status == "identical"


def test_nan_in_served_capture(cases: dict[str, SyntheticCase]) -> None:
    case = cases["matching"]
    aux = case.served_aux.clone()
    aux[5, 48:96] = float("nan")  # chunk 1 at token 5
    aux[9, 50] = float("inf")
    r = compare(dump_from_tensors(aux, input_ids=case.input_ids), case.training_dump(), _opts(case))
    assert not r.match
    assert "nonfinite" in r.findings
    assert r.chunks[1].nonfinite == 49 and r.chunks[0].nonfinite == 0
    assert not r.chunks[1].match and r.chunks[0].match
    # the other tokens still give finite statistics
    assert r.chunks[1].rel_l2 is not None and math.isfinite(r.chunks[1].rel_l2)
    assert r.chunks[1].rel_l2 < 0.05


def test_dropped_last_layer_chunk_count(cases: dict[str, SyntheticCase]) -> None:
    case = cases["matching"]
    served = dump_from_tensors(case.served_aux[:, : 2 * 48], input_ids=case.input_ids)
    r = compare(
        served, case.training_dump(), CompareOptions(training_layers=TRAIN_IDS, hidden_size=48)
    )
    assert not r.match
    assert "chunk-count" in r.findings and "missing-layer" in r.findings
    assert [c.match for c in r.chunks] == [True, True]


def test_training_layers_contradicted_by_reference(cases: dict[str, SyntheticCase]) -> None:
    case = cases["matching"]
    r = compare(
        case.served_dump(),
        case.training_dump(),
        CompareOptions(training_layers=(2, 4, 6)),
        reference=case.reference_dump(),
    )
    assert "training-layers-differ" in r.findings
    assert r.suggested_layer_ids["sglang"] == [1, 3, 5]


def test_reference_must_cover_tokens(cases: dict[str, SyntheticCase]) -> None:
    case = cases["matching"]
    short = dump_from_tensors(case.reference[:, :10], layout=Layout.LAYERS)
    with pytest.raises(InputError, match="fewer than"):
        compare(case.served_dump(), case.training_dump(), reference=short)


def test_cuda_device_refused_without_cuda(cases: dict[str, SyntheticCase]) -> None:
    if torch.cuda.is_available():
        pytest.skip("a CUDA device is present")
    case = cases["matching"]
    with pytest.raises(UsageError, match="CUDA"):
        compare(case.served_dump(), case.training_dump(), CompareOptions(device="cuda"))


@settings(deadline=None, max_examples=examples(15))
@given(block=st.integers(min_value=1, max_value=64))
def test_block_size_does_not_change_results(block: int) -> None:
    case = _CASE
    full = compare(case.served_dump(), case.training_dump(), CompareOptions(block_tokens=4096))
    part = compare(case.served_dump(), case.training_dump(), CompareOptions(block_tokens=block))
    for a, b in zip(full.chunks, part.chunks, strict=True):
        assert a.max_abs_diff == b.max_abs_diff
        assert a.rel_l2 == pytest.approx(b.rel_l2, rel=1e-6)
        assert a.cosine_min == pytest.approx(b.cosine_min, abs=1e-6)
        assert a.worst_token == b.worst_token
    for ra, rb in zip(full.similarity, part.similarity, strict=True):
        assert ra == pytest.approx(rb, abs=1e-6)


_CASE = make_case(
    "collapsed", num_layers=4, hidden_size=32, num_tokens=40, training_layer_ids=(0, 1, 2)
)


@settings(deadline=None, max_examples=examples(25))
@given(
    t=st.integers(min_value=2, max_value=24),
    h=st.integers(min_value=2, max_value=16),
    scale=st.floats(min_value=1e-3, max_value=1e3),
    seed=st.integers(min_value=0, max_value=2**16),
)
def test_any_tensor_matches_itself_and_not_its_negation(
    t: int, h: int, scale: float, seed: int
) -> None:
    g = torch.Generator().manual_seed(seed)
    x = torch.randn(t, 3 * h, generator=g) * scale
    a = dump_from_tensors(x, pad_id=None)
    assert compare(a, a, CompareOptions(hidden_size=h)).match
    r = compare(dump_from_tensors(-x, pad_id=None), a, CompareOptions(hidden_size=h))
    assert not r.match
    assert all(c.cosine_mean == pytest.approx(-1.0, abs=1e-5) for c in r.chunks)


# ------------------------------------------------------------------------------------------
# --values


def _fmt(values: torch.Tensor) -> str:
    return ", ".join(f"{v:.4f}" for v in values.tolist())


def test_values_snippet_found_in_training_chunk(cases: dict[str, SyntheticCase]) -> None:
    case = cases["matching"]
    row = case.served_aux[7].float().view(3, 48)
    snippets = parse_values(f"step=7 hs_first5=[{_fmt(row[1, :5])}]")
    r = compare_values(snippets, case.training_dump(), CompareOptions(training_layers=TRAIN_IDS))
    assert r.match and r.mode == "values"
    (c,) = r.chunks
    assert c.best_train_chunk == 1 and c.token == 7
    assert c.identified_layer == 3
    r2 = compare_values(snippets, case.training_dump(), CompareOptions(offset=7))
    assert r2.match and r2.tokens_compared == 1


def test_values_from_embedding_do_not_match_and_reference_names_them(
    cases: dict[str, SyntheticCase],
) -> None:
    case = cases["collapsed"]
    row = case.served_aux[11].float().view(3, 48)  # chunk 0 is the embedding output
    snippets = parse_values(f"aux0=[{_fmt(row[0, :6])}] aux2=[{_fmt(row[2, :6])}]")
    r = compare_values(snippets, case.training_dump(), reference=case.reference_dump())
    assert not r.match
    assert [c.match for c in r.chunks] == [False, True]
    assert r.chunks[0].identified_hf_index == 0
    assert r.chunks[1].best_train_chunk == 1
    assert "values-mismatch" in r.findings


def test_values_at_wrong_offset_do_not_match(cases: dict[str, SyntheticCase]) -> None:
    case = cases["matching"]
    row = case.served_aux[7].float().view(3, 48)
    snippets = parse_values(_fmt(row[1, :5]))
    r = compare_values(snippets, case.training_dump(), CompareOptions(offset=8))
    assert not r.match


def test_parse_id_list() -> None:
    assert parse_id_list("[-1, 2, 30]", "--layers") == (-1, 2, 30)
    assert parse_id_list("2,30,58", "--layers") == (2, 30, 58)
    with pytest.raises(UsageError):
        parse_id_list("a,b", "--layers")
    with pytest.raises(UsageError):
        parse_id_list("-3", "--layers")


def test_capture_helper_concatenates_in_given_order() -> None:
    stack = torch.arange(5 * 2 * 3, dtype=torch.float32).view(5, 2, 3)
    assert torch.equal(capture(stack, [3, 1]), torch.cat([stack[3], stack[1]], -1))
    with pytest.raises(ValueError):
        capture(stack, [5])


def test_final_state_compared_when_both_have_it(cases: dict[str, SyntheticCase]) -> None:
    case = cases["matching"]
    served_stack = hidden_states(case.model, case.input_ids, dtype=torch.bfloat16)
    post = dump_from_tensors(
        case.served_aux, input_ids=case.input_ids, last_hidden=served_stack[-1]
    )
    r = compare(post, case.training_dump(), _opts(case))
    assert r.final_state is not None and r.final_state.match and r.match
    # a capture before the final norm (vLLM's last-layer convention): flagged, with the reason
    pre = hidden_states(case.model, case.input_ids)  # float32, HF index L is normed...
    x = pre[-2] + torch.randn_like(pre[-2]) * 3  # ...so fake an un-normed residual stream
    bad = dump_from_tensors(case.served_aux, input_ids=case.input_ids, last_hidden=x)
    r2 = compare(bad, case.training_dump(), _opts(case))
    assert r2.final_state is not None and not r2.final_state.match
    assert "final-state-differs" in r2.findings
    assert any("final norm" in d for d in r2.diagnosis)


def test_random_values_match_nothing(cases: dict[str, SyntheticCase]) -> None:
    case = cases["collapsed"]
    g = torch.Generator().manual_seed(5)
    for scale in (0.05, 1.0):
        vals = torch.randn(5, generator=g) * scale
        r = compare_values(
            parse_values(_fmt(vals)), case.training_dump(), reference=case.reference_dump()
        )
        assert not r.match
        assert r.chunks[0].identified_hf_index is None
        assert "no layer of the reference" in r.chunks[0].description


def test_served_config_notes(cases: dict[str, SyntheticCase]) -> None:
    case = cases["collapsed"]
    r = compare(
        case.served_dump(),
        case.training_dump(),
        CompareOptions(training_layers=TRAIN_IDS, served_layers=(3, -1, 1)),
        reference=case.reference_dump(),
    )
    text = " ".join(r.notes)
    assert "captures id -1 as the embedding output" in text  # SGLang 0.5.23, measured
    assert "not ascending" in text


def test_reads_are_bounded_by_the_block_size(
    cases: dict[str, SyntheticCase], monkeypatch: pytest.MonkeyPatch
) -> None:
    from specdiag.core.hidden.loading import Dump

    sizes: list[int] = []
    original = Dump.block

    def spy(self: Dump, start: int, stop: int, device: str = "cpu") -> torch.Tensor:
        sizes.append(stop - start)
        return original(self, start, stop, device)

    monkeypatch.setattr(Dump, "block", spy)
    case = cases["collapsed"]
    r = compare(
        case.served_dump(),
        case.training_dump(),
        CompareOptions(block_tokens=5),
        reference=case.reference_dump(),
    )
    assert r.tokens_compared == 48
    assert sizes and max(sizes) <= 5  # never the whole dump at once


def test_overall_statistics_over_the_whole_row(cases: dict[str, SyntheticCase]) -> None:
    case = cases["matching"]
    r = compare(case.served_dump(), case.training_dump(), _opts(case))
    assert r.overall is not None
    s = case.served_aux.float()
    t = case.training_record["aux_hidden_state"][0].float()
    d = s - t
    assert r.overall.max_abs_diff == pytest.approx(float(d.abs().max()))
    assert r.overall.mean_abs_diff == pytest.approx(float(d.abs().mean()), rel=1e-5)
    assert r.overall.rel_l2 == pytest.approx(float(d.norm() / t.norm()), rel=1e-5)
    cos = torch.nn.functional.cosine_similarity(s, t, dim=-1)
    assert r.overall.cosine_mean == pytest.approx(float(cos.mean()), abs=1e-6)
    assert r.overall.cosine_min == pytest.approx(float(cos.min()), abs=1e-6)


# --- acceptance audit -------------------------------------------------------------------


def test_huge_finite_values_are_named_as_such(cases: dict[str, SyntheticCase]) -> None:
    """Values past OVERFLOW are left out like NaN/Inf: the diagnosis says so, not just NaN."""
    case = cases["matching"]
    aux = case.served_aux.clone()
    aux[7, 50] = 3e38  # finite in float32, its square is not
    r = compare(dump_from_tensors(aux, input_ids=case.input_ids), case.training_dump(), _opts(case))
    assert "nonfinite" in r.findings
    assert any("|value| > 1e+15" in line for line in r.diagnosis), r.diagnosis


def test_nan_tokens_do_not_hide_the_layer(cases: dict[str, SyntheticCase]) -> None:
    """A few NaN/Inf tokens fail the match but the chunk is still the training layer."""
    case = cases["matching"]
    aux = case.served_aux.clone()
    aux[7, 50] = float("nan")  # chunk 1
    aux[9, 3] = float("inf")  # chunk 0
    r = compare(dump_from_tensors(aux, input_ids=case.input_ids), case.training_dump(), _opts(case))
    assert not r.match and "nonfinite" in r.findings
    assert [c.identified_layer for c in r.chunks] == [1, 3, 5]
    assert [c.best_train_chunk for c in r.chunks] == [0, 1, 2]
    text = " ".join(r.diagnosis)
    assert "not served" not in text and "neighbouring" not in text
    assert "missing-layer" not in r.findings
    # the layers are right: no advice to change the ids
    assert not any("set eagle_aux_hidden_state_layer_ids" in d for d in r.diagnosis)


def test_template_mismatch_does_not_claim_the_draft_is_fine(
    cases: dict[str, SyntheticCase],
) -> None:
    case = cases["matching"]
    ids = case.input_ids.clone()
    ids[20] = (int(ids[20]) % 90) + 2
    aux = served_capture(hidden_states(case.model, ids, dtype=torch.bfloat16), TRAIN_IDS)
    r = compare(dump_from_tensors(aux, input_ids=ids), case.training_dump(), _opts(case))
    text = " ".join(r.diagnosis)
    assert "the draft sees the hidden states it was trained on" not in text
    assert "layers are right" in text
    assert not any("set eagle_aux_hidden_state_layer_ids" in d for d in r.diagnosis)


def test_bf16_numbers_stored_as_float32_get_bf16_tolerances(
    cases: dict[str, SyntheticCase],
) -> None:
    """A bf16 engine's capture saved with .float() (or to .npy) is still bf16 precision."""
    case = cases["matching"]
    served = dump_from_tensors(case.served_aux.float(), input_ids=case.input_ids)
    rec = specforge_record(case.reference, TRAIN_IDS, case.input_ids, dtype=torch.float32)
    training = dump_from_tensors(rec["aux_hidden_state"], input_ids=rec["input_ids"])
    r = compare(served, training, CompareOptions(training_layers=TRAIN_IDS))
    assert r.match, r.diagnosis
    assert r.tolerances.dtype == "bfloat16"
    assert any("bfloat16" in n and "float32" in n for n in r.notes)
    # a true float32 capture on both sides keeps the float32 tolerances
    r2 = compare(training, training, CompareOptions(training_layers=TRAIN_IDS))
    assert r2.match and r2.tolerances.dtype == "float32"


def test_near_match_outside_tolerance_is_not_called_another_layer(
    cases: dict[str, SyntheticCase],
) -> None:
    case = cases["matching"]
    r = compare(
        case.served_dump(),
        case.training_dump(),
        CompareOptions(training_layers=TRAIN_IDS, rtol=0.005, min_cosine=0.99999),
    )
    assert not r.match
    text = " ".join(r.diagnosis)
    assert "neighbouring" not in text
    assert "same layer" in text


def test_served_layer_count_decides_a_different_hidden_size(
    cases: dict[str, SyntheticCase],
) -> None:
    """96 served features with 3 served ids are 3 x 32, not 2 x 48: another target model."""
    case = cases["matching"]
    served = dump_from_tensors(torch.randn(48, 96), input_ids=case.input_ids)
    r = compare(
        served,
        case.training_dump(),
        CompareOptions(training_layers=TRAIN_IDS, served_layers=(1, 3, 5)),
    )
    assert not r.match and "wrong-hidden-size" in r.findings
    assert r.served_hidden_size == 32
    # without --served-layers the width is ambiguous: say both readings
    r2 = compare(served, case.training_dump(), CompareOptions(training_layers=TRAIN_IDS))
    assert not r2.match
    assert any("3 chunks of 32" in d for d in r2.diagnosis)


def test_unaligned_dump_without_ids_suggests_offset(cases: dict[str, SyntheticCase]) -> None:
    case = cases["matching"]
    served = dump_from_tensors(case.served_aux[10:30].clone())
    r = compare(served, case.training_dump(), CompareOptions(training_layers=TRAIN_IDS))
    assert not r.match
    assert any("--offset" in n for n in (*r.diagnosis, *r.notes))


def test_cosines_are_clamped_to_one(cases: dict[str, SyntheticCase]) -> None:
    case = cases["matching"]
    r = compare(case.training_dump(), case.training_dump(), _opts(case))
    assert all(c.cosine_mean is not None and c.cosine_mean <= 1.0 for c in r.chunks)
    assert all(v <= 1.0 for row in r.similarity for v in row)
    snippets = parse_values("-0.8906, -3.2344, 2.4375, -0.3398, -0.6836")
    rv = compare_values(snippets, case.training_dump(), CompareOptions())
    assert all(c.cosine_mean is None or c.cosine_mean <= 1.0 for c in rv.chunks)


def test_served_ids_the_engine_could_not_all_capture(cases: dict[str, SyntheticCase]) -> None:
    """Three configured ids, two captured chunks (SGLang never reaches id N-1): a finding, not
    a usage error."""
    case = cases["matching"]
    served = dump_from_tensors(case.served_aux[:, : 2 * 48], input_ids=case.input_ids)
    r = compare(
        served,
        case.training_dump(),
        CompareOptions(training_layers=TRAIN_IDS, served_layers=(1, 3, 7), hidden_size=48),
    )
    assert not r.match
    assert "chunk-count" in r.findings and "missing-layer" in r.findings
    assert [c.match for c in r.chunks] == [True, True]
    assert "did not capture every configured layer" in r.diagnosis[0]
    assert r.served_layers == (1, 3, 7)


def test_off_by_one_from_training_ids_alone_is_summarised(cases: dict[str, SyntheticCase]) -> None:
    """Only --layers: every chunk sits just before its training chunk by norm: say it once."""
    case = cases["off-by-one"]
    r = compare(case.served_dump(), case.training_dump(), CompareOptions(training_layers=TRAIN_IDS))
    assert not r.match
    line = next(d for d in r.diagnosis if d.startswith("every served chunk"))
    assert "EARLIER" in line and "low confidence" in line
    assert r.suggested_layer_ids == {"sglang": [1, 3, 5], "vllm": [2, 4, 6]}


def test_sglang_per_model_exception_names_the_ids_to_write() -> None:
    """SGLang's DeepSeek/GLM-lite files add +1 only when the first id is 1 (PR #25454)."""
    case = make_case("collapsed", training_layer_ids=(2, 4, 6))
    r = compare(
        case.served_dump(),
        case.training_dump(),
        CompareOptions(training_layers=(2, 4, 6), engine=CaptureEngine.SGLANG),
    )
    assert r.suggested_layer_ids == {"sglang": [2, 4, 6]}
    note = next(n for n in r.notes if "25454" in n)
    assert "[3, 5, 7]" in note


def test_negative_served_id_is_refused_for_vllm(cases: dict[str, SyntheticCase]) -> None:
    """vLLM names the embedding 0; -1 means nothing there (no HF index -1)."""
    case = cases["collapsed"]
    with pytest.raises(UsageError, match="vLLM"):
        compare(
            case.served_dump(),
            case.training_dump(),
            CompareOptions(
                training_layers=TRAIN_IDS, served_layers=(-1, 1, 3), engine=CaptureEngine.VLLM
            ),
        )


def test_right_layers_outside_a_tight_atol_say_which_bound(cases: dict[str, SyntheticCase]) -> None:
    case = cases["matching"]
    r = compare(case.served_dump(), case.training_dump(), _opts(case, atol=1e-4))
    assert not r.match
    assert "out-of-tolerance" in r.findings
    first = r.diagnosis[0]
    assert first.startswith("the served layers are the training layers")
    assert "max |diff|" in first and "> 0.0001" in first
    assert not any("set eagle_aux_hidden_state_layer_ids" in d for d in r.diagnosis)


def test_permuted_blames_the_side_that_is_out_of_order(cases: dict[str, SyntheticCase]) -> None:
    # training ascending (--layers 1,3,5), served out of order: engines cannot do that
    case = cases["permuted"]
    r = compare(case.served_dump(), case.training_dump(), _opts(case))
    line = next(d for d in r.diagnosis if "another order" in d)
    assert "served dump" in line and "training capture" not in line
    # training captured out of order (ModelOpt's set(), HF backend), served ascending by SGLang
    base = cases["matching"]
    rec = specforge_record(base.reference, (5, 1, 3), base.input_ids)
    training = dump_from_tensors(rec["aux_hidden_state"], input_ids=rec["input_ids"])
    r2 = compare(
        base.served_dump(),
        training,
        CompareOptions(training_layers=(5, 1, 3), served_layers=TRAIN_IDS),
    )
    assert "permuted" in r2.findings
    line2 = next(d for d in r2.diagnosis if "another order" in d)
    assert "training capture" in line2 and "[5, 1, 3]" in line2


def test_values_mode_suggests_the_training_ids(cases: dict[str, SyntheticCase]) -> None:
    """A log snippet of the embedding (seed case): the fix is the same as with a dump."""
    case = cases["collapsed"]
    row = case.served_aux[11].float().view(3, 48)
    snippets = parse_values(f"hs_first6=[{_fmt(row[0, :6])}]")
    r = compare_values(
        snippets,
        case.training_dump(),
        CompareOptions(training_layers=TRAIN_IDS, engine=CaptureEngine.SGLANG),
        reference=case.reference_dump(),
    )
    assert not r.match
    assert r.suggested_layer_ids == {"sglang": [1, 3, 5]}
    assert any("is the embedding output" in d for d in r.diagnosis)
    assert any("set eagle_aux_hidden_state_layer_ids" in d for d in r.diagnosis)
    # a matching snippet needs no change, but the ids are still reported
    ok = compare_values(
        parse_values(_fmt(row[1, :6])),
        case.training_dump(),
        CompareOptions(training_layers=TRAIN_IDS),
    )
    assert ok.match and ok.suggested_layer_ids == {"sglang": [1, 3, 5], "vllm": [2, 4, 6]}
    assert not any("set eagle_aux_hidden_state_layer_ids" in d for d in ok.diagnosis)


def test_served_answer_that_diverges_is_not_a_template_mismatch(
    cases: dict[str, SyntheticCase],
) -> None:
    """The served request generated another answer: ids differ where loss_mask is 1."""
    case = cases["matching"]
    mask = case.training_record["loss_mask"]
    assert int(mask[30]) == 1 and int(mask[10]) == 0 and int(mask[23]) == 0
    # 24 is the first answer token: a template that adds tokens there (Qwen3's empty think
    # block) is still a template finding
    for pos, diverged in ((30, True), (10, False), (24, False)):
        ids = case.input_ids.clone()
        ids[pos] = (int(ids[pos]) % 90) + 2
        aux = served_capture(hidden_states(case.model, ids, dtype=torch.bfloat16), TRAIN_IDS)
        r = compare(dump_from_tensors(aux, input_ids=ids), case.training_dump(), _opts(case))
        assert r.alignment.first_difference == pos and r.tokens_compared == pos
        if diverged:
            assert r.alignment.status == "diverged"
            assert r.match and "template-mismatch" not in r.findings
            assert "answer" in r.alignment.description
        else:
            assert r.alignment.status == "differ"
            assert not r.match and "template-mismatch" in r.findings


def test_default_training_layers_note_the_engine_defaults() -> None:
    """Training on SpecForge's default [1, N//2-1, N-4]: both engines' defaults serve it."""
    case = make_case("collapsed", training_layer_ids=(1, 3, 4))  # N = 8
    r = compare(
        case.served_dump(),
        case.training_dump(),
        CompareOptions(training_layers=(1, 3, 4)),
        reference=case.reference_dump(),
    )
    assert r.suggested_layer_ids == {"sglang": [1, 3, 4], "vllm": [2, 4, 5]}
    assert any("defaults" in n and "[2, 4, 5]" in n for n in r.notes)
    other = make_case("collapsed")  # (1, 3, 5) is not the default
    r2 = compare(
        other.served_dump(),
        other.training_dump(),
        CompareOptions(training_layers=(1, 3, 5)),
        reference=other.reference_dump(),
    )
    assert not any("defaults" in n for n in r2.notes)
