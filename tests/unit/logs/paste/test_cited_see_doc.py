"""A figure whose clause ends in a bracket pointing to another document for it ('(see
`notes.md`)', '（见 `notes.md`）', '(cf. run-3.txt)') is that document's figure quoted, no run of
the paste, where the paste holds its own figure too; a first person before it (the writer's run),
a bracket naming no document, or a paste of that figure alone keep it read (cited.py)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cited as CIT
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_OWN = (
    "| build | tok/s | acceptance rate |\n"
    "|---|---|---|\n"
    "| stock | 51.20 | 0.571 |\n"
    "| tuned | 38.40 | 0.294 |\n"
)
_POINTER = st.sampled_from(
    [
        "(see `{doc}`)",
        "（见 `{doc}`）",
        "（参见 {doc}）",
        "(cf. {doc})",
    ]
)
_DOC = st.sampled_from(["repeat-notes.md", "docs/repeat-text.md", "run-3.txt", "bench.v2.log"])
_SENTENCE = st.sampled_from(
    [
        "- On repeated text the same setup once reached acceptance rate {v} at 80.5 t/s {ptr}.",
        "- 同一实验在重复文本上曾测得接受率 {v} → 80.5 t/s{ptr}。",
        "- Repeated prompts: acceptance rate {v} {ptr}",
    ]
)


@settings(max_examples=examples(60), deadline=None)
@given(sentence=_SENTENCE, ptr=_POINTER, doc=_DOC, r=st.integers(61, 97))
def test_a_figure_pointed_to_another_document_is_quoted(
    read: Read, sentence: str, ptr: str, doc: str, r: int
) -> None:
    v = f"0.{r}"
    text = _OWN + "\n" + sentence.format(v=v, ptr=ptr.format(doc=doc)) + "\n"
    assert [x.printed_rate for x in read(text).records] == [0.571, 0.294]


@settings(max_examples=examples(30), deadline=None)
@given(ptr=_POINTER, doc=_DOC, r=st.integers(61, 97))
def test_negative_control_the_writers_own_run_stays(read: Read, ptr: str, doc: str, r: int) -> None:
    v = f"0.{r}"
    line = f"- On repeated text we measured acceptance rate {v} {ptr.format(doc=doc)}.\n"
    assert [x.printed_rate for x in read(_OWN + "\n" + line).records] == [0.571, 0.294, r / 100]


@settings(max_examples=examples(30), deadline=None)
@given(
    r=st.integers(61, 97),
    bracket=st.sampled_from(["(see below)", "(see the table)", "(long prompts)"]),
)
def test_negative_control_a_bracket_naming_no_document_stays(
    read: Read, r: int, bracket: str
) -> None:
    line = f"- On repeated text the setup reached acceptance rate 0.{r} {bracket}.\n"
    assert len(read(_OWN + "\n" + line).records) == 3


def test_negative_control_alone_in_the_paste_it_stays(read: Read) -> None:
    text = "- On repeated text the setup reached acceptance rate 0.83 (see `notes.md`).\n"
    assert [x.printed_rate for x in read(text).records] == [0.83]


def test_the_pointer_pattern_is_linear() -> None:
    import time

    line = "0.5 " + "a" * 5000 + "(see " + "b." * 3000
    t = time.perf_counter()
    for i in range(0, 200):
        CIT._SEE_DOC.match(line, i)
    assert time.perf_counter() - t < 0.5
