"""A bare `accept=` field followed by the next `key=value` field of its line (`accept=6.8
gen=131.5`, a condensed per-batch log line) is read as a bare `accept:` is: a decimal from 1 to 16
a length (of unknown convention unless the paste decides it), a fraction a rate; one record a
line. A whole number, or words after the value (`accept=2.5 of them`), read nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(30), deadline=None)
@given(
    lengths=st.lists(st.integers(120, 790), min_size=2, max_size=6),
    other=st.sampled_from(["gen", "tput", "bs", "step_ms"]),
    gap=st.sampled_from([" ", "  ", "\t"]),
)
def test_each_line_of_fields_is_a_length(lengths: list[int], other: str, gap: str) -> None:
    rows = [f"accept={v / 100:.2f}{gap}{other}={40 + i}.5" for i, v in enumerate(lengths)]
    text = "Per decode batch, condensed:\n\n" + "\n".join(rows) + "\n"
    recs = read_paste(text).records
    assert [r.printed_length for r in recs] == [v / 100 for v in lengths]
    assert all(r.accept_length is None for r in recs)


def test_a_length_past_the_draft_steps_decides_the_bonus() -> None:
    # (3 draft steps: 3.62 must count the target's own token)
    text = (
        "--speculative-num-steps 3\n--speculative-eagle-topk 4\n\n"
        "Per decode batch:\n\naccept=3.62 gen=101.5\naccept=3.80 gen=99.0\n"
    )
    assert [(r.accept_length, r.tool) for r in read_paste(text).records] == [
        (3.62, "sglang"),
        (3.8, "sglang"),
    ]


def test_a_fraction_is_a_rate() -> None:
    text = "Per decode batch:\n\naccept=0.61 gen=101.5\n"
    assert [r.printed_rate for r in read_paste(text).records] == [0.61]


def test_words_or_a_whole_number_read_nothing() -> None:
    for line in ("accept=2.50 of them gen=3.1", "accept=3 gen=101.5"):
        recs = read_paste(f"Per decode batch:\n\n{line}\n").records
        assert all(r.printed_length != 2.5 and r.printed_length != 3 for r in recs), line
