"""An accept length written with a multiplier's mark glued to its value, right before the
length's name (`3.1x average accept length`, `2.4× acceptance length`): the length itself,
convention unknown (interpret._times_length). A comparison after the mark (`1.5x higher accept
length`, `2x the accept length`) or after the name (`... improvement`, `... over v1`) is a ratio
of two lengths: no record."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _paste(line: str) -> str:
    return f"Highlights\n\n  • Architecture: a one-layer draft head\n  • {line}\n  • Training: 8,000 steps\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    tenths=st.integers(12, 59),
    mark=st.sampled_from(["x", "×", " x"]),
    stat=st.sampled_from(["", "average ", "mean ", "avg "]),
    name=st.sampled_from(["accept length", "acceptance length"]),
    tail=st.sampled_from([" for speculative decoding", " on the code set", ""]),
)
def test_a_length_with_a_multipliers_mark_is_the_length(
    read: Read, tenths: int, mark: str, stat: str, name: str, tail: str
) -> None:
    text = _paste(f"Performance: reaches {tenths / 10:.1f}{mark} {stat}{name}{tail}")
    got = read(text).records
    assert len(got) == 1, text
    assert got[0].printed_length == tenths / 10 and got[0].accept_length is None, text


@settings(max_examples=examples(30), deadline=None)
@given(
    tenths=st.integers(12, 59),
    phrase=st.sampled_from(
        [
            "{v}x higher accept length than the baseline",
            "{v}x the accept length of the old head",
            "{v}x accept length improvement over v1",
            "{v}x acceptance length over the baseline",
            "{v}x longer acceptance length",
        ]
    ),
)
def test_a_ratio_of_lengths_is_no_record(read: Read, tenths: int, phrase: str) -> None:
    text = _paste("Performance: reaches " + phrase.format(v=f"{tenths / 10:.1f}"))
    assert read(text).records == (), text
