"""The report model from command documents: sections for the evidence present, skips reported,
secrets redacted, hostile input never a crash."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core import accept
from specdiag.core.report.build import build_report
from specdiag.core.report.model import ChartKind, Role
from specdiag.core.report.redact import redact
from tests.support.examples import examples

DEMO = Path(__file__).parents[2] / "data" / "report" / "demo-seed.json"


def _build(docs: list[tuple[str, Any]]):  # type: ignore[no-untyped-def]
    return build_report(docs, generated_at="2026-12-01 00:00:00 UTC", specdiag_version="t")


def test_demo_gives_every_section_of_its_evidence() -> None:
    r = _build([("demo.json", json.loads(DEMO.read_text()))])
    kinds = {c.kind for c in r.charts}
    assert {
        ChartKind.PER_POSITION,
        ChartKind.HISTOGRAM,
        ChartKind.CATEGORY,
        ChartKind.LATENCY,
        ChartKind.TIMELINE,
        ChartKind.IDENTIFICATION,
    } <= kinds
    assert r.verdict is not None and r.verdict.verdict == "below"
    # both conventions on the card, one bonus token apart
    v = r.verdict
    assert v.expected_accept_length is not None and v.expected_drafts is not None
    assert v.expected_accept_length - v.expected_drafts == pytest.approx(1.0)
    assert v.observed_accept_length is not None and v.observed_drafts is not None
    assert v.observed_accept_length - v.observed_drafts == pytest.approx(1.0)
    assert not r.skipped
    labels = {f.label for f in r.provenance}
    assert {"engine", "speculative config (resolved)", "sampling"} <= labels


def test_per_position_expected_curves_follow_the_training_profile() -> None:
    demo = json.loads(DEMO.read_text())
    probe = next(s["result"] for s in demo["steps"] if s["name"] == "probe")
    r = _build([("probe.json", probe)])
    chart = next(c for c in r.charts if c.kind is ChartKind.PER_POSITION)
    acc = probe["expected"]["acc"]
    exp = {s.panel: s for s in chart.series if s.role is Role.EXPECTED}
    assert exp[0].y == pytest.approx(acc)
    assert exp[1].y == pytest.approx(accept.to_unconditional(acc))
    obs = {s.panel: s for s in chart.series if s.role is Role.OBSERVED}
    assert obs[1].y == pytest.approx(probe["per_position"]["unconditional"])
    a = probe["expected"]["implied_acceptance"]
    geo = next(s for s in chart.series if s.role is Role.GEOMETRIC and s.panel == 1)
    assert geo.y == pytest.approx([a**i for i in range(1, len(acc) + 1)])


def test_unknown_documents_are_skipped_with_a_reason() -> None:
    r = _build(
        [
            ("a.json", {"x": 1}),
            ("b.json", [1, 2]),
            ("p.json", {"format": "specdiag-acceptance-profile"}),
        ]
    )
    assert [s.name for s in r.skipped] == ["a.json", "b.json", "p.json"]
    assert r.verdict is None and not r.charts


def test_secrets_are_redacted_everywhere() -> None:
    doc = {
        "checks": [
            {
                "check": "server-args",
                "title": "launch command line",
                "status": "warn",
                "message": "launched with --api-key sk-live-abcdef0123456789",
                "evidence": [
                    {"source": "server-args", "location": "api key", "value": "Bearer abcdefghijkl"}
                ],
                "fix": "curl -H 'Authorization: Bearer abcdefghijkl' https://user:hunter2@host/v1",
                "confirm": [],
            }
        ],
        "gap": {},
        "command": "doctor",
    }
    r = _build([("doctor.json", doc)])
    text = json.dumps(
        [
            r.documents[0].text,
            [f.__dict__ for f in r.provenance],
            [f.__dict__ for f in r.verdict.findings],
        ]
    )  # type: ignore[union-attr]
    for secret in ("sk-live-abcdef0123456789", "abcdefghijkl", "hunter2"):
        assert secret not in text


@pytest.mark.parametrize(
    ("text", "secret"),
    [
        ("vllm serve m --api-key sk-0123456789abcdef", "sk-0123456789abcdef"),
        ("HF_TOKEN=hf_abcdefghijklmnop python -m sglang.launch_server", "hf_abcdefghijklmnop"),
        ('{"api_key": "plainsecret"}', "plainsecret"),
        ("--password 'two words'", "two words"),
        ("http://alice:s3cret@example.invalid/v1", "s3cret"),
    ],
)
def test_redact_forms(text: str, secret: str) -> None:
    assert secret not in redact(text)


def test_redact_keeps_ordinary_flags() -> None:
    line = "--max-tokens 96 --tokenizer-path t max_tokens=5 --speculative-num-steps 3"
    assert redact(line) == line


_json = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=10), inner, max_size=5)
    ),
    max_leaves=25,
)
_keys = st.sampled_from(
    [
        "accept_length",
        "workload",
        "per_position",
        "expected",
        "summary",
        "files",
        "combined",
        "checks",
        "gap",
        "similarity",
        "alignment",
        "chunks",
        "replicas",
        "fleet",
        "window",
        "acc",
        "engine_reports",
        "steps",
        "scenario",
        "histogram",
        "by_category",
        "latency",
        "reference_similarity",
    ]
)


@settings(max_examples=examples(150), deadline=None)
@given(st.dictionaries(_keys, _json, max_size=8))
def test_hostile_documents_never_crash(doc: dict[str, Any]) -> None:
    r = _build([("x.json", doc)])
    assert len(r.documents) == 1


def test_fleet_document_gives_replicas_timelines_and_findings() -> None:
    fleet = json.loads((DEMO.parent / "fleet.json").read_text())
    r = _build([("fleet.json", fleet)])
    kinds = [c.kind for c in r.charts]
    assert ChartKind.REPLICAS in kinds and ChartKind.PER_POSITION in kinds
    timelines = [c for c in r.charts if c.kind is ChartKind.TIMELINE]
    # the replica in trouble comes first, with its collapse shaded where fleet found it
    assert "vllm/d:8000" in timelines[0].title
    band = timelines[0].bands[0]
    assert band.kind == "collapse" and 27 <= band.start < band.end <= 30.5  # minutes
    assert r.verdict is not None
    assert r.verdict.observed_accept_length == pytest.approx(fleet["fleet"]["pooled_accept_length"])
    titles = [f.title for f in r.verdict.findings]
    assert "replica vllm/d:8000 is an outlier" in titles


def test_doctor_segments_split_at_restarts() -> None:
    demo = json.loads(DEMO.read_text())
    doctor = next(s["result"] for s in demo["steps"] if s["name"] == "doctor")
    doctor["segments"] = [
        {
            "index": 0,
            "start": "11-20 08:00:00",
            "end": "11-27 08:00:00",
            "lines": 900,
            "accept_length": 2.41,
            "version": "sglang >= 0.5.11",
            "starts_because": "first",
            "collapse_from": None,
        },
        {
            "index": 1,
            "start": "12-04 09:00:00",
            "end": "12-04 10:00:00",
            "lines": 60,
            "accept_length": 1.12,
            "version": "sglang >= 0.5.11",
            "starts_because": "silence",
            "collapse_from": "12-04 09:00:00",
        },
    ]
    r = _build([("doctor.json", doctor)])
    chart = next(c for c in r.charts if c.kind is ChartKind.TIMELINE)
    assert chart.series[0].y == (2.41, 1.12)
    assert chart.x_ticks == ("0: 11-20 08:00:00", "1: 12-04 09:00:00")
    assert chart.hline == pytest.approx(doctor["gap"]["expected_accept_length"])
    table = next(t for t in r.tables if t.title.startswith("Log segments"))
    assert [row[6] for row in table.rows] == ["first", "silence"]


def test_identification_ignores_a_chosen_index_outside_the_matrix() -> None:
    doc = {
        "similarity": [[0.1, 0.9]],
        "alignment": {},
        "chunks": [{"index": 0, "best_train_chunk": -5}, {"index": 1, "best_train_chunk": 1}],
    }
    r = _build([("compare.json", doc)])
    heatmap = next(c for c in r.charts if c.kind is ChartKind.IDENTIFICATION).heatmap
    assert heatmap is not None and heatmap.marked == ((1, 1),)
