"""Numbers that are not the figure's value, over generated prose: a number inside the label
before its separator ('setup 2: ~2.34'), a count of what the figure was measured over ('AL over
the first 32 queries'); each with a control that must still read (the pastes here are written
here)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste

_LENGTH_NAMES = ("Accept length", "Acceptance length", "AL", "avg accept length", "acc len")
_LABELS = ("setup", "run", "config", "case", "trial", "model")
_APPROX = ("", "~", "~ ", "≈", "≈ ", "about ", "around ")


def _lengths(text: str) -> list[float]:
    return [r.printed_length for r in read_paste(text).records if r.printed_length is not None]


@settings(max_examples=50, deadline=None)
@given(
    name=st.sampled_from(_LENGTH_NAMES),
    qual=st.sampled_from(("for ", "of ", "in ", "at ", ", ")),
    label=st.sampled_from(_LABELS),
    n=st.integers(1, 64),
    sep=st.sampled_from((": ", " = ", ":  ")),
    approx=st.sampled_from(_APPROX),
    value=st.integers(105, 790),
    bullet=st.sampled_from(("", "- ", "* ")),
)
def test_a_number_inside_the_label_is_never_the_value(
    name: str, qual: str, label: str, n: int, sep: str, approx: str, value: int, bullet: str
) -> None:
    v = value / 100
    sp = "" if qual.startswith(",") else " "
    text = f"Results on MT-bench:\n{bullet}{name}{sp}{qual}{label} {n}{sep}{approx}{v:.2f}\n"
    assert _lengths(text) == [v]
    # the label alone, its value missing: the label's number is no figure either
    assert _lengths(f"Results on MT-bench:\n{bullet}{name}{sp}{qual}{label} {n}{sep}n/a\n") == []


@settings(max_examples=50, deadline=None)
@given(
    name=st.sampled_from(_LENGTH_NAMES + ("acceptance rate",)),
    qual=st.sampled_from(("over", "across", "for", "of", "on")),
    first=st.sampled_from(("the first ", "the last ", "the ", "")),
    n=st.integers(2, 2000),
    noun=st.sampled_from(("queries", "requests", "prompts", "samples", "questions")),
    tail=st.sampled_from(("", " in the AA dataset", " of MT-bench", ".")),
    value=st.integers(105, 390),
    with_value=st.booleans(),
)
def test_a_count_of_what_the_figure_was_measured_over_is_not_its_value(
    name: str,
    qual: str,
    first: str,
    n: int,
    noun: str,
    tail: str,
    value: int,
    with_value: bool,
) -> None:
    v = value / 100
    line = f"{name} {qual} {first}{n} {noun}{tail}"
    if with_value:
        line += f": {v:.2f}" if not tail.endswith(".") else f" It was {v:.2f}."
    got = read_paste(f"Speculative decoding with EAGLE-3.\n\n{line}\n").records
    figs = [r.printed_length if r.printed_length is not None else r.printed_rate for r in got]
    assert float(n) not in figs
    if not with_value:
        assert figs == []
