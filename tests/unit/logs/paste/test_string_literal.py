"""A string literal written as pieces on consecutive lines, a sentence running on across the
quotes (implicit concatenation: a prompt, a message a program holds): its figures are the
program's text, no run; quoted log lines, one to a line, and a JSON array of them are read."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


def _prompt(a: float, b: float, indent: str, call: str) -> str:
    return (
        f"{call}(\n"
        f'{indent}"You are on call for a chat service. After the draft head was retrained the "\n'
        f'{indent}"mean acceptance length fell from {a:.1f} to {b:.1f} on short replies. "\n'
        f'{indent}"Explain what you would check first.",\n'
        f"{indent}max_tokens=512,\n"
        ")\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    a=st.floats(1.5, 4.5),
    b=st.floats(1.1, 1.4),
    indent=st.sampled_from(["    ", "        ", "\t"]),
    call=st.sampled_from(["Scenario", "make_request", "prompts.append"]),
)
def test_figures_in_a_string_literal_over_lines_are_no_run(
    a: float, b: float, indent: str, call: str
) -> None:
    got = read_paste(_prompt(a, b, indent, call))
    assert got.records == ()


def test_negative_control_quoted_log_lines_are_read() -> None:
    lines = [
        '"SpecDecoding metrics: Mean acceptance length: 2.31, Accepted: 131 tokens, '
        'Drafted: 300 tokens"',
        '"SpecDecoding metrics: Mean acceptance length: 2.44, Accepted: 144 tokens, '
        'Drafted: 300 tokens"',
    ]
    for sep in ("", ","):
        text = "server output, quoted:\n" + (sep + "\n").join(lines) + "\n"
        got = read_paste(text).records
        assert [r.printed_length for r in got] == [2.31, 2.44], sep


def test_negative_control_prose_with_one_quoted_run_is_read() -> None:
    got = read_paste(
        'Our run said "mean acceptance length 2.61 over 400 steps" and we kept it.\n'
    ).records
    assert [r.printed_length for r in got] == [2.61]
