"""τ names a sampling temperature as often as EAGLE's accept length: after a sampling word
('temperature tau=1.5', 'Gumbel-softmax with τ = 0.5') it is no acceptance figure; elsewhere
(`τ = 3.42 on MT-bench`, a run at temperature 0) it is still read."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(30), deadline=None)
@given(
    word=st.sampled_from(
        ["temperature", "Temperature", "Gumbel-softmax with", "softmax temperature", "annealed"]
    ),
    sym=st.sampled_from(["tau", "τ", "(τ)"]),
    sep=st.sampled_from(["=", " = ", ": ", " of "]),
    value=st.decimals(min_value="0.1", max_value="5", places=1).map(str),
)
def test_a_temperature_tau_is_no_length(word: str, sym: str, sep: str, value: str) -> None:
    text = f"Speculative decoding with an EAGLE draft; we sample with {word} {sym}{sep}{value}.\n"
    assert read_paste(text).records == ()


def test_tau_elsewhere_is_still_the_accept_length() -> None:
    for text, want in (
        ("The EAGLE-3 draft reaches tau=3.1 on MT-bench.\n", 3.1),
        ("EAGLE-3 at temperature 0: τ = 3.42 on MT-bench.\n", 3.42),
    ):
        assert [r.printed_length for r in read_paste(text).records] == [want], text
