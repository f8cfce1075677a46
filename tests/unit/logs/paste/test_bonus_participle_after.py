"""What a length counts, said by a participle right after it with no bracket or comma ('2.61
accepted tokens per step including the bonus token', '1.61 not counting the bonus'): the
phrase decides the convention as it does in a bracket (interpret._AFTER_CLAUSE). A phrase
naming both ('with and without the bonus'), or one about something else, decides nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_IN = [
    "including the bonus token",
    "including the bonus",
    "counting the bonus token",
    "incl. bonus",
]
_OUT = ["excluding the bonus token", "not counting the bonus", "not including the bonus token"]
_LEADS = [
    "mean acceptance length: {v}",
    "τ = {v} accepted tokens per step",
    "The accept length came to {v}",
]


@settings(max_examples=examples(50), deadline=None)
@given(
    lead=st.sampled_from(_LEADS),
    included=st.booleans(),
    data=st.data(),
    hundredths=st.integers(130, 480),
    tail=st.sampled_from([".", "", " on the long prompts."]),
)
def test_a_participle_after_the_length_decides(
    lead: str, included: bool, data: st.DataObject, hundredths: int, tail: str
) -> None:
    phrase = data.draw(st.sampled_from(_IN if included else _OUT))
    v = hundredths / 100
    text = "Night run notes.\n\n" + lead.format(v=f"{v:.2f}") + f" {phrase}{tail}\n"
    got = [(r.printed_length, r.accept_length) for r in read_paste(text).records]
    assert got == [(pytest.approx(v), pytest.approx(v if included else v + 1))]


@pytest.mark.parametrize(
    "text",
    [
        # both conventions named
        "mean acceptance length: 2.40 including and excluding the bonus token alike\n",
        # the participle counts something else
        "mean acceptance length: 2.40 including the warmup requests\n",
        # a bonus word with no participle before it
        "mean acceptance length: 2.40 bonus points for the new head\n",
    ],
)
def test_negative_control_no_convention(read: Read, text: str) -> None:
    got = read(text).records
    assert [r.printed_length for r in got] == [pytest.approx(2.40)]
    assert all(r.accept_length is None for r in got)
