"""Two faults of one prose paste (restated_row.py, interpret.py): a figure glossed by a small
fraction after '=' ('71.4% = 5 of 7 drafts accepted') is an illustration, no counts of a run;
and an approximate closing summary ('roughly:' / '~71% draft acceptance', 'AL 2.9') equal at
its printed precision to one earlier exact record restates that run: no new record. An
approximate figure of another value, or an exact later figure, stays a record."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


def _paste(rate: str, length: str, closing: list[str], lead: str = "In short, roughly:") -> str:
    items = "\n".join(f"- {c}" for c in closing)
    return (
        "Speculative decoding with the MTP head, 3 drafts a step:\n\n"
        f"- **AL {length}** = mean acceptance length (target token + accepted drafts per step)\n"
        "- **Per-position accept 0.912 / 0.701 / 0.522**\n"
        f"- **Avg draft accept {rate}%** = 5 out of 7 drafted tokens accepted\n\n"
        f"{lead}\n{items}\n"
    )


def test_gloss_is_no_count_and_summary_restates() -> None:
    got = read_paste(_paste("71.4", "2.94", ["~71% draft acceptance", "AL 2.9"])).records
    assert len(got) == 1
    (r,) = got
    assert r.printed_length == 2.94
    assert r.printed_rate == pytest.approx(0.714)
    assert r.accepted_tokens is None and r.drafted_tokens is None
    assert r.per_position == (0.912, 0.701, 0.522)


def test_other_value_is_another_run() -> None:
    got = read_paste(_paste("71.4", "2.94", ["~64% draft acceptance", "AL 2.6"])).records
    assert [r.printed_length for r in got] == [2.94, 2.6]


def test_exact_later_figures_stay() -> None:
    text = _paste("71.4", "2.94", ["71.4% draft acceptance", "AL 2.94"], lead="On the 8B target:")
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [2.94, 2.94]


def test_gloss_far_from_the_figure_is_read_as_before() -> None:
    # '= 5 of 7' beside 40%: no gloss of that figure (5 / 7 is 71%)
    text = "Speculative decoding, MTP:\n\n- draft acceptance 40% = 5 of 7 drafted tokens accepted\n"
    got = read_paste(text).records
    assert [(r.accepted_tokens, r.drafted_tokens) for r in got] == [(5, 7)]


@settings(max_examples=examples(20), deadline=None)
@given(st.integers(500, 950), st.integers(150, 450), st.booleans())
def test_rounded_summary_folds(rate: int, length: int, tilde_length: bool) -> None:
    r_txt, l_txt = f"{rate / 10:.1f}", f"{length / 100:.2f}"
    closing = [
        f"~{round(rate / 10)}% draft acceptance",
        f"{'~' if tilde_length else ''}AL {round(length / 100, 1):.1f}",
    ]
    got = read_paste(_paste(r_txt, l_txt, closing)).records
    assert [r.printed_length for r in got] == [length / 100]


def test_rate_cell_with_its_counts_in_brackets() -> None:
    # '~71% (50/70 drafts)': the rate beside the counts it is the quotient of (cells.py)
    table = (
        "| Check | Result |\n|---|---|\n"
        "| Draft acceptance (chat prompt) | **~71%** (50/70 extra drafts) |\n"
        "| Output identical | yes |\n"
    )
    got = read_paste("### MTP speculative decoding\n\n" + table).records
    assert [r.printed_rate for r in got] == [pytest.approx(0.71)]
    wrong = table.replace("~71%", "~90%")  # 50 / 70 is no 90%
    assert read_paste("### MTP speculative decoding\n\n" + wrong).records == ()


@settings(max_examples=examples(30), deadline=None)
@given(
    tenths=st.integers(14, 49),
    said=st.sampled_from(
        [
            "accept length is a property of the draft: the target accepts ~{v} tokens per "
            "verification step on average.",
            "Put simply, the accept length means the target keeps ~{v} tokens per step.",
        ]
    ),
)
def test_an_approximate_length_explained_below_is_one_record(tenths: int, said: str) -> None:
    v = f"{tenths / 10:.1f}"
    text = (
        "Measured on a chat mix with the draft head:\n\n"
        "Metric Value\n"
        f"Mean accept length (tau) ~{v} (spread 1.2-5.1)\n\n" + said.format(v=v) + "\n"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [tenths / 10]
    assert got[0].first_line == 4


@pytest.mark.parametrize(
    "said",
    [
        # another value: another run
        "accept length is a property of the draft: the target accepts ~3.1 tokens per step.",
        # a label of its own: a run of its own
        "On code the accept length is larger: the target accepts ~2.6 tokens per step.",
        # not the figure named: some other count
        "Batching helps too: the server keeps ~2.6 requests per step.",
    ],
)
def test_an_approximate_figure_not_explaining_the_earlier_one_stays(said: str) -> None:
    text = (
        "Measured on a chat mix with the draft head:\n\n"
        "Metric Value\nMean accept length (tau) ~2.6\n\n" + said + "\n"
    )
    got = read_paste(text).records
    assert len(got) in (1, 2)
    assert got[0].printed_length == 2.6
    if "requests" not in said:
        assert len(got) == 2
