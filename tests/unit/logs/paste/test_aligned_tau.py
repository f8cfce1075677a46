"""Whitespace-aligned tables (terminal and paper style) whose header spells the accept length
with a symbol: 'τ', '(τ)', 'acc len (τ)', or 'Speedup (τ)' over two columns. The τ column is
the accept length; a speedup column never is. τ alone decides no convention."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import render_table

_NAMES = ["EAGLE-2", "EAGLE-3", "Medusa", "HASS", "PLD", "Lookahead"]


@st.composite
def _runs(draw: st.DrawFn) -> list[tuple[str, str, str]]:
    n = draw(st.integers(1, 5))
    names = draw(st.permutations(_NAMES))[:n]
    out = []
    for name in names:
        tau = draw(st.integers(120, 620)) / 100
        sp = draw(st.integers(105, 420)) / 100
        out.append((name, f"{sp:.2f}x", f"{tau:.2f}"))
    return out


@settings(max_examples=examples(40), deadline=None)
@given(
    runs=_runs(),
    head=st.sampled_from(["τ", "(τ)", "acc len (τ)", "avg acc len (τ)", "τ ↑"]),
    tau_first=st.booleans(),
)
def test_a_tau_column_is_the_accept_length(
    runs: list[tuple[str, str, str]], head: str, tau_first: bool
) -> None:
    if tau_first:
        header, rows = ["Method", head, "Speedup"], [[n, t, s] for n, s, t in runs]
    else:
        header, rows = ["Method", "Speedup", head], [[n, s, t] for n, s, t in runs]
    got = read_paste(
        "Results, temperature 0, MT-bench:\n\n" + render_table("aligned", header, rows)
    )
    assert [r.printed_length for r in got.records] == [float(t) for _, _, t in runs]
    assert [dict(r.labels).get("method") for r in got.records] == [n for n, _, _ in runs]
    assert all(r.accept_length is None for r in got.records)  # τ alone decides nothing


@settings(max_examples=examples(40), deadline=None)
@given(runs=_runs().filter(lambda r: len(r) >= 2), gap=st.integers(2, 4), pad=st.integers(3, 6))
def test_speedup_and_tau_in_one_header_cell_over_two_columns(
    runs: list[tuple[str, str, str]], gap: int, pad: int
) -> None:
    w = max(6, *(len(n) for n, _, _ in runs)) + pad
    lines = ["Method".ljust(w) + "Speedup (τ)"]
    lines += [n.ljust(w) + s + " " * gap + t for n, s, t in runs]
    got = read_paste("\n".join(lines) + "\n")
    assert [r.printed_length for r in got.records] == [float(t) for _, _, t in runs]
    assert all(r.printed_rate is None for r in got.records)


def test_the_example_of_the_docs() -> None:
    text = "Method     Speedup (τ)\nEAGLE-2    2.78x  3.62\nEAGLE-3    3.05x  4.12\n"
    got = read_paste(text).records
    assert [(dict(r.labels)["method"], r.printed_length) for r in got] == [
        ("EAGLE-2", 3.62),
        ("EAGLE-3", 4.12),
    ]


def test_negative_control_a_speedup_column_alone_is_no_length() -> None:
    text = render_table(
        "aligned",
        ["Method", "Speedup", "tok/s"],
        [["EAGLE-3", "3.05x", "141.2"], ["PLD", "1.71x", "80.4"]],
    )
    assert read_paste("Results on MT-bench (EAGLE vs PLD):\n\n" + text).records == ()


def test_negative_control_a_bracketed_unit_over_text_is_no_pair() -> None:
    # the rows have one cell more than the header, but the cells under 'Model (size)' hold
    # words: nothing is split, nothing read as a length
    text = "Model (size)      Speedup\nllama  8B         1.9x\nqwen  32B         2.2x\n"
    assert read_paste(text).records == ()
