"""α as a bench line's field ('alpha=0.95') beside a speculative arm named on the same line
('mtp256: 40.1 t/s (1.28x, alpha=0.93, draft 22% verify 65% ...)'): the arm's measured
acceptance rate, one record a line, no length (drafts per step not told); the time shares
after it ('draft 22%') are no rate and no label. Another alpha (LoRA's, an EMA's, a sampler's)
or a line naming no speculation stays unread."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(25), deadline=None)
@given(
    alphas=st.lists(st.integers(40, 99), min_size=1, max_size=3),
    arm=st.sampled_from(["mtp", "draft", "spec", "eagle"]),
    sep=st.sampled_from(["=", ": "]),
)
def test_alpha_fields_of_speculative_arms_are_rates(alphas: list[int], arm: str, sep: str) -> None:
    lines = ["Bench on the laptop GPU:", "", "```"]
    for i, a in enumerate(alphas):
        n = 64 * (i + 1)
        lines.append(
            f"base{n}: 30.{i} t/s | {arm}{n}: 40.{i} t/s (1.3{i}x, alpha{sep}0.{a:02d}, "
            f"draft 2{i}% verify 6{i}% catchup 1{i}%)"
        )
    lines.append("```")
    got = read_paste("\n".join(lines) + "\n").records
    assert [r.printed_rate for r in got] == [a / 100 for a in alphas]
    assert all(r.accept_length is None and r.printed_length is None for r in got)
    assert all(k != "draft" for r in got for k, _ in r.labels)


def test_negative_control_lora_alpha_and_an_ema_alpha() -> None:
    text = (
        "Fine-tuning the draft head:\n\n"
        "lora_r=16 lora_alpha=32 lr=2e-4\n"
        "ema alpha=0.9 for the draft head weights\n"
    )
    assert not read_paste(text).records


def test_negative_control_alpha_in_a_text_without_speculation() -> None:
    text = (
        "Sampler settings:\n\n"
        "run1: 12.1 it/s (alpha=0.90, top_p 0.95)\n"
        "run2: 11.8 it/s (alpha=0.85, top_p 0.95)\n"
    )
    assert not read_paste(text).records


def test_negative_control_a_hypothetical_alpha_field() -> None:
    text = "If the MTP head had alpha=0.9, the speedup would be about 1.8x.\n"
    assert all(r.printed_rate is None for r in read_paste(text).records)


# a speculative-sampling setup in the paper's terms, then its output's α field (our own text)
def _setup_runs(alphas: list[int], setup: str, gamma: str = "4") -> str:
    out = []
    for a in alphas:
        out += [
            "Settings:",
            *(s.replace("{g}", gamma) for s in setup.split("|")),
            "",
            "```",
            "Overall: base 210.5 tok/s, new 260.2 tok/s -> 1.24 X",
            f"Average alpha: 0.{a:02d}",
            "Per task: chat 1.31 X, code 1.12 X",
            "```",
            "",
        ]
    return "\n".join(out)


_SETUP = "* Target: acme/large|* Approx: acme/tiny|* gamma: {g}"


@settings(max_examples=examples(20), deadline=None)
@given(
    alphas=st.lists(st.integers(10, 95), min_size=1, max_size=3),
    setup=st.sampled_from(
        [_SETUP, "- target_model = acme/large|- draft_model = acme/tiny|- γ = {g}"]
    ),
)
def test_alpha_field_of_a_speculative_sampling_setup_is_a_rate(
    read: Read, alphas: list[int], setup: str
) -> None:
    got = read(_setup_runs(alphas, setup)).records
    assert [r.printed_rate for r in got] == [a / 100 for a in alphas]
    assert all(r.accept_length is None and r.printed_length is None for r in got)


@pytest.mark.parametrize(
    ("setup", "gamma"),
    [
        # no approximation model beside the target: no speculative sampling set up
        ("* Target: acme/large|* gamma: {g}", "4"),
        # a discount factor (a decimal gamma): a learner's alpha, no acceptance rate
        (_SETUP, "0.99"),
        # the two models without gamma
        ("* Target: acme/large|* Approx: acme/tiny", "4"),
    ],
)
def test_no_rate_without_the_whole_setup(read: Read, setup: str, gamma: str) -> None:
    assert read(_setup_runs([40], setup, gamma)).records == ()


def test_no_rate_for_another_alpha_in_the_setup(read: Read) -> None:
    text = _setup_runs([40], _SETUP).replace("Average alpha: 0.40", "learning rate alpha: 0.40")
    assert read(text).records == ()
