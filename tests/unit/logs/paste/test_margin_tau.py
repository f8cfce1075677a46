"""τ after a word naming a measure of its own names no accept length: `margin` is one (a margin
is a gap or a threshold), so `margin_tau=1.5`, `margin τ` is a setting's parameter (a cut-off for
low-confidence drafts), never the accept length (the identifier joined: a word spaced before a
bare `tau=` is read by that key alone). A dataset's or configuration's name before τ
(`gsm8k τ`) still names the length measured on it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(["margin_tau", "Margin_τ", "margin-tau", "conf_margin_tau"]),
    sep=st.sampled_from(["=", ": ", " = "]),
    value=st.integers(5, 40),
)
def test_a_margin_tau_setting_is_no_length(read: Read, name: str, sep: str, value: int) -> None:
    assert C.key(name).metric is None
    text = (
        "Speculative decoding with a small drafter.\n\n"
        f"The {name}{sep}{value / 10:.1f} option cuts draft tails of low confidence.\n"
    )
    assert read(text).records == ()


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(["gsm8k τ", "MT-bench tau", "mean_tau", "tau"]),
    value=st.integers(150, 450),
)
def test_negative_control_a_dataset_before_tau_still_names_the_length(
    read: Read, name: str, value: int
) -> None:
    assert C.key(name).metric == C.LENGTH
    got = read(f"Speculative decoding.\n\n{name}: {value / 100:.2f}\n").records
    assert [r.printed_length for r in got] == [value / 100]


def test_the_example_of_the_docs() -> None:
    got = read_paste("Drafter tuning.\n\nmargin_tau=1.5 keeps the tails short.\n").records
    assert got == ()
