"""Negative controls: acceptance in another meaning, figures that are not measurements,
tables and texts without an acceptance figure."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste, reader
from tests.support.examples import examples
from tests.support.pastes import (
    printed_lengths,
    render_table,
)
from tests.unit.logs.paste.pipeline import Read

_MARKS = (
    "(mock numbers)",
    "(hypothetical)",
    "These are illustrative figures.",
    "(made-up numbers)",
    "Numbers are hypothetical.",
    "(placeholder values)",
)


def test_negative_controls() -> None:
    assert not read_paste("| model | tok/s |\n|---|---|\n| a | 10 |\n| b | 12 |\n").records
    mcmc = read_paste("MCMC sampler\nacceptance rate: 0.23\nstep size: 0.1\n")
    assert not mcmc.records and mcmc.ignored
    decode = (
        "[2026-03-01 10:00:00 TP0] Decode batch, #running-req: 1, gen throughput (token/s): 8.1\n"
    )
    assert not read_paste(decode).records


@settings(max_examples=examples(40), deadline=None)
@given(
    st.lists(st.integers(min_value=100, max_value=400), min_size=1, max_size=4),
    st.sampled_from(["tau", "acc_len", "accept_length"]),
)
def test_a_training_progress_bar_is_no_serving_measurement(
    read: Read, hundredths: list[int], name: str
) -> None:
    # the draft's simulated accept length in a training loop is its training estimate, no
    # run's acceptance: no record (test_training_tau.py), the loop's lines set aside
    text = "\n".join(
        f"Train: {10 + i}/50 [00:0{i}<00:20, 2.9it/s, acc=0.31, loss=6.{i}1, lr=8.1e-05, "
        f"{name}={h / 100:.2f}]"
        for i, h in enumerate(hundredths)
    )
    reading = read(text)
    assert reading.records == ()
    bar = "Train: 3/50 [00:01<00:20, 2.9it/s, acc=0.31, loss=6.1, lr=8.1e-05, grad=0.9]"
    reading = read(bar)
    assert reading.records == ()
    assert any("training loop" in b.reason for b in reading.ignored)


def test_acceptance_rates_of_papers_are_no_record() -> None:
    text = (
        "| Venue | Submissions | Accepted | Acceptance rate |\n|---|---|---|---|\n"
        "| ICLR 2025 | 11,565 | 3,704 | 32.0% |\n"
    )
    reading = read_paste(text)
    assert not reading.records and reading.ignored


@settings(max_examples=examples(40), deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "model",
                "tok/s",
                "TTFT (ms)",
                "TPOT (ms)",
                "batch size",
                "throughput",
                "p99 latency",
                "speedup",
                "memory (GiB)",
            ]
        ),
        min_size=2,
        max_size=5,
        unique=True,
    ),
    st.integers(1, 4),
    st.sampled_from(["markdown", "csv", "aligned"]),
)
def test_tables_without_acceptance_give_nothing(headers: list[str], n: int, layout: str) -> None:
    rows = [[f"{(i + 1) * 10 + j}.5" for j in range(len(headers))] for i in range(n)]
    if layout == "markdown":
        text = "\n".join(
            ["| " + " | ".join(headers) + " |", "|" + "---|" * len(headers)]
            + ["| " + " | ".join(r) + " |" for r in rows]
        )
    elif layout == "csv":
        text = "\n".join([",".join(headers)] + [",".join(r) for r in rows])
    else:
        text = "\n".join("    ".join(c.ljust(14) for c in r) for r in [headers, *rows])
    got = read_paste("draft model benchmark\n" + text + "\n")
    assert not got.records and not got.unread, text


@settings(max_examples=examples(40), deadline=None)
@given(
    mark=st.sampled_from(_MARKS),
    where=st.sampled_from(("line", "title", "example")),
    values=st.lists(st.integers(105, 390), min_size=1, max_size=3, unique=True),
)
def test_figures_marked_as_not_measured_give_no_record(
    read: Read, mark: str, where: str, values: list[int]
) -> None:
    listed = ", ".join(f"MTP{i + 1}: AL {v / 100:.2f}" for i, v in enumerate(values))
    body = f"With EAGLE-3 the settings would be [{listed}]"
    # control: without the mark the figures read
    assert printed_lengths(f"Speculative decoding results.\n\n{body}.\n") == [
        v / 100 for v in values
    ]
    if where == "line":
        text = f"Speculative decoding results.\n\n{body} {mark}\n"
    elif where == "example":
        # no mark but an example in the conditional: what the figures would be
        text = f"Speculative decoding results.\n\nFor example, {body[0].lower()}{body[1:]}.\n"
    else:
        text = f"### Speculative decoding {mark.strip('().')}\n\n{body}.\n"
    got = read(text)
    assert got.records == ()
    assert any("not measured" in b.reason for b in got.unread)


@settings(max_examples=examples(20), deadline=None)
@given(
    title=st.sampled_from(
        (
            "Here's an example:",
            "Example:",
            "Output of examples/offline_inference/spec_decode.py:",
            "For example, on our cluster (e.g. 8xH100):",
        )
    ),
    value=st.integers(105, 490),
)
def test_a_real_run_titled_example_still_reads(title: str, value: int) -> None:
    v = value / 100
    text = (
        f"{title}\n\n"
        "```\n--------------------------------------------------\n"
        f"total_num_output_tokens: 2048\nnum_drafts: 512\nmean acceptance length: {v:.2f}\n"
        "--------------------------------------------------\n```\n"
    )
    assert printed_lengths(text) == [v]


@settings(max_examples=examples(30), deadline=None)
@given(
    title=st.sampled_from(
        (
            "Draft acceptance usually falls off with depth:",
            "Acceptance generally drops at later positions:",
            "The acceptance rate tends to shrink along the draft:",
            "Typical values:",
        )
    ),
    rates=st.lists(st.integers(20, 95), min_size=3, max_size=6),
)
def test_figures_under_a_title_of_what_usually_happens_are_no_record(
    read: Read, title: str, rates: list[int]
) -> None:
    # a rule stated in general, then an aligned illustration of it: no one's run
    rates = sorted(rates, reverse=True)
    cells = "".join(f"{r}%".rjust(6) for r in rates)
    table = "Depth:     " + "".join(str(i + 1).rjust(6) for i in range(len(rates)))
    table += "\nAcceptance:" + cells + "\n"
    assert read(f"EAGLE-3 draft, k={len(rates)}.\n\n{table}").records  # control
    got = read(f"EAGLE-3 draft, k={len(rates)}.\n\n{title}\n\n```\n{table}```\n")
    assert got.records == ()
    assert any("not measured" in b.reason for b in got.unread)


@pytest.mark.parametrize(
    "title",
    [
        "Acceptance on our cluster usually falls off with depth:",
        "Measured acceptance generally drops at later positions:",
        "Typical output of the bench:",
    ],
)
def test_a_run_under_a_title_of_what_usually_happens_still_reads(title: str) -> None:
    table = "Depth:          1      2      3\nAcceptance:   81%    62%    40%\n"
    assert read_paste(f"EAGLE-3 draft, k=3.\n\n{title}\n\n```\n{table}```\n").records


@settings(max_examples=examples(30), deadline=None)
@given(
    title=st.sampled_from(
        ("Performance characteristics:", "Latency characteristics:", "**Characteristics**")
    ),
    rate=st.integers(40, 90),
    speedup=st.integers(15, 35),
)
def test_bullets_under_a_kinds_characteristics_are_no_record(
    read: Read, title: str, rate: int, speedup: int
) -> None:
    # a guide's section on one kind of drafter: what the kind shows, no one's run
    items = (
        "- Drafter speed: 300 tokens/second\n"
        f"- Acceptance rate: {rate}% of drafted tokens\n"
        f"- Result: {speedup / 10}x faster decoding\n"
    )
    assert read(f"## Small draft model\n\nRun on our box:\n\n{items}").records  # control
    got = read(f"## Small draft model\n\n{title}\n\n{items}")
    assert got.records == ()
    assert any("not measured" in b.reason for b in got.unread)


@pytest.mark.parametrize(
    "title", ["Measured characteristics:", "Characteristics of our run (EAGLE, 3 drafts):"]
)
def test_characteristics_of_a_measured_run_still_read(read: Read, title: str) -> None:
    items = "- Acceptance rate: 64% of drafted tokens\n- Result: 2.1x faster decoding\n"
    assert read(f"## EAGLE drafter\n\n{title}\n\n{items}").records


@settings(max_examples=examples(30), deadline=None)
@given(
    title=st.sampled_from(
        ("Expected output:", "Expected response (one JSON line):", "**Expected result**")
    ),
    accepted=st.integers(100, 900),
)
def test_a_commands_expected_output_is_no_record(read: Read, title: str, accepted: int) -> None:
    body = (
        f'{{"spec": {{"draft_tokens": 1000, "accepted_tokens": {accepted}, '
        f'"acceptance_rate": {accepted / 1000}}}}}\n'
    )
    intro = "Check the EAGLE speculative decoding server with `spec-check --json`.\n\n"
    assert read(f"{intro}Output:\n\n{body}").records  # control
    got = read(f"{intro}{title}\n\n{body}")
    assert got.records == ()
    assert any("not measured" in b.reason for b in got.unread)


def test_an_expected_output_we_measured_still_reads(read: Read) -> None:
    body = '{"spec": {"draft_tokens": 1000, "accepted_tokens": 640, "acceptance_rate": 0.64}}\n'
    text = f"EAGLE speculative decoding run.\n\nExpected output, as we measured it:\n\n{body}"
    assert read(text).records


@pytest.mark.parametrize("lead", ["# Example:", "// e.g.", "# for example"])
def test_a_code_comment_giving_an_example_is_no_record(lead: str) -> None:
    # the comment states the inputs of the call below it
    text = f"```python\n{lead} 65% acceptance, K=4\ngain = expected_gain(0.65, 4)\n```\n"
    assert read_paste("Speculative decoding helper.\n\n" + text).records == ()


def test_a_code_comment_of_a_measured_run_still_reads() -> None:
    text = "```python\n# measured: 65% acceptance, K=4\ngain = expected_gain(0.65, 4)\n```\n"
    assert read_paste("Speculative decoding helper.\n\n" + text).records


def test_a_sampler_tuning_constant_is_another_meaning() -> None:
    text = (
        "Replaced the fixed Robbins-Monro acceptance rate of 0.25 with a `tune_mcmc()` argument.\n"
    )
    assert read_paste(text).records == ()


def test_a_speedup_is_never_an_acceptance_figure() -> None:
    text = "With the draft on, at essentially identical acceptance, fork-a is about 2x faster.\n"
    assert read_paste(text).records == ()
    assert read_paste("acceptance is 0.62, about 2.5× faster\n").records[0].printed_rate == 0.62


def test_speedups_under_an_acceptance_heading_are_not_lengths() -> None:
    table = render_table(
        "markdown",
        ["Task", "draft-a", "draft-b"],
        [["chat", "1.8x", "2.1x"], ["code", "2.0×", "2.4×"]],
    )
    text = "## Acceptance length results\n\nSee the sweep below.\n\n" + table
    assert read_paste(text).records == ()


@pytest.mark.parametrize(
    "text",
    [
        "Our model's acceptance rate among users was 61% (accept 52 / reject 33).\n",
        "The agent uses about 1500 tokens per round of the conversation.\n",
        "Game stats: 4.2 tokens per iteration of the training loop, loss 2.1\n",
        "The tokenizer averages 3.6 tokens per word; throughput 120 tokens/s.\n",
        "In the chess engine, we accept 2.5 moves per round on average.\n",
        '<input type="radio" name="accept radio" value="1">\n',
        "Acceptance criteria: throughput >= 2x at >= 60% acceptance with EAGLE-3.\n",
        "We target an acceptance length of 3.0 for the new head.\n",
        "Our goal: acceptance rate 70% with Qwen3-8B.\n",
    ],
)
def test_negative_controls_of_these_shapes(text: str) -> None:
    assert read_paste(text).records == ()


_SAMPLER_LINES = [
    "Metropolis-Hastings acceptance rate: {r}",
    "NUTS: accept_stat mean {r}, acceptance rate: {r}",
    "MCMC sampler acceptance rate {r} after burn-in",
    "sampling: 100%|##########| 2000/2000 [00:12, step size=0.42, acc. prob={r}]",
]


@settings(max_examples=examples(40), deadline=None)
@given(
    st.sampled_from(
        ["## Notes on our EAGLE-3 draft", "### Draft head eval", "Speculative decoding run"]
    ),
    st.lists(st.sampled_from(_SAMPLER_LINES), min_size=1, max_size=3),
    st.integers(min_value=5, max_value=95),
    st.booleans(),
)
def test_a_samplers_acceptance_under_a_speculative_heading_is_no_record(
    read: Read, heading: str, lines: list[str], pct: int, intro: bool
) -> None:
    # the heading names a draft; the block itself is a Bayesian fit's sampler output
    body = [line.format(r=f"{pct / 100:.2f}") for line in lines]
    text = heading + "\n\n" + ("Unrelated: my Bayesian model fit shows\n" if intro else "")
    reading = read(text + "\n".join(body) + "\n")
    assert reading.records == ()
    assert any("another meaning" in b.reason for b in reading.ignored)


def test_a_sampler_line_inside_a_speculative_block_is_not_read_with_it() -> None:
    text = (
        "EAGLE-3 draft, k=3: accept length 2.71\n"
        "Metropolis-Hastings acceptance rate: 0.234 (target 0.234)\n"
    )
    reading = read_paste(text)
    assert [r.printed_length for r in reading.records] == [2.71]
    assert all(r.printed_rate is None for r in reading.records)
    assert any(b.first_line == 2 for b in reading.ignored)


@settings(max_examples=examples(40), deadline=None)
@given(
    st.sampled_from(
        [
            "ICLR 2026 acceptance rate: {p}%",
            "Our QA team ran the acceptance suite: acceptance rate {p}%",
            "Simulated annealing: acceptance rate 0.{p} at T=1.0",
            "NeurIPS acceptance rate was {p}% this year",
        ]
    ),
    st.integers(min_value=10, max_value=99),
)
def test_a_rate_of_a_venue_a_test_suite_or_annealing_is_no_record(
    read: Read, template: str, p: int
) -> None:
    reading = read(template.format(p=p) + "\n")
    assert reading.records == ()
    assert any("another meaning" in b.reason for b in reading.ignored)


@pytest.mark.parametrize(
    "text",
    [
        "Draft acceptance rate: 61.5%\n",
        "Tested with the big model locally: the accept rate is 0.84 with osl=1024\n",
        "- DFlash2: 17.01 tok/s, 67.7% acceptance, 21 verification rounds\n",
        "acceptance rate: 62% (EAGLE-3, k=3)\n",
    ],
)
def test_a_rate_with_a_decoding_word_is_still_read(text: str) -> None:
    assert len(read_paste(text).records) == 1


@pytest.mark.parametrize(
    "text",
    [
        "~1030 full papers were submitted, of which ~200 were accepted. The acceptance rate is "
        "19.4%.\n",
        "CIKM2019: the acceptance rate is 19.4%.\n",
        "The acceptance rate of the editor's suggestions is 33.65% this month.\n",
        "For example, if we have an acceptance vector of [1, 0, 1, 0], the token acceptance rate "
        "is 2 / 4 = 0.5 for the draft.\n",
    ],
)
def test_papers_suggestions_and_worked_examples_are_no_record(text: str) -> None:
    assert read_paste(text).records == ()


@settings(max_examples=examples(40), deadline=None)
@given(
    st.integers(min_value=5, max_value=60),
    st.integers(min_value=5, max_value=30),
    st.sampled_from(
        ["uncertain_rate", "abstain rate", "fp_accept_rate", "false accept rate", "FN rate"]
    ),
)
def test_a_decisions_accept_share_beside_its_errors_or_a_third_outcome_is_no_record(
    read: Read, a: int, r: int, third: str
) -> None:
    # a grader's accept / reject / unsure shares, its false accepts: a decision, no drafts
    rest = 100 - a - r
    text = (
        "# Grader check\n\n"
        f"| setup | accept_rate | reject_rate | {third} | mean_ms |\n"
        "|---|---:|---:|---:|---:|\n"
        f"| plain | 0.{a:02d} | 0.{r:02d} | 0.{rest:02d} | 310.5 |\n"
        f"| strict | 0.{a:02d} | 0.{r + 1:02d} | 0.{rest - 1:02d} | 402.0 |\n"
    )
    reading = read(text)
    assert reading.records == ()
    assert any("another meaning" in b.reason for b in reading.ignored)


@pytest.mark.parametrize(
    "header",
    ["| setup | accept_rate | reject_rate |", "| setup | accept_rate | FN rate |"],
)
def test_accept_and_reject_rates_of_drafts_are_still_read(header: str) -> None:
    # the same columns where the block speaks of drafts: the drafts' shares
    text = f"EAGLE-3 draft, k=4\n{header}\n|---|---:|---:|\n| plain | 0.61 | 0.39 |\n"
    assert [r.printed_rate for r in read_paste(text).records] == [0.61]


_OTHER_SAMPLES = (
    "MCMC",
    "Robbins-Monro",
    "Metropolis-Hastings",
    "HMC / NUTS sampler",
    "burn-in",
    "Markov chain",
    "proposal distribution",
    "step size",
    "Admission",
    "offer acceptance",
    "Quote acceptance",
    "invitations acceptance",
    "reorder acceptance",
    "Loan applicants",
    "User Acceptance Test",
    "Submissions",
    "venue",
    "Conference reviewers",
    "admitted",
    "enrolled",
    "acceptance criteria",
    "annealing",
    "submitted full papers",
    "Copilot suggestion",
    "autocomplete",
    "dismissed_items",
    "dismissal rate",
    "NeurIPS ICLR ACL KDD",
    "schema_valid",
    "Schema conformance",
    "json-valid",
    "malformed JSON",
    "accept length 2.4",
    "draft tokens",
    "\u212adD",  # the Kelvin sign: 'k' to a case-blind pattern, not to lower()
    "\u017fubmitted",  # a long s: 's' to a case-blind pattern
    "\u0130CLR",
    "\u0131clr",  # a dotless i: 'i' to a case-blind pattern
    "\u2588\u2588 vLLM banner",  # outside ASCII, none of those letters: the lower case asked
    "Conf\u00e9rence conference",
)


@settings(max_examples=300)
@given(
    st.lists(
        st.one_of(
            st.sampled_from(_OTHER_SAMPLES),
            st.text(alphabet="abcklmnpsuIKS -\n\u2588\u00e9\u0131\u0130\u017f\u212a", max_size=8),
        ),
        max_size=6,
    )
)
def test_other_meaning_words_agree_with_the_pattern(parts: list[str]) -> None:
    # the substring test before the pattern (reader._names_other) says what the pattern says
    text = "".join(parts)
    assert reader._names_other(text) == (reader._OTHER_MEANING.search(text) is not None)


def _checked_outputs(shape: str, members: list[tuple[str, str]]) -> str:
    if shape == "members":
        return '    assert report["runs"]["guided"] == {\n' + "".join(
            f'        "{k}": {v},\n' for k, v in members
        )
    if shape == "json":
        return "{" + ", ".join(f'"{k}": {v}' for k, v in members) + "}\n"
    return "".join(f"{k}: {v}\n" for k, v in members)


@settings(max_examples=examples(30), deadline=None)
@given(
    shown=st.integers(10, 60),
    kept=st.data(),
    check=st.sampled_from(["schema_valid", "json_valid", "malformed_json", "schema_rejected"]),
    shape=st.sampled_from(["members", "json", "lines"]),
)
def test_a_structured_output_checks_acceptance_is_no_record(
    shown: int, kept: st.DataObject, check: str, shape: str
) -> None:
    # outputs accepted by a schema or a JSON parser: a share of outputs, no draft's
    accepted = kept.draw(st.integers(1, shown))
    members = [
        ("outputs", str(shown)),
        ("accepted", str(accepted)),
        (check, str(shown - accepted)),
        ("acceptance_rate", f"{accepted / shown:.3f}"),
    ]
    assert not read_paste(_checked_outputs(shape, members)).records
    # the same words beside a draft's count: its acceptance is read
    members[0] = ("draft_tokens", str(shown))
    got = read_paste(_checked_outputs(shape, members)).records
    assert [r.printed_rate for r in got] == [round(accepted / shown, 3)]


@settings(max_examples=examples(30), deadline=None)
@given(
    thing=st.sampled_from(["Quote", "Bid", "Offer", "Invitation", "Payment", "Contract"]),
    before=st.integers(50, 90),
    after=st.integers(10, 49),
)
def test_a_deals_acceptance_rate_is_no_record(thing: str, before: int, after: int) -> None:
    # a quote's, a bid's or an invitation's acceptance: a business share, no draft's
    text = (
        "## Case 2: fewer wins\n\n"
        f"Over the month the {thing} acceptance rate dropped from {before}% to {after}%.\n\n"
        "1. Compare the prices of rivals\n2. Review the surcharge\n"
    )
    assert not read_paste(text).records
    # the same sentence of a draft's tokens: two records
    spec = text.replace(f"{thing} acceptance", "draft token acceptance")
    got = [r.printed_rate for r in read_paste(spec).records]
    assert got == [before / 100, after / 100]
    # a model card's acceptance is the drafts', whatever else the block says
    card = text.replace(f"the {thing} acceptance", "the model card acceptance")
    assert [r.printed_rate for r in read_paste(card).records] == [before / 100, after / 100]


@settings(max_examples=examples(30), deadline=None)
@given(
    shown=st.integers(100, 900),
    kept=st.integers(1, 99),
    key=st.sampled_from(["dismissed_items", "dismissal_rate", "dismissed", "dismissals"]),
)
def test_acceptance_beside_dismissal_is_a_persons_review_no_record(
    shown: int, kept: int, key: str
) -> None:
    # items a person accepts or dismisses (labels an assistant proposes): no speculation
    accepted = shown * kept // 100
    text = (
        "GET /v1/review/stats response:\n{\n"
        f'  "proposed_items": {shown},\n  "accepted_items": {accepted},\n'
        f'  "{key}": {shown - accepted},\n  "acceptance_rate": {accepted / shown:.3f}\n}}\n'
    )
    assert read_paste(text).records == ()


def test_dismissal_beside_a_speculative_word_is_read() -> None:
    # a speculative-decoding word in the block: the acceptance is the drafts'
    text = (
        "draft model run (dismissed the warm-up steps):\n"
        '{"accepted_tokens": 600, "draft_tokens": 1000, "acceptance_rate": 0.6}\n'
    )
    (r,) = read_paste(text).records
    assert r.printed_rate == 0.6


@settings(max_examples=examples(40), deadline=None)
@given(
    pct=st.integers(50, 99),
    item=st.sampled_from(["job", "captcha", "worker"]),
)
def test_acceptance_of_work_items_in_a_paste_without_a_model_no_record(pct: int, item: str) -> None:
    # a paste of jobs or tasks handed out and checked, naming nothing a model's decoding prints:
    # its acceptance rate is the share of work accepted (the alert under a heading of its own)
    text = (
        "## Monitors\n\n### Low acceptance\n"
        f"Fires when fewer than 90% of {item}s are approved.\n\n"
        f"```\nWARN: Acceptance rate fell to {pct}.5% (goal: 95%)\n```\n\n"
        f"### Slow {item}s\nFires when a {item} finishes in under 20 s.\n"
    )
    reading = read_paste(text)
    assert reading.records == () and reading.ignored


@pytest.mark.parametrize(
    "word",
    ["draft model", "MTP head", "tokens per step", "the model server", "decode batch"],
)
def test_acceptance_beside_work_items_and_a_models_word_is_read(word: str) -> None:
    # a word of a model's decoding anywhere in the paste: the acceptance is read as before
    text = (
        f"Nightly job on the {word}.\n\n```\nWARN: Acceptance rate fell to 61.5% (was 70.0%)\n```\n"
    )
    assert [r.printed_rate for r in read_paste(text).records][-1:] == [0.615]


def test_a_task_column_is_no_work_item() -> None:
    # a benchmark's 'task' column over acceptance cells: read, whatever else the paste names
    text = "| task | accept rate |\n| --- | --- |\n| code | 71.5% |\n| math | 64.0% |\n"
    assert [r.printed_rate for r in read_paste(text).records] == [0.715, 0.64]
