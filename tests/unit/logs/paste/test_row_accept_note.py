"""A run's aligned row closing on a bracket note of its acceptance (row_accept.py): ``accept
N%`` in the note is the run's acceptance rate, ``accept A-B%`` its record of no figure (before:
no record either way, ``accept`` alone naming no figure). Near misses stay unread: the note in a
sentence (a range in a sentence is no record), a note of something else (``(no MTP)``,
``(accepted by reviewers)``), a row with no speed or size figure."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_NAMES = ["engA", "FastRun", "kv-serve", "Mlxr", "turbo_lm"]
_QUANTS = ["q4", "q8_0", "int4-g64", "fp16"]
_METHODS = ["draft head", "MTP", "Eagle head", "n-gram lookup"]
_WORDS = ["accept", "accepted", "acceptance", "accept:"]
_UNITS = ["tok/s", "t/s", "tokens/s"]
_JOINERS = ["-", "–", " - ", " to "]
_OTHER_NOTES = ["(no MTP)", "(accepted by reviewers)", "(baseline)", "(accept 3 of 4 drafts)"]


@st.composite
def _row(draw: st.DrawFn, note: str) -> str:
    """A run's row: name, version, quantization, size, speed in space-aligned columns, the note
    last."""
    name = draw(st.sampled_from(_NAMES))
    ver = f"{draw(st.integers(0, 3))}.{draw(st.integers(0, 9))}.{draw(st.integers(0, 9))}"
    quant = draw(st.sampled_from(_QUANTS))
    size = f"{draw(st.integers(2, 90))}.{draw(st.integers(0, 99)):02d} GB"
    speed = f"{draw(st.integers(5, 200))}.{draw(st.integers(0, 9))} {draw(st.sampled_from(_UNITS))}"
    gaps = [" " * draw(st.integers(2, 6)) for _ in range(5)]
    cells = [name, ver, quant, size, speed, note]
    return "".join(c + g for c, g in zip(cells[:-1], gaps, strict=True)) + note


def _block(lines: list[str], fenced: bool) -> str:
    head = "Measured on one laptop, same model and machine:\n\n"
    body = "\n".join(lines)
    return head + (f"```text\n{body}\n```\n" if fenced else body + "\n")


@settings(max_examples=examples(30), deadline=None)
@given(
    data=st.data(),
    share=st.integers(20, 98),
    word=st.sampled_from(_WORDS),
    method=st.sampled_from(_METHODS),
    fenced=st.booleans(),
)
def test_a_single_share_in_a_rows_note_is_its_rate(
    read: Read, data: st.DataObject, share: int, word: str, method: str, fenced: bool
) -> None:
    base = data.draw(_row("(no speculation)"))
    run = data.draw(_row(f"({method}, {word} {share}%)"))
    recs = read(_block([base, run], fenced)).records
    assert len(recs) == 1
    assert recs[0].printed_rate is not None
    assert abs(recs[0].printed_rate - share / 100) < 1e-9
    assert recs[0].printed_length is None and recs[0].accept_length is None


@settings(max_examples=examples(30), deadline=None)
@given(
    data=st.data(),
    lo=st.integers(20, 90),
    gap=st.integers(1, 9),
    word=st.sampled_from(_WORDS),
    joiner=st.sampled_from(_JOINERS),
    method=st.sampled_from(_METHODS),
    fenced=st.booleans(),
)
def test_a_range_in_a_rows_note_is_a_record_of_no_figure(
    read: Read,
    data: st.DataObject,
    lo: int,
    gap: int,
    word: str,
    joiner: str,
    method: str,
    fenced: bool,
) -> None:
    hi = lo + gap
    base = data.draw(_row("(no speculation)"))
    run = data.draw(_row(f"({method}, {word} {lo}{joiner}{hi}%)"))
    recs = read(_block([base, run], fenced)).records
    assert len(recs) == 1
    r = recs[0]
    assert (r.printed_length, r.accept_length, r.printed_rate, r.accept_rate) == (
        None,
        None,
        None,
        None,
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    speed=st.integers(5, 200),
    lo=st.integers(20, 90),
    gap=st.integers(1, 9),
    joiner=st.sampled_from(_JOINERS),
    word=st.sampled_from(_WORDS),
)
def test_a_range_in_a_sentence_stays_unread(
    read: Read, name: str, speed: int, lo: int, gap: int, joiner: str, word: str
) -> None:
    text = (
        f"Earlier today {name} ran at {speed} tok/s ({word} {lo}{joiner}{lo + gap}%) on the "
        "coding prompts.\n"
    )
    assert read(text).records == ()


@settings(max_examples=examples(30), deadline=None)
@given(data=st.data(), note=st.sampled_from(_OTHER_NOTES), fenced=st.booleans())
def test_a_note_of_something_else_stays_unread(
    read: Read, data: st.DataObject, note: str, fenced: bool
) -> None:
    rows = [data.draw(_row("(no speculation)")), data.draw(_row(note))]
    assert read(_block(rows, fenced)).records == ()


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    quant=st.sampled_from(_QUANTS),
    lo=st.integers(20, 90),
    gap=st.integers(1, 9),
    joiner=st.sampled_from(_JOINERS),
)
def test_a_row_of_no_speed_or_size_keeps_its_range_unread(
    read: Read, name: str, quant: str, lo: int, gap: int, joiner: str
) -> None:
    text = f"```text\n{name}    {quant}    release    (MTP, accept {lo}{joiner}{lo + gap}%)\n```\n"
    assert read(text).records == ()
