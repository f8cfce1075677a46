"""Figures tied to configuration labels marked as names, bold or code, without a bullet
('**H100, k=3**: 2.7', '`4x B200` = 2.41'), under prose naming the one figure they are."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LABELS = st.lists(
    st.sampled_from(["H100", "A100", "4x B200", "MI300X", "L40S", "8xH20", "TPU v5e"]),
    min_size=2,
    max_size=4,
    unique=True,
)
_MARKS = ["**{}**", "`{}`", "__{}__"]
_SEPS = [": ", " = ", " → ", " -> ", ":"]


@settings(max_examples=examples(60), deadline=None)
@given(
    _LABELS,
    st.sampled_from(_MARKS),
    st.sampled_from(_SEPS),
    st.sampled_from(
        [
            "Acceptance length on MT-bench after the fix:",
            "Mean accept length per GPU",
            "## AL by hardware (EAGLE-3)",
        ]
    ),
    st.integers(min_value=1, max_value=5),
    st.data(),
)
def test_lengths_after_marked_labels(
    read: Read, labels: list[str], mark: str, sep: str, heading: str, k: int, data: st.DataObject
) -> None:
    vals = [data.draw(st.integers(min_value=101, max_value=100 * (k + 1))) / 100 for _ in labels]
    lines = [
        f"{mark.format(f'{lab}, k={k}')}{sep}{v:.2f}" for lab, v in zip(labels, vals, strict=True)
    ]
    text = heading + "\n\n" + "\n".join(lines) + "\n"
    got = read(text).records
    assert [r.printed_length for r in got] == vals
    for r, v in zip(got, vals, strict=True):
        # above k a length counts the target's own token; at or below it nothing tells
        assert r.accept_length == (v if v > k + 0.005 else None)


@settings(max_examples=examples(30), deadline=None)
@given(_LABELS, st.sampled_from(_MARKS), st.sampled_from(_SEPS), st.data())
def test_marked_labels_under_another_measure_are_not_read(
    labels: list[str], mark: str, sep: str, data: st.DataObject
) -> None:
    vals = [data.draw(st.integers(min_value=101, max_value=500)) / 100 for _ in labels]
    lines = [f"{mark.format(lab)}{sep}{v:.2f}" for lab, v in zip(labels, vals, strict=True)]
    for heading in ("Speedup over the target alone:", "Throughput (x baseline) with EAGLE-3"):
        assert read_paste(heading + "\n\n" + "\n".join(lines) + "\n").records == ()


@settings(max_examples=examples(30), deadline=None)
@given(st.sampled_from(_MARKS), st.sampled_from(_SEPS))
def test_marked_settings_are_not_figures(mark: str, sep: str) -> None:
    """'**temperature**: 0.7', '`steps` = 3' under a sentence about the accept length: settings."""
    text = (
        "The accept length fell after the upgrade; the settings were:\n\n"
        f"{mark.format('temperature')}{sep}0.70\n{mark.format('steps')}{sep}3\n"
    )
    assert read_paste(text).records == ()


def _regression_paste(label: str, pair: str, k_flag: str) -> str:
    return (
        "## Test Plan\n\n```bash\npython3 examples/offline_inference/spec_decode.py \\\n"
        f"    --method mtp {k_flag} --num-prompts 80\n```\n\n"
        "CI: `pytest tests/spec_decode/test_acceptance_length.py`\n\n"
        f"## Test Result\nbaseline measured on:\n{label} = {pair}\n"
    )


@settings(max_examples=examples(60), deadline=None)
@given(
    st.integers(min_value=1, max_value=7),
    st.integers(min_value=1, max_value=99),
    st.sampled_from(["`4x B200`", "**8xH100**", "`MI300X`", "H200 x4"]),
    st.sampled_from(["--num_spec_tokens {}", "--num-speculative-tokens {}", "--mtp {}"]),
)
def test_an_unnamed_pair_proved_by_one_plus_k_times_the_rate(
    k: int, pct: int, label: str, flag: str
) -> None:
    """'`4x B200` = 1.04 / 0.04' with one draft a step: 1.04 = 1 + 1 x 0.04, a length that
    counts the target's token and its rate."""
    rate = pct / 100
    length = 1 + k * rate
    got = read_paste(_regression_paste(label, f"{length:.2f} / {rate:.2f}", flag.format(k)))
    assert [(r.printed_length, r.printed_rate) for r in got.records] == [(round(length, 2), rate)]
    assert got.records[0].accept_length == round(length, 2)


@settings(max_examples=examples(40), deadline=None)
@given(
    st.integers(min_value=1, max_value=7),
    st.integers(min_value=1, max_value=99),
    st.integers(min_value=3, max_value=40),
)
def test_an_unnamed_pair_the_identity_does_not_prove_is_not_read(
    k: int, pct: int, off: int
) -> None:
    rate = pct / 100
    wrong = 1 + k * rate + (k + 1) * 0.01 + off / 100  # past the rounding of both figures
    text = _regression_paste("`4x B200`", f"{wrong:.2f} / {rate:.2f}", f"--num_spec_tokens {k}")
    assert read_paste(text).records == ()


def test_an_unnamed_pair_without_one_stated_k_or_acceptance_is_not_read() -> None:
    no_k = _regression_paste("`4x B200`", "1.04 / 0.04", "")
    assert read_paste(no_k).records == ()
    no_acceptance = _regression_paste("`4x B200`", "1.04 / 0.04", "--num_spec_tokens 1").replace(
        "test_acceptance_length", "test_latency"
    )
    assert read_paste(no_acceptance).records == ()


@settings(max_examples=examples(40), deadline=None)
@given(
    st.lists(
        st.sampled_from(["coding", "math", "chat", "MT-bench", "GSM8K", "HumanEval", "writing"]),
        min_size=2,
        max_size=5,
        unique=True,
    ),
    st.sampled_from(
        [
            "Acceptance length by category",
            "Mean accept length per dataset",
            "平均接受长度",
            "AL per task (EAGLE draft)",
        ]
    ),
    st.sampled_from([": ", " = ", ":"]),
    st.data(),
)
def test_plain_label_lines_under_a_title_line_of_their_block(
    labels: list[str], title: str, sep: str, data: st.DataObject
) -> None:
    vals = [data.draw(st.integers(min_value=101, max_value=690)) / 100 for _ in labels]
    text = (
        title + "\n" + "".join(f"{lab}{sep}{v:.2f}\n" for lab, v in zip(labels, vals, strict=True))
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == vals
    assert [dict(r.labels).get("item") for r in got] == labels


@pytest.mark.parametrize(
    "text",
    [
        "Throughput by category\ncoding: 3.41\nmath: 3.20\n",
        "Acceptance length settings\nsteps: 3\ntopk: 4\n",
        "Acceptance length by category\ncoding: 3\nmath: 4\n",
        "Acceptance length and rate by category\ncoding: 3.41\nmath: 0.61\n",
    ],
)
def test_plain_label_lines_that_hold_no_figure(text: str) -> None:
    assert read_paste(text).records == ()


@pytest.mark.parametrize("ks", ["k=2/4", "k=2, 4", "k=2 → 4"])
def test_a_list_of_ks_states_no_k(ks: str) -> None:
    """'k=2/4' in a label or a header: no one k, so no length is decided above it."""
    text = f"Acceptance length on MT-bench:\n\n**H100, {ks}**: 3.70\n**A100, {ks}**: 3.10\n"
    assert [r.accept_length for r in read_paste(text).records] == [None, None]
    table = f"| run ({ks} greedy) | accept |\n|---|---|\n| a | 60.0% |\n"
    assert [r.accept_length for r in read_paste(table).records] == [None]


def test_plain_label_lines_under_a_title_of_targets() -> None:
    for title in ("Acceptance rate targets", "Expected accept length", "AL thresholds"):
        assert read_paste(f"{title}\nchat: 0.80\ncode: 0.70\nmath: 2.50\n").records == ()


def test_a_list_outside_speculation_is_no_list_of_figures() -> None:
    """Suggestion acceptance of an editor, listed under a title naming an acceptance rate."""
    text = (
        "# Decrease suggestions from low-acceptance rate languages\n\n"
        "The following languages have low suggestion rates:\n\n"
        "- Number 6: HTML = 16.4%\n- Number 8: Vue = 14.3%\n- CSS = 11.8%\n"
    )
    assert read_paste(text).records == ()
