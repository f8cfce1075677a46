"""A share before the clipped noun with the drafts named (`reached a 54% draft accept rate`): the
drafts' acceptance rate, as `54% draft acceptance` and `54% accept rate` are; one record per
line, the convention unknown. A goal, a bound or a range before it stays no record, and the
clipped noun without a share (`the draft accept rate fell`) none."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read


def _rates(read: Read, text: str) -> list[float | None]:
    return [r.printed_rate for r in read(text).records]


@settings(max_examples=25, deadline=None)
@given(
    pct=st.integers(min_value=3, max_value=97),
    lead=st.sampled_from(["reached a", "hit a", "showed a", "saw a"]),
    draft=st.sampled_from(["draft", "Draft", "DRAFT"]),
    tail=st.sampled_from(["", " and ran 1.4x faster", " on my prompts", ", close to break-even"]),
    bullet=st.sampled_from(["", "- ", "* "]),
)
def test_share_before_draft_accept_rate_is_a_rate(
    read: Read, pct: int, lead: str, draft: str, tail: str, bullet: str
) -> None:
    text = f"Eagle drafter notes\n{bullet}Chat prompts {lead} {pct}% {draft} accept rate{tail}\n"
    assert _rates(read, text) == [pytest.approx(pct / 100)]


def test_each_bullet_its_own_record(read: Read) -> None:
    text = (
        "Speculative decoding by prompt kind\n"
        "- Chat prompts reached a 72% draft accept rate and ran 1.3x faster\n"
        "- Essays fell to a 40% accept rate\n"
        "- Tables dropped to 12% draft acceptance\n"
    )
    assert _rates(read, text) == [pytest.approx(0.72), pytest.approx(0.40), pytest.approx(0.12)]


@pytest.mark.parametrize(
    "text",
    [
        "We hope to reach 60% draft accept rate with the new head.\n",
        "A target of 70% draft accept rate is the aim.\n",
        "Anywhere between 40 and 55% draft accept rate, depending on the prompt.\n",
        "At least 65% draft accept rate on code.\n",
        "The draft accept rate fell sharply on long prompts.\n",
    ],
)
def test_goals_bounds_ranges_and_bare_names_are_no_record(read: Read, text: str) -> None:
    assert _rates(read, text) == []
