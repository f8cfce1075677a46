"""Key-value runs: `key: value` lines and log fields, keys with variants and qualifiers, values
paired by slash, summary lines."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import interpret as I
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read, line_scanner_lengths, through_logs

LENGTH_KEYS = [
    "Mean acceptance length",
    "accept length",
    "acc_len",
    "Acc. Len",
    "avg acc len",
    "average acceptance length",
    "AL",
    "τ",
    "acceptance length",
]

RATE_KEYS = ["acceptance rate", "accept_rate", "Draft acceptance rate", "acc rate"]

ACCEPTED_KEYS = ["Number of accepted tokens", "num_accepted_tokens", "accepted tokens"]

STEPS_KEYS = ["Number of draft proposals", "num_drafts", "verify steps", "drafts"]


def _count(n: int, sep: bool) -> str:
    return f"{n:,}" if sep else str(n)


@st.composite
def key_values(draw: st.DrawFn) -> tuple[str, dict[str, float | int]]:
    steps = draw(st.integers(1, 40_000))
    accepted = draw(st.integers(0, steps * 8))
    length = round(1 + accepted / steps, 2)
    rate = draw(st.integers(0, 1000)) / 1000
    seps = st.sampled_from([": ", " = ", ":   ", " is "])
    markup = draw(st.sampled_from(["", "**", "`"]))
    parts = {
        "length": f"{draw(st.sampled_from(LENGTH_KEYS))}{draw(seps)}{markup}{length:.2f}{markup}",
        "rate": (
            f"{draw(st.sampled_from(RATE_KEYS))}{draw(seps)}{rate * 100:.1f}%"
            if draw(st.booleans())
            else None
        ),
        "accepted": f"{draw(st.sampled_from(ACCEPTED_KEYS))}: {_count(accepted, draw(st.booleans()))}",
        "steps": f"{draw(st.sampled_from(STEPS_KEYS))}: {_count(steps, draw(st.booleans()))}",
    }
    order = draw(st.permutations([k for k, v in parts.items() if v is not None]))
    one_line = draw(st.booleans())
    text = (
        (", ".join(parts[k] for k in order) + "\n")
        if one_line
        else "".join(
            parts[k] + "\n"
            for k in order  # type: ignore[operator]
        )
    )
    quote = draw(st.sampled_from(["", "> ", "> > > ", "+"]))
    if quote:
        text = "".join(quote + ln + "\n" for ln in text.splitlines())
    truth: dict[str, float | int] = {"length": length, "accepted": accepted, "steps": steps}
    if parts["rate"] is not None:
        truth["rate"] = round(rate, 4)
    return "speculative decoding run\n" + text, truth


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


@settings(max_examples=examples(80), deadline=None)
@given(key_values())
def test_generated_key_value_runs(read: Read, case: tuple[str, dict[str, float | int]]) -> None:
    text, truth = case
    records = read(text).records
    if not records and read is through_logs:
        # a run in one of the line scanner's own layouts (vLLM's offline example prints
        # 'Mean acceptance length' over 'num_drafts' and 'num_accepted_tokens') is its record
        (length,) = line_scanner_lengths(text)  # its own figure: 1 + accepted / drafts
        assert length is not None and abs(length - truth["length"]) <= 0.005, text
        return
    (r,) = records
    assert r.printed_length == truth["length"], text
    assert r.accepted_tokens == truth["accepted"] and r.steps == truth["steps"], text
    # the counts decide the bonus: the length printed is 1 + accepted / steps
    assert r.bonus.value == "included" and r.bonus.rule.startswith("identity"), (text, r.bonus)
    assert r.accept_length == truth["length"]
    if "rate" in truth:
        assert r.printed_rate is not None and abs(r.printed_rate - truth["rate"]) < 1e-9, text


def test_a_length_before_its_name_and_a_bracket_inside_a_key() -> None:
    text = (
        "Our retrained head reaches 3.42 Accept Length (AL) when speculative-num-steps=4 "
        "and topk=2.\n"
    )
    (r,) = read_paste(text).records
    assert r.printed_length == 3.42  # never the 4 of 'num-steps=4'
    assert ("speculative num steps", "4") in r.labels


def test_one_key_several_values_each_with_its_qualifier() -> None:
    (a, b, c) = read_paste(
        "Mean acceptance length is 2.9 on chat, 2.5 on code and 2.1 on math.\n"
    ).records
    assert [a.printed_length, b.printed_length, c.printed_length] == [2.9, 2.5, 2.1]


@settings(max_examples=examples(60), deadline=None)
@given(
    st.booleans(),
    st.sampled_from(["Accept Rate (%)", "acceptance rate", "draft acceptance"]),
    st.sampled_from(["Accept Length", "acc len", "mean acceptance length"]),
    st.sampled_from([" (e.g. mean {} / {})", ": {} / {}", " were {} / {}", " (median {} / {})"]),
    st.integers(min_value=2, max_value=95),
    st.integers(min_value=101, max_value=520),
)
def test_keys_and_values_paired_by_slash(
    rate_first: bool, rate_key: str, len_key: str, shape: str, pct: int, length: int
) -> None:
    """'Accept Rate (%) / Accept Length (e.g. mean 3.7% / 1.26)': as many values as keys,
    paired in order."""
    keys = [rate_key, len_key] if rate_first else [len_key, rate_key]
    vals = [f"{pct}%", f"{length / 100:.2f}"]
    vals = vals if rate_first else vals[::-1]
    text = "- with the n-gram drafter on: " + " / ".join(keys) + shape.format(*vals) + "\n"
    (r,) = read_paste(text).records
    assert r.printed_rate == pct / 100 and r.printed_length == length / 100, text


def test_a_length_over_its_maximum_is_not_a_slash_pair() -> None:
    (r,) = read_paste("average acceptance length **2.6 / 5** on chat\n").records
    assert r.printed_length == 2.6 and r.max_length == 5


def test_sub_keys_under_a_line_opening_metric_with_vs_runs() -> None:
    text = "Acceptance rates: unchanged — pos0: 70.5% vs 70.1%, pos1: 41.0% vs 40.2%, overall: 55.8% vs 55.2%\n"
    got = read_paste(text).records
    assert [(round(r.printed_rate or 0, 6), r.per_position) for r in got] == [
        (0.558, (0.705, 0.41)),
        (0.552, (0.701, 0.402)),
    ]
    # the positions' mean is the overall rate: 1 + their sum is the length
    assert [r.accept_length for r in got] == [2.115, 2.103]


@settings(max_examples=examples(30), deadline=None)
@given(
    doubled=st.sets(st.sampled_from(["draft", "emitted", "accepted", "spec"]), max_size=4),
    k=st.integers(1, 16),
    steps=st.integers(1, 5000),
    accepted_share=st.floats(0, 1),
)
def test_a_vllm_v0_line_with_doubled_words_in_its_keys(
    doubled: set[str], k: int, steps: int, accepted_share: float
) -> None:
    from specdiag.core.logs import grammar as G
    from specdiag.core.logs.parse import LineParser

    drafted = steps * k
    accepted = int(drafted * accepted_share)
    emitted = steps + accepted

    def key(word: str, name: str) -> str:
        return name + (" tokens" if word in doubled else "")

    line = (
        "INFO 07-24 04:00:31 metrics.py:316] Speculative metrics: Draft acceptance rate: "
        f"{accepted / drafted:.3f}, System efficiency: 0.5, "
        f"{key('spec', 'Number of speculative tokens')}: {k}, "
        f"{key('accepted', 'Number of accepted tokens')}: {accepted}, "
        f"{key('draft', 'Number of draft tokens')}: {drafted}, "
        f"{key('emitted', 'Number of emitted tokens')}: {emitted}."
    )
    got = LineParser().parse(line)
    assert isinstance(got, tuple), got
    assert abs((got[0].accept_length or 0) - emitted / steps) < 1e-9
    assert G.canonical("Number of draft tokens tokens") == G.F.DRAFTED
    # a word said twice in a key is read once; different words are never merged
    assert G.canonical("Number of draft draft tokens") == G.F.DRAFTED
    assert G.norm_key("tokens per token") == "tokens per token"


@settings(max_examples=examples(40), deadline=None)
@given(
    positions=st.lists(st.integers(5, 95), min_size=2, max_size=5),
    steps=st.integers(50, 2000),
    share=st.floats(0.05, 0.95),
    head=st.sampled_from(["statistics draft-dflash", "statistics draft", "statistics ngram-mod"]),
    prefix=st.sampled_from(["", "I ", "0.01.234.567 I ", "[dflash] "]),
    fenced=st.booleans(),
    stats_first=st.booleans(),
)
def test_a_summary_then_a_statistics_line_without_its_prefix(
    read: Read,
    positions: list[int],
    steps: int,
    share: float,
    head: str,
    prefix: str,
    fenced: bool,
    stats_first: bool,
) -> None:
    rates = [p / 100 for p in sorted(positions, reverse=True)]
    length = round(1 + sum(rates), 2)
    k = len(rates)
    acc_tokens = int(steps * k * share)
    summary = [
        f"draft acceptance = {share:.5f}  (12 accepted / 40 generated)",
        f"mean acceptance length = {length:.2f}",
        "acceptance rate per position = (" + ", ".join(f"{r:.3f}" for r in rates) + ")",
    ]
    stats = (
        f"{prefix}{head}: #gen drafts = {steps}, #acc drafts = {steps // 2}, "
        f"#gen tokens = {steps * k}, #acc tokens = {acc_tokens}"
    )
    body = [stats, *summary] if stats_first else [*summary, stats]
    text = "\n".join(["```", *body, "```"] if fenced else body) + "\n"
    got = read(text).records
    by_printed = [r for r in got if r.printed_length is not None]
    by_counts = [r for r in got if r.printed_length is None]
    assert len(by_printed) == 1 and len(by_counts) == 1, got
    assert by_printed[0].accept_length == length  # 1 + the per-position rates
    assert by_printed[0].bonus.rule.startswith("identity")
    assert by_counts[0].accept_length is not None
    assert abs(by_counts[0].accept_length - (1 + acc_tokens / steps)) < 1e-5


def test_generated_is_not_a_key_left_open() -> None:
    from specdiag.core.logs.paste import interpret as I

    lines = [(1, "draft acceptance = 0.3  (12 accepted / 40 generated)"), (2, "next = 1")]
    assert I.join_wrapped(lines) == lines
    assert I.join_wrapped([(1, "draft acceptance rate"), (2, "0.3")]) == [
        (1, "draft acceptance rate 0.3")
    ]


def test_a_threshold_and_a_key_after_a_semicolon_are_no_measurement() -> None:
    for text in (
        "- fall back after three rounds (general threshold: 2 accepted tokens/round; tool "
        "threshold: 1)\n",
        "acceptance rate threshold: 60%\n",
        "accept length cutoff: 1.5\n",
    ):
        assert not read_paste(text).records, text
    got = read_paste("accept rate: 61%; accept length: 2.3\n").records
    assert [(r.printed_rate, r.printed_length) for r in got] == [(0.61, 2.3)]


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(["mtp_avg_token_per_step", "avg_tokens_per_step", "avg_token_per_round"]),
    v=st.integers(100, 600),
    before=st.integers(0, 4),
)
def test_a_tokens_per_step_field_among_a_log_lines_other_fields(
    name: str, v: int, before: int
) -> None:
    fields = " ".join(f"field_{i}:{i * 3}.5" for i in range(before))
    text = f"INFO 01-12 13:51:19 [manager.py:614] req_id:16 {fields} {name}:{v / 100:.2f}\n"
    (r,) = read_paste(text).records
    assert r.printed_length == v / 100 and r.accept_length == v / 100


@settings(max_examples=examples(40), deadline=None)
@given(
    length=st.integers(120, 590),
    lead=st.sampled_from(["vLLM spec decode: ", "Run 3 (eagle): ", ""]),
    second=st.sampled_from(
        ["per-position acceptance: 0.81, 0.55", "draft acceptance rate: 61%", "tok/s: 201"]
    ),
)
def test_a_name_and_value_before_another_key_keep_their_own_clause(
    length: int, lead: str, second: str
) -> None:
    text = f"{lead}Mean acceptance length {length / 100:.2f}, {second}\n"
    got = read_paste(text)
    assert [r.printed_length for r in got.records if r.printed_length] == [length / 100]


@settings(max_examples=examples(40), deadline=None)
@given(
    a=st.integers(1000, 9999),
    b=st.integers(1000, 9999),
    middle=st.sampled_from(
        [
            "Since the update the acceptance rate is",
            "After the rebuild this fell to 8.1 t/s and acceptance rate of",
            "With the new build, acceptance rate",
        ]
    ),
    end=st.sampled_from([".", "!"]),
)
def test_a_name_and_value_ending_its_sentence_keep_their_own_clause(
    a: int, b: int, middle: str, end: str
) -> None:
    # a bare 'name value' closing one sentence, the next naming the figure again: two runs
    text = f"With the draft, acceptance rate 0.{a}{end} {middle} 0.{b}.\n"
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == pytest.approx([a / 10000, b / 10000])


def test_a_version_ending_a_sentence_is_no_figure() -> None:
    # the first sentence's number is no acceptance figure: one record, the second sentence's
    got = read_paste("Tested on build 9.2. Since then the acceptance rate is 0.41.\n").records
    assert [r.printed_rate for r in got] == pytest.approx([0.41])


def test_a_qualifier_naming_another_measure_takes_no_value() -> None:
    text = (
        "The harness draws the speculative acceptance length around the target "
        "with a standard deviation of 0.5, for testing only.\n"
    )
    assert not read_paste(text).records
    # a qualifier naming a dataset still reads the metric's value
    (r,) = read_paste("Our speculative draft: acceptance length on gsm8k of 2.8.\n").records
    assert r.printed_length == 2.8


@settings(max_examples=examples(40), deadline=None)
@given(
    keys=st.permutations(["Speedup:", "Spec  tok/s:", "AR    tok/s:", "Avg accept length:"]),
    speeds=st.tuples(st.integers(100, 999), st.integers(100, 999)),
    al=st.integers(110, 480),
    aside=st.booleans(),
)
def test_aligned_key_value_lines_with_asides_are_no_table(
    read: Read, keys: list[str], speeds: tuple[int, int], al: int, aside: bool
) -> None:
    vals = {
        "Speedup:": "1.84x",
        "Spec  tok/s:": f"{speeds[0] / 10}" + ("  (decode: 64.0)" if aside else ""),
        "AR    tok/s:": f"{speeds[1] / 10}" + ("  (decode: 34.1)" if aside else ""),
        "Avg accept length:": f"{al / 100:.2f}",
    }
    text = "\n".join(f"  {k:<20}{vals[k]}" for k in keys) + "\n"
    (r,) = read(text).records
    assert r.printed_length == al / 100
    assert r.printed_rate is None  # 'AR' here is the autoregressive run, no rate


@settings(max_examples=examples(40), deadline=None)
@given(
    out_key=st.sampled_from(["Total new tokens", "new tokens", "Total output tokens"]),
    steps_key=st.sampled_from(
        ["Number of target-model calls", "target calls", "large model steps", "verify steps"]
    ),
    steps=st.integers(20, 5000),
    per=st.integers(110, 480),
)
def test_new_tokens_over_target_model_calls_decide_the_bonus(
    out_key: str, steps_key: str, steps: int, per: int
) -> None:
    out = steps * per // 100
    al = out / steps
    text = f"{out_key}: {out}\n{steps_key}: {steps}\nAverage accept length: {al:.2f} tokens\n"
    (r,) = read_paste(text).records
    assert r.accept_length == round(al, 2)
    assert r.bonus.rule.startswith("identity:")


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(["Acceptance length", "mean acceptance length", "accept rate", "AL"]),
    sep=st.sampled_from([": ", " = "]),
    a=st.integers(50, 900),
    b=st.integers(1000, 4000),
    eq=st.sampled_from(["=", "≈"]),
)
def test_a_figure_worked_out_after_its_name_is_the_result(
    name: str, sep: str, a: int, b: int, eq: str
) -> None:
    if "rate" in name:
        expr, val = f"{a}/{b}", f"{100 * a / b:.1f}%"
        want = round(100 * a / b, 1) / 100
    else:
        expr, val = f"1 + {a}/{b // 4}", f"{1 + a / (b // 4):.2f}"
        want = round(1 + a / (b // 4), 2)
    (r,) = read_paste(f"{name}{sep}{expr} {eq} {val}\n").records
    got = r.printed_rate if "rate" in name else r.printed_length
    assert got == pytest.approx(want)


def test_a_formula_without_its_result_gives_no_value() -> None:
    for text in ("Acceptance length: 128 / (128 - 96)", "AL = 1 + accepted / steps"):
        assert all(r.printed_length not in (128.0, 1.0) for r in read_paste(text).records)


_STATS = ("min", "max", "p90", "p99", "std")


@settings(max_examples=examples(60), deadline=None)
@given(
    name=st.sampled_from(["Acceptance length", "AL", "accept length", "Accept rate (%)"]),
    mean_word=st.sampled_from(["avg", "mean", "average", "AVERAGE", "median", "p50"]),
    others=st.lists(st.sampled_from(_STATS), min_size=1, max_size=3, unique=True),
    form=st.sampled_from(["{s} {v}", "{s}={v}", "{s}: {v}"]),
    joint=st.sampled_from(["  ", ", ", " | "]),
    bracketed=st.booleans(),
    at=st.integers(0, 3),
    v=st.integers(110, 480),
)
def test_a_metrics_statistics_listed_after_its_name_give_its_mean(
    name: str,
    mean_word: str,
    others: list[str],
    form: str,
    joint: str,
    bracketed: bool,
    at: int,
    v: int,
) -> None:
    rate = "rate" in name
    val = f"{v / 5:.1f}" if rate else f"{v / 100:.2f}"
    items = [(s, f"{float(val) * 0.9:.2f}") for s in others]
    items.insert(min(at, len(items)), (mean_word, val))
    if bracketed:
        text = "\n".join(f"[{name}] {s.upper()}: {x}" for s, x in items) + "\n"
    else:
        text = f"{name}  " + joint.join(form.format(s=s, v=x) for s, x in items) + "\n"
    (r,) = read_paste(text).records
    got = r.printed_rate if rate else r.printed_length
    assert got == pytest.approx(float(val) / (100 if rate else 1))
    assert r.statistic == ("median" if mean_word in ("median", "p50") else "mean")


def test_statistics_of_no_figure_or_without_a_centre_are_not_read() -> None:
    for text in (
        "Latency (ms)  min 1.20  avg 2.73  max 3.90\n",
        "[TPOT] AVERAGE: 2.73\n[TPOT] P50: 2.70\n",
        "[AR] AVERAGE: 1.81\n[AR] P50: 1.82\n",  # TensorRT-LLM's 'AR' outside a table
    ):
        assert all(
            r.printed_length is None and r.printed_rate is None for r in read_paste(text).records
        ), text


@pytest.mark.parametrize("noun", ["run", "model", "config", "setup"])
def test_runs_named_by_a_capital_letter_are_each_a_record(noun: str) -> None:
    # 'for run A': the capital A names the run (it was dropped as the article 'a', so the
    # line read as a label 'run' and the two runs as one record of 2.34)
    text = f"- Accept length for {noun} A: 2.996\n- Accept length for {noun} B: 2.34\n"
    assert [r.printed_length for r in read_paste(text).records] == [2.996, 2.34]


_PAIR_PIECES = (
    "acceptance rate",
    "Mean accept length",
    "AL",
    "τ",
    "`spec_k`",
    "**avg**",
    "is",
    "was",
    "of",
    "as",
    "will always be",
    ":",
    "=",
    "≈",
    "~",
    "—",
    "–",
    "about",
    "in the range of",
    "median",
    "2.9",
    "61%",
    "0.5.1",
    "1,208",
    "2x",
    "±0.1",
    "/ 4",
    "queries",
    "+ accept_rate",
    "-",
    "\n",
    "  ",
    "\u00a0",
    "x" * 40,
    "H\u0130T",
)


@settings(max_examples=400)
@given(st.lists(st.sampled_from(_PAIR_PIECES), max_size=16))
def test_pairs_are_the_patterns_matches(pieces: list[str]) -> None:
    # interpret._pairs tries the pattern only before a separator and its value: the same matches
    text = " ".join(pieces) if len(pieces) % 2 else "".join(pieces)
    got = [(m.span(), m.groupdict()) for m in I._pairs(text)]
    assert got == [(m.span(), m.groupdict()) for m in I._PAIR.finditer(text)]


@settings(max_examples=400)
@given(st.lists(st.sampled_from(_PAIR_PIECES + ("only", "3", "avg 2")), max_size=16))
def test_bare_pairs_are_the_patterns_matches(pieces: list[str]) -> None:
    # the bare pattern tried only before a value: the same matches
    text = " ".join(pieces) if len(pieces) % 2 else "".join(pieces)
    got = [(m.span(), m.groupdict()) for m in I._bare_pairs(text)]
    assert got == [(m.span(), m.groupdict()) for m in I._PAIR_BARE.finditer(text)]


_KEYED_PIECES = (
    "acceptance rate",
    "AL",
    "τ",
    "Accept len",
    "per-position (%)",
    "is",
    "were",
    ":",
    "=",
    "≈",
    "**",
    "`",
    "/",
    " / ",
    "@",
    "@ bs=1",
    "bs",
    "for",
    "on chat / code",
    "k = 3 / 5 / 7",
    ",",
    "and",
    "|",
    "mean",
    "max",
    "p90",
    "avg",
    "~",
    "2.9",
    "61%",
    "0.5.1",
    "3",
    "\n",
    "  ",
    "\u00a0",
    "x" * 40,
    "\u212a",
    "2.4 @ bs=1",
    "2.1 @ bs = 32",
    "3.1 / 2.9",
    "71% / 64%",
    "for k = 3 / 5",
    "on chat / code",
    "mean 2.7",
    "max=3.9",
    "p50: 2.75",
    "2.4 @ bs=1, 2.1 @ bs=32",
    "3.1 / 2.9 for k = 3 / 5",
    "(12 + 30) / 20 = 2.1",
    "3x4",
)
_KEYED = {
    "rate run": (I._RATE_RUN, I._RATE_RUN_AT, 61, I._RATE_RUN_BREAK),
    "values for": (I._VALS_FOR, I._VALS_FOR_AT, 51, I._CONFIG_KEY_BREAK),
    "at configs": (I._AT_CONFIGS, I._AT_CONFIGS_AT, 51, I._CONFIG_KEY_BREAK),
    "stats run": (I._STATS_RUN, I._STATS_RUN_AT, 61, I._STATS_RUN_BREAK),
    "worked": (I._WORKED, I._WORKED_AT, 61, I._WORKED_KEY_BREAK),
}


@pytest.mark.parametrize("which", list(_KEYED))
@settings(max_examples=300)
@given(pieces=st.lists(st.sampled_from(_KEYED_PIECES), max_size=18))
def test_keyed_patterns_matches(which: str, pieces: list[str]) -> None:
    # interpret._keyed tries a keyed pattern only before what follows its key: the same matches
    pat, after_at, most, breaks = _KEYED[which]
    text = " ".join(pieces) if len(pieces) % 2 else "".join(pieces)
    got = [(m.span(), m.groupdict()) for m in I._keyed(pat, after_at, most, breaks, text)]
    assert got == [(m.span(), m.groupdict()) for m in pat.finditer(text)]
