"""A sentence giving its measurement to a printer of its own that is no tool (`the client's own
tally reads: mean_acc_len=2.84`) prints figures the tool named over the block did not print: the
tool is kept, its conventions decide nothing for them (tools `own_measure`). A figure in another
sentence of the same line, or one the engine's own words give (`the server's own log`,
`SGLang's own metrics`), reads as before."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_WHO = st.sampled_from(["client", "harness", "bench", "dashboard", "proxy"])
_WHAT = st.sampled_from(["capture", "tally", "counters", "stats", "report"])
_HEAD = "**Checked on SGLang.**\nThe SGLang server ran the whole suite.\n\n"


@given(who=_WHO, what=_WHAT, v=st.integers(1100, 5900))
def test_a_printer_of_its_own_decides_no_convention(
    read: Read, who: str, what: str, v: int
) -> None:
    text = _HEAD + f"The {who}'s own {what} agrees: `mean_acc_len={v / 1000:.3f}` overall.\n"
    got = read(text).records
    assert [(r.tool, r.printed_length, r.accept_length) for r in got] == [
        ("sglang", round(v / 1000, 3), None)
    ]


@given(who=_WHO, what=_WHAT, a=st.integers(3001, 5900), b=st.integers(110, 290))
def test_the_next_sentence_is_the_tools(read: Read, who: str, what: str, a: int, b: int) -> None:
    text = _HEAD + (
        f"The {who}'s own {what} agrees: `mean_acc_len={a / 1000:.3f}`. Engine log: "
        f"`accept len: {b / 100:.2f}`.\n"
    )
    got = {r.printed_length: r.accept_length for r in read(text).records}
    assert got[round(a / 1000, 3)] is None
    assert got[round(b / 100, 2)] == round(b / 100, 2)


@given(who=st.sampled_from(["server", "engine", "SGLang"]), v=st.integers(110, 590))
def test_the_tools_own_words_still_decide(read: Read, who: str, v: int) -> None:
    text = _HEAD + f"The {who}'s own log agrees: `accept len: {v / 100:.2f}` overall.\n"
    got = read(text).records
    assert [(r.tool, r.accept_length) for r in got] == [("sglang", round(v / 100, 2))]
