"""A rate told with its step's make-up of one draft ('1 regular + 1 speculative, 93%
accepted'), then one later length printing 1 + that rate ('~1.93 accepted tokens per step'):
one run told twice, the length's record keeping the rate, bonus included. A make-up of more
than one draft, no make-up, a later length other than 1 + rate, or two such lengths leave the
two records as they were."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _paste(made_up: str, rate: int, length: str) -> str:
    return (
        "Without speculation a step is one token.\n\n"
        f"With the drafter a step produces about two tokens ({made_up}, {rate}% accepted).\n\n"
        f"So the engine runs 20 steps/sec x ~{length} accepted tokens per step = more tok/s.\n"
    )


@settings(max_examples=examples(40), deadline=None)
@given(
    made_up=st.sampled_from(
        [
            "1 regular + 1 speculative",
            "one target token + one draft token",
            "1 normal plus 1 drafted",
            "1 verified + 1 MTP token",
        ]
    ),
    rate=st.integers(40, 99),
)
def test_the_rate_and_its_tokens_a_step_are_one_run(read: Read, made_up: str, rate: int) -> None:
    got = read(_paste(made_up, rate, f"{1 + rate / 100:.2f}")).records
    assert len(got) == 1
    (r,) = got
    assert r.printed_length == round(1 + rate / 100, 2)
    assert r.accept_length == r.printed_length
    assert r.printed_rate is not None and round(r.printed_rate, 4) == rate / 100


@settings(max_examples=examples(30), deadline=None)
@given(
    case=st.sampled_from(
        [
            ("1 regular + 2 speculative", "1.93"),  # two drafts a step
            ("a regular token", "1.93"),  # no make-up
            ("1 regular + 1 speculative", "1.80"),  # not 1 + rate
        ]
    )
)
def test_near_misses_keep_both_records(read: Read, case: tuple[str, str]) -> None:
    made_up, length = case
    got = read(_paste(made_up, 93, length)).records
    assert len(got) == 2, made_up
    assert all(r.accept_length is None for r in got)
