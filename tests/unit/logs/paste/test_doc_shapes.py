"""Shapes of engine docs, cookbooks and blogs: a number naming a part of the text ('In Figure 8')
is never a figure's value."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_REF = st.sampled_from(["In Figure", "see Table", "(Fig.", "in Section", "by Eq.", "Appendix"])


@settings(max_examples=examples(30), deadline=None)
@given(ref=_REF, n=st.integers(1, 40))
def test_a_reference_number_is_no_rate(ref: str, n: int) -> None:
    text = (
        f"We compared the loose acceptance on our sets. {ref} {n}, we plot the quality of the "
        "speculative runs against the strict one."
    )
    assert read_paste(text).records == ()


def test_a_rate_beside_a_reference_still_reads(read: Read) -> None:
    # near miss: the figure's own value after its name, a figure reference elsewhere
    recs = read("With speculative decoding (see Figure 3), the acceptance rate was 71%.").records
    assert [r.printed_rate for r in recs] == [0.71]


def _titled_tables(first: list[float], second: list[float], title: str = "(AL)") -> str:
    def table(name: str, vals: list[float]) -> str:
        return (
            f"**{name} {title}:**\n\n| Config | SetA | SetB |\n| :-- | :-- | :-- |\n"
            f"| K=2 | {vals[0]:.2f} | {vals[1]:.2f} |\n| K=6 | {vals[2]:.2f} | {vals[3]:.2f} |\n"
        )

    return (
        "The tables below compare AL for two drafters on two sets.\n\n"
        + table("Ours", first)
        + "\n"
        + table("Theirs", second)
    )


_AL = st.integers(110, 190).map(lambda n: n / 100)


@settings(max_examples=examples(30), deadline=None)
@given(
    above=st.integers(205, 290).map(lambda n: n / 100),
    rest=st.lists(_AL, min_size=7, max_size=7),
)
def test_tables_under_bold_titles_naming_the_figure_read(above: float, rest: list[float]) -> None:
    # a bold title closed by ':' inside the bold ('**Ours (AL):**') names the figure of the
    # table below; a K=2 cell above 2 proves the bonus counted, for both tables of that name
    first, second = [above, *rest[:3]], rest[3:]
    recs = read_paste(_titled_tables(first, second)).records
    assert [r.printed_length for r in recs] == first + second
    assert [r.accept_length for r in recs] == first + second


@settings(max_examples=examples(20), deadline=None)
@given(vals=st.lists(_AL, min_size=8, max_size=8))
def test_titled_tables_with_no_cell_above_k_stay_undecided(vals: list[float]) -> None:
    # near miss: no cell passes its row's k: nothing decides the convention
    recs = read_paste(_titled_tables(vals[:4], vals[4:])).records
    assert [r.printed_length for r in recs] == vals
    assert all(r.accept_length is None for r in recs)


def test_a_bold_title_naming_another_measure_gives_no_lengths(read: Read) -> None:
    # near miss: the title names throughput, not the figure
    text = _titled_tables([2.5, 1.5, 1.6, 1.7], [1.2, 1.3, 1.4, 1.5], "(tok/s)")
    assert read(text).records == ()


def _defined(definition: str, rows: list[float]) -> str:
    body = "".join(f"| set-{i} | {v:.2f} |\n" for i, v in enumerate(rows))
    return (
        f"We score the drafter with acceptance length (AL) — {definition} (higher is better).\n\n"
        "| Domain | Acceptance length (AL) |\n|---|---|\n" + body
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    verb=st.sampled_from(["emitted", "generated", "produced", "committed"]),
    step=st.sampled_from(["target verification step", "verify step", "round", "forward pass"]),
    rows=st.lists(_AL, min_size=2, max_size=5),
)
def test_tokens_a_step_emits_define_the_bonus_counted(
    verb: str, step: str, rows: list[float]
) -> None:
    recs = read_paste(_defined(f"the mean number of tokens {verb} per {step}", rows)).records
    assert [r.printed_length for r in recs] == rows
    assert [r.accept_length for r in recs] == rows


def test_drafts_or_accepted_tokens_a_step_define_nothing(read: Read) -> None:
    # near misses: the drafts a step generates (its k), accepted tokens (either convention)
    for d in ("the number of draft tokens generated per step", "the accepted tokens per step"):
        recs = read(_defined(d, [1.62, 1.48])).records
        assert [r.printed_length for r in recs] == [1.62, 1.48], d
        assert [r.accept_length for r in recs] == [None, None], d


def test_what_a_whole_value_stands_for_is_no_record(read: Read) -> None:
    text = (
        "AL = 1 means one token per verification step, as without drafts. The dashed AL=1 line "
        "marks the same floor. Our drafter reached an acceptance length of 2.47 on chat."
    )
    assert [r.printed_length for r in read(text).records] == [2.47]


@settings(max_examples=examples(30), deadline=None)
@given(a=_AL, b=_AL, lo=st.integers(1, 8), hi=st.integers(16, 128))
def test_a_figure_at_both_ends_of_a_swept_setting_reads_twice(
    a: float, b: float, lo: int, hi: int
) -> None:
    text = (
        f"Acceptance length barely moves as the prompt grows from {lo}K to {hi}K tokens "
        f"({a:.2f} to {b:.2f}), so long inputs cost little."
    )
    assert [r.printed_length for r in read_paste(text).records] == [a, b]


def test_a_bare_x_to_y_bracket_is_no_change(read: Read) -> None:
    # near miss: no setting swept before it: as often a range as a change
    assert read("Acceptance length varies with the task (2.45 to 3.05) in our runs.").records == ()


def _dashboard(base_name: str, base_len: float, run_len: float) -> str:
    return (
        '{"my-model": {"mtbench": {"benchmark_name": "mtbench", "results": [{"batch_size": 4, '
        '"steps": 3, "topk": 1, "num_draft_tokens": 4, "metrics": ['
        f'{{"Name": "{base_name}", "output_throughput": 900.5, "accept_length": {base_len}}}, '
        f'{{"Name": "my-org/my-draft", "output_throughput": 1300.2, "accept_length": {run_len}}}'
        "]}]}}}"
    )


@settings(max_examples=examples(20), deadline=None)
@given(
    name=st.sampled_from(["Without EAGLE3", "Wihtout EAGLE3", "Withuot MTP", "Whithout spec"]),
    run=st.integers(210, 390).map(lambda n: n / 100),
)
def test_a_mistyped_run_without_drafts_at_one_is_no_record(name: str, run: float) -> None:
    recs = read_paste(_dashboard(name, 1.0, run)).records
    assert [r.printed_length for r in recs] == [run]


def test_a_run_not_named_baseline_at_one_stays(read: Read) -> None:
    # near miss: a name one edit from no baseline word ('Within budget'), or a length above 1
    assert [r.printed_length for r in read(_dashboard("Within budget", 1.0, 2.5)).records] == [
        1.0,
        2.5,
    ]
    assert [r.printed_length for r in read(_dashboard("Wihtout EAGLE3", 1.4, 2.5)).records] == [
        1.4,
        2.5,
    ]


def _bench_output(server: str, length: float) -> str:
    return (
        f"The SpecForge benchmark script starts a {server} server and a client for you.\n\n"
        '```json\n{"chat": [{"batch_size": 2, "steps": null, "topk": null, "metrics": '
        f'[{{"latency": 8.5, "output_throughput": 250.25, "accept_length": {length}}}]}}]}}\n```\n'
    )


@settings(max_examples=examples(20), deadline=None)
@given(length=st.integers(210, 390).map(lambda n: n / 100))
def test_specforge_with_the_sglang_server_it_drives_is_its_output(length: float) -> None:
    recs = read_paste(_bench_output("SGLang", length)).records
    assert [(r.tool, r.printed_length, r.accept_length) for r in recs] == [
        ("specforge", length, length)
    ]


def test_specforge_with_another_engine_decides_nothing(read: Read) -> None:
    # near miss: an engine its benchmark does not drive: several tools, no convention
    recs = read(_bench_output("vLLM", 2.31)).records
    assert [(r.tool, r.accept_length) for r in recs] == [("unknown", None)]


def _commented(sentence: str) -> str:
    return (
        "  spec:\n"
        "    # the draft head ships in the checkpoint; we run depth 3 by default. Measured,\n"
        f"    # {sentence}\n"
        "    # so keep the default below.\n"
        "    args:\n"
        '      - \'{"method":"mtp","num_speculative_tokens":3}\'\n'
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    setting=st.sampled_from(["MTP-1", "MTP=1", "k=1", "num_speculative_tokens=1"]),
    pct=st.integers(300, 950).map(lambda n: n / 10),
)
def test_a_rate_whose_own_sentence_sets_one_draft(setting: str, pct: float) -> None:
    recs = read_paste(
        _commented(f"{setting} is not worth it: {pct}% acceptance at batch 1,")
    ).records
    assert [r.accept_length for r in recs] == [round(1 + pct / 100, 6)]


def test_a_rate_whose_sentence_sets_no_single_draft_decides_nothing(read: Read) -> None:
    # near misses: another depth, two depths, a bound or a ranged rate
    for s in (
        "MTP-3 is not worth it: 58.2% acceptance at batch 1,",
        "MTP-1 and MTP-3 are not worth it: 58.2% acceptance at batch 1,",
        "MTP-1 is not worth it: up to 58% acceptance at batch 1,",
        "MTP-1 is not worth it: 55-58% acceptance at batch 1,",
    ):
        recs = read(_commented(s)).records
        assert all(r.accept_length is None for r in recs), s


def test_an_approximate_rate_whose_sentence_sets_one_draft(read: Read) -> None:
    # one draft a step: 1 + rate, as approximate as the rate, the rule saying so
    recs = read(_commented("MTP-1 is not worth it: ~58% acceptance at batch 1,")).records
    assert [r.accept_length for r in recs] == [1.58]
    assert "approximate" in recs[0].bonus.rule


@settings(max_examples=examples(30), deadline=None)
@given(
    hedge=st.sampled_from(["about ", "approximately ", "approx. ", "~", ""]),
    a=st.integers(2, 4),
    b=st.integers(5, 7),
)
def test_a_change_with_hedged_sides_reads_twice(hedge: str, a: int, b: int) -> None:
    text = f"After the fix, mean accepted length rose from {hedge}{a} to {hedge}{b} on our runs."
    recs = read_paste(text).records
    assert [(r.printed_length, r.accept_length) for r in recs] == [(a, None), (b, None)]


def test_a_hedged_change_of_another_measure_is_no_record(read: Read) -> None:
    # near miss: the sides belong to throughput, not to the figure
    assert read("After the fix, throughput rose from about 2 to about 5 k tok/s.").records == ()
