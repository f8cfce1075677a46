"""compare-hidden's result types: enums that read as today's strings, one pass over the dumps,
and a --json document derived from the dataclasses."""

from __future__ import annotations

import json
from dataclasses import fields

import pytest

import specdiag.core.hidden.compare as compare_mod
from specdiag.cli._hidden_view import document
from specdiag.cli._output import to_jsonable
from specdiag.core.hidden import compare_stats
from specdiag.core.hidden.compare import compare
from specdiag.core.hidden.compare_results import (
    AlignmentStatus,
    ChunkResult,
    CompareMode,
    CompareOptions,
    CompareResult,
    Confidence,
    Finding,
    IdentifiedBy,
)
from specdiag.core.hidden.loading import dump_from_tensors
from specdiag.workflows.synthetic import make_case
from tests.support import paths

DOCS = paths.DOCS / "compare-hidden.md"


@pytest.mark.parametrize(
    "enum",
    [AlignmentStatus, CompareMode, Confidence, IdentifiedBy, Finding],
    ids=lambda e: e.__name__,
)
def test_enums_read_and_serialise_as_their_strings(enum: type) -> None:
    for member in enum:  # type: ignore[attr-defined]
        assert member == member.value
        assert str(member) == f"{member}" == member.value
        assert json.dumps(to_jsonable(member)) == json.dumps(member.value)


def test_every_documented_finding_is_an_enum_member() -> None:
    text = DOCS.read_text()
    listed = text.split("The findings codes are:", 1)[1].split("\n\n", 1)[0]
    for f in Finding:
        assert f"`{f.value}`" in listed, f.value


def test_more_served_ids_than_chunks_streams_the_dumps_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The case that used to call compare() again over the whole dumps."""
    case = make_case("matching")
    served = dump_from_tensors(case.served_aux[:, : 2 * 48], input_ids=case.input_ids)
    calls: list[int] = []
    real = compare_stats.stream

    def counting(inputs: compare_stats.Inputs) -> compare_stats.Acc:
        calls.append(1)
        return real(inputs)

    monkeypatch.setattr(compare_mod, "stream", counting)
    r = compare(
        served,
        case.training_dump(),
        CompareOptions(training_layers=(1, 3, 5), served_layers=(1, 3, 7), hidden_size=48),
    )
    assert calls == [1]
    assert Finding.CHUNK_COUNT in r.findings and r.served_layers == (1, 3, 7)


def test_document_is_the_result_with_the_input_names() -> None:
    case = make_case("collapsed")
    r = compare(
        case.served_dump(),
        case.training_dump(),
        CompareOptions(training_layers=(1, 3, 5)),
        reference=case.reference_dump(),
    )
    doc = document(r, "s.pt", "t.ckpt", "ref.pt")
    result_keys = [f.name for f in fields(CompareResult)]
    assert list(doc) == result_keys[:2] + ["served", "training", "reference"] + result_keys[2:]
    chunk_keys = [f.name for f in fields(ChunkResult) if f.name != "identified_chunk"]
    assert all(list(c) == chunk_keys for c in doc["chunks"])
    assert doc["mode"] == "tensors" and doc["alignment"]["status"] == "identical"
    by = [c["identified_by"] for c in doc["chunks"]]
    assert by == [c.evidence for c in r.chunks]
    json.dumps(doc, allow_nan=False)  # plain JSON values only


def test_evidence_names_the_training_chunk() -> None:
    case = make_case("collapsed")
    r = compare(case.served_dump(), case.training_dump(), CompareOptions(training_layers=(1, 3, 5)))
    c1 = r.chunks[1]
    assert c1.identified_by is IdentifiedBy.TRAINING_CHUNK and c1.identified_chunk == 0
    assert c1.evidence == "training chunk 0"
    assert r.chunks[0].evidence == "fingerprint"
