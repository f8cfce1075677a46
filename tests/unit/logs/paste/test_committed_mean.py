"""A mean of committed tokens out of the most a step commits ('avgCommitted 3.40/4'): tokens per
verify step, the target's own token counted (committed_mean.py). Near misses: no maximum (a
request's mean may be meant), a value above its maximum, whole counts, a maximum past a chain's
reach."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import committed_mean as CM
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_NAMES = [
    "avgCommitted",
    "avg_committed",
    "mean committed tokens",
    "Average committed",
    "avg committed",
]


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    depth=st.integers(1, 7),
    data=st.data(),
    sep=st.sampled_from([" ", "=", ": ", " **"]),
    slash=st.sampled_from(["/", " / "]),
    bracket=st.booleans(),
)
def test_mean_committed_out_of_its_most(
    read: Read, name: str, depth: int, data: st.DataObject, sep: str, slash: str, bracket: bool
) -> None:
    most = depth + 1
    hundredths = data.draw(st.integers(100, most * 100))
    value = f"{hundredths / 100:.2f}"
    close = "**" if "**" in sep else ""
    fig = f"{name}{sep}{value}{slash}{most}{close}"
    text = (
        f"The MTP head at depth {depth} keeps a high acceptance ({fig}, measured on chat).\n"
        if bracket
        else f"Acceptance held up for the MTP head: {fig} over the whole session.\n"
    )
    (r,) = read(text).records
    assert r.printed_length == pytest.approx(hundredths / 100), text
    assert r.accept_length == pytest.approx(hundredths / 100), text
    assert r.bonus.value == "included"


@pytest.mark.parametrize(
    "fig",
    [
        "avgCommitted 3.40",  # no maximum: the mean may be a request's
        "avgCommitted 4.40/4",  # above its maximum
        "avgCommitted 340/400",  # whole counts
        "avgCommitted 3.40/40",  # past a chain's reach
        "avgCommitted 0.40/4",  # below one token a step
    ],
)
def test_near_misses_read_no_committed_mean(fig: str) -> None:
    assert list(CM.spans(f"The MTP head keeps a high acceptance ({fig}) on chat.")) == []
