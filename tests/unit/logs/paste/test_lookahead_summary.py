"""llama.cpp's lookahead example's summary (`W = ..`, `N = ..`, `G = ..`, then `n_predict = ..`
and `n_accept = ..`): one record of the accepted count, tool llama.cpp, no rate and no length
(no drafts or steps printed), zero accepted too (lookahead_summary.py). A setting missing,
another key between, or a value that is no whole number read as before: no record."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _summary(w: int, n: int, g: int, pred: int, acc: str, pad: int, blank: bool) -> list[str]:
    sp = " " * pad
    return [
        f"W ={sp}{w}",
        f"N ={sp}{n:2d}",
        f"G ={sp}{g}",
        *([""] if blank else []),
        f"n_predict = {pred}",
        f"n_accept {sp} = {acc}",
    ]


def _paste(lines: list[str], timings: bool) -> str:
    head = "decoded  {0} tokens in    1.250 seconds, speed:   40.1 t/s\n\n"
    tail = (
        "\nllama_print_timings:        load time =     812.10 ms\n"
        "llama_print_timings:       total time =    1301.77 ms\n"
        if timings
        else ""
    )
    return head.format(7) + "\n".join(lines) + "\n" + tail


@settings(max_examples=examples(40), deadline=None)
@given(
    st.integers(2, 30),
    st.integers(2, 9),
    st.integers(2, 30),
    st.integers(1, 900),
    st.integers(0, 400),
    st.integers(0, 2),
    st.booleans(),
    st.booleans(),
)
def test_the_summary_is_one_count_record(
    read: Read, w: int, n: int, g: int, pred: int, acc: int, pad: int, blank: bool, timings: bool
) -> None:
    text = _paste(_summary(w, n, g, pred, str(acc), pad, blank), timings)
    (r,) = read(text).records
    assert r.tool == "llamacpp", text
    assert r.accepted_tokens == acc and r.output_tokens == pred
    assert r.accept_length is None and r.printed_length is None and r.printed_rate is None


@settings(max_examples=examples(30), deadline=None)
@given(
    st.sampled_from(("no-setting", "between", "fraction", "order")),
    st.integers(1, 900),
    st.integers(1, 400),
)
def test_near_misses_read_as_before(read: Read, miss: str, pred: int, acc: int) -> None:
    lines = _summary(15, 5, 15, pred, str(acc), 1, True)
    if miss == "no-setting":
        lines = lines[1:]
    elif miss == "between":
        lines.insert(-1, f"n_tokens  = {pred + 3}")
    elif miss == "fraction":
        lines[-1] = f"n_accept  = {acc}.5"
    else:
        lines[-2], lines[-1] = lines[-1], lines[-2]
    got = read(_paste(lines, False)).records
    assert all(r.accepted_tokens != acc for r in got), got
