"""τ as a knob the user turns: a line that sweeps the symbol ('quality holds across τ', 'at
every τ', 'sweeping tau') or switches it off ('τ off', 'tau disabled') names a setting, a gate's
threshold, never EAGLE's accept length (a measured figure is neither swept nor switched off); its
'τ=V' are that setting's values, no record. A line with no such word reads τ as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SWEPT = [
    "Quality stays level across τ",
    "Output matches the baseline at every tau",
    "We tried each τ in the grid",
    "Sweeping τ shows little change",
    "The gate was disabled (τ off) for the control",
    "With tau disabled the run is slower",
]


@settings(max_examples=examples(60), deadline=None)
@given(
    knob=st.sampled_from(_SWEPT),
    sym=st.sampled_from(["τ", "tau", "TAU"]),
    sep=st.sampled_from(["=", " = ", ": "]),
    value=st.decimals(min_value="0.05", max_value="0.95", places=2).map(str),
    before=st.booleans(),
)
def test_a_swept_or_switched_tau_sets_no_length(
    knob: str, sym: str, sep: str, value: str, before: bool
) -> None:
    set_it = f"the draft gate opens fully by {sym}{sep}{value}"
    line = f"{knob}; {set_it}." if before else f"{set_it.capitalize()}; {knob.lower()}."
    text = "Speculative decoding with a confidence-gated draft.\n\n" + line + "\n"
    assert read_paste(text).records == ()


def test_the_shape_through_the_pipeline(read: Read) -> None:
    text = "Accept quality is level across τ, and the gate saturates by τ=0.4 already.\n"
    assert read(text).records == ()


@settings(max_examples=examples(40), deadline=None)
@given(
    value=st.decimals(min_value="1.5", max_value="5.5", places=2).map(str),
    tail=st.sampled_from(
        [" on MT-bench.", " on the chat set, over all prompts.", " with tau on GSM8K."]
    ),
)
def test_negative_control_a_measured_tau_is_still_read(value: str, tail: str) -> None:
    # no sweep and no switch in the line: τ is EAGLE's accept length, as before
    text = f"The EAGLE-3 draft reaches τ={value}{tail}\n"
    assert [r.printed_length for r in read_paste(text).records] == [float(value)]


def test_negative_control_the_knob_words_in_another_line_leave_tau_read() -> None:
    text = (
        "The threshold is swept across every setting.\n\nThe EAGLE-3 draft reaches τ=3.12 here.\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [3.12]
