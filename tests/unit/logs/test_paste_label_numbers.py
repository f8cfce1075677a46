"""Numbers that are not the figure's value, over generated prose: a number inside the label
before its separator ('setup 2: ~2.34'), a count of what the figure was measured over ('AL over
the first 32 queries'), and figures the paste marks as not measured ('(mock numbers)', 'for
example ... would be'); each with a control that must still read (the pastes here are written
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


_MARKS = (
    "(mock numbers)",
    "(hypothetical)",
    "These are illustrative figures.",
    "(made-up numbers)",
    "Numbers are hypothetical.",
    "(placeholder values)",
)


@settings(max_examples=40, deadline=None)
@given(
    mark=st.sampled_from(_MARKS),
    where=st.sampled_from(("line", "title", "example")),
    values=st.lists(st.integers(105, 390), min_size=1, max_size=3, unique=True),
)
def test_figures_marked_as_not_measured_give_no_record(
    mark: str, where: str, values: list[int]
) -> None:
    listed = ", ".join(f"MTP{i + 1}: AL {v / 100:.2f}" for i, v in enumerate(values))
    body = f"With EAGLE-3 the settings would be [{listed}]"
    # control: without the mark the figures read
    assert _lengths(f"Speculative decoding results.\n\n{body}.\n") == [v / 100 for v in values]
    if where == "line":
        text = f"Speculative decoding results.\n\n{body} {mark}\n"
    elif where == "example":
        # no mark but an example in the conditional: what the figures would be
        text = f"Speculative decoding results.\n\nFor example, {body[0].lower()}{body[1:]}.\n"
    else:
        text = f"### Speculative decoding {mark.strip('().')}\n\n{body}.\n"
    got = read_paste(text)
    assert got.records == ()
    assert any("not measured" in b.reason for b in got.unread)


@settings(max_examples=20, deadline=None)
@given(
    title=st.sampled_from(
        (
            "Here's an example:",
            "Example:",
            "Output of examples/offline_inference/spec_decode.py:",
            "For example, on our cluster (e.g. 8xH100):",
        )
    ),
    value=st.integers(105, 490),
)
def test_a_real_run_titled_example_still_reads(title: str, value: int) -> None:
    v = value / 100
    text = (
        f"{title}\n\n"
        "```\n--------------------------------------------------\n"
        f"total_num_output_tokens: 2048\nnum_drafts: 512\nmean acceptance length: {v:.2f}\n"
        "--------------------------------------------------\n```\n"
    )
    assert _lengths(text) == [v]
