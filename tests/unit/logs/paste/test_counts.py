"""Counts beside a figure: accepted/drafted/rejected counts that give a share or a length, and
counts that do not give it."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.evidence import MAX_ACCEPT_LENGTH
from tests.support.examples import examples
from tests.support.pastes import (
    pipe_table,
    render_table,
)
from tests.unit.logs.paste.pipeline import Read


def _cell_share(a: int, r: int, form: int, approx: bool, qual: str) -> str:
    p = 100 * a / (a + r)
    pct = f"~{round(p)}%" if approx else f"{p:.1f}%"
    counts = (
        f"accept {a} / reject {r}",
        f"{a} accepted, {r} rejected",
        f"accepted: {a}; rejected: {r}",
    )[form]
    return f"**{pct}** ({counts}{qual})"


@settings(max_examples=examples(40), deadline=None)
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
    read: Read, rows: list[tuple[int, int]], bold: bool
) -> None:
    body = ""
    for i, (drafted, pct) in enumerate(rows):
        accepted = drafted * pct // 100
        rate = f"{100 * accepted / drafted:.1f}%"
        rate = f"**{rate}**" if bold else rate
        body += f"| prompt_{i} | {drafted} | {accepted} | {rate} |\n"
    text = "| Prompt | Drafted | Accepted | Rate |\n| --- | --- | --- | --- |\n" + body
    got = read(text).records
    assert len(got) == len(rows)
    for r, (drafted, pct) in zip(got, rows, strict=True):
        # no verify steps printed: no length, but where none was accepted (1 + 0 / steps)
        assert r.accept_length == (1.0 if drafted * pct // 100 == 0 else None)
        assert r.printed_rate is not None
        assert abs(r.printed_rate - (drafted * pct // 100) / drafted) < 0.0006


@settings(max_examples=examples(40), deadline=None)
@given(
    st.lists(st.integers(min_value=100, max_value=990), min_size=1, max_size=4),
    st.sampled_from(["accepted draft tokens", "of drafted tokens accepted", "accepted tokens"]),
)
def test_a_share_before_the_accepted_tokens_it_counts(
    read: Read, tenths: list[int], words: str
) -> None:
    """'57.7% accepted draft tokens.': the share of drafts accepted, one per line."""
    text = "\n".join(
        f"Run {i}: {14 + i}.0 tok/s with draft. {t / 10:.1f}% {words}."
        for i, t in enumerate(tenths)
    )
    got = read(text).records
    assert [round(r.printed_rate or -1, 6) for r in got] == [round(t / 1000, 6) for t in tenths]


@settings(max_examples=examples(40), deadline=None)
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


def test_a_count_over_a_count_of_something_else_is_no_record() -> None:
    text = "Draft release notes ready.\n\nAccepted: 38 / 40 testers signed off.\n"
    assert not read_paste(text).records


@settings(max_examples=examples(60), deadline=None)
@given(
    acc=st.integers(1, 5000),
    extra=st.integers(0, 5000),
    steps=st.integers(10, 5000),
    noun=st.sampled_from(["", ".", " tokens", " draft tokens", " testers", " users", " files"]),
    first=st.booleans(),
)
def test_accepted_over_drafted_counts(
    acc: int, extra: int, steps: int, noun: str, first: bool
) -> None:
    """'Accepted A / B' is accepted of drafted when nothing but the count's noun follows; with
    another noun ('38 / 40 testers') it is no count of ours."""
    assume(1 + acc / steps <= MAX_ACCEPT_LENGTH)  # above it: no length (evidence.py)
    drafted = acc + extra
    lines = [f"Accepted {acc} / {drafted}{noun}", f"Decoding steps {steps}."]
    text = "\n".join(lines if first else lines[::-1]) + "\n"
    recs = read_paste(text).records
    if noun.strip(" .") in ("", "tokens", "draft tokens"):
        (r,) = recs
        assert (r.accepted_tokens, r.drafted_tokens, r.steps) == (acc, drafted, steps)
        assert r.accept_length is not None and abs(r.accept_length - (1 + acc / steps)) < 1e-6
    else:
        assert not recs


@settings(max_examples=examples(40), deadline=None)
@given(
    st.lists(
        st.tuples(st.integers(min_value=5, max_value=400), st.integers(min_value=0, max_value=100)),
        min_size=1,
        max_size=6,
    ),
    st.sampled_from(["acc", "accepted", "n_acc"]),
    st.sampled_from(["draft", "drafted", "n_draft"]),
)
def test_count_lines_read_when_the_rate_is_their_ratio(
    rows: list[tuple[int, int]], acc: str, drf: str
) -> None:
    """'task  draft= 139 acc= 138 rate=0.993': names that alone say little, read because the
    rate printed is accepted / drafted."""
    lines = []
    for i, (d, pct) in enumerate(rows):
        a = d * pct // 100
        lines.append(f"  prompt_{i}    out= 200 {drf}= {d} {acc}= {a} rate={a / d:.3f} tok/s=15.1")
    got = read_paste("MTP bench:\n\n" + "\n".join(lines) + "\n").records
    assert [(r.accepted_tokens, r.drafted_tokens) for r in got] == [
        (d * p // 100, d) for d, p in rows
    ]
    # no verify steps printed: no length, but where none was accepted (1 + 0 / steps)
    assert [r.accept_length for r in got] == [1.0 if d * p // 100 == 0 else None for d, p in rows]
    bad = "  x    draft= 100 acc= 50 rate=0.900\n  y    draft= 100 acc= 40 rate=0.700\n"
    assert all(r.accepted_tokens is None for r in read_paste("MTP bench:\n\n" + bad).records)


@settings(max_examples=examples(30), deadline=None)
@given(
    rows=st.lists(st.tuples(st.integers(20, 400), st.integers(0, 100)), min_size=2, max_size=5),
    name=st.sampled_from(["AGG", "TOTAL", "overall"]),
    key=st.sampled_from(["accept", "acceptance"]),
)
def test_an_aggregate_line_after_count_lines_is_its_own_record(
    rows: list[tuple[int, int]], name: str, key: str
) -> None:
    """An aggregate line naming its rate by a bare 'accept=' beside the summed counts, after
    the per-item lines: a record of its own, never labels of the line above."""
    lines = [
        f"  prompt_{i}    draft= {d} acc= {d * p // 100} rate={d * p // 100 / d:.3f}"
        for i, (d, p) in enumerate(rows)
    ]
    acc, drf = sum(d * p // 100 for d, p in rows), sum(d for d, _ in rows)
    lines.append(f"  {name}  {key}={acc / drf:.3f} draft={drf} acc={acc} wall=9.5s")
    got = read_paste("MTP bench:\n\n" + "\n".join(lines) + "\n").records
    assert [(r.accepted_tokens, r.drafted_tokens) for r in got] == [
        *((d * p // 100, d) for d, p in rows),
        (acc, drf),
    ]
    assert all(not r.labels or r.labels[-1][0] == "item" for r in got)
    # near miss: an 'accept=' that is not the counts' ratio is no such line
    bad = f"  {name}  {key}=0.999 draft=100 acc=10\n"
    assert all(r.accepted_tokens is None for r in read_paste("MTP bench:\n\n" + bad).records)


def test_accept_and_reject_counts() -> None:
    text = (
        "**MTP acceptance**\n\n```\n91 accept / 9 reject (91%)\n77 accept / 23 reject (77%)\n```\n"
    )
    got = read_paste(text).records
    assert [(r.accepted_tokens, r.drafted_tokens, r.accept_rate) for r in got] == [
        (91, 100, 0.91),
        (77, 100, 0.77),
    ]


@settings(max_examples=examples(40), deadline=None)
@given(
    steps=st.integers(1, 500),
    share=st.floats(0, 1),
    k=st.integers(1, 4),
    order=st.permutations(["cycles", "drafted", "accepted_drafts", "emitted", "accept_rate"]),
    sep=st.sampled_from(["=", ": "]),
    bullet=st.sampled_from(["- ", "* ", ""]),
)
def test_telemetry_counts_by_cycles_give_the_length(
    steps: int, share: float, k: int, order: list[str], sep: str, bullet: str
) -> None:
    drafted = steps * k
    accepted = int(drafted * share)
    vals = {
        "cycles": str(steps),
        "drafted": str(drafted),
        "accepted_drafts": str(accepted),
        "emitted": str(steps + accepted),
        "accept_rate": f"{100 * accepted / drafted:.1f}%",
    }
    text = "Telemetry from a logged MTP run:\n" + "".join(
        f"{bullet}{name}{sep}{vals[name]}\n" for name in order
    )
    (r,) = read_paste(text).records
    assert r.accept_length is not None
    assert abs(r.accept_length - (1 + accepted / steps)) < 1e-5, r.bonus


def test_cycles_without_an_acceptance_figure_give_nothing() -> None:
    assert read_paste("Profile run:\n- cycles=35\n- wall=2.1s\n- tok/s=36.4\n").records == ()


@settings(max_examples=examples(40), deadline=None)
@given(
    drafted=st.integers(20, 5000),
    share=st.floats(0.01, 1.0),
    form=st.sampled_from(["pct_first", "counts_first", "equals", "square"]),
    approx=st.sampled_from(["", "~", "≈"]),
    header=st.sampled_from(["acceptance", "Accept rate", "draft acceptance"]),
)
def test_a_rate_cell_with_the_counts_it_divides(
    drafted: int, share: float, form: str, approx: str, header: str
) -> None:
    accepted = max(0, min(drafted, round(drafted * share)))
    pct = (
        f"{100 * accepted / drafted:.1f}%" if not approx else f"{round(100 * accepted / drafted)}%"
    )
    cell = {
        "pct_first": f"{approx}{pct} ({accepted}/{drafted})",
        "counts_first": f"{accepted} / {drafted} ({approx}{pct})",
        "equals": f"{accepted}/{drafted} = {approx}{pct}",
        "square": f"{approx}{pct} [{accepted}/{drafted}]",
    }[form]
    text = render_table("markdown", ["", "base t/s", header], [["fork-a", "4.05", cell]])
    (r,) = read_paste(text).records
    assert r.accepted_tokens == accepted and r.drafted_tokens == drafted
    assert r.printed_rate is not None and abs(r.printed_rate - accepted / drafted) < 0.006
    # no verify steps printed: no length, but where none was accepted (1 + 0 / steps)
    assert r.accept_length == (1.0 if accepted == 0 else None)


def test_equal_counts_and_their_full_share_are_counts_not_a_mean() -> None:
    # '100/100 = 100.0%' also reads as two values and their mean; the counts reading wins
    text = render_table(
        "markdown", ["", "base t/s", "acceptance"], [["a", "4.05", "100/100 = 100.0%"]]
    )
    (r,) = read_paste(text).records
    assert (r.accepted_tokens, r.drafted_tokens, r.printed_rate) == (100, 100, 1.0)


def test_counts_that_do_not_give_the_share_are_not_read_as_its_counts() -> None:
    assert C.share_with_counts("62% (100/436)") is None  # 23%, not 62%
    assert C.share_with_counts("62% (436/273)") is None
    assert C.share_with_counts("~62% (273/436)") is not None


@settings(max_examples=examples(40), deadline=None)
@given(
    steps=st.integers(5, 900),
    k=st.integers(1, 4),
    share=st.floats(0.0, 1.0),
    noun=st.sampled_from(["draft tokens", "drafted tokens", "speculative tokens", "tokens"]),
    of=st.sampled_from(["of", "out of"]),
    were=st.sampled_from(["", "were ", "got "]),
    unit=st.sampled_from(["cycles", "verify steps", "steps", "forward passes", "rounds"]),
    emitted_first=st.booleans(),
    pct=st.booleans(),
)
def test_counts_in_prose_give_the_length_and_rate(
    steps: int,
    k: int,
    share: float,
    noun: str,
    of: str,
    were: str,
    unit: str,
    emitted_first: bool,
    pct: bool,
) -> None:
    drafted = steps * k
    accepted = round(drafted * share)
    a = f"{accepted} {of} {drafted} {noun} {were}accepted"
    if pct:
        a += f" ({100 * accepted / drafted:.1f}%)"
    e = f"{steps + accepted} tokens emitted over {steps} {unit}"
    text = "MTP run: " + (f"{e}, {a}." if emitted_first else f"{a}, {e}.") + "\n"
    (r,) = read_paste(text).records
    assert r.accepted_tokens == accepted and r.drafted_tokens == drafted
    assert r.accept_length is not None
    assert abs(r.accept_length - (1 + accepted / steps)) < 1e-5


def test_prose_counts_whose_share_disagrees_or_that_count_other_things_give_nothing() -> None:
    assert read_paste("MTP run: 70 of 116 draft tokens accepted (65%).\n").records == ()
    assert read_paste("We saw 7 of 10 reviewers accepted the paper.\n").records == ()
    # 'drafts' may be several tokens each: only the share is read, no counts, no length
    (r,) = read_paste("MTP run: 70 of 116 drafts accepted (60.3%).\n").records
    assert r.printed_rate == 0.603 and r.accepted_tokens is None and r.accept_length is None


@settings(max_examples=examples(30), deadline=None)
@given(
    drafted=st.integers(10, 900),
    share=st.floats(0.0, 1.0),
    noun=st.sampled_from(["", " draft tokens", " drafts"]),
)
def test_accepted_a_of_b_with_its_share(drafted: int, share: float, noun: str) -> None:
    accepted = round(drafted * share)
    text = f"| source | result |\n|---|---|\n| lookup | accepted {accepted} of {drafted}{noun} "
    text += f"({100 * accepted / drafted:.1f}%) |\n"
    (r,) = read_paste(text).records
    assert r.printed_rate is not None and abs(r.printed_rate - accepted / drafted) < 0.0006
    assert (r.accepted_tokens == accepted) == (noun == " draft tokens")


@settings(max_examples=examples(40), deadline=None)
@given(
    steps=st.integers(100, 90_000),
    per=st.integers(20, 95),
    k=st.integers(2, 5),
    unit=st.sampled_from(["tokens/step", "tok/step", "tokens per step", "toks/fwd"]),
    approx=st.sampled_from(["", "≈", "~"]),
    prose_first=st.booleans(),
)
def test_box_cells_with_units_and_counts_and_the_prose_telling_the_same_counts(
    steps: int, per: int, k: int, unit: str, approx: str, prose_first: bool
) -> None:
    drafted = steps * k
    accepted = drafted * per // 100
    rate = 100 * accepted / drafted
    acc_step = accepted / steps
    prose = f"({steps:,} draft steps x {k} tokens = {drafted:,} draft tokens; {accepted:,} accepted)\n\n"
    table = (
        "| Metric | Value |\n|---|---|\n"
        f"| Overall acceptance rate (accepted/draft tokens) | {rate:.1f}% ({accepted}/{drafted}) |\n"
        f"| Mean accepted draft tokens per step | {acc_step:.2f} ({accepted}/{steps}) |\n"
        f"| Mean acceptance length (incl. bonus token) | {approx}{1 + acc_step:.2f} {unit} |\n"
    )
    text = prose + table if prose_first else table + "\n" + prose
    (r,) = read_paste(text).records  # the prose's counts are the table's run told again
    assert r.printed_length == round(1 + acc_step, 2)
    assert r.accept_length == r.printed_length


def test_a_value_whose_bracketed_counts_do_not_give_it_is_not_read() -> None:
    from specdiag.core.logs.paste import cells as C

    assert C.value("1.70 (77360/48367)") is None
    assert C.value("1.60 (77360/48367)") is not None


@settings(max_examples=examples(60), deadline=None)
@given(
    a=st.integers(1, 5000),
    r=st.integers(1, 5000),
    form=st.integers(0, 2),
    approx=st.booleans(),
    qual=st.sampled_from(["", " at k=2", ", over 300 requests", " on gsm8k"]),
    name=st.sampled_from(["acceptance (prometheus)", "accept rate", "Draft acceptance"]),
    transposed=st.booleans(),
)
def test_a_share_with_its_accepted_and_rejected_counts(
    a: int, r: int, form: int, approx: bool, qual: str, name: str, transposed: bool
) -> None:
    cell = _cell_share(a, r, form, approx, qual)
    if transposed:
        rows = [["no MTP", "serves, **11.3 tok/s**"], [name, cell]]
        text = pipe_table(["config", "result"], rows)
    else:
        text = pipe_table(["config", name, "tok/s"], [["MTP k=2", cell, "7.4"]])
    got = read_paste("## Measured result\n" + text)
    assert [(x.accepted_tokens, x.drafted_tokens) for x in got.records] == [(a, a + r)]
    # no length, but where the run's k=2 is stated and the drafted count is a whole multiple
    # of it: then every step drafting 2, the accepted drafts a step are 2 x a / (a + r)
    length = got.records[0].accept_length
    assert length is None or (
        (a + r) % 2 == 0 and length == pytest.approx(1 + 2 * a / (a + r), abs=1e-6)
    )


def test_a_share_its_counts_do_not_give_is_not_read_with_them() -> None:
    text = pipe_table(["config", "result"], [["acceptance", "**40%** (accept 52 / reject 265)"]])
    assert all(x.accepted_tokens is None for x in read_paste(text).records)


@settings(max_examples=examples(50), deadline=None)
@given(
    a=st.integers(1, 3000),
    r=st.integers(1, 3000),
    form=st.integers(0, 2),
    approx=st.booleans(),
    lead=st.sampled_from(["- acceptance (prometheus): ", "acceptance rate ", "Draft acceptance: "]),
    mark=st.sampled_from(["{}", "**{}**"]),
)
def test_a_share_with_its_counts_in_prose(
    a: int, r: int, form: int, approx: bool, lead: str, mark: str
) -> None:
    cell = _cell_share(a, r, form, approx, "")
    share, counts = cell.split(" (", 1)
    text = lead + mark.format(share.strip("*")) + " (" + counts + " on the eagle draft\n"
    got = read_paste("MTP speculative decoding\n" + text)
    assert [(x.accepted_tokens, x.drafted_tokens) for x in got.records] == [(a, a + r)]


_ROUNDS = ("rounds", "steps", "verify steps", "cycles", "iterations", "forward passes")
_ACCEPTED = (
    "{a} of {b} proposals accepted",
    "{a} of {b} accepted",
    "{a} of {b} draft tokens accepted",
    "{a} accepted",
    "accepted {a}",
    "accepted: {a}",
)
_MEAN = ("mean accepted {x}", "mean {x}", "avg accepted {x}", "average {x}", "mean accepted: {x}")


@settings(max_examples=examples(60), deadline=None)
@given(
    runs=st.lists(
        st.tuples(st.integers(5, 400), st.integers(0, 700), st.integers(0, 40)),
        min_size=1,
        max_size=3,
    ),
    unit=st.sampled_from(_ROUNDS),
    accepted=st.sampled_from(_ACCEPTED),
    mean=st.sampled_from(_MEAN),
    order=st.permutations([0, 1, 2]),
    joint=st.sampled_from(["; ", ". Then ", ")\nand the draft ("]),
    speed=st.booleans(),
)
def test_a_runs_counts_give_its_bare_mean(
    runs: list[tuple[int, int, int]],
    unit: str,
    accepted: str,
    mean: str,
    order: list[int],
    joint: str,
    speed: bool,
) -> None:
    assume(all(1 + a / n <= MAX_ACCEPT_LENGTH for n, a, _ in runs))
    parts, want = [], []
    for n, a, extra in runs:
        x = round(a / n, 2)
        clauses = [
            f"{n} {unit}",
            accepted.format(a=a, b=a + extra),
            mean.format(x=f"{x:.2f}"),
        ]
        clauses = [clauses[i] for i in order]
        if speed:
            clauses.append("61.5 tok/s decode")
        parts.append("(" + ", ".join(clauses) + ")")
        want.append((x, round(1 + x, 2)))
    text = "DFlash greedy decode " + joint.join(parts) + "\n"
    got = read_paste(text).records
    assert [(r.printed_length, r.accept_length) for r in got] == want, text
    assert all(r.bonus.value == "excluded" for r in got)


@settings(max_examples=examples(40), deadline=None)
@given(
    n=st.integers(5, 400),
    a=st.integers(0, 700),
    unit=st.sampled_from(_ROUNDS),
)
def test_a_bare_mean_of_tokens_per_step_counts_the_bonus(n: int, a: int, unit: str) -> None:
    assume(1 + a / n <= MAX_ACCEPT_LENGTH)
    x = round(1 + a / n, 2)
    if abs(a / n - x) <= 0.005:
        return
    text = f"MTP ({n} {unit}, {a} accepted, mean {x:.2f}, 60.1 tok/s)\n"
    (r,) = read_paste(text).records
    assert (r.printed_length, r.accept_length) == (x, x)


def test_a_mean_its_counts_do_not_give_or_with_a_unit_is_not_read() -> None:
    for text in (
        "draft (47 rounds, 209 of 213 proposals accepted, mean accepted 3.10)",  # 209 / 47 = 4.45
        "draft (47 rounds, 209 accepted, mean 4.45 tok/s)",  # a speed
        "draft (47 rounds, 209 of 213 accepted, mean accepted 5.45)",  # accepted, not tokens
        "draft: 47 rounds; 209 accepted; mean 4.45",  # three clauses, three statements
    ):
        got = read_paste(text).records
        # no figure printed is read: at most the counts' own 1 + accepted / steps
        assert all(r.printed_length is None for r in got), (text, got)
        assert all(r.accept_length in (None, round(1 + 209 / 47, 6)) for r in got), (text, got)


def test_a_bare_mean_on_a_line_of_no_draft_is_not_read() -> None:
    got = read_paste("Review: 10 rounds, 5 accepted, mean 0.50\n").records
    assert all(r.printed_length is None for r in got)


def test_a_of_b_accepted_never_reads_b_as_the_accepted_count() -> None:
    text = "(47 rounds, 209 of 213 accepted)\n"
    assert all(r.accepted_tokens != 213 for r in read_paste(text).records)
    (r,) = read_paste("209 of 213 accepted (98.1%)\n").records
    assert r.printed_rate == 0.981


@settings(max_examples=examples(50), deadline=None)
@given(
    a=st.integers(1, 5000),
    extra=st.integers(0, 5000),
    noun=st.sampled_from(["generated", "drafted", "proposed", "draft tokens"]),
    name=st.sampled_from(["draft acceptance rate", "accept rate", "acceptance"]),
    pad=st.sampled_from(["", "  ", "   "]),
)
def test_a_fraction_with_the_counts_it_divides(
    a: int, extra: int, noun: str, name: str, pad: str
) -> None:
    b = a + extra
    text = f"{name} = {a / b:.5f} ({pad}{a} accepted /{pad} {b} {noun})\n"
    (r,) = read_paste(text).records
    assert (r.accepted_tokens, r.drafted_tokens) == (a, b)
    assert r.accept_rate == round(a / b, 5)
    assert r.rate_basis.value == "per_draft_token"


def test_a_fraction_its_counts_do_not_give_keeps_no_counts() -> None:
    (r,) = read_paste("draft acceptance rate = 0.5 (140 accepted / 180 generated)\n").records
    assert r.accepted_tokens is None
    assert r.accept_rate is None


@settings(max_examples=examples(40), deadline=None)
@given(
    steps=st.integers(50, 9000),
    per=st.integers(110, 600),
    num=st.sampled_from(["decoding step", "decoded tokens", "output tokens"]),
    den=st.sampled_from(["large model step", "target model steps", "target calls"]),
    lead=st.sampled_from(["total time :144.56s, ", "", "latency :0.008s, "]),
    digits=st.integers(2, 12),
)
def test_a_bare_quotient_of_decoded_tokens_over_target_steps(
    steps: int, per: int, num: str, den: str, lead: str, digits: int
) -> None:
    out = steps * per // 100
    q = out / steps
    text = f"Greedy: `{lead}{num}: {out}, {den}: {steps}, {q:.{digits}f}`\n"
    (r,) = read_paste(text).records
    assert r.accept_length == pytest.approx(round(float(f"{q:.{digits}f}"), 6), abs=1e-6)
    assert (r.output_tokens, r.steps) == (out, steps)


def test_a_bare_number_that_is_no_quotient_of_the_counts_gives_nothing() -> None:
    for text in (
        "Baseline: `total time :110.1s, latency :0.023s, decoding step: 4791`",
        "Greedy: `decoding step: 17778, large model step: 4605, 2.5`",
        "Greedy: `decoding step: 17778, draft step: 4605, 3.8605863192182412`",
    ):
        assert read_paste(text + "\n").records == (), text


@settings(max_examples=examples(40), deadline=None)
@given(
    a=st.integers(1, 5000),
    extra=st.integers(0, 5000),
    noun=st.sampled_from(["proposed", "drafted", "generated", "draft tokens"]),
    lead=st.sampled_from(["Draft: ", "(Generate: 124.3 T/s) Draft: ", "spec "]),
    pct=st.booleans(),
)
def test_accepted_over_proposed_counts_with_their_share(
    a: int, extra: int, noun: str, lead: str, pct: bool
) -> None:
    b = a + extra
    share = f" ({100 * a / b:.2f}%)" if pct else ""
    (r,) = read_paste(f"{lead}{a} accepted / {b} {noun}{share}\n").records
    assert (r.accepted_tokens, r.drafted_tokens) == (a, b)
    # (the share printed to 0.01 %: half a unit off at most, 3.12% for 1 / 32 = 3.125%)
    assert r.accept_rate == pytest.approx(a / b, abs=5e-5 + 1e-9)


def test_accepted_over_proposed_whose_share_disagrees_is_not_read() -> None:
    assert read_paste("410 accepted / 530 proposed (50.00%)\n").records == ()


@settings(max_examples=examples(40), deadline=None)
@given(
    runs=st.lists(st.tuples(st.integers(1, 3000), st.integers(0, 3000)), min_size=1, max_size=4),
    noun=st.sampled_from(["draft tokens ", "", "tokens "]),
    tick=st.sampled_from(["`", ""]),
)
def test_slash_counts_before_accepted_in_bullets_are_a_run_each(
    runs: list[tuple[int, int]], noun: str, tick: str
) -> None:
    lines = [
        f"- run {i}, 512 gen: `{300 + i}.5 PP`, {tick}{a}/{a + e}{tick} {noun}accepted."
        for i, (a, e) in enumerate(runs)
    ]
    got = read_paste("MTP cap 6, draft KV f16:\n\n" + "\n".join(lines) + "\n").records
    assert [(r.accepted_tokens, r.drafted_tokens) for r in got] == [(a, a + e) for a, e in runs]
    assert all(r.accept_length is None for r in got)


def test_two_runs_on_two_lines_the_first_none_accepted_are_two_records() -> None:
    # found by the generator above: two lines of bracketed runs with the same number of commas
    # were read as a comma-separated table (a header and one row), one record
    text = (
        "DFlash greedy decode (10 rounds, accepted: 0, mean accepted: 0.00))\n"
        "and the draft ((20 rounds, accepted: 30, mean accepted: 1.50)\n"
    )
    got = read_paste(text).records
    assert [(r.printed_length, r.accept_length) for r in got] == [(0.0, 1.0), (1.5, 2.5)]


def test_negative_control_a_csv_with_a_quoted_bracket_is_still_a_table() -> None:
    text = 'model,accept length\n"eagle3 (k=4, greedy)",3.12\n"mtp (k=2, greedy)",2.41\n'
    assert [r.printed_length for r in read_paste("MTP speculative decoding\n" + text).records] == [
        3.12,
        2.41,
    ]


@settings(max_examples=examples(40), deadline=None)
@given(
    drafted=st.integers(2, 50_000),
    share=st.integers(0, 100),
    form=st.sampled_from(["MTP draft acceptance {a} of {d}", "draft acceptance: {a} of {d}"]),
)
def test_a_count_of_a_count_after_an_acceptance_name(drafted: int, share: int, form: str) -> None:
    """'acceptance A of B' (a title, a summary line): A accepted of B drafted, the rate A / B;
    never A read as a percentage."""
    accepted = drafted * share // 100
    (r,) = read_paste(form.format(a=accepted, d=drafted) + "\n").records
    assert r.printed_rate is not None and abs(r.printed_rate - accepted / drafted) < 1e-9


@pytest.mark.parametrize(
    ("text", "length", "rate"),
    [
        # a length of a most ('2.6 of 5') stays the length
        ("MTP accept length 2.6 of 5\n", 2.6, None),
        # a share of a population is no count of one ('85% of 100 prompts')
        ("MTP acceptance 85% of 100 prompts\n", None, 0.85),
    ],
)
def test_of_after_other_values(text: str, length: float | None, rate: float | None) -> None:
    (r,) = read_paste(text).records
    assert (r.printed_length, r.printed_rate) == (length, rate)
