"""More structures a held-out corpus of real pastes found missing, each with a paste written
here in the same structure (never the third-party text): 'Accept %' and 'rounds' columns, a
bench-only field telling the tool, a qualifier naming another measure, hedge words before a
value, 'AR on' / 'AR off' columns, a length above the draft tokens per step, one convention per
column, and prose quoting a table above it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import read_paste


def test_accept_percent_column_is_a_rate() -> None:
    assert C.key("Accept %").metric == C.RATE
    text = (
        "| Prompt len | tok/s | Accept % |\n"
        "|---|---|---|\n"
        "| 128 | **80.4** | 41.5% |\n"
        "| 512 | **61.0** | 27.0% |\n"
    )
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == [0.415, 0.27]
    assert all(r.accept_length is None for r in got)


def test_rounds_and_accepted_over_drafted_decide_the_bonus() -> None:
    text = (
        "| task | rounds | accepted | a.len |\n"
        "|------|--------|----------|-------|\n"
        "| chat |    100 |  150/240 |  2.50 |\n"
    )
    (r,) = read_paste(text).records
    assert (r.steps, r.accepted_tokens, r.drafted_tokens) == (100, 150, 240)
    assert r.accept_length == 2.5 and r.bonus.rule.startswith("identity: printed length = 1 +")


def test_a_bench_only_field_tells_the_tool() -> None:
    text = (
        "| Metric | spec off | spec on |\n"
        "|---|---|---|\n"
        "| Total generated tokens (retokenized) | 4000 | 4002 |\n"
        "| Accept length | - | 3.05 |\n"
    )
    (r,) = read_paste(text).records
    assert r.tool == "sglang" and r.accept_length == 3.05


def test_a_qualifier_naming_another_measure_takes_no_value() -> None:
    text = (
        "The harness draws the speculative acceptance length around the target "
        "with a standard deviation of 0.5, for testing only.\n"
    )
    assert not read_paste(text).records
    # a qualifier naming a dataset still reads the metric's value
    (r,) = read_paste("Our speculative draft: acceptance length on gsm8k of 2.8.\n").records
    assert r.printed_length == 2.8


@given(st.sampled_from(["exactly", "only", "roughly", "nearly", "still"]))
@settings(max_examples=10, deadline=None)
def test_a_hedge_word_before_the_value(word: str) -> None:
    text = (
        f"With the broken draft checkpoint the acceptance rate was {word} 3.5% for spec decoding.\n"
    )
    (r,) = read_paste(text).records
    assert r.printed_rate == 0.035


def test_ar_on_off_columns_are_two_configurations() -> None:
    assert C.key("AR off").metric == C.RATE and C.key("acceptance rate before").metric == C.RATE
    text = (
        "| bs | TPS off | TPS on | AR off | AR on | ΔAR |\n"
        "|---:|---:|---:|---:|---:|---:|\n"
        "| 8 | 900.1 | 950.2 | 0.4100 | 0.4300 | +4.9% |\n"
        "| 4 | 500.3 | 520.4 | 0.4050 | 0.4200 | +3.7% |\n"
    )
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == [0.41, 0.43, 0.405, 0.42]


def test_ar_above_one_is_not_a_rate_and_ar_in_prose_is_not_read() -> None:
    text = "| bs | AR |\n|---|---|\n| 1 | 2.62 |\n"
    assert not read_paste(text).records
    assert not read_paste("Speculative draft vs AR: 45.2 tok/s against 30.1 tok/s.\n").records


def test_a_length_above_k_counts_the_bonus_and_the_column_follows() -> None:
    text = (
        "| setup | tok/s | accept-len |\n"
        "|---|---|---|\n"
        "| baseline | 30.0 | — |\n"
        "| draft `k=1` | 35.1 | 1.80 |\n"
        "| draft `k=6` | 40.2 | 3.40 |\n"
    )
    got = read_paste(text).records
    assert [r.accept_length for r in got] == [1.8, 3.4]
    assert got[0].bonus.rule.startswith("value: a length above the draft tokens per step")
    assert got[1].bonus.rule.startswith("the column's other rows decide it")


def test_a_length_within_k_decides_nothing() -> None:
    text = "| setup | accept-len |\n|---|---|\n| draft `k=4` | 3.40 |\n| draft `k=6` | 3.90 |\n"
    assert [r.accept_length for r in read_paste(text).records] == [None, None]


def test_prose_quoting_a_table_figure_is_no_second_record() -> None:
    text = (
        "| setup | accept-len |\n"
        "|---|---|\n"
        "| draft `k=2` | 2.40 |\n"
        "\n"
        "**Worth noting.** At `k=2`, accept-len 2.40 is 80% of the maximum of 3.0.\n"
    )
    got = read_paste(text).records
    assert [(r.printed_length, r.structure) for r in got] == [(2.4, "markdown table")]
    # a prose figure the table did not print is its own record
    other = text.replace("accept-len 2.40 is", "the old draft's accept-len was 1.90, ")
    assert [r.printed_length for r in read_paste(other).records] == [2.4, 1.9]


def test_an_ar_column_of_times_is_not_read() -> None:
    text = "| method | AR | EAGLE |\n|---|---|---|\n| llama-8b | 0.82 s | 0.41 s |\n"
    assert not read_paste(text).records


@given(
    k=st.integers(min_value=1, max_value=8),
    length=st.floats(min_value=1.0, max_value=9.0).map(lambda x: round(x, 2)),
)
@settings(max_examples=60, deadline=None)
def test_the_k_rule_claims_only_a_length_above_k(k: int, length: float) -> None:
    text = f"| setup | accept-len |\n|---|---|\n| draft `k={k}` | {length:.2f} |\n"
    (r,) = read_paste(text).records
    if length > k + 0.005:
        assert r.accept_length == length and r.bonus.value == "included"
    elif length >= k:
        assert r.accept_length in (None, length)
    else:
        assert r.accept_length is None and r.bonus.value == "unknown"


def test_a_heading_rounding_the_figures_below_is_a_title() -> None:
    text = (
        "## Regression found (draft acceptance 0.81 → 0.42)\n"
        "\n"
        "- **v1.2: acceptance 0.812 (good)**\n"
        "- **v1.3: acceptance 0.418 (40 accepted / 96 generated) (bad)**\n"
    )
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == [0.812, 0.418]
    # a heading with its own figure stays a record
    own = text.replace("0.81 → 0.42", "0.77 on the old build")
    assert [r.printed_rate for r in read_paste(own).records] == [0.77, 0.812, 0.418]


def test_a_length_stated_again_without_its_name() -> None:
    text = (
        "The released draft reaches 3.10 accept length (AL) on MT-Bench with 4 steps. "
        "My own draft could only achieve 2.64. Odd.\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [3.1, 2.64]
    stat = "Our speculative draft gets an average acceptance length 2.2 on chat, and on math it is 2.9 median.\n"
    got = read_paste(stat).records
    assert [(r.printed_length, r.statistic) for r in got] == [(2.2, None), (2.9, "median")]


def test_a_bare_value_of_another_measure_is_not_a_length() -> None:
    text = (
        "The speculative draft reaches 3.10 accept length (AL). The speedup was 1.8. "
        "Its version is 2.1, and it took 4.5 s.\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [3.1]
    # nothing named a length before: a bare 'is 2.4' is not read
    assert not read_paste("With speculative decoding the draft is 2.4.\n").records
