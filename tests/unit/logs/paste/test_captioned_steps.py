"""Rows labelled by a bare 'steps=N' under a caption naming the draft head's steps ('MTP
`steps=1 → 2`:'): each row the run at that head's setting, as 'MTP steps=N' is, so a length
above N counts the bonus token (captioned_steps.py). A caption naming no head, one not listing
a row's N, or one naming a tree's width leaves 'steps=N' alone, no k."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table

_HEADS = ["MTP", "mtp", "EAGLE", "EAGLE-3", "Eagle"]
_SEPS = [" → ", "->", " / ", ", ", " vs "]
_LEADS = ["", "Model X ", "On the 8-card box, ", "V2 上 "]
_ENDS = [":", "：", ""]


def _lengths(steps: list[int], extra: list[int]) -> list[float]:
    """Each row's length: its steps and a fraction above them (hundredths from ``extra``)."""
    return [round(n + e / 100, 2) for n, e in zip(steps, extra[: len(steps)], strict=True)]


def _paste(caption: str, steps: list[int], extra: list[int], blank: bool) -> str:
    """The caption, then a table of rows 'steps=N' with an accept length and a speed."""
    rows = [
        [f"steps={n}", f"{v:.2f}", f"{900 + 37 * n}"]
        for n, v in zip(steps, _lengths(steps, extra), strict=True)
    ]
    table = pipe_table(["", "accept len", "tok/s"], rows)
    return f"### Tuning notes\n\n{caption}\n" + ("\n" if blank else "") + table


def _caption(lead: str, head: str, values: list[int], sep: str, tick: bool, end: str) -> str:
    listed = sep.join(str(v) for v in values)
    said = f"steps={listed}"
    return f"{lead}{head + ' ' if head else ''}" + (f"`{said}`" if tick else said) + end


_STEPS = st.lists(st.integers(1, 6), min_size=2, max_size=4, unique=True)
_EXTRA = st.lists(st.integers(5, 95), min_size=4, max_size=4)


@settings(max_examples=examples(30), deadline=None)
@given(
    steps=_STEPS,
    extra=_EXTRA,
    head=st.sampled_from(_HEADS),
    sep=st.sampled_from(_SEPS),
    lead=st.sampled_from(_LEADS),
    end=st.sampled_from(_ENDS),
    tick=st.booleans(),
    blank=st.booleans(),
)
def test_a_caption_naming_the_heads_steps_gives_each_row_its_k(
    steps: list[int],
    extra: list[int],
    head: str,
    sep: str,
    lead: str,
    end: str,
    tick: bool,
    blank: bool,
) -> None:
    cap = _caption(lead, head, sorted(steps), sep, tick, end)
    got = read_paste(_paste(cap, steps, extra, blank)).records
    want = _lengths(steps, extra)
    assert [r.printed_length for r in got] == want
    assert [r.accept_length for r in got] == want
    assert all(r.bonus.value == "included" for r in got)


@settings(max_examples=examples(30), deadline=None)
@given(
    steps=_STEPS,
    extra=_EXTRA,
    miss=st.sampled_from(["no head", "not listed", "tree"]),
    sep=st.sampled_from(_SEPS),
    tick=st.booleans(),
    blank=st.booleans(),
)
def test_steps_alone_stay_no_k_without_such_a_caption(
    steps: list[int], extra: list[int], miss: str, sep: str, tick: bool, blank: bool
) -> None:
    listed = sorted(steps)
    # (a head's 'steps=1 vs 2' states the paste's k of 1 to the paste's own reader, whatever
    # the caption: not this rule's to decide)
    assume(miss == "no head" or sep != " vs ")
    if miss == "no head":
        cap = _caption("Runs at ", "", listed, sep, tick, ":")
    elif miss == "not listed":
        assume(len(listed) > 2)
        cap = _caption("", "MTP", listed[:-1], sep, tick, ":")  # (the last row's N unlisted)
    else:
        cap = _caption("", "EAGLE", listed, sep, tick, ", topk=4:")
    got = read_paste(_paste(cap, steps, extra, blank)).records
    assert [r.printed_length for r in got] == _lengths(steps, extra)
    assert all(r.accept_length is None for r in got)
