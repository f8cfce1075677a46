"""A draft proposal is one verify step (the house reading of `draft proposals`): tokens accepted
'per proposal' are accepted per step, read as 'per step' is (a draft maximum below the value
proves the target's own token counted); tokens per another noun stay unread."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(40), deadline=None)
@given(
    st.integers(min_value=2, max_value=5),
    st.integers(min_value=1, max_value=99),
    st.sampled_from(
        [
            "mean {v} tokens accepted per proposal",
            "an average of {v} tokens accepted per proposal",
            "media {v} tokens aceptados por propuesta",
        ]
    ),
)
def test_accepted_per_proposal_above_the_maximum(
    read: Read, n_max: int, frac: int, phrase: str
) -> None:
    v = f"{n_max}.{frac:02d}"
    said = phrase.format(v=v.replace(".", ",") if "aceptados" in phrase else v)
    text = f"- Server: `--spec-draft-n-max {n_max}`.\n\nMTP run: {said}.\n"
    recs = read(text).records
    assert len(recs) == 1 and recs[0].accept_length is not None
    assert abs(recs[0].accept_length - float(v)) < 1e-9


def test_tokens_per_request_stay_unread(read: Read) -> None:
    text = "- Server: `--spec-draft-n-max 4`.\n\nMTP run: mean 4.17 tokens accepted per request.\n"
    assert all(r.accept_length is None for r in read(text).records)


@pytest.mark.parametrize(
    "text",
    [
        "avg 3.2 tokens per proposal, 55% accepted",
        "| run | tokens/proposal |\n|---|---|\n| a | 4.0 |",
        "mean 5 tokens a proposal",
    ],
)
def test_negative_control_tokens_per_proposal_is_no_length(text: str) -> None:
    # the tokens a proposal holds are the drafted ones (k), not the tokens a step emits
    assert all(r.accept_length is None for r in read_paste(text).records)
