"""Acceptance figures in a sentence that names the acceptance as simulated or synthetic before
them ('the arms run with synthetic acceptance: the short arm uses k=3 / AL 2.60'): the values a
simulator was set to, no measurement, so no record (notrun.simulated_marks). Near misses: the
simulation turned off or set against a measurement in the sentence, the adjective on another
noun ('synthetic prompts'), a measured figure in another sentence of the line, a table row."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import notrun
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_PHRASES = [
    "simulated acceptance",
    "synthetic acceptance",
    "simulated synthetic acceptance",
    "a synthetic acceptance length",
    "simulated AL",
]
_FIGURES = ["AL {v}", "acceptance length {v}", "accept length of {v}", "AL={v}"]
_LEADS = ["- **Bench arms** run the draft with", "The load test drives the server with", "Uses"]


@settings(max_examples=examples(40), deadline=None)
@given(
    lead=st.sampled_from(_LEADS),
    phrase=st.sampled_from(_PHRASES),
    figure=st.sampled_from(_FIGURES),
    values=st.lists(st.integers(150, 450), min_size=1, max_size=3),
    dash=st.sampled_from([" — ", ": ", ", where "]),
)
def test_figures_after_a_simulated_acceptance_are_no_records(
    read: Read, lead: str, phrase: str, figure: str, values: list[int], dash: str
) -> None:
    arms = "; ".join(
        f"arm {chr(65 + i)} uses k={i + 2} / " + figure.format(v=f"{v / 100:.2f}")
        for i, v in enumerate(values)
    )
    text = f"Served with vLLM on eight cards.\n\n{lead} {phrase}{dash}{arms}. Cache in fp8.\n"
    got = read(text)
    assert got.records == ()


_MEASURED = [
    # the simulation off
    "Served with vLLM. Without simulated acceptance the draft reaches AL 2.73 on chat.\n",
    # set against a measurement
    "Served with vLLM. Simulated acceptance was 3.00 vs the measured AL 2.73 on chat.\n",
    # the adjective on the prompts
    "Served with vLLM. On synthetic prompts the draft reaches an acceptance length of 2.73.\n",
    # a measured figure in another sentence of the line
    "Served with vLLM. Set up with simulated acceptance off for the real arm. The real arm "
    "measured AL 2.73 on chat.\n",
    # a synthetic data set or test named after acceptance is what the run measured on
    "Served with vLLM. On the synthetic acceptance benchmark, AL was 2.73 on chat.\n",
    "Served with vLLM. Over the synthetic accept prompts the AL came out at 2.73.\n",
]


def test_a_measured_figure_beside_the_words_is_read(read: Read) -> None:
    for text in _MEASURED:
        assert 2.73 in [r.printed_length for r in read(text).records], text


def test_the_marks() -> None:
    marks = notrun.simulated_marks(
        [
            "Runs use synthetic acceptance: AL 3.10 on the long arm.",
            "| synthetic acceptance | 3.10 |",
            "Runs use synthetic acceptance. We measured AL 2.90 on the real one.",
            "The synthetic acceptance knob is documented below.",
        ]
    )
    assert list(marks) == [0]
