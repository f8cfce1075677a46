"""A share before its noun with `cumulative` between (interpret._PCT_FIRST's statistic words):
`41.5% cumulative draft acceptance` is the run's acceptance rate pooled since the start (a
record, no length), as `aggregate` and `overall` already were. A span of draft positions after
the noun (`cumulative acceptance up to depth 3`, `through position 2`) is the chance that every
draft to there was accepted, no run's rate: left unread as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_METHOD = st.sampled_from(["An EAGLE head", "The MTP drafter", "A small draft model"])
_NOUN = st.sampled_from(
    ["acceptance", "draft acceptance", "acceptance rate", "draft token acceptance"]
)
_TAIL = st.sampled_from([".", ", lossless (target-checked).", " on the chat set.", " overall."])
_LEAD = st.sampled_from(["", "We saw ", "Result: ", "**"])
_SPAN = st.sampled_from(
    [
        "up to depth {n}",
        "through position {n}",
        "at position {n}",
        "to draft position {n}",
        "until depth {n}",
        "by position {n}",
    ]
)


@settings(max_examples=examples(25), deadline=None)
@given(
    method=_METHOD,
    noun=_NOUN,
    tail=_TAIL,
    lead=_LEAD,
    share=st.integers(10, 990),
    spaces=st.sampled_from([" ", "  "]),
)
def test_a_cumulative_share_is_the_rate(
    read: Read, method: str, noun: str, tail: str, lead: str, share: int, spaces: str
) -> None:
    value = f"{share / 10:.1f}%"
    text = (
        f"{method} drafts for the target in speculative decoding.\n\n"
        f"{lead}{value}{spaces}cumulative {noun}{tail}\n"
    )
    got = read(text).records
    assert [round(r.printed_rate or 0, 4) for r in got] == [round(share / 1000, 4)]
    assert got[0].accept_length is None


@settings(max_examples=examples(25), deadline=None)
@given(
    method=_METHOD,
    noun=_NOUN,
    span=_SPAN,
    n=st.integers(1, 7),
    share=st.integers(10, 990),
)
def test_a_cumulative_share_over_positions_stays_unread(
    read: Read, method: str, noun: str, span: str, n: int, share: int
) -> None:
    text = (
        f"{method} drafts for the target in speculative decoding.\n\n"
        f"{share / 10:.1f}% cumulative {noun} {span.format(n=n)}.\n"
    )
    assert not read(text).records
