"""An approximate share of the accepted tokens in a later sentence ('the ~72% accepted tokens',
'about 58% accepted tokens') equal, at its printed precision, to exactly one earlier exact
rate of the paste: that run told again (restated_row.py): it goes, the earlier record noting it.
Without an approximate mark, or at a value no earlier rate rounds to, it stays a record of its
own."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste

_KEYS = ["accept_ratio", "accept rate", "acceptance rate"]
_MARKS = ["~", "about ", "roughly ", "≈"]


def _paste(key: str, exact: str, said: str) -> str:
    return (
        "## Findings\n\n"
        f"- `{key} = {exact}`\n"
        "- the drafter keeps up with the target\n\n"
        f"Across the prompts we saw {said} accepted tokens overall.\n"
    )


@settings(max_examples=30, deadline=None)
@given(
    key=st.sampled_from(_KEYS),
    mark=st.sampled_from(_MARKS),
    share=st.integers(31, 89),
)
def test_an_approximate_share_restates_the_rate(key: str, mark: str, share: int) -> None:
    got = read_paste(_paste(key, f"0.{share}", f"{mark}{share}%")).records
    assert [r.printed_rate for r in got] == pytest.approx([share / 100])
    assert any("restated" in n for n in got[0].notes)


def test_without_a_mark_it_stays_its_own() -> None:
    got = read_paste(_paste("accept rate", "0.64", "64%")).records
    assert [r.printed_rate for r in got] == pytest.approx([0.64, 0.64])


def test_another_value_stays_its_own() -> None:
    got = read_paste(_paste("accept rate", "0.64", "~71%")).records
    assert [r.printed_rate for r in got] == pytest.approx([0.64, 0.71])
