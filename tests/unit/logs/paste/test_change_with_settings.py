"""A figure's change whose first value is followed by the setting it was measured at
(interpret._FROM_TO's 'at' group): 'falls from ~0.8 at 1K-token prompts to 0.22 at 12K' is two
runs' values, as 'from 0.8 to 0.22' is. The setting is a few words after 'at', one of them
holding a digit; 'at best' (no setting) leaves the sentence unread as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_SETTINGS = st.sampled_from(
    [("2K-token prompts", "16K"), ("batch 1", "batch 32"), ("4k context", "32k context"),
     ("T=0", "T=1"), ("depth 2", "depth 6")]
)  # fmt: skip
_VERBS = st.sampled_from(["falls", "drops", "went", "declines", "goes"])


@settings(max_examples=examples(50), deadline=None)
@given(
    pair=_SETTINGS,
    verb=_VERBS,
    a=st.integers(50, 95),
    b=st.integers(5, 45),
    percent=st.booleans(),
    hedge=st.sampled_from(["", "~", "about "]),
    bold=st.booleans(),
)
def test_both_values_of_a_change_with_their_settings_are_read(
    pair: tuple[str, str], verb: str, a: int, b: int, percent: bool, hedge: str, bold: bool
) -> None:
    sa, sb = pair
    va, vb = (f"{a}%", f"{b}%") if percent else (f"0.{a}", f"0.{b:02d}")
    second = f"**{vb} at {sb}**" if bold else f"{vb} at {sb}"
    text = (
        "With the draft model on, speculative decoding degrades with context: "
        f"draft acceptance {verb} from {hedge}{va} at {sa} to {second}.\n"
    )
    got = [r.printed_rate for r in read_paste(text).records]
    assert got == [a / 100, b / 100]


def test_negative_control_at_best_is_no_setting() -> None:
    text = "With the draft model on, the acceptance rate went from 61% at best to 44%.\n"
    assert read_paste(text).records == ()
