"""A field's snake_case identifier in a code span, then a space and its value, no separator
('(depth 4, 61 rounds, `tokens_per_round` 3.12, `accept_rate` 0.71)'): the span's backticks go,
so the field reads as its plain spelling ('tokens_per_round 3.12'). A code span of a path, a
command or words, or one followed by no number, is left as written."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import text as TX
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=40, deadline=None)
@given(
    length=st.integers(120, 590),
    rate=st.integers(40, 99),
    lead=st.sampled_from(["Reference run (", "The old arm logged ", "- baseline: "]),
    key=st.sampled_from(["tokens_per_round", "tokens_per_step", "mean_accept_len"]),
)
def test_a_coded_key_reads_as_its_plain_spelling(
    read: Read, length: int, rate: int, lead: str, key: str
) -> None:
    v = f"{length / 100:.2f}"
    coded = f"{lead}depth 4, 61 rounds, `{key}` {v}, `accept_rate` 0.{rate}).\n"
    plain = coded.replace("`", "")
    got = [(r.printed_length, r.accept_length, r.printed_rate) for r in read(coded).records]
    assert got == [(r.printed_length, r.accept_length, r.printed_rate) for r in read(plain).records]
    assert got and got[0][0] == length / 100


@settings(max_examples=20, deadline=None)
@given(v=st.integers(120, 590).map(lambda n: f"{n / 100:.2f}"))
def test_a_path_or_a_command_keeps_its_span(v: str) -> None:
    for line in (
        f"see `runs/window_39.json` {v}",
        f"ran `spec-bench` {v}",
        f"`accept_rate` is {v}",
    ):
        ((_, got),) = TX.prepare(line + "\n")[:1]
        assert "`" in got
