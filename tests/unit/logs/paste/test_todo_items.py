"""An unticked item of a markdown task list ('- [ ] compare: acceptance ~60%') is a thing still
to do or to check: its figures are values to reach or to compare against, no record. A ticked
item, or a plain list item, is read as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_MARKERS = ["- [ ] ", "* [ ] ", "+ [ ] ", "1. [ ] ", "3) [ ] "]
_VERBS = ["Compare", "Check", "Confirm in the log", "Verify against the baseline"]
_FIGURES = ["acceptance ~{p}%", "acceptance rate {p}%", "accept length {a}", "mean AL ≈ {a}"]


@settings(max_examples=examples(40), deadline=None)
@given(
    st.sampled_from(_MARKERS),
    st.sampled_from(_VERBS),
    st.sampled_from(_FIGURES),
    st.integers(min_value=20, max_value=90),
    st.integers(min_value=120, max_value=480),
    st.booleans(),
)
def test_an_unticked_item_gives_no_record(
    read: Read, marker: str, verb: str, fig: str, p: int, hundredths: int, indent: bool
) -> None:
    figure = fig.format(p=p, a=f"{hundredths / 100:.2f}")
    item = ("  " if indent else "") + f"{marker}{verb}: tok/s ~140, {figure}, no OOM"
    text = "## Checklist\n\n- [x] draft model downloaded\n" + item + "\n- [ ] write the report\n"
    assert read(text).records == ()


@settings(max_examples=examples(30), deadline=None)
@given(
    st.sampled_from(["- [x] ", "- [X] ", "- ", "* "]),
    st.integers(min_value=20, max_value=90),
)
def test_a_ticked_or_plain_item_is_read(read: Read, marker: str, p: int) -> None:
    text = f"## Results\n\n{marker}measured with the EAGLE draft: acceptance rate {p}%\n"
    recs = read(text).records
    assert len(recs) == 1
    assert recs[0].printed_rate is not None and abs(recs[0].printed_rate - p / 100) < 1e-9
