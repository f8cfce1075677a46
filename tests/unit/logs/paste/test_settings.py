"""A setting is not a measurement: an acceptance figure assigned in a shell script, an env file,
a YAML config or a command line's flag gives no record (the lines are shown as not understood,
as a setting); key=value output of a run and a summary's `accept length: 2.83` are still read."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_NAMES = ["SPEC_DECODE_AL", "TARGET_ACCEPT_LEN", "ACCEPT_LENGTH", "MIN_ACCEPT_RATE", "GOLDEN_AL"]


def _setting_reason(text: str) -> bool:
    return any("is a setting, not a measurement" in b.reason for b in read_paste(text).unread)


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    value=st.sampled_from(["2.83", "3.1", "0.75", '"2.5"']),
    export=st.booleans(),
    sign=st.sampled_from(
        [
            "# pin every arm to the reference acceptance curve",
            'if [[ -n "${ROCR_VISIBLE_DEVICES:-}" ]]; then\n    export HIP_VISIBLE_DEVICES=0\nfi',
            "set -euo pipefail",
            "#!/usr/bin/env bash",
        ]
    ),
    diff=st.booleans(),
)
def test_an_assignment_in_a_shell_script_is_a_setting(
    name: str, value: str, export: bool, sign: str, diff: bool
) -> None:
    lines = [
        *sign.splitlines(),
        "NUM_SPEC_TOKENS=3",
        "# the MTP arm targets the same acceptance length as the EAGLE3 arm",
        f"{'export ' if export else ''}{name}={value}",
    ]
    if diff:
        lines = ["@@ -10,3 +10,9 @@", *("+" + t for t in lines)]
    text = "\n".join(lines) + "\n"
    got = read_paste(text)
    assert got.records == ()
    assert _setting_reason(text)


def test_an_env_file_with_comments_is_a_setting() -> None:
    text = "# spec decode defaults\nMODEL=llama-3.1-8b\nSPEC_ACCEPT_RATE=0.7\n"
    assert read_paste(text).records == ()
    assert _setting_reason(text)


@settings(max_examples=examples(30), deadline=None)
@given(
    key=st.sampled_from(
        ["accept_length_target", "target_accept_rate", "accept_len", "min_acceptance_rate"]
    ),
    value=st.sampled_from(["2.5", "0.8", "3"]),
    comment=st.booleans(),
)
def test_a_key_of_a_yaml_config_is_a_setting(key: str, value: str, comment: bool) -> None:
    text = (
        "speculative:\n"
        "  method: eagle3\n"
        "  num_speculative_tokens: 3\n"
        + ("  # what the draft is tuned towards\n" if comment else "")
        + f"  {key}: {value}\n"
        "  draft_model: org/eagle3-llama-8b\n"
    )
    assert read_paste(text).records == ()
    assert _setting_reason(text)


def test_a_flag_naming_acceptance_is_a_setting() -> None:
    text = (
        "python bench.py --model m --speculative-accept-threshold 0.9 \\\n"
        "    --num-speculative-tokens 3 --port 30000\n"
    )
    assert read_paste(text).records == ()
    assert _setting_reason(text)


def test_negative_control_key_value_pairs_of_a_run_are_read() -> None:
    text = (
        "[bench] run=chat accept_len=2.83 steps=100 tok_s=141.2\n"
        "[bench] run=code accept_len=3.10 steps=100 tok_s=150.9\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [2.83, 3.10]


def test_negative_control_a_summary_line_is_read() -> None:
    text = "Summary (EAGLE3 draft, k=3)\naccept length: 2.83\nthroughput: 141.2 tok/s\n"
    assert [r.printed_length for r in read_paste(text).records] == [2.83]


def test_negative_control_a_program_printing_assignments_is_read() -> None:
    # lines of assignments alone, no comment, no script's sign: a program's output
    text = "MODEL=llama-3.1-8b\nACCEPT_LEN=2.83\nDRAFT_TOKENS=3\n"
    assert [r.printed_length for r in read_paste(text).records] == [2.83]


def test_negative_control_a_yaml_results_file_is_read() -> None:
    # a results dump in YAML: no comment, no nesting, no key naming a target
    text = "model: llama-3.1-8b\naccept length: 2.83\nnum drafts: 1000\n"
    assert [r.printed_length for r in read_paste(text).records] == [2.83]
