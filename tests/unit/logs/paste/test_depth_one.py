"""A table's rate at depth 1 (one draft token a step, said in the caption right above the
table): a step accepts at most its one draft, so the rate is the accepted drafts per step and
the length is 1 + rate. Never when k is unknown or above 1, nor for approximate or ranged
rates; and the '1' of 'at depth 1' is no rate."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_ROWS = [["llama-3b-mtp", "code", "0.912"], ["llama-3b-mtp", "chat", "0.640"]]


def _table(caption: str, rows: list[list[str]] = _ROWS) -> str:
    return (
        "The MTP head pays off only while it is accepted; the verify pass costs a full forward.\n"
        f"{caption}\n\n" + pipe_table(["Checkpoint", "Prompt", "Acceptance"], rows)
    )


def _lengths(read: Read, text: str) -> list[float | None]:
    return [r.accept_length for r in read(text).records]


@pytest.mark.parametrize(
    "caption",
    [
        "Acceptance measured at depth 1 on two checkpoints:",
        "Runs with `--draft-max 1` (llama-server):",
        "Both runs used num_speculative_tokens=1:",
        "Each run proposes 1 draft token per step:",
        "Measured with k=1 on the same box:",
    ],
)
def test_rate_at_one_draft_is_accepted_per_step(read: Read, caption: str) -> None:
    got = read(_table(caption)).records
    assert [r.accept_length for r in got] == [1.912, 1.64]
    assert all(r.bonus.rule.startswith("computed: 1 + rate, one draft token") for r in got)
    assert all(r.printed_length is None for r in got)


def test_zero_and_full_acceptance(read: Read) -> None:
    rows = [["a", "counting", "1.000"], ["b", "any", "**0.000**"]]
    assert _lengths(read, _table("Acceptance at depth 1:", rows)) == [2.0, 1.0]


def test_the_depth_is_no_rate(read: Read) -> None:
    # 'at depth 1' in the prose is where the rate was measured, not a rate of 1
    got = read(_table("Measured acceptance at depth 1 on real checkpoints:")).records
    assert len(got) == 2 and all(r.first_line > 2 for r in got)


@pytest.mark.parametrize(
    "caption",
    [
        "Acceptance measured on two checkpoints:",  # k unknown
        "Acceptance at depth 3 on two checkpoints:",  # k above 1
        "Measured with `--draft-max 4`:",
        "Acceptance at depth 1 and depth 2:",  # several depths
        "Acceptance at depth 1, k=3 chain:",  # the position 1 of a deeper chain
    ],
)
def test_negative_control_k_unknown_or_above_one(read: Read, caption: str) -> None:
    assert all(v is None for v in _lengths(read, _table(caption)))


def test_negative_control_k_one_said_far_from_the_table(read: Read) -> None:
    # the sentence right above the table says nothing of k; an earlier paragraph does
    text = (
        "Earlier we tried depth 1.\n\n"
        "Then we changed the config.\n"
        "Acceptance on two checkpoints:\n\n"
        + pipe_table(["Checkpoint", "Prompt", "Acceptance"], _ROWS)
    )
    assert all(v is None for v in _lengths(read, text))


def test_negative_control_approximate_or_ranged_rates(read: Read) -> None:
    rows = [["a", "code", "~0.91"], ["b", "chat", "0.60-0.70"]]
    assert all(v is None for v in _lengths(read, _table("Acceptance at depth 1:", rows)))


def test_negative_control_another_depth_elsewhere_in_the_paste(read: Read) -> None:
    text = _table("Acceptance at depth 1:") + "\nAt depth 3 the same model accepts 0.41.\n"
    assert all(v is None for v in _lengths(read, text))


@settings(max_examples=examples(50), deadline=None)
@given(
    rates=st.lists(st.integers(0, 1000), min_size=1, max_size=4),
    caption=st.sampled_from(
        ["Acceptance at depth 1:", "With --draft-max 1:", "num_speculative_tokens=1 runs:"]
    ),
)
def test_generated_depth_one_tables(rates: list[int], caption: str) -> None:
    rows = [[f"model-{i}", "code", f"{r / 1000:.3f}"] for i, r in enumerate(rates)]
    got = read_paste(_table(caption, rows)).records
    assert [r.accept_length for r in got] == [round(1 + r / 1000, 6) for r in rates]


def _rates(paragraph: str) -> str:
    return f"### Head acceptance, measured\n\n{paragraph}\n\n" + pipe_table(
        ["domain", "acceptance rate", "control"],
        [["code", "0.9012", "0.0061"], ["chat", "0.5540", "0.0210"]],
    )


@pytest.mark.parametrize(
    "paragraph",
    [
        "Llama-8B bf16, greedy, `K=1`. The head is rebuilt from the checkpoint's own layers, "
        "and the target's greedy token is compared with the head's at every position.",
        "One draft token per step throughout. The head reuses the target's embedding.",
    ],
)
def test_one_draft_said_anywhere_in_the_setup_paragraph(paragraph: str) -> None:
    got = [r for r in read_paste(_rates(paragraph)).records if r.accept_length is not None]
    assert [r.accept_length for r in got] == [1.9012, 1.554]


@pytest.mark.parametrize(
    "paragraph",
    [
        # a change of setup: the k=1 is what was tried before
        "Earlier we ran `K=1`. The runs below use the default head and its settings.",
        "We first tried K=1, then switched to the tuned config. Results per domain.",
        # another k elsewhere in the paragraph
        "Llama-8B bf16, greedy, `K=1`. The deployed config drafts k=3 tokens.",
    ],
)
def test_negative_control_one_draft_not_said_of_these_runs(paragraph: str) -> None:
    assert all(r.accept_length is None for r in read_paste(_rates(paragraph)).records)


# the draft maximum by every name (vocab.DRAFT_MAX): one of one is one draft a step; a list of
# maxima, or another maximum beside it, is not
@pytest.mark.parametrize(
    ("caption", "lengths"),
    [
        ("Runs with `--spec-draft-n-max 1` (llama-server):", [1.912, 1.64]),
        ("Runs with n_max=1:", [1.912, 1.64]),
        ("Runs with `--draft 1`:", [1.912, 1.64]),
        ("Runs with `--draft-max 1/2`:", [None, None]),
        ("Runs with `--draft-max 1`, `n_max=4` for the other box:", [None, None]),
        ("Runs with `--draft-min 1`:", [None, None]),
    ],
)
def test_every_name_of_a_maximum_of_one(
    read: Read, caption: str, lengths: list[float | None]
) -> None:
    assert _lengths(read, _table(caption)) == lengths


@pytest.mark.parametrize(
    ("config", "length"),
    [("MTP K=1", 1.875), ("MTP K=1 paired-L=2", None), ("MTP K=1 n-heads=3", None)],
)
def test_a_label_setting_another_number_beside_k1_decides_nothing(
    config: str, length: float | None
) -> None:
    text = (
        "| Stack | Config | tg t/s | Accept |\n|---|---|---:|---:|\n"
        f"| llama.cpp b7100 | {config} | 20.34 | 87.5% |\n"
    )
    (r,) = read_paste(text).records
    assert r.accept_length == (pytest.approx(length) if length else None)
