"""A tool's status lines (fields apart by wide gaps or a spaced '·'), one field a bare 'accept'
and its value: a record a line; a baseline line printing 1.00 decides the others' bonus and is
no record; the line's own counts of tokens and target forwards decide its length; 'accept' in a
sentence, or a line of one field, is read as before."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste

_LABELS = ("fast-k3", "wide tree", "draft-b cap=4", "lookahead", "plain spec")
_GAPS = ("  ", "    ", "      ")


def _status(label: str, tps: float, length: float, gap: str, tail: str = "") -> str:
    return f"  {label}{gap}{tps:.1f} tok/s{gap}accept {length:.2f}{tail}"


@settings(max_examples=40, deadline=None)
@given(
    lengths=st.lists(st.floats(1.05, 6.5), min_size=1, max_size=4),
    gap=st.sampled_from(_GAPS),
    base=st.sampled_from(("baseline", "Baseline", "no spec", "AR")),
    speedup=st.booleans(),
)
def test_baseline_decides_the_block(
    lengths: list[float], gap: str, base: str, speedup: bool
) -> None:
    lines = ["bench results", _status(base, 20.0, 1.0, gap)]
    for i, x in enumerate(lengths):
        tail = f"{gap}({1 + i / 10:.2f}x)" if speedup else ""
        lines.append(_status(_LABELS[i], 30.0 + i, x, gap, tail))
    recs = read_paste("\n".join(lines) + "\n").records
    assert [r.printed_length for r in recs] == [round(x, 2) for x in lengths]
    assert all(r.bonus.value == "included" for r in recs)
    assert [r.accept_length for r in recs] == [round(x, 2) for x in lengths]


@settings(max_examples=40, deadline=None)
@given(lengths=st.lists(st.floats(1.05, 6.5), min_size=1, max_size=4), gap=st.sampled_from(_GAPS))
def test_no_baseline_reads_undecided(lengths: list[float], gap: str) -> None:
    # (two status lines of the same speed and length are one run told twice: lead_restated)
    assume(len({round(x, 2) for x in lengths}) == len(lengths))
    text = "\n".join(_status(_LABELS[i], 30.0, x, gap) for i, x in enumerate(lengths)) + "\n"
    recs = read_paste(text).records
    assert [r.printed_length for r in recs] == [round(x, 2) for x in lengths]
    assert all(r.accept_length is None for r in recs)


def test_a_one_not_labelled_baseline_decides_nothing() -> None:
    text = _status("warmup", 20.0, 1.0, "   ") + "\n" + _status("fast-k3", 30.0, 2.4, "   ") + "\n"
    recs = read_paste(text).records
    assert all(r.accept_length is None for r in recs)


@settings(max_examples=60, deadline=None)
@given(
    steps=st.integers(40, 2000),
    per=st.floats(1.1, 5.0),
    sep=st.sampled_from((" · ", " • ", " | ", "   ")),
    unit=st.sampled_from(("/round", "/step", "")),
    noun=st.sampled_from(("target fwds", "target forwards", "verify steps", "rounds")),
)
def test_counts_on_the_line_decide(steps: int, per: float, sep: str, unit: str, noun: str) -> None:
    toks = round(steps * per)
    shown = f"{toks / steps:.2f}"
    line = sep.join(
        [f"{toks} tokens", "12.50s", "41.3 tok/s", f"accept {shown}{unit}", f"{steps} {noun}"]
    )
    (r,) = read_paste(line + "\n").records
    assert r.printed_length == float(shown)
    assert r.bonus.value == "included"
    assert r.accept_length == float(shown)


def test_counts_one_less_leave_the_bonus_out() -> None:
    line = "900 tokens · 30.0 tok/s · accept 1.25/round · 400 target fwds"
    (r,) = read_paste(line + "\n").records
    assert r.bonus.value == "excluded"
    assert r.accept_length == 2.25


def test_counts_that_disagree_decide_nothing() -> None:
    line = "900 tokens · 30.0 tok/s · accept 1.60/round · 400 target fwds"
    (r,) = read_paste(line + "\n").records
    assert r.accept_length is None


def test_sentences_are_no_fields() -> None:
    for text in (
        "On this bench we accept 2.50 tokens a step on average.\n",
        "the runs accept 2.30 per step and the baseline accept 1.00\n",
        "I would accept about 2.40  if it held.\n",
    ):
        assert not [r for r in read_paste(text).records if r.printed_length in (2.5, 2.3, 2.4)]
