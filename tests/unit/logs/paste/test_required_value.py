"""A value a check must see, its key bounded at that very value elsewhere in the paste
(`"spec_accept_length": 16.0` over `` `spec_accept_length >= 16` ``): the bound restated, no
record. A key bounded at another value, or no bound at all, is read as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_KEYS = ["spec_accept_length", "accept_length", "avg_accept_len", "mean_acceptance_length"]
_INTROS = [
    "The check passes only when the result contains:",
    "Validation requires this output:",
    "Expected result:",
]


def _paste(intro: str, key: str, value: float, bound: float, mark: str) -> str:
    return (
        f'{intro}\n\n```json\n{{\n  "passed": true,\n  "{key}": {value:.1f},\n'
        f'  "generated_tokens": 64\n}}\n```\n\n`{key} {mark} {bound:g}` means the whole block was '
        "accepted.\n"
    )


@settings(max_examples=examples(40), deadline=None)
@given(
    intro=st.sampled_from(_INTROS),
    key=st.sampled_from(_KEYS),
    value=st.integers(2, 16),
    mark=st.sampled_from([">=", "≥"]),
)
def test_a_value_its_key_is_bounded_at_is_no_record(
    intro: str, key: str, value: int, mark: str
) -> None:
    assert not read_paste(_paste(intro, key, value, value, mark)).records


@settings(max_examples=examples(40), deadline=None)
@given(key=st.sampled_from(_KEYS), value=st.integers(25, 60), bound=st.integers(2, 20))
def test_negative_control_a_value_bounded_elsewhere_stays(key: str, value: int, bound: int) -> None:
    # the measured 2.5-6.0 against a gate of 0.2-2.0: a run checked against its bound
    text = _paste("Our run printed:", key, value / 10, bound / 10, ">=")
    got = [r.printed_length for r in read_paste(text).records]
    assert got == [round(value / 10, 1)]


def test_negative_control_no_bound_in_the_paste_stays() -> None:
    text = 'Result:\n```json\n{"spec_accept_length": 3.2, "generated_tokens": 64}\n```\n'
    assert [r.printed_length for r in read_paste(text).records] == [3.2]
