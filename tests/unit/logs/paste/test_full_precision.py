"""A check's message printing a measured value at a float's full precision ('Acceptance
0.39957939011566773 at token 0 is less than threshold 0.4'), then a table of the failing jobs
whose one row prints it again digit for digit: that row's run told, one record a row. Two
sentences printing one long value (two builds measuring the same), a value of fewer digits, or
two rows printing it keep every record."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import full_precision as FPR
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_MESSAGES = [
    "Acceptance {v} at token 0 is less than threshold 0.4",
    "acceptance rate {v} is below the 0.4 bar",
]


def _long(draw_digits: int, seed: int) -> str:
    """A float's value as a program prints it: 0. then ``draw_digits`` digits, no zero last nor
    first (a measured acceptance of 0.1 or more: '0.000000007' is no rate a run measures)."""
    body = f"{seed:0{draw_digits}d}"[-draw_digits:]
    return "0." + str(int(body[0]) or 3) + body[1:-1] + str(int(body[-1]) or 7)


def _table(values: list[str]) -> list[str]:
    return [
        "| job | python | observed `acceptance_at_token_0` | threshold |",
        "|---|---|---|---|",
        *[f"| `8962747{5800 + i}` | 3.1{i} | `{v}` | `0.4` |" for i, v in enumerate(values)],
    ]


@settings(max_examples=examples(30), deadline=None)
@given(
    digits=st.integers(9, 17),
    seeds=st.lists(st.integers(10**8, 10**17), min_size=2, max_size=3, unique=True),
    told=st.integers(0, 2),
    message=st.sampled_from(_MESSAGES),
)
def test_a_message_told_again_by_one_row_is_that_rows_run(
    read: Read, digits: int, seeds: list[int], told: int, message: str
) -> None:
    values = [_long(digits, s) for s in seeds]
    assume(len(set(values)) == len(values))
    said = values[min(told, len(values) - 1)]
    text = "\n".join(
        [
            "The regression test fails its acceptance assertion:",
            "```",
            message.format(v=said),
            "```",
            "",
            "### Failing jobs",
            "",
            *_table(values),
        ]
    )
    recs = read(text + "\n").records
    assert [r.per_position for r in recs] == [(float(v),) for v in values]


def _message_and_rows(said: str, values: list[str]) -> str:
    return "\n".join(
        [
            "```",
            f"Acceptance {said} at token 0 is less than threshold 0.4",
            "```",
            "",
            *_table(values),
        ]
    )


@settings(max_examples=examples(20), deadline=None)
@given(cents=st.lists(st.integers(1000, 3999), min_size=2, max_size=3, unique=True))
def test_negative_control_a_short_value_told_again_stays_two_records(cents: list[int]) -> None:
    values = [f"0.{c:04d}" for c in cents]
    recs = read_paste(_message_and_rows(values[0], values) + "\n").records
    assert len(recs) == len(values) + 1


def test_negative_control_two_rows_or_two_sentences_keep_every_record() -> None:
    v = "0.39957939011566773"
    # two rows print the value: which one the sentence tells is unsaid
    recs = read_paste(_message_and_rows(v, [v, v, "0.38689866939611056"]) + "\n").records
    assert len(recs) == 4
    # two sentences print it, no row: two builds measuring the same value
    text = (
        "Build 1:\n`FAILED test_acceptance - assert 0.8142514011208967 > 0.825`\n\n"
        "Build 2:\n`FAILED test_acceptance - assert 0.8142514011208967 > 0.825`\n"
    )
    before = read_paste(text).records
    assert FPR.fold(list(before), [0] * len(before))[0] == list(before)
