"""Shapes of engine docs, cookbooks and blogs: a number naming a part of the text ('In Figure 8')
is never a figure's value."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_REF = st.sampled_from(["In Figure", "see Table", "(Fig.", "in Section", "by Eq.", "Appendix"])


@settings(max_examples=examples(30), deadline=None)
@given(ref=_REF, n=st.integers(1, 40))
def test_a_reference_number_is_no_rate(ref: str, n: int) -> None:
    text = (
        f"We compared the loose acceptance on our sets. {ref} {n}, we plot the quality of the "
        "speculative runs against the strict one."
    )
    assert read_paste(text).records == ()


def test_a_rate_beside_a_reference_still_reads(read: Read) -> None:
    # near miss: the figure's own value after its name, a figure reference elsewhere
    recs = read("With speculative decoding (see Figure 3), the acceptance rate was 71%.").records
    assert [r.printed_rate for r in recs] == [0.71]
