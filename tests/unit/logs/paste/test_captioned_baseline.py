"""A bench line printing a length of 1.00 under a short caption naming the run without
speculation ('w/o spec:', '**Baseline**:', '### no MTP:'), fenced or not: plain decoding's one
token a step, no record; the captioned speculative run beside it stays. Another length under
such a caption, a caption that is a sentence or names a method, and a line with a rate stay
records."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.captioned_baseline import caption_above
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_OFF = ["w/o spec", "Baseline", "no MTP", "without speculation", "No spec", "vanilla"]
_ON = ["MTP", "EAGLE3", "with draft model", "spec k=4"]


def _caption(word: str, markup: str) -> str:
    return {
        "plain": f"{word}:",
        "bold": f"**{word}**:",
        "heading": f"### {word}:",
        "item": f"- {word}:",
    }[markup]


def _run(caption: str, line: str, fenced: bool, blank: bool) -> list[str]:
    out = [caption]
    if blank:
        out.append("")
    return [*out, "```", line, "```"] if fenced else [*out, line]


def _line(n: int, tput: str, key: str, value: str) -> str:
    return f"#prompts: {n}, Throughput: {tput} token/s, {key}: {value}"


@settings(max_examples=examples(25), deadline=None)
@given(
    off=st.sampled_from(_OFF),
    on=st.sampled_from(_ON),
    markup=st.sampled_from(["plain", "bold", "heading", "item"]),
    fenced=st.booleans(),
    blank=st.booleans(),
    key=st.sampled_from(["Accept length", "Acceptance length", "accept_length"]),
    hundredths=st.integers(130, 480),
    off_first=st.booleans(),
)
def test_the_captioned_run_without_drafts_is_no_record(
    read: Read,
    off: str,
    on: str,
    markup: str,
    fenced: bool,
    blank: bool,
    key: str,
    hundredths: int,
    off_first: bool,
) -> None:
    length = f"{hundredths / 100:.2f}"
    base = _run(_caption(off, markup), _line(60, "48.20", key, "1.00"), fenced, blank)
    spec = _run(_caption(on, markup), _line(60, "97.55", key, length), fenced, blank)
    runs = [base, spec] if off_first else [spec, base]
    text = "Bench of the draft head on one GPU:\n\n" + "\n".join(runs[0] + runs[1]) + "\n"
    got = read(text).records
    assert [r.printed_length for r in got] == [float(length)]


@settings(max_examples=examples(15), deadline=None)
@given(on=st.sampled_from(_ON), markup=st.sampled_from(["plain", "bold", "heading", "item"]))
def test_negative_control_a_method_caption_keeps_its_one(read: Read, on: str, markup: str) -> None:
    # a run of a method printing 1.00 measured that its drafts were all rejected: a record
    text = "\n".join(
        _run(_caption(on, markup), _line(8, "30.10", "Accept length", "1.00"), True, False)
    )
    assert [r.printed_length for r in read(text + "\n").records] == [1.0]


def test_negative_control_another_length_under_a_baseline_caption_stays(read: Read) -> None:
    text = "w/o spec:\n```\n" + _line(8, "30.10", "Accept length", "1.35") + "\n```\n"
    assert [r.printed_length for r in read(text).records] == [1.35]


def test_negative_control_a_sentence_above_is_no_caption(read: Read) -> None:
    text = (
        "We measured the plain run w/o spec first and then the method, both on one card:\n"
        "```\n" + _line(8, "30.10", "Accept length", "1.00") + "\n```\n"
    )
    assert [r.printed_length for r in read(text).records] == [1.0]


def test_caption_above_skips_fences_and_blank_lines_only() -> None:
    raw = ["no spec:", "", "```", "Accept length: 1.00", "```"]
    assert caption_above(4, raw) == "no spec"
    assert caption_above(4, ["Results w/o spec are below", "```", "Accept length: 1.00"]) is None
    assert caption_above(3, ["no spec:", "text", "Accept length: 1.00"]) is None
