"""An example's value spelled out (`notrun._example_meaning`): a sentence opening with an
example's mark (`For example,`, `e.g.`, `For instance,`) whose subject holds digits and is
followed by what it `means` (`stands for`, `denotes`, `represents`, `corresponds to`) shows a
format's or a field's meaning on a made-up value: no record. An example told as a run (in the
past, by its name) and a value that means something without an example's mark are read."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(40), deadline=None)
@given(
    opener=st.sampled_from(["For example,", "For instance,", "E.g.", "e.g.,", "For example:"]),
    verb=st.sampled_from(["means", "stands for", "denotes", "represents", "would mean"]),
    zero=st.integers(1, 30),
    full=st.integers(1, 30),
    k=st.integers(2, 6),
    quoted=st.booleans(),
)
def test_an_example_histogram_spelled_out_is_no_record(
    opener: str, verb: str, zero: int, full: int, k: int, quoted: bool
) -> None:
    hist = ", ".join([str(zero)] + ["0"] * (k - 1) + [str(full)])
    value = f"`[{hist}]`" if quoted else f"[{hist}]"
    text = (
        "The server keeps a per-request histogram of accepted draft tokens. "
        f"{opener} {value} {verb} {zero} steps with 0 accepted tokens and {full} steps "
        f"with {k} accepted tokens.\n"
    )
    got = read_paste(text)
    assert got.records == ()
    assert any("not measured" in u.reason for u in got.unread)


@settings(max_examples=examples(30), deadline=None)
@given(rate=st.integers(10, 90), opener=st.sampled_from(["For example,", "e.g."]))
def test_an_example_rate_spelled_out_is_no_record(rate: int, opener: str) -> None:
    text = f"{opener} an acceptance rate of 0.{rate} means that share of drafted tokens is kept.\n"
    assert read_paste(text).records == ()


def test_negative_control_an_example_run_told_in_the_past_is_read() -> None:
    text = "For example, our 8B draft reached an acceptance length of 2.74, which means a lot.\n"
    assert [r.printed_length for r in read_paste(text).records] == [2.74]


def test_negative_control_a_value_meaning_without_an_example_mark_is_read() -> None:
    text = "Our acceptance rate was 0.62, which means most drafts were kept.\n"
    assert [r.printed_rate for r in read_paste(text).records] == [0.62]


def test_negative_control_an_example_naming_no_value_before_its_meaning_is_read() -> None:
    text = (
        "For example, a high acceptance means more tokens a step, and the accept length is 2.31.\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [2.31]
