"""A run that accepts more or fewer tokens a step than another run, the two values in a
bracket after it (`interpret._MORE_KEY`): `accepts 25% more tokens per step than the old head
(3.10 vs 2.48)` is two records of accepted tokens a step (the words leave the target's own token
unsaid: no normalised length). Not read: a verb other than accepting (`drafts 20% more tokens
per step`), a unit of no length (`more drafts`, `more time per step`), a second value of another
measure's unit (`2.6 tok/s`), or a run compared named by a figure (`than the acceptance rate`)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(40), deadline=None)
@given(
    new=st.integers(150, 590),
    old=st.integers(110, 590),
    share=st.sampled_from(["", "25% ", "~8% "]),
    more=st.sampled_from(["more", "fewer", "less"]),
    unit=st.sampled_from(["tokens per step", "tokens per verify step", "tokens/step"]),
    run=st.sampled_from(["than the old head", "than before the retrain", "after the quantisation"]),
    vs=st.sampled_from(["vs", "vs.", "versus"]),
)
def test_accepts_more_than_another_run(
    read: Read, new: int, old: int, share: str, more: str, unit: str, run: str, vs: str
) -> None:
    a, b = new / 100, old / 100
    text = f"The retrained draft accepts {share}{more} {unit} {run} ({a:.2f} {vs} {b:.2f}).\n"
    recs = read(text).records
    assert [r.printed_length for r in recs] == pytest.approx([a, b])
    assert all(r.accept_length is None for r in recs)


@pytest.mark.parametrize(
    "sentence",
    [
        "The retrained draft drafts 20% more tokens per step than before (3.70 vs 2.69).",
        "The retrained draft accepts 20% more drafts than before (61% vs 58%).",
        "The retrained draft spends 20% more time per step than before (3.70 vs 2.69).",
        "The retrained draft accepts more tokens per step than the old head (3.7 vs 2.6 tok/s).",
    ],
)
def test_near_misses_read_nothing(read: Read, sentence: str) -> None:
    assert read(sentence + "\n").records == ()


def test_a_run_named_by_a_figure_is_no_run() -> None:
    from specdiag.core.logs.paste.interpret import _compared_key

    assert _compared_key("more tokens per step than the acceptance rate", "it accepts ") is None
    k = _compared_key("more tokens per step than the old head", "it accepts ")
    assert k is not None and k.text == "accepted tokens per step"
