"""A table whose only acceptance column is a bare τ ('Tau'), where the run without drafts
('Baseline (bs=1)', 'AR') prints exactly 1 beside runs above 1: tokens a step against plain
decoding's one token, a speculative table even where no other word says so. The column is
read, the baseline's 1 proving it counts the target's own token. A τ with no such row stays
unread (a bare τ decides nothing)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


def _table(base_label: str, base: str, runs: list[tuple[str, str]], head: str = "Tau") -> str:
    rows = [f"| {base_label} | 0.0481 | 20.8 | {base} |"] + [
        f"| {label} | 0.0122 | 81.9 | {v} |" for label, v in runs
    ]
    return (
        "## GSM8K, 40 samples, 1024 new tokens\n\n"
        f"| Mode | TPOT (s) | Tokens/s | {head} |\n|---|---:|---:|---:|\n" + "\n".join(rows) + "\n"
    )


def test_a_tau_column_beside_a_baseline_at_one_is_read() -> None:
    text = _table(
        "Baseline (`bs=1`)", "1.00", [("Block (`bs=8`)", "4.85"), ("Block (`bs=16`)", "6.02")]
    )
    got = read_paste(text).records
    # (the baseline's 1.00, a bracketed setting after its name, is no record: test_baseline_rows)
    assert [(r.printed_length, r.accept_length, r.bonus.value) for r in got] == [
        (4.85, 4.85, "included"),
        (6.02, 6.02, "included"),
    ]


def test_negative_control_no_baseline_row_leaves_tau_unread() -> None:
    text = _table("Block (`bs=4`)", "3.10", [("Block (`bs=8`)", "4.85")])
    assert read_paste(text).records == ()


def test_negative_control_a_correlation_tau_is_no_length() -> None:
    # Kendall's tau between rankings: the baseline row at 1 (a ranking against itself), the
    # others below it
    text = _table("Baseline", "1.00", [("Model B", "0.71"), ("Model C", "0.64")])
    assert read_paste(text).records == ()


@settings(max_examples=examples(25), deadline=None)
@given(
    base_label=st.sampled_from(["Baseline", "Baseline (bs=1)", "AR", "no spec", "Vanilla"]),
    values=st.lists(st.integers(115, 790), min_size=1, max_size=4),
    head=st.sampled_from(["Tau", "τ", "mean tau"]),
)
def test_every_run_of_the_column_counts_the_target_token(
    base_label: str, values: list[int], head: str
) -> None:
    runs = [(f"Block (bs={4 * (i + 2)})", f"{v / 100:.2f}") for i, v in enumerate(values)]
    got = read_paste(_table(base_label, "1.00", runs, head)).records
    lengths = [r.accept_length for r in got if r.printed_length != 1.0]
    assert lengths == [v / 100 for v in values]
    assert all(r.bonus.value == "included" for r in got)
