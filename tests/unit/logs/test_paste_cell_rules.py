"""Structure rules where a header alone does not say the metric, each with pastes written here
in the shape of real ones (never the third-party text): a bare 'Accept' column of percentages, a
'Rate' column beside accepted and drafted counts, tables inside HTML <details>, headers whose
UTF-8 was read as Windows-1252 ('Ï„' for 'τ'), a sentence naming the table's figure, and a tool
named only in a note on its own behaviour."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.text import prepare

_RATES = st.lists(st.integers(min_value=50, max_value=999), min_size=1, max_size=5)


@settings(max_examples=40, deadline=None)
@given(_RATES, st.sampled_from(["Accept", "Acc", "accept"]), st.booleans())
def test_a_bare_accept_column_of_percentages_is_a_rate(
    tenths: list[int], name: str, details: bool
) -> None:
    rows = "".join(f"| {i + 2} | {100 + i} | {t / 10:.1f}% |\n" for i, t in enumerate(tenths))
    table = f"| K | tok/s | {name} |\n|---|---|---|\n{rows}"
    if details:
        table = f"<details>\n<summary>EAGLE-3 runs</summary>\n\n{table}\n</details>\n"
    got = read_paste(table).records
    assert [round(r.printed_rate or -1, 6) for r in got] == [round(t / 1000, 6) for t in tenths]
    assert all(r.accept_length is None for r in got)


def test_a_bare_accept_column_of_plain_numbers_is_not_guessed() -> None:
    text = "| K | Accept |\n|---|---|\n| 3 | 2.41 |\n| 4 | 2.77 |\n"
    assert read_paste(text).records == ()


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(min_value=20, max_value=400), st.integers(min_value=0, max_value=100)
        ),
        min_size=1,
        max_size=4,
    ),
    st.booleans(),
)
def test_accepted_and_drafted_counts_with_a_bold_rate_column(
    rows: list[tuple[int, int]], bold: bool
) -> None:
    body = ""
    for i, (drafted, pct) in enumerate(rows):
        accepted = drafted * pct // 100
        rate = f"{100 * accepted / drafted:.1f}%"
        rate = f"**{rate}**" if bold else rate
        body += f"| prompt_{i} | {drafted} | {accepted} | {rate} |\n"
    text = "| Prompt | Drafted | Accepted | Rate |\n| --- | --- | --- | --- |\n" + body
    got = read_paste(text).records
    assert len(got) == len(rows)
    for r, (drafted, pct) in zip(got, rows, strict=True):
        assert r.accept_length is None
        assert r.printed_rate is not None
        assert abs(r.printed_rate - (drafted * pct // 100) / drafted) < 0.0006


def _as_cp1252(text: str) -> str:
    """UTF-8 bytes shown as Windows-1252 (bytes it leaves undefined shown as Latin-1)."""
    undefined = {0x81, 0x8D, 0x8F, 0x90, 0x9D}
    return "".join(
        chr(b) if b in undefined else bytes([b]).decode("cp1252") for b in text.encode("utf-8")
    )


@settings(max_examples=60, deadline=None)
@given(
    st.text(alphabet="τ±≈–—éüß→…αλ", min_size=1, max_size=6),
    st.text(alphabet="abc XYZ 0.9|:()café naïve", max_size=20),
)
def test_mojibake_is_read_back(word: str, plain: str) -> None:
    """UTF-8 read as Windows-1252 is repaired; text that is no mojibake is kept as it was."""
    assert prepare(f"{plain} {_as_cp1252(word)} x")[0][1] == f"{plain} {word} x"
    assert prepare(plain + " x")[0][1] == plain + " x"


def test_a_tau_table_under_a_sentence_title_with_mojibake() -> None:
    text = (
        "Mean acceptance length (Ï„) measured on our eval mix with K = 5:\n"
        "| Setup | Temp 0 | Temp 1 |\n"
        "|---|---|---|\n"
        "| draft A | 3.91 | 3.62 |\n"
        "| draft B | 4.07 | 3.80 |\n"
        "\n"
        "| Checkpoint | MT-bench (Ï„) | GSM8K (Ï„) |\n"
        "|---|---|---|\n"
        "| baseline | 2.64 | 3.12 |\n"
        "Note: the current vLLM implementation drafts greedily at any temperature.\n"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [3.91, 3.62, 4.07, 3.80, 2.64, 3.12]
    assert all(r.tool == "unknown" and r.accept_length is None for r in got)


def test_a_tool_named_beside_the_figures_still_counts() -> None:
    text = (
        "vLLM 0.9 serve, EAGLE-3:\n"
        "| Checkpoint | MT-bench (τ) |\n"
        "|---|---|\n"
        "| ours | 2.64 |\n"
        "Note: vLLM drafts greedily at any temperature.\n"
    )
    got = read_paste(text).records
    assert [r.tool for r in got] == ["vllm"]


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(min_value=100, max_value=990), min_size=1, max_size=4),
    st.sampled_from(["accepted draft tokens", "of drafted tokens accepted", "accepted tokens"]),
)
def test_a_share_before_the_accepted_tokens_it_counts(tenths: list[int], words: str) -> None:
    """'57.7% accepted draft tokens.': the share of drafts accepted, one per line."""
    text = "\n".join(
        f"Run {i}: {14 + i}.0 tok/s with draft. {t / 10:.1f}% {words}."
        for i, t in enumerate(tenths)
    )
    got = read_paste(text).records
    assert [round(r.printed_rate or -1, 6) for r in got] == [round(t / 1000, 6) for t in tenths]


@settings(max_examples=40, deadline=None)
@given(
    st.integers(min_value=50, max_value=950),
    st.integers(min_value=50, max_value=950),
    st.sampled_from(["on the random set", "with greedy sampling", ""]),
)
def test_a_rate_versus_another_after_a_qualifier(a: int, b: int, qual: str) -> None:
    text = (
        f"Synthetic tokens hurt speculation: {a / 10:.2f} % draft acceptance {qual} versus "
        f"{b / 10:.2f} % on chat prompts."
    ).replace("  ", " ")
    got = read_paste(text).records
    assert [round(r.printed_rate or -1, 6) for r in got] == [
        round(a / 1000, 6),
        round(b / 1000, 6),
    ]


def test_a_key_with_a_variant_after_a_comma() -> None:
    text = (
        "mean draft acceptance rate, logits raw (before warping): 0.7412\n"
        "mean draft acceptance rate, logits warped:               0.6905\n"
    )
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == [0.7412, 0.6905]


def test_a_variant_naming_another_measure_is_not_the_rate() -> None:
    text = "mean draft acceptance rate, std dev: 0.0412\n"
    assert all(r.printed_rate != 0.0412 for r in read_paste(text).records)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(min_value=100, max_value=950), st.integers(min_value=1, max_value=9)),
        min_size=1,
        max_size=3,
    ),
    st.sampled_from(["acc / mean", "acc/mean"]),
)
def test_paired_cells_under_a_paired_header(rows: list[tuple[int, int]], pair: str) -> None:
    """'H100 acc / mean' over '52.7% / 0.53': the rate read per device; the second figure is
    no acceptance measure of its own."""
    body = "".join(
        f"| {k} | {t / 10:.1f}% / {k * t / 1000:.2f} | {t / 10:.1f}% / {k * t / 1000:.2f} |\n"
        for t, k in rows
    )
    text = f"| K | H100 {pair} | L40S {pair} |\n|---|---:|---:|\n{body}"
    got = read_paste(text).records
    assert len(got) == 2 * len(rows)
    want = [round(t / 1000, 6) for t, _ in rows for _ in (0, 1)]
    assert [round(r.printed_rate or -1, 6) for r in got] == want
    assert all(r.accept_length is None for r in got)


@settings(max_examples=40, deadline=None)
@given(st.integers(min_value=100, max_value=4999), st.integers(min_value=5, max_value=8))
def test_a_mean_of_accepted_draft_tokens_out_of_the_drafted(milli: int, depth: int) -> None:
    """'Mean accepted draft tokens | 3.479 / 5': drafts accepted per step, the bonus excluded."""
    text = f"| Metric | Value |\n|---|---:|\n| Mean accepted draft tokens | {milli / 1000:.3f} / {depth} |\n"
    got = read_paste(text).records
    assert len(got) == 1
    assert got[0].accept_length is not None
    assert abs(got[0].accept_length - (1 + milli / 1000)) < 1e-6


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(min_value=110, max_value=790), min_size=1, max_size=4),
    st.sampled_from(["accept", "acc", "Accept"]),
    st.sampled_from(["committed/round", "tokens per step", "accept length"]),
)
def test_a_bare_column_defined_in_the_prose_above(
    hundredths: list[int], name: str, definition: str
) -> None:
    """'(..., accept = committed/round = ~draft + 1 bonus)' above a table with an 'accept'
    column of plain numbers: the column is what the prose defined."""
    body = "".join(f"| E{i} | 8 | {h / 100:.2f} | {20 + i}.5 |\n" for i, h in enumerate(hundredths))
    text = (
        f"Steady state on two GPUs ({name} = {definition} = ~draft + 1 bonus).\n\n"
        f"| Env | budget | {name} | tok/s |\n|---|--:|--:|--:|\n{body}"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [round(h / 100, 2) for h in hundredths]


def test_a_bare_column_without_a_definition_is_not_guessed() -> None:
    text = "| Env | accept | tok/s |\n|---|--:|--:|\n| E1 | 4.32 | 19.0 |\n"
    assert read_paste(text).records == ()


@settings(max_examples=40, deadline=None)
@given(
    st.lists(st.integers(min_value=100, max_value=400), min_size=1, max_size=4),
    st.sampled_from(["tau", "acc_len", "accept_length"]),
)
def test_a_training_progress_bar_is_no_serving_measurement(
    hundredths: list[int], name: str
) -> None:
    text = "\n".join(
        f"Train: {10 + i}/50 [00:0{i}<00:20, 2.9it/s, acc=0.31, loss=6.{i}1, lr=8.1e-05, "
        f"{name}={h / 100:.2f}]"
        for i, h in enumerate(hundredths)
    )
    reading = read_paste(text)
    assert reading.records == ()
    assert any("training loop" in b.reason for b in reading.ignored)


def _offline_block(proposals: int, accepted: int, rates: list[int]) -> str:
    drafted = proposals * len(rates)
    length = 1 + accepted / proposals
    head = (
        f"Number of draft proposals: {proposals:,}\n"
        f"Number of draft tokens generated: {drafted:,}\n"
        f"Number of accepted tokens: {accepted:,}\n"
        f"Mean acceptance length: {length:.2f}\n\n"
    )
    pos = "".join(f"Acceptance rate at token {i}: {r / 100:.2f}\n" for i, r in enumerate(rates))
    return head + pos


@settings(max_examples=30, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(min_value=1000, max_value=90000), st.integers(10, 150)),
        min_size=1,
        max_size=3,
    ),
    st.lists(st.integers(min_value=5, max_value=95), min_size=2, max_size=5),
    st.booleans(),
)
def test_offline_blocks_with_their_per_position_rates(
    runs: list[tuple[int, int]], rates: list[int], restate: bool
) -> None:
    """vLLM's offline example printed per run: the per-position lines a blank line below are
    that run's; an 'Average acceptance length' restating the run is no other run."""
    parts = []
    for proposals, pct in runs:
        accepted = proposals * pct // 100
        block = _offline_block(proposals, accepted, rates)
        if restate:
            block += f"\nSpeedup: 1.5x\nAverage acceptance length: {1 + accepted / proposals:.2f}\n"
        parts.append(block)
    got = read_paste("\n".join(parts)).records
    assert len(got) == len(runs)
    for r, (proposals, pct) in zip(got, runs, strict=True):
        assert r.per_position == tuple(x / 100 for x in rates)
        assert r.accept_length is not None
        assert abs(r.accept_length - (1 + (proposals * pct // 100) / proposals)) < 0.006


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(min_value=20, max_value=400), st.integers(min_value=1, max_value=99)),
        min_size=1,
        max_size=2,
    ),
    st.sampled_from([" proposals", " steps", ""]),
)
def test_a_length_with_its_counts_decides_the_bonus(runs: list[tuple[int, int]], noun: str) -> None:
    """'Mean accepted length 1.753 (55 of 73 proposals) ... measured 1.716 (53 of 74)': each
    length with its counts, the identity 1 + accepted / steps deciding the bonus."""
    shown = [(s * p // 100, s) for s, p in runs]
    figs = [f"{1 + a / s:.3f} ({a} of {s}{noun})" for a, s in shown]
    text = "- Mean accepted length " + figs[0] + ", stable over reruns."
    if len(figs) > 1:
        text += " The other tap measured " + figs[1] + "; both emit the same ids."
    got = read_paste(text + "\n").records
    assert len(got) == len(shown)
    for r, (a, s) in zip(got, shown, strict=True):
        assert r.accept_length is not None
        assert abs(r.accept_length - (1 + a / s)) <= 0.0005 + 1e-9


def test_counts_that_do_not_give_the_length_are_not_read_as_its_counts() -> None:
    got = read_paste("- Mean accepted length 2.10 (55 of 73 prompts passed)\n").records
    assert all(r.accepted_tokens != 55 for r in got)


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(min_value=100, max_value=9000), st.integers(min_value=1, max_value=99)
        ),
        min_size=1,
        max_size=3,
    )
)
def test_bullets_of_worked_out_shares_under_an_accept_rate_sentence(
    runs: list[tuple[int, int]],
) -> None:
    """'- Main: 81.71 t/s (3045 / 3744 = 81.33%)' under a sentence naming the accept rate."""
    shown = [(d * p // 100, d) for d, p in runs]
    bullets = "".join(
        f"- build {i}: {50 + i}.25 t/s ({a} / {d} = {100 * a / d:.2f}%)\n"
        for i, (a, d) in enumerate(shown)
    )
    text = "Both builds give about the same accept rate on one test:\n" + bullets
    got = read_paste(text).records
    assert [(r.accepted_tokens, r.drafted_tokens) for r in got] == shown
    assert all(r.accept_length is None for r in got)


def test_a_worked_out_share_without_an_acceptance_word_is_not_read() -> None:
    text = "Cache hits on one test:\n- build 1: 50.25 t/s (3045 / 3744 = 81.33%)\n"
    assert read_paste(text).records == ()


@settings(max_examples=40, deadline=None)
@given(
    st.integers(min_value=300, max_value=990),
    st.integers(min_value=1, max_value=150),
    st.sampled_from(["+/-", "±", "+-"]),
)
def test_a_speed_measured_at_a_rate_under_a_sentence_naming_it(
    tenths: int, spread: int, pm: str
) -> None:
    """'10.0 +/- 0.4 t/s @ 88.2% +/- 9.7%' under '... now gives a sane accept rate:': the rate
    after '@' is read with its spread; a speed cell without one is not a rate."""
    text = (
        "Tried on a second model, it now gives a sane accept rate:\n\n"
        "| Mode | Value |\n|---|---:|\n"
        f"| baseline smoke | `12.3 {pm} 0.2 t/s` |\n"
        f"| fixed, `--draft-max 1` | `9.8 {pm} 0.3 t/s @ {tenths / 10:.1f}% {pm} {spread / 10:.1f}%` |\n"
    )
    got = read_paste(text).records
    assert [round(r.printed_rate or -1, 6) for r in got] == [round(tenths / 1000, 6)]


def test_speeds_under_a_title_naming_the_rate_are_not_rates() -> None:
    text = (
        "Throughput at the same accept rate:\n\n"
        "| Mode | Value |\n|---|---:|\n| a | 12.3 t/s |\n| b | 14.1 t/s |\n"
    )
    assert read_paste(text).records == ()
