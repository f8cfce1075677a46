"""A figure quoted from another thread and cited by its number ('... or "accept len 1.00"
(SGLang, sglang#512)'): that thread's figure, no record of the paste (cited._QUOTE_CITED); and
a tool named only in such a citing bracket is not the printer of the paste's own figures
(tools.cited_only). A bracket citing no number, a first person before the quotation, the
quotation alone in the paste, or the tool named outside the bracket too keep them."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_QUOTES = [("“", "”"), ('"', '"')]
_REFS = ["sglang#{n}", "#{n}", "t/{n}", "https://github.com/o/r/issues/{n}"]
_OPENERS = [
    "The open reports so far say it either crashes or gives {q}",
    "Elsewhere the known state is {q}",
    "Older builds were stuck at {q}",
]


def _quoted(opener: str, quotes: tuple[str, str], low: str, ref: str) -> str:
    o, c = quotes
    return opener.format(q=f"{o}accept len {low}, 0% of drafts kept{c} (SGLang, {ref})") + "."


@settings(max_examples=examples(40), deadline=None)
@given(
    opener=st.sampled_from(_OPENERS),
    quotes=st.sampled_from(_QUOTES),
    ref=st.sampled_from(_REFS),
    number=st.integers(100, 99999),
    own=st.integers(180, 390),
)
def test_a_quoted_thread_figure_is_no_record(
    read: Read, opener: str, quotes: tuple[str, str], ref: str, number: int, own: int
) -> None:
    text = (
        "Speculation finally pays off on our SGLang nightly.\n"
        + _quoted(opener, quotes, "1.00", ref.format(n=number))
        + "\n"
        + f"With the fixed build we get accept len {own / 100:.2f} on the chat set.\n"
    )
    recs = read(text).records
    assert [r.printed_length for r in recs] == pytest.approx([own / 100])


@settings(max_examples=examples(30), deadline=None)
@given(quotes=st.sampled_from(_QUOTES), own=st.integers(180, 390))
def test_a_bracket_citing_no_number_keeps_the_figure(
    read: Read, quotes: tuple[str, str], own: int
) -> None:
    o, c = quotes
    text = (
        "Speculation finally pays off on our SGLang nightly.\n"
        f"The old build gave {o}accept len 1.00, 0% of drafts kept{c} (SGLang, last week).\n"
        f"With the fixed build we get accept len {own / 100:.2f} on the chat set.\n"
    )
    assert len(read(text).records) == 2


def test_the_writer_quoting_their_own_run_keeps_it(read: Read) -> None:
    text = (
        "Speculation finally pays off on our SGLang nightly.\n"
        "We logged “accept len 1.00, 0% of drafts kept” (SGLang, sglang#512) first.\n"
        "With the fixed build we get accept len 2.64 on the chat set.\n"
    )
    assert len(read(text).records) == 2


def test_the_quotation_alone_stays(read: Read) -> None:
    text = "Older builds were stuck at “accept len 1.00, 0% of drafts kept” (SGLang, sglang#512).\n"
    assert len(read(text).records) == 1


def test_a_tool_named_only_in_a_citation_is_not_the_printer(read: Read) -> None:
    text = (
        "Draft heads on the small box finally work, with a real gain, on a current SGLang dev build.\n"
        "Before, the reports were “it crashes” (vLLM, t/4242) or “no speedup” (vLLM, vllm#77).\n"
        "Now we get accept_len ≈ 2.6 at batch one.\n"
    )
    (rec,) = read(text).records
    assert rec.tool == "sglang"
    assert rec.accept_length == pytest.approx(2.6)


def test_a_tool_named_outside_the_citation_too_stays_named(read: Read) -> None:
    text = (
        "Draft heads on the small box finally work on a current SGLang dev build and on vLLM.\n"
        "Before, the reports were “it crashes” (vLLM, t/4242).\n"
        "Now we get accept_len ≈ 2.6 at batch one.\n"
    )
    (rec,) = read(text).records
    assert rec.tool == "unknown"
