"""A JSON object with no acceptance figure of its own but the figure on each subset of prompts,
the subset after the figure's name ('"acceptance_rate_chat": 0.61', '"draft_accept_long_prose":
0.70'; 'draft_accept' alone over a fraction, the drafts' bare 'accept' as tables read it): one
record a field, labelled with its subset. A suffix naming a statistic, a bound or a change, a
'draft_accept' past 1, or an object with its own figure beside such fields, read none of them."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SUBSETS = ["chat", "code", "long_prose", "gsm8k", "json", "free_form_qa"]


@settings(max_examples=examples(40), deadline=None)
@given(
    figure=st.sampled_from(["acceptance_rate", "accept_rate", "draft_accept", "drafter_accept"]),
    runs=st.lists(
        st.lists(st.sampled_from(_SUBSETS), min_size=1, max_size=3, unique=True),
        min_size=1,
        max_size=3,
    ),
    rates=st.data(),
    indent=st.sampled_from([None, 2]),
)
def test_one_record_a_subset_field(
    read: Read,
    figure: str,
    runs: list[list[str]],
    rates: st.DataObject,
    indent: int | None,
) -> None:
    objs = []
    want = []
    for i, subsets in enumerate(runs):
        obj: dict[str, object] = {"name": f"run-{i}", "decode_tok_s": 20.5 + i}
        for s in subsets:
            r = rates.draw(st.integers(5, 99)) / 100
            obj[f"{figure}_{s}"] = r
            want.append((r, s.replace("_", " ")))
        objs.append(obj)
    recs = read(json.dumps({"runs": objs}, indent=indent) + "\n").records
    assert [(r.printed_rate, dict(r.labels).get("subset")) for r in recs] == want
    assert all(r.printed_length is None and r.accept_length is None for r in recs)


def test_a_bare_draft_accept_over_a_fraction(read: Read) -> None:
    recs = read(json.dumps({"id": "long", "draft_accept": 0.433, "decode_tok_s": 11.2})).records
    assert [r.printed_rate for r in recs] == [0.433]


@settings(max_examples=examples(20), deadline=None)
@given(
    suffix=st.sampled_from(["std", "target", "threshold", "delta", "p99", "max", "paper"]),
    figure=st.sampled_from(["acceptance_rate", "draft_accept"]),
)
def test_a_statistic_bound_or_change_is_no_subset(read: Read, suffix: str, figure: str) -> None:
    body = {"name": "run-a", "decode_tok_s": 20.5, f"{figure}_{suffix}": 0.42}
    assert read(json.dumps(body) + "\n").records == ()


def test_a_drafts_accept_past_one_is_no_rate(read: Read) -> None:
    body = {"name": "run-a", "draft_accept_chat": 2.5, "draft_accept": 3.0}
    assert read(json.dumps(body) + "\n").records == ()


def test_an_object_with_its_own_figure_reads_it_alone(read: Read) -> None:
    body = {"name": "run-a", "acceptance_rate": 0.61, "acceptance_rate_chat": 0.7}
    recs = read(json.dumps(body) + "\n").records
    assert [r.printed_rate for r in recs] == [0.61]
