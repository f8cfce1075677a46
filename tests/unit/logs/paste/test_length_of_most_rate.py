"""A length out of the most tokens a step emits, beside its per-draft rate: '2.9 of four total
tokens/step' (or '2.9 / 4', '2.9 out of 4') with 63.3%. Where 1 + (most - 1) x rate gives the
length, the most is k + 1 and the length counts the target's token (evidence.record). The
most x rate (a share of the ceiling), another most, or a most that is no tokens a step ('of 4
runs') decide nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_WORDS = {3: "three", 4: "four", 5: "five", 6: "six", 8: "eight"}
_LENGTH_KEYS = ["mean acceptance length", "accept length", "mean accepted length"]
_RATE_KEYS = ["draft acceptance", "draft acceptance rate", "acceptance rate"]


def _most(most: int, form: str) -> str:
    return {
        "word": f" of {_WORDS[most]} total tokens/step",
        "digit": f" of {most} tokens per step",
        "a step": f" of {most} possible tokens a step",
        "slash": f" / {most}",
        "out of": f" out of {most}",
    }[form]


@settings(max_examples=examples(60), deadline=None)
@given(
    most=st.sampled_from(sorted(_WORDS)),
    rate=st.integers(2000, 9500),
    form=st.sampled_from(["word", "digit", "a step", "slash", "out of"]),
    length_key=st.sampled_from(_LENGTH_KEYS),
    rate_key=st.sampled_from(_RATE_KEYS),
    bullet=st.sampled_from(["- ", "* ", ""]),
    rate_first=st.booleans(),
)
def test_one_plus_most_less_one_times_rate_counts_the_bonus(
    most: int,
    rate: int,
    form: str,
    length_key: str,
    rate_key: str,
    bullet: str,
    rate_first: bool,
) -> None:
    r = rate / 10000
    length = 1 + (most - 1) * r
    lines = [
        f"{bullet}{length_key}: {length:.3f}{_most(most, form)}",
        f"{bullet}{rate_key}: {rate / 100:.2f}%",
    ]
    text = "Steady decode sample:\n\n" + "\n".join(lines[::-1] if rate_first else lines) + "\n"
    got = [(x.printed_length, x.accept_length) for x in read_paste(text).records]
    assert got == [(pytest.approx(round(length, 3)), pytest.approx(round(length, 3)))]


@pytest.mark.parametrize(
    "text",
    [
        # the length is most x rate: also the share of the ceiling it is, nothing decided
        "- mean acceptance length: 2.800 of 4 total tokens/step\n- draft acceptance: 70.00%\n",
        # 1 + (most - 1) x rate does not give it
        "- mean acceptance length: 3.500 of 4 total tokens/step\n- draft acceptance: 70.00%\n",
        # the most is runs, not tokens a step
        "- mean acceptance length: 3.100 of 4 runs\n- draft acceptance: 70.00%\n",
        # no rate beside it
        "- mean acceptance length: 3.100 of four total tokens/step\n- decode: 61.0 tok/s\n",
    ],
)
def test_negative_control_no_convention(read: Read, text: str) -> None:
    got = read(text).records
    assert got and all(x.accept_length is None for x in got)
