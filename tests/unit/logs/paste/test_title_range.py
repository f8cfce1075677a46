"""A post's title printing one figure (`... (93% acceptance)`) that the body gives only as a
range's end (`91-93% acceptance`): the range told by its end, no record (title_range.py). A value
the body also prints alone, a value inside the range at neither end, a range of another measure
or a range in another unit keep the title's record."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_TITLES = st.sampled_from(
    [
        "# Reusing one draft on a sibling model ({v}% acceptance on it)",
        "Sibling models share a draft well, at {v}% acceptance",
        "## Cross-model drafting holds up ({v}% draft acceptance)",
    ]
)
_RANGES = st.sampled_from(
    [
        "- On the sibling: **{lo}{sep}{hi}% acceptance**, and the output matches the reference.",
        "The sibling model gets {lo}{sep}{hi}% acceptance, roughly what the original gets.",
        "Measured draft acceptance of {lo}{sep}{hi}% over the prompt set.",
    ]
)
_SEPS = st.sampled_from(["-", "–", " - ", " to "])


def _post(title: str, body: str) -> str:
    return (
        title
        + "\n\nA note for the docs: one draft served two checkpoints of one lineage.\n\n"
        + "Setup: a laptop GPU, greedy decoding, the plain draft flags.\n"
        + body
        + "\n\nThat suggests one draft a family may do.\n"
    )


@settings(max_examples=examples(40), deadline=None)
@given(
    title=_TITLES,
    body=_RANGES,
    sep=_SEPS,
    lo=st.integers(40, 90),
    width=st.integers(1, 6),
    end=st.sampled_from(["hi", "lo"]),
)
def test_the_title_restates_the_range(
    read: Read, title: str, body: str, sep: str, lo: int, width: int, end: str
) -> None:
    hi = lo + width
    v = hi if end == "hi" else lo
    reading = read(_post(title.format(v=v), body.format(lo=lo, sep=sep, hi=hi)))
    assert reading.records == ()
    assert any("range" in b.reason and b.first_line == 1 for b in reading.ignored)


@settings(max_examples=examples(40), deadline=None)
@given(
    title=_TITLES,
    sep=_SEPS,
    lo=st.integers(40, 90),
    width=st.integers(2, 6),
    miss=st.sampled_from(["inside", "other measure", "alone too", "other unit"]),
)
def test_near_misses_keep_the_title(
    read: Read, title: str, sep: str, lo: int, width: int, miss: str
) -> None:
    hi = lo + width
    v = f"{hi}"
    body = f"The sibling model gets {lo}{sep}{hi}% acceptance, roughly what the original gets."
    if miss == "inside":
        v = f"{lo + 1}"
    elif miss == "other measure":
        body = f"The sibling model keeps {lo}{sep}{hi}% GPU use, about the same as before."
    elif miss == "alone too":
        body += f" One long run measured {hi}% acceptance on its own."
    elif miss == "other unit":
        body = f"The sibling model gets 0.{lo}{sep}0.{hi} acceptance, roughly as before."
    reading = read(_post(title.format(v=v), body))
    # (a lone telling below is a run of its own: whether it restates the title, other rules say)
    assert miss == "alone too" or any(r.first_line == 1 for r in reading.records)
    assert not any("range" in b.reason and b.first_line == 1 for b in reading.ignored)
