"""Figures followed in their sentence by a clause saying they were quoted from elsewhere ('...
are cited from "a test run"', 'were quoted from the thread'; 'taken from' or 'according to' only
where the sentence calls them claims) are quoted, not measured: no record, the figures alone in
the paste too. The writer's own run in the sentence (a first person), a source before the
values only, or 'taken from' with no claim named keep them read (cited.py)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_NAME = st.sampled_from(["mean_accept_len", "acceptance_length", "avg_acc_len"])
_SOURCE = st.sampled_from(['"a quick trial run"', "the linked thread", "an older report"])
_QUOTED = st.sampled_from(
    [
        "Some numeric claims (`{n}={v}`) are cited from {s} with no log attached.",
        "The figures ({n}={v}) were quoted from {s}, nothing reproduced.",
        "Specific claims ({n}={v}, per-position {p}) are cited from {s}.",
        "The claimed {n}={v} is taken from {s}.",
        "Performance claims ({n}={v}) according to {s}.",
    ]
)


def _pos(v: float) -> str:
    # three per-position rates summing to v - 1 (so the identity holds, as a careless
    # reader would take it)
    a = round((v - 1) / 3, 2)
    return f"`{a:.2f}/{a:.2f}/{v - 1 - 2 * a:.2f}`"


@settings(max_examples=examples(60), deadline=None)
@given(sentence=_QUOTED, n=_NAME, s=_SOURCE, c=st.integers(210, 390))
def test_figures_said_to_be_quoted_give_no_record(
    read: Read, sentence: str, n: str, s: str, c: int
) -> None:
    v = c / 100
    text = "Review notes\n\n" + sentence.format(n=n, v=f"{v:.2f}", s=s, p=_pos(v)) + "\n"
    assert read(text).records == ()


_KEPT = st.sampled_from(
    [
        # the writer's own run, cited by themselves
        "We measured {n}={v} on our box and it is quoted in the PR.",
        # a source before the values only, no quoting clause after them
        "The run gives {n}={v} on the chat set.",
        # 'taken from' with no claim named: a writer may take their own figure from an endpoint
        "The {n}={v} is taken from the metrics endpoint.",
        # the quoting clause in another sentence
        "The run gives {n}={v}. Older numbers are cited from {s}.",
    ]
)


@settings(max_examples=examples(60), deadline=None)
@given(sentence=_KEPT, n=_NAME, s=_SOURCE, c=st.integers(210, 390))
def test_negative_control_own_or_unquoted_figures_stay(
    read: Read, sentence: str, n: str, s: str, c: int
) -> None:
    v = c / 100
    text = "Review notes\n\n" + sentence.format(n=n, v=f"{v:.2f}", s=s) + "\n"
    assert [r.printed_length for r in read(text).records] == [v]
