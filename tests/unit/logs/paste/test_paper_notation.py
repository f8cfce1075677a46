"""A paper's notation as web pages and notes copy it: inline math ('$\\tau$', '2.1$\\rightarrow$2.6',
'$τ=1.90$') read as the symbols it prints; in a paper's text (numbered tables or figures,
citations) the engine its experiments ran on does not decide the convention of its own metrics; a header naming two figures at spaced slashes, the second's own name holding a slash
('τ / S/R'); a table of runs whose cells close their words with a bracketed figure ('Smooth
(τ=1.90)'); a multiplier ('×1.70') is never the value of the figure named after it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.text import prepare
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LEN = st.integers(110, 790).map(lambda n: n / 100)


def test_inline_math_reads_as_its_symbols() -> None:
    got = [
        t for _, t in prepare("gain (2.10$\\rightarrow$2.60), 1.4$\\times$, $\\tau$ and $τ=2.1$")
    ]
    assert got == ["gain (2.10→2.60), 1.4×, τ and τ=2.1"]
    # a price is no math: a space inside each end
    assert [t for _, t in prepare("costs $5 and $10 a run")] == ["costs $5 and $10 a run"]


@settings(max_examples=examples(30), deadline=None)
@given(vals=st.lists(_LEN, min_size=2, max_size=4))
def test_a_tau_column_in_tex_notation_reads(vals: list[float]) -> None:
    rows = "".join(f"| set-{i} | {v:.2f} |\n" for i, v in enumerate(vals))
    recs = read_paste("| Task | Ours $\\tau$ |\n|---|---|\n" + rows).records
    assert [r.printed_length for r in recs] == vals
    assert all(r.accept_length is None for r in recs)


def _served(note: str) -> str:
    return (
        f"Runs served by SGLang on one card{note}.\n\n"
        "| Task | Method | τ |\n|---|---|---|\n"
        "| chat | ours | 3.42 |\n| code | ours | 4.10 |\n"
    )


def test_the_engine_a_paper_ran_on_decides_no_convention(read: Read) -> None:
    for note in (" (Table 2)", ", as in Figure 4", ", following Smith et al.", " (Appendix B)"):
        recs = read(_served(note)).records
        assert [r.printed_length for r in recs] == [3.42, 4.1], note
        assert [r.accept_length for r in recs] == [None, None], note


def test_a_users_table_still_takes_the_engines_convention(read: Read) -> None:
    # near miss: no numbered table, figure or citation: the user's own SGLang runs
    for note in ("", ", table below", ", see the figure"):
        recs = read(_served(note)).records
        assert [r.accept_length for r in recs] == [3.42, 4.1], note


@settings(max_examples=examples(30), deadline=None)
@given(
    vals=st.lists(st.tuples(_LEN, _LEN), min_size=2, max_size=4),
    unit=st.sampled_from(["S/R", "tok/s", "SU"]),
)
def test_two_figures_at_spaced_slashes(vals: list[tuple[float, float]], unit: str) -> None:
    head = f"| Model | BS | Foo τ / {unit} | Bar τ / {unit} |\n|---|---|---|---|\n"
    rows = "".join(
        f"| m{i} | 8 | {a:.2f} / 1.1{i}× | {b:.2f} / 1.2{i}× |\n" for i, (a, b) in enumerate(vals)
    )
    recs = read_paste(head + rows).records
    assert [r.printed_length for r in recs] == [v for pair in vals for v in pair]
    assert [dict(r.labels)["column"] for r in recs[:2]] == ["Foo", "Bar"]


def test_a_slash_pair_of_another_count_is_left_whole() -> None:
    # near miss: three values under a header naming two figures: which is whose is not told
    text = "| Model | Foo τ / S/R |\n|---|---|\n| m0 | 1.50 / 1.10 / 0.90 |\n| m1 | 1.60 / 1.20 / 0.80 |\n"
    assert [r.printed_length for r in read_paste(text).records] == []


@settings(max_examples=examples(30), deadline=None)
@given(vals=st.lists(_LEN, min_size=6, max_size=6), words=st.sampled_from(["Smooth", "Slow start"]))
def test_cells_of_words_with_a_bracketed_figure(vals: list[float], words: str) -> None:
    a, b, c, d, e, f = vals
    text = (
        "| Phase | A | B | C |\n|---|---|---|---|\n"
        f"| early | {words} (τ={a:.2f}) | {words} (τ={b:.2f}) | Stable (τ={c:.2f}) |\n"
        f"| late | τ={d:.2f} | τ={e:.2f} | τ={f:.2f} |\n"
    )
    recs = read_paste(text).records
    assert [r.printed_length for r in recs] == vals
    assert [dict(r.labels)["column"] for r in recs[:3]] == ["A", "B", "C"]


def test_a_bracket_without_a_key_is_no_run_cell() -> None:
    # near miss: a bare number in brackets names no figure
    text = "| Phase | A | B |\n|---|---|---|\n| early | Smooth (1.90) | Slow (1.70) |\n| late | Ok (2.60) | Ok (2.90) |\n"
    assert read_paste(text).records == ()


def test_a_multiplier_is_not_the_next_figures_value() -> None:
    recs = read_paste("SetA Speedup ×1.50 ×1.70 τ 2.10\n").records
    assert [r.printed_length for r in recs] == [2.1]


@settings(max_examples=examples(30), deadline=None)
@given(
    pairs=st.lists(st.tuples(_LEN, _LEN), min_size=2, max_size=2),
    arrow=st.sampled_from(["$\\rightarrow$", "→", " -> "]),
    verb=st.sampled_from(["improves", "increases", "raises"]),
)
def test_a_change_after_the_verb_and_its_delta(
    pairs: list[tuple[float, float]], arrow: str, verb: str
) -> None:
    (a, b), (c, d) = pairs
    text = (
        f"Our rule {verb} MAT by 12.5% ({a:.2f}{arrow}{b:.2f}) over plain drafting. "
        f"On code it {verb} MAT by 40.0% (small, {c:.2f}{arrow}{d:.2f}) and 9.1% (big, "
        f"{d:.2f}{arrow}{c:.2f}) with little loss.\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [a, b, c, d, d, c]


def test_a_change_of_another_measure_is_no_record() -> None:
    # near misses: the throughput's change; a delta without its values
    text = (
        "Our rule improves throughput by 12.5% (80.20→90.22) over plain drafting.\n"
        "It also improves MAT by 40.0% with little loss.\n"
    )
    assert read_paste(text).records == ()


def _results(prose: str) -> str:
    return (
        "| Task | Speedup | Avg accept length |\n|---|---|---|\n"
        "| SetA | 2.1x | 3.40 |\n| SetB | 2.6x | 4.10 |\n| **Average** | **2.35x** | **3.75** |\n\n"
        + prose
        + "\n"
    )


def test_prose_calling_a_table_value_an_average_or_naming_its_row_restates_it() -> None:
    for prose in (
        "- Ours reaches an average acceptance length of 3.75, well above older drafts.",
        "- On SetB specifically, our acceptance length of 4.10 beats the rest.",
    ):
        recs = read_paste(_results(prose)).records
        assert [r.printed_length for r in recs] == [3.4, 4.1, 3.75], prose


def test_prose_of_another_value_stays_a_run() -> None:
    # near miss: the row named, the average said, but values no cell prints: runs of their own
    text = _results("- On SetB a later build gets an average acceptance length of 4.30.")
    assert [r.printed_length for r in read_paste(text).records] == [3.4, 4.1, 3.75, 4.3]
