"""Tokens a pass worked out in prose: a quotient named by its words ('output tokens divided by
passes') and its working over a difference ('12,000 / (12,000 - 8,400) = 3.333'), the result
perhaps first on the next line: the result is the figure, read under the quotient's name; a
working that does not hold is left as written. And a card claiming a figure ('their card
claims 3.10 tokens per step') beside the paste's own is the card's, no record; a card that
'gives' a figure may be the GPU measured on and stays."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _sentence(out: int, accs: list[int], wrap: bool) -> str:
    parts = [
        f"{out:,} / ({out:,} - {a:,}) = {out / (out - a):.3f} in run {chr(65 + i)}"
        for i, a in enumerate(accs)
    ]
    body = " and ".join(parts) + "."
    if wrap:  # (the last result opening the next line)
        k = body.rindex("= ") + 1
        body = body[:k] + "\n" + body[k + 1 :]
    return (
        "With the draft model on, if a pass emits the target's token plus its accepted drafts,\n"
        f"output tokens divided by passes is {body}\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    out=st.integers(5000, 40000),
    shares=st.lists(st.integers(30, 80), min_size=1, max_size=2),
    wrap=st.booleans(),
)
def test_the_result_of_a_working_is_read(
    read: Read, out: int, shares: list[int], wrap: bool
) -> None:
    accs = [out * s // 100 for s in shares]
    got = read(_sentence(out, accs, wrap)).records
    want = [round(float(f"{out / (out - a):.3f}"), 6) for a in accs]
    assert sorted(r.accept_length or 0 for r in got) == sorted(want)


@settings(max_examples=examples(20), deadline=None)
@given(out=st.integers(5000, 40000), share=st.integers(30, 80))
def test_a_working_that_does_not_hold_is_not_read_as_its_result(out: int, share: int) -> None:
    acc = out * share // 100
    wrong = out / (out - acc) + 0.75
    text = f"With the draft model, output tokens divided by passes is {out:,} / ({out:,} - {acc:,}) = {wrong:.3f}.\n"
    got = read_paste(text).records
    assert all(r.accept_length != round(float(f"{wrong:.3f}"), 6) for r in got)


def test_a_card_claiming_a_figure_beside_our_own() -> None:
    text = (
        "With the draft model we measured 2.95 tokens per step.\n\n"
        "Their card claims 3.10 tokens per step.\n"
    )
    assert [r.accept_length for r in read_paste(text).records] == [2.95]
    shown = text.replace("Their card claims", "This card gives")
    assert sorted(r.accept_length or 0 for r in read_paste(shown).records) == [2.95, 3.1]
