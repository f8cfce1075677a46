"""α measured in speculative-decoding prose ('measuring an untrained draft against the small
target gives alpha ≈ 0.02'): the acceptance rate of Leviathan et al., a rate record with no
length (alpha.py). Never a hypothetical, a formula, another alpha (LoRA's, a significance
level), nor in a paste that never speaks of speculation."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read


@pytest.mark.parametrize(
    ("text", "rate"),
    [
        (
            "Concretely, measuring an untrained draft against the small target gives alpha ≈ 0.02 "
            "and a 0.7x speedup.\n",
            0.02,
        ),
        ("For this draft/target pair we measured α = 0.62 on MT-bench.\n", 0.62),
        (
            "Speculative decoding: with the 1B draft, alpha came out at 0.58 over 200 prompts.\n",
            0.58,
        ),
        ("Speculative decoding: we got an empirical alpha of 0.66 with the 68M draft.\n", 0.66),
        ("Speculative decoding with the 1B draft: alpha is 71% on chat prompts.\n", 0.71),
        (
            "Speculative decoding: the target needs alpha above 0.6 to pay; we measured "
            "alpha = 0.45.\n",
            0.45,
        ),
    ],
)
def test_a_measured_alpha_is_a_rate_record(read: Read, text: str, rate: float) -> None:
    got = read(text).records
    assert [(r.printed_rate, r.accept_length, r.printed_length) for r in got] == [
        (pytest.approx(rate), None, None)
    ]


@pytest.mark.parametrize(
    "text",
    [
        "Speculative decoding: if alpha = 0.8 and gamma = 4, a step would emit 3.36 tokens.\n",
        "Speculative decoding: assuming the draft's alpha is 0.7, the draft pays off.\n",
        "Speculative decoding: say alpha is 0.9; then the draft wins.\n",
        "Speculative decoding: the expected tokens are (1 - alpha^5) / (1 - alpha) with alpha ^ 2.\n",
        "Speculative decoding draft: the LoRA alpha is 0.5 for the adapter.\n",
        "Speculative decoding draft model: we measured significance at alpha = 0.05.\n",
        # no speculative word anywhere: another alpha
        "The A/B test of the checkout page: we measured alpha = 0.05 and accepted the change.\n",
    ],
)
def test_alpha_not_measured_or_another_alpha_is_no_record(read: Read, text: str) -> None:
    assert read(text).records == ()


@settings(max_examples=20, deadline=None)
@given(
    verb=st.sampled_from(["gives", "gave", "measured", "we got", "yields"]),
    sym=st.sampled_from(["alpha", "α"]),
    sep=st.sampled_from([" = ", " ≈ ", " of ", " "]),
    x=st.integers(min_value=1, max_value=99),
    hypo=st.sampled_from(["if the draft", "assuming the draft", "suppose the draft"]),
)
def test_generated_measured_and_hypothetical_alphas(
    verb: str, sym: str, sep: str, x: int, hypo: str
) -> None:
    from specdiag.core.logs.paste import read_paste

    v = f"0.{x:02d}"
    measured = read_paste(f"Speculative decoding: the 68M draft {verb} {sym}{sep}{v} here.\n")
    assert [r.printed_rate for r in measured.records] == [pytest.approx(x / 100)]
    hypothetical = read_paste(f"Speculative decoding: {hypo} {verb} {sym}{sep}{v} here.\n")
    assert hypothetical.records == ()
