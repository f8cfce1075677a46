"""A case supposed above, then worked out: where a line opens by supposing a case and introduces
it with a colon ('Suppose one request streams four chunks:', '假设 ... :'), a later line turning
back to that example ('For the example above:', '对于上面的例子:') and the lines after it, to a
markdown heading or a line saying a run was measured, hold the example's arithmetic: no record
(``notrun.worked_case_marks``). Without the supposition, or with a run measured in between, the
figure is read."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_SUPPOSE = st.sampled_from(
    [
        "Suppose one request streams {n} chunks:",
        "Assume a request is returned in {n} pieces:",
        "Imagine a reply sent as {n} chunks:",
        "假设一个请求分 {n} 次返回:",
        "假如一次请求返回了 {n} 个分块：",
    ]
)
_BACK = st.sampled_from(
    [
        "For the example above:",
        "In this example:",
        "With the example above, at the end:",
        "对于上面的例子:",
        "按上述例子计算:",
        "上例中:",
    ]
)
_KEY = st.sampled_from(["spec_accept_length", "accept_length", "mean accept length"])


def _paste(suppose: str, back: str, key: str, steps: int, tokens: int, blank: bool) -> str:
    gap = "\n" if blank else ""
    chunks = "".join(
        f'chunk {i} = {{"verify_ct": {i}, "accepted": {tokens * i // steps}}}\n'
        for i in range(1, steps + 1)
    )
    return (
        "How the streamed speculative metrics add up per chunk\n"
        f"{gap}{suppose.format(n=steps)}\n{chunks}{gap}"
        "The length is computed when the request finishes:\n"
        "# length = completion tokens / verify count\n"
        f"{back}\n"
        f"{key}= {tokens} / {steps} = {tokens / steps:.1f}\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    suppose=_SUPPOSE,
    back=_BACK,
    key=_KEY,
    steps=st.integers(2, 6),
    per=st.integers(2, 4),
    blank=st.booleans(),
)
def test_a_supposed_case_worked_out_gives_no_record(
    suppose: str, back: str, key: str, steps: int, per: int, blank: bool
) -> None:
    got = read_paste(_paste(suppose, back, key, steps, steps * per, blank))
    assert not got.records


@settings(max_examples=examples(20), deadline=None)
@given(back=_BACK, key=_KEY, steps=st.integers(2, 6), per=st.integers(2, 4))
def test_without_a_supposition_the_figure_is_read(
    back: str, key: str, steps: int, per: int
) -> None:
    # (a real request's chunks, no case supposed: the worked figure is a run's)
    text = _paste(
        "The server returned {n} chunks for our request:", back, key, steps, steps * per, False
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [float(f"{per:.1f}")]


def test_a_supposition_with_no_colon_opens_no_case() -> None:
    text = _paste(
        "Suppose the run is slow; we streamed {n} chunks.",
        "In this example:",
        "accept_length",
        3,
        9,
        False,
    )
    assert [r.printed_length for r in read_paste(text).records] == [3.0]


def test_a_run_measured_after_the_turn_back_is_read() -> None:
    text = (
        _paste(
            "Suppose one request streams {n} chunks:",
            "For the example above:",
            "accept_length",
            3,
            9,
            False,
        )
        + "We measured it on the real server:\naccept_length= 2.74\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [2.74]


def test_in_this_case_is_no_turn_back_to_an_example() -> None:
    # ('in this case' tells of the run as often as of an example)
    text = _paste(
        "Suppose one request streams {n} chunks:", "In this case:", "accept_length", 3, 9, False
    )
    assert [r.printed_length for r in read_paste(text).records] == [3.0]
