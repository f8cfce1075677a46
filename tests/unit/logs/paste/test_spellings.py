"""Spellings of names and numbers: header spellings, typos, mojibake, full-width punctuation,
snake/camel case, per-step nouns."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.text import prepare
from tests.support.examples import examples
from tests.support.pastes import (
    LENGTH_HEADERS,
    MARKUP,
    order_columns,
    pipe_table,
    render_table,
)
from tests.unit.logs.paste.pipeline import Read


def _as_cp1252(text: str) -> str:
    """UTF-8 bytes shown as Windows-1252 (bytes it leaves undefined shown as Latin-1)."""
    undefined = {0x81, 0x8D, 0x8F, 0x90, 0x9D}
    return "".join(
        chr(b) if b in undefined else bytes([b]).decode("cp1252") for b in text.encode("utf-8")
    )


_AGG = ["aggregate", "overall", "avg", "mean", "cumulative", "global", "total", "combined"]

_METRICS = {
    "accept rate": C.RATE,
    "acceptance rate": C.RATE,
    "accept length": C.LENGTH,
    "acceptance length": C.LENGTH,
    "acc len": C.LENGTH,
}

_STEP_SPELLINGS = [
    f"{tok}{sep}{noun}"
    for tok in ("tok", "toks", "tokens")
    for sep in ("/", " per ")
    for noun in ("round", "cycle", "step", "forward", "iter", "iteration", "verify")
]


def _typo(word: str, kind: int, at: int) -> str:
    """One edit of ``word``: a letter changed, dropped, doubled, or two swapped."""
    i = 1 + at % (len(word) - 2)  # never the first letter
    if kind == 0:
        return word[:i] + ("d" if word[i] != "d" else "f") + word[i + 1 :]
    if kind == 1:
        return word[:i] + word[i + 1 :]
    if kind == 2:
        return word[:i] + word[i] + word[i:]
    return word[:i] + word[i + 1] + word[i] + word[i + 2 :]


def _camel(words: list[str]) -> str:
    return words[0].lower() + "".join(w.capitalize() for w in words[1:])


def test_number_spellings() -> None:
    v = C.value("**2.6 / 5**")
    assert v is not None and v.number == 2.6 and v.max == 5
    assert C.value("12,345") is not None and C.value("12,345").number == 12345  # type: ignore[union-attr]
    m = C.value("3.4 median")
    assert m is not None and m.statistic == "median"
    p = C.value("50.67%")
    assert p is not None and p.percent
    assert C.value("-") is None and C.value("n/a") is None


def test_header_spellings() -> None:
    for h in LENGTH_HEADERS:
        assert C.key(h).metric == C.LENGTH, h
    assert C.key("accept_rate").metric == C.RATE
    assert C.key("avg_tok/step").metric == C.TOK_PER_STEP
    assert C.key("Acceptance rate at token 2").position == 2


@settings(max_examples=examples(60), deadline=None)
@given(
    st.text(alphabet="τ±≈–—éüß→…αλ", min_size=1, max_size=6),
    st.text(alphabet="abc XYZ 0.9|:()café naïve", max_size=20),
)
def test_mojibake_is_read_back(word: str, plain: str) -> None:
    """UTF-8 read as Windows-1252 is repaired; text that is no mojibake is kept as it was."""
    assert prepare(f"{plain} {_as_cp1252(word)} x")[0][1] == f"{plain} {word} x"
    assert prepare(plain + " x")[0][1] == plain + " x"


def test_the_metric_in_brackets_after_a_symbol() -> None:
    text = "k\tα (acceptance rate)\tE[tokens/step]\n2\t0.71\t2.21\n4\t0.66\t2.89\n"
    recs = read_paste(text).records
    assert [r.accept_length for r in recs] == [2.21, 2.89]
    assert recs[0].printed_rate == 0.71 and recs[0].bonus.value == "included"


def test_shorthand_accpt_is_accept() -> None:
    assert C.key("Accpt Len").metric == C.LENGTH
    got = read_paste("* draft k=3: 40 s, 120 toks/s **Accpt Len: 2.31**\n")
    (r,) = got.records
    assert r.printed_length == 2.31 and r.accept_length is None


def test_emitted_per_verify_is_tokens_per_step() -> None:
    assert C.key("emitted per verify").metric == C.TOK_PER_STEP
    text = (
        "| setting | draft acceptance | emitted per verify |\n"
        "|---|---:|---:|\n"
        "| chat, ngram | 14.0 % | — |\n"
        "| chat, MTP k=3 | 61 % | 2.7 |\n"
    )
    got = read_paste(text)
    assert [r.accept_length for r in got.records] == [None, 2.7]
    assert got.records[0].printed_rate == 0.14


def test_accepted_token_length_and_a_key_with_of() -> None:
    assert C.key("average accepted token length").metric == C.LENGTH
    (r,) = read_paste(
        "After 3 epochs the average accepted token length of 2.05 on gsm8k.\n"
    ).records
    assert r.printed_length == 2.05
    (s,) = read_paste(
        "In that setting the AL of `org/my-draft-v2` is 2.66, lower than before.\n"
    ).records
    assert s.printed_length == 2.66


def test_full_width_punctuation() -> None:
    got = read_paste("tree-draft\ntemperature=0：accept length：2.19\n").records
    assert [r.printed_length for r in got] == [2.19]


@settings(max_examples=examples(60), deadline=None)
@given(
    st.lists(st.sampled_from(_AGG), min_size=1, max_size=3),
    st.sampled_from(sorted(_METRICS)),
    st.sampled_from(["_", " ", "-"]),
    st.booleans(),
)
def test_aggregation_words_before_a_metric_name(
    words: list[str], metric: str, sep: str, upper: bool
) -> None:
    """'aggregate_accept_rate', 'Overall-Mean-Acceptance-Length': any number of aggregation
    words, in any order and spelling, before a known metric's name name that metric."""
    name = sep.join([*words, *metric.split()])
    name = name.title() if upper else name
    assert C.key(name).metric == _METRICS[metric], name
    assert C.key(sep.join(words)).metric is None  # the words alone name nothing


def test_a_snake_case_rate_column_of_a_sweep_table() -> None:
    text = (
        "| draft-max | tok/s | wall s | aggregate_accept_rate |\n"
        "| --- | --- | --- | --- |\n"
        "| off | 18.10 | 90.2 | n/a |\n"
        "| 2 | 24.70 | 71.5 | 0.7712 |\n"
        "| 3 | 25.05 | 70.9 | 0.6904 |\n"
    )
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == [0.7712, 0.6904]
    assert all(r.accept_length is None for r in got)


@settings(max_examples=examples(40), deadline=None)
@given(
    st.sampled_from(
        ["toks/fwd", "tokens/forward", "tok/cycle", "Average toks/fwd", "tokens per cycle"]
    ),
    st.integers(min_value=101, max_value=700),
)
def test_tokens_per_forward_or_cycle_count_the_bonus(name: str, x: int) -> None:
    """Tokens per target forward or per draft-verify cycle: the target's own token included."""
    assert C.key(name).metric == C.TOK_PER_STEP
    (r,) = read_paste(f"[spec stats] {name}: {x / 100:.2f}, draft tokens: 4\n").records
    assert r.accept_length == r.printed_length == x / 100
    (u,) = read_paste(
        f"MTP on: {x / 100:.2f} {name.removeprefix('Average ')} over the run\n"
    ).records
    assert u.accept_length == x / 100


def test_a_batch_sum_per_cycle_is_no_length_and_a_unit_after_a_named_length() -> None:
    assert C.key("tok/cycle (batch)").metric is None
    (r,) = read_paste("the average accept length is 2.9 tokens per step on chat\n").records
    assert r.printed_length == 2.9 and r.accept_length is None


def test_a_draft_len_column_is_the_draft_tokens_per_step() -> None:
    text = pipe_table(["draft len", "AL"], [["1", "1.80"], ["3", "2.62"]])
    got = read_paste(text).records
    # 1.80 above one draft token per step counts the bonus; the column follows
    assert [r.accept_length for r in got] == [1.80, 2.62]


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(["Avg Accepted/window", "accepted per window", "mean accepted/window"]),
    vals=st.lists(st.integers(10, 600), min_size=1, max_size=4),
)
def test_accepted_per_draft_window_is_accepted_per_step_its_bonus_undecided(
    name: str, vals: list[int]
) -> None:
    # accepted per step without 'draft' in its name: some tools count the target's own token
    # among the accepted, some do not; nothing here decides which, but a value below 1 (every
    # step emits the target's token: no figure counting it is below 1), which decides the
    # column's other rows too (one name printed one way)
    rows = [[f"mode{i}", "12.3", f"{v / 100:.2f}"] for i, v in enumerate(vals)]
    got = read_paste(pipe_table(["mode", "latency (s)", name], rows)).records
    assert [r.printed_length for r in got] == [v / 100 for v in vals]
    below = any(v < 100 for v in vals)
    assert all(
        (not below and r.accept_length is None and r.bonus.value == "unknown")
        or (below and r.accept_length == round(1 + v / 100, 6) and r.bonus.value == "excluded")
        for r, v in zip(got, vals, strict=True)
    )


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(
        ["mean accepted/step", "accepted/step", "Accepted per step", "accepted tokens per step"]
    ),
    drafts=st.booleans(),
    vals=st.lists(st.integers(10, 790), min_size=1, max_size=4),
)
def test_accepted_per_step_decides_the_bonus_only_when_it_names_drafts(
    name: str, drafts: bool, vals: list[int]
) -> None:
    header = "accepted drafts per step" if drafts else name
    rows = [[f"route {i}", f"{v / 100:.2f}", "25.1 tok/s"] for i, v in enumerate(vals)]
    got = read_paste(pipe_table(["route", header, "mean decode"], rows)).records
    assert [r.printed_length for r in got] == [v / 100 for v in vals]
    if drafts:
        assert [r.accept_length for r in got] == [round(1 + v / 100, 6) for v in vals]
    else:
        # (a value below 1 is accepted drafts whatever the name: no record counting the
        # target's token is below 1; its column's other rows follow, one name one way)
        below = any(v < 100 for v in vals)
        assert all(
            (not below and r.accept_length is None and r.bonus.value == "unknown")
            or (below and r.accept_length == round(1 + v / 100, 6))
            for r, v in zip(got, vals, strict=True)
        )


@settings(max_examples=examples(60), deadline=None)
@given(
    name=st.sampled_from(_STEP_SPELLINGS),
    suffix=st.sampled_from(["", " (struct)", " (code)", " [avg]"]),
    n=st.integers(1, 5),
    outer=st.booleans(),
    data=st.data(),
)
def test_tokens_per_any_step_noun_is_tokens_per_step(
    name: str, suffix: str, n: int, outer: bool, data: st.DataObject
) -> None:
    assert C.key(name).metric == C.TOK_PER_STEP
    vals = [data.draw(st.integers(120, 1400)) / 100 for _ in range(n)]
    cols = [
        ("config", [f"cfg{i}" for i in range(n)]),
        ("tok/s", [str(300 + 7 * i) for i in range(n)]),
        (name + suffix, [data.draw(st.sampled_from(MARKUP)).format(f"{v:.2f}") for v in vals]),
        ("rounds/s", [str(90 + i) for i in range(n)]),
    ]
    perm = [0] + data.draw(st.permutations([1, 2, 3]))
    header, rows = order_columns(cols, perm)
    got = read_paste("Sweep of draft sizes:\n\n" + pipe_table(header, rows, outer))
    assert [r.printed_length for r in got.records] == vals
    # tokens per step count the target's own token: the bonus is decided by the name
    assert [r.accept_length for r in got.records] == vals


@settings(max_examples=examples(80), deadline=None)
@given(
    stem=st.sampled_from(["accept", "acceptance", "Accept", "Acceptance"]),
    figure=st.sampled_from(["ratio", "length", "rate"]),
    kind=st.integers(0, 3),
    at=st.integers(0, 10),
    n=st.integers(1, 4),
    outer=st.booleans(),
    data=st.data(),
)
def test_a_header_with_a_typo_is_read_as_the_figure_it_misspells(
    read: Read, stem: str, figure: str, kind: int, at: int, n: int, outer: bool, data: st.DataObject
) -> None:
    bad = _typo(figure, kind, at)
    name = f"{stem} {bad}"
    want = C.key(f"{stem} {figure}").metric
    got_key = C.key(name).metric
    # a correction is made only when one word of the names is one edit away
    assert got_key in (want, None)
    if len(bad) >= 5 and bad not in ("rates",):
        near = [w for w in C._vocabulary() if len(w) >= 4 and C._edits(bad, w, 1) <= 1]
        if near == [figure]:
            assert got_key == want
    if got_key is None:
        return
    pct = figure != "length"
    vals = [data.draw(st.integers(40, 90) if pct else st.integers(120, 450)) for _ in range(n)]
    cells = [f"{v}.00%" if pct else f"{v / 100:.2f}" for v in vals]
    cols = [("method", [f"m{i}" for i in range(n)]), ("tpot(ms)", ["50.1"] * n), (name, cells)]
    header, rows = order_columns(cols, [0] + data.draw(st.permutations([1, 2])))
    got = read("## performance\n\n" + pipe_table(header, rows, outer))
    assert len(got.records) == n
    assert all(r.accept_length is None or not pct for r in got.records)


def test_real_words_near_a_figure_are_not_corrected() -> None:
    for name in ("accept date", "acceptance tests", "acceptance radius", "accepted tokesn"):
        assert C.key(name).metric is None
    text = pipe_table(["task", "acceptance tests", "acceptance date"], [["a", "12", "2026.10"]])
    assert read_paste(text).records == ()


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(
        ["accepted_tokens, %", "accepted tokens (%)", "Accepted, %", "accepted %"]
    ),
    n=st.integers(1, 3),
    data=st.data(),
)
def test_accepted_tokens_in_percent_are_a_share(name: str, n: int, data: st.DataObject) -> None:
    assert C.key(name).metric == C.RATE
    vals = [data.draw(st.integers(3, 95)) for _ in range(n)]
    rows = [[f"run {i}", "1.09x", str(v)] for i, v in enumerate(vals)]
    got = read_paste(pipe_table(["config", "speedup", name], rows))
    assert [r.printed_rate for r in got.records] == [v / 100 for v in vals]


@pytest.mark.parametrize(
    ("name", "metric"),
    [
        ("emitted/round", C.TOK_PER_STEP),
        ("tokens per draft round", C.TOK_PER_STEP),
        ("Acceptance Raio", C.ACCEPT_RATIO),
        ("accept date", None),
        ("accept late", None),
        ("acceptance test", None),
    ],
)
def test_more_spellings(name: str, metric: str | None) -> None:
    assert C.key(name).metric == metric


@settings(max_examples=examples(60), deadline=None)
@given(
    words=st.sampled_from(
        [
            (["accept", "length"], C.LENGTH),
            (["acceptance", "rate"], C.RATE),
            (["avg", "accept", "len"], C.LENGTH),
            (["draft", "acceptance", "rate"], C.RATE),
            (["mean", "acceptance", "length"], C.LENGTH),
        ]
    ),
    style=st.sampled_from(["camel", "pascal", "snake_mean", "arrow", "pct"]),
)
def test_header_spellings_of_code_and_papers(words: tuple[list[str], str], style: str) -> None:
    ws, metric = words
    if style == "camel":
        name = _camel(ws)
    elif style == "pascal":
        name = "".join(w.capitalize() for w in ws)
    elif style == "snake_mean":
        name = "_".join(ws) + "_mean"
    elif style == "arrow":
        name = " ".join(w.capitalize() for w in ws) + " ↑"
    else:
        name = "_".join(ws) + "_pct"
    k = C.key(name)
    assert k.metric == metric
    if style == "pct":
        assert k.percent


def test_capitals_are_not_camel_case() -> None:
    assert C.key("vLLM acceptance rate").tool == "vllm"
    assert C.key("SGLang Spec Accept Length").tool == "sglang"


@settings(max_examples=examples(60), deadline=None)
@given(
    rate=st.sampled_from(
        ["accept rate", "acceptance rate", "acceptance", "accept prob", "acc rate", "accept"]
    ),
    by=st.sampled_from(
        ["per {p}", "by {p}", "by draft {p}", "at each {p}", "per spec {p}", "positional"]
    ),
    p=st.sampled_from(["position", "pos", "depth", "positions"]),
    sep=st.sampled_from([" ", "_", "-"]),
    before=st.booleans(),
)
def test_a_rate_named_per_draft_position_is_a_per_position_list(
    rate: str, by: str, p: str, sep: str, before: bool
) -> None:
    q = by.format(p=p)
    words = f"{q} {rate}" if before or q == "positional" else f"{rate} {q}"
    assert C.key(words.replace(" ", sep)).metric == C.PER_POSITION, words


def test_a_rates_basis_or_one_numbered_position_is_no_per_position_list() -> None:
    for words in ("acceptance rate per token", "accept rate per draft token", "tok/s per position"):
        assert C.key(words).metric != C.PER_POSITION, words
    assert C.key("acceptance rate at position 2").metric == C.POSITION


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(
        ["Mean Accepted Tokens", "#Mean Accepted Tokens", "avg accepted tokens", "average accepted"]
    ),
    layout=st.sampled_from(["markdown", "aligned", "csv"]),
    vals=st.lists(st.integers(100, 900), min_size=1, max_size=4),
)
def test_mean_accepted_tokens_per_step_is_a_length_left_undecided(
    name: str, layout: str, vals: list[int]
) -> None:
    rows = [[f"m{i}", f"{v / 100:.2f}", "2.1x"] for i, v in enumerate(vals)]
    got = read_paste(render_table(layout, ["Method", name, "Speedup"], rows)).records
    assert [r.printed_length for r in got] == [v / 100 for v in vals]
    assert all(r.accept_length is None for r in got)


def test_mean_accepted_tokens_of_a_request_are_no_length() -> None:
    for text in ("Avg accepted tokens: 812", "avg accepted tokens: 153.2 per request"):
        assert read_paste(text + "\n").records == (), text


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(["acceptance rate", "接受率", "accept length", "接受长度"]),
    sep=st.sampled_from([": ", "：", " = "]),
    word=st.sampled_from(["average", "avg", "mean", "平均", "median"]),
    v=st.integers(10, 99),
)
def test_a_statistic_word_between_the_separator_and_the_value(
    name: str, sep: str, word: str, v: int
) -> None:
    length = "长度" in name or "length" in name
    shown = f"{1 + v / 50:.2f}" if length else f"0.{v:02d}"
    (r,) = read_paste(f"{name}{sep}{word} {shown}\n").records
    got = r.printed_length if length else r.printed_rate
    assert got == pytest.approx(float(shown))


@pytest.mark.parametrize(
    ("cells", "rates"),
    [
        # a short 'draft rate' column of shares: the acceptance, its denominator unsaid
        (["0.52", "0.47", "N/A"], [0.52, 0.47]),
        (["52%", "47%", "N/A"], [0.52, 0.47]),
        # the same name over throughput: no acceptance figure
        (["120.5", "131.0", "98.2"], []),
    ],
)
def test_a_draft_rate_column(cells: list[str], rates: list[float]) -> None:
    rows = "".join(f"| {k} | {40 + k}.5 | {c} |\n" for k, c in zip((2, 3, 0), cells, strict=True))
    text = "EAGLE sweep on our box:\n\n| k | tok/s | draft rate |\n|---|---|---|\n" + rows
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == rates
    assert all(r.accept_length is None for r in got)
