"""`--spec-tokens N` (and `--num-spec-tokens N`) states the draft tokens a step, as
`--num-speculative-tokens` does: a length that is 1 + k x rate for that k counts the bonus."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


def _note(flag: str, length: float, rate: float) -> str:
    return (
        f"Turned on MTP with `--spec-method mtp {flag}` on our box.\n\n"
        f"- Mean acceptance length: {length:.2f}, acceptance rate: {rate * 100:.1f}%\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(k=st.integers(1, 6), share=st.integers(300, 950), num=st.booleans())
def test_a_length_of_one_plus_k_times_the_rate_counts_the_bonus(
    k: int, share: int, num: bool
) -> None:
    rate = share / 1000
    length = 1 + k * rate
    flag = f"--{'num-' if num else ''}spec-tokens {k}"
    (r,) = read_paste(_note(flag, length, rate)).records
    assert r.accept_length is not None and abs(r.accept_length - round(length, 2)) < 1e-9


@settings(max_examples=examples(30), deadline=None)
@given(k=st.integers(3, 6), share=st.integers(300, 600), flag=st.booleans())
def test_a_length_no_identity_fits_stays_open(k: int, share: int, flag: bool) -> None:
    # a length half a token off both 1 + k x rate and k x rate, below k: nothing decides;
    # without the flag no k is stated at all
    rate = share / 1000
    length = k * rate + 0.5
    (r,) = read_paste(_note(f"--spec-tokens {k}" if flag else "", length, rate)).records
    assert r.accept_length is None
