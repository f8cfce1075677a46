"""The lines right under a table whose caption says its runs draft one token a step
(reader._under_one_draft_table): a lone exact rate there is a run of the same setup, its
length 1 + rate as the table's rows get (drafts.one_draft_lengths), where the paste states no
other depth. A heading between, a caption saying no such thing, another depth stated in the
paste or an approximate rate leave the rate without a length as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_ONE = st.sampled_from(["`k=1`", "`mtp_k=1`", "one draft token per step", "`--draft-max 1`"])
_ARMS = st.sampled_from([("old head", "new head"), ("fp16", "int8"), ("base", "tuned")])


def _paste(one: str, arms: tuple[str, str], rates: list[int], last: int, between: str) -> str:
    a, b = arms
    return (
        "# Draft head feed change\n\n"
        f"Measured (a 27B target, {one}, greedy chats):\n\n"
        "| arm | accept | tok/s |\n|---|---|---|\n"
        f"| {a} | {rates[0] / 10:.1f}% | 91.0 |\n| {b} | {rates[1] / 10:.1f}% | 96.5 |\n\n"
        f"{between}Rechecked on the default: 97.2 tok/s, acceptance {last / 10:.1f}%, done.\n"
    )


@settings(max_examples=examples(20), deadline=None)
@given(
    one=_ONE,
    arms=_ARMS,
    rates=st.lists(st.integers(300, 600), min_size=2, max_size=2),
    last=st.integers(650, 950),
)
def test_a_rate_under_the_table_takes_its_one_draft(
    read: Read, one: str, arms: tuple[str, str], rates: list[int], last: int
) -> None:
    got = read(_paste(one, arms, rates, last, "")).records
    assert [r.accept_length for r in got] == [
        round(1 + rates[0] / 1000, 6),
        round(1 + rates[1] / 1000, 6),
        round(1 + last / 1000, 6),
    ]


@settings(max_examples=examples(20), deadline=None)
@given(
    arms=_ARMS,
    rates=st.lists(st.integers(300, 600), min_size=2, max_size=2),
    last=st.integers(650, 950),
    miss=st.sampled_from(["heading", "caption", "depth", "approx"]),
)
def test_near_misses_keep_the_rate_alone(
    read: Read, arms: tuple[str, str], rates: list[int], last: int, miss: str
) -> None:
    one = "`k=1`" if miss != "caption" else "`fp16`"
    between = "## Later runs\n\n" if miss == "heading" else ""
    text = _paste(one, arms, rates, last, between)
    if miss == "depth":
        text += "\nAt k=3 the head was not tried.\n"
    if miss == "approx":
        text = text.replace(f"acceptance {last / 10:.1f}%", f"acceptance ~{last / 10:.1f}%")
    got = read(text).records
    assert len(got) == 3
    assert got[-1].printed_rate is not None and round(got[-1].printed_rate, 4) == last / 1000
    assert got[-1].accept_length is None
