"""A value then a spaced hyphen opening an aside (interpret._FORMULA_AFTER, _ASIDE_WORDS): a
pronoun or a judging word after the hyphen ('0.52 - this is low', '2.7 - not great') is prose,
no minus, so the value is read; a hyphen before a formula's term ('1 - rejection rate', '0.5 -
alpha') is still a formula, no value."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples


@settings(max_examples=examples(30), deadline=None)
@given(
    key=st.sampled_from(["draft acceptance rate", "acceptance rate", "accept rate"]),
    sep=st.sampled_from([" = ", ": ", " is "]),
    value=st.integers(100, 990),
    aside=st.sampled_from(
        [
            "this is low",
            "that is fine",
            "not great",
            "pretty good",
            "so so",
            "quite bad",
            "ok I guess",
        ]
    ),
    lead=st.sampled_from(["", "I saw ", "Here, "]),
)
def test_a_value_before_an_aside_dash_is_read(
    read, key: str, sep: str, value: int, aside: str, lead: str
) -> None:
    text = f"{lead}{key}{sep}{value / 1000:.3f} - {aside}. Try a smaller draft.\n"
    got = read(text).records
    assert [r.printed_rate for r in got] == [value / 1000]


def test_a_formula_term_after_a_hyphen_is_no_value(read) -> None:
    for text in (
        "acceptance rate = 1 - rejection rate\n",
        "acceptance rate: 0.5 - alpha\n",
        "accept rate = 1 - p_reject\n",
    ):
        assert read(text).records == ()
