"""Prose about a knob that forces the acceptance, and a figure's name as a formula's term: no
record. `(AL - 1) / num_speculative_tokens` is a conversion (its 1 is no accept length);
`a forced acceptance length of 2.5`, `requested AL = 3` set a knob (notrun.py), what the run
shows echoes it. A value after a dash (`Mean AL - 2.61`) and a measured figure beside a word
like `forced` that names no knob (`the forced decoding path measured ...`) are still read."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_LEAD = "ATOM speculative decoding, release notes.\n\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(["AL", "τ", "accept_length", "acceptance length", "`AL`"]),
    op=st.sampled_from(["-", "−", "+"]),
    n=st.sampled_from(["1", "1.0", "2"]),
    tail=st.sampled_from([" / num_speculative_tokens", " / k", " / 3", ""]),
)
def test_a_figure_s_name_as_a_formula_s_term_is_no_record(
    name: str, op: str, n: str, tail: str
) -> None:
    text = (
        f"{_LEAD}- **Unit.** The knob took a rate, so a published AL had to be hand-converted "
        f"through ({name} {op} {n}){tail}, an off-by-one waiting to happen.\n"
    )
    assert read_paste(text).records == ()


def test_the_knob_s_release_note_is_no_record() -> None:
    text = (
        f"{_LEAD}- **Unit.** The knob took an acceptance *rate*, so a published AL had to be "
        "hand-converted through `(AL - 1) / num_speculative_tokens`. `--spec-decode-acceptance-"
        "length` now takes the AL directly, counting the target's guaranteed token exactly as "
        "vLLM's `synthetic_acceptance_length` and SGLang's `SGLANG_SIMULATE_ACC_LEN` do.\n"
    )
    assert read_paste(text).records == ()


@pytest.mark.parametrize(
    "sentence",
    [
        "A forced acceptance length of 2.5 counts the target's guaranteed token.",
        "The requested AL = 3 run came back at 2.98.",
        "With the injected accept rate set to 0.8 every engine matches.",
        "The pinned accept length: 4 in every arm.",
    ],
)
def test_a_knob_named_in_words_with_its_value_is_no_record(sentence: str) -> None:
    assert read_paste(f"{_LEAD}{sentence}\n").records == ()


@pytest.mark.parametrize(
    ("sentence", "length"),
    [
        ("Mean AL - 2.61 on chat.", 2.61),
        ("The forced decoding path measured an accept length of 2.6.", 2.6),
        ("We forced greedy sampling; the accept length was 2.6.", 2.6),
    ],
)
def test_negative_control_a_value_after_a_dash_or_beside_no_knob_is_read(
    sentence: str, length: float
) -> None:
    (r,) = read_paste(f"{_LEAD}{sentence}\n").records
    assert r.printed_length == pytest.approx(length)
