"""The reader of last resort: a line naming acceptance with one figure whose kind the words and
the range decide ('EAGLE3 acceptance: 2.31' is no 2.31 % rate: a length of unknown convention)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import render_table
from tests.unit.logs.paste.pipeline import Read

_NAMES = [
    "acceptance",
    "draft acceptance",
    "EAGLE3 acceptance",
    "spec decode acceptance",
    "MTP acceptance",
    "speculative acceptance",
]
_JOINS = [": ", " = ", " was ", " is around ", " ~", " "]
_TOOLS = ["", "SGLang ", "vLLM ", "llama.cpp "]


@settings(max_examples=examples(60), deadline=None)
@given(
    st.sampled_from(_NAMES),
    st.sampled_from(_JOINS),
    st.sampled_from(_TOOLS),
    st.integers(min_value=101, max_value=790),
    st.sampled_from(["", " tokens", " on MT-bench"]),
)
def test_a_figure_no_rate_can_be_is_a_length_of_unknown_convention(
    read: Read, name: str, join: str, tool: str, hundredths: int, tail: str
) -> None:
    v = hundredths / 100
    text = f"With {tool}the new draft, {name}{join}{v:.2f}{tail}.\n"
    got = read(text).records
    assert len(got) == 1
    assert got[0].printed_rate is None  # never a 2.31 % rate
    assert got[0].printed_length == v
    # a name no tool prints for its length: no tool's convention decides it
    assert got[0].accept_length is None


@settings(max_examples=examples(40), deadline=None)
@given(
    st.sampled_from(_NAMES),
    st.sampled_from(_JOINS),
    st.integers(min_value=5, max_value=99),
    st.booleans(),
)
def test_a_percentage_or_a_fraction_stays_a_rate(
    name: str, join: str, pct: int, percent: bool
) -> None:
    shown = f"{pct}%" if percent else f"0.{pct:02d}"
    got = read_paste(f"On chat, {name}{join}{shown} overall.\n").records
    assert len(got) == 1
    assert got[0].printed_rate == pytest.approx(pct / 100)
    assert got[0].printed_length is None


@settings(max_examples=examples(30), deadline=None)
@given(
    st.sampled_from(["markdown", "csv"]),
    st.lists(st.integers(101, 590), min_size=1, max_size=4),
    st.sampled_from(["acceptance", "accept", "Accept", "**Acceptance**"]),
    st.sampled_from(["model", "SGLang arm", "vLLM arm"]),
)
def test_a_bare_acceptance_column_of_lengths(
    layout: str, vals: list[int], header: str, first: str
) -> None:
    rows = [[f"model-{i}", f"{v / 100:.2f}"] for i, v in enumerate(vals)]
    got = read_paste(render_table(layout, [first, header], rows)).records
    assert [r.printed_length for r in got] == [v / 100 for v in vals]
    assert all(r.printed_rate is None and r.accept_length is None for r in got)


@pytest.mark.parametrize(
    "text",
    [
        "MCMC acceptance: 0.23 after burn-in\n",
        "HMC acceptance 2.31 with step size 0.1 (NUTS sampler)\n",
        "acceptance threshold 1.50 for the draft\n",
        "user acceptance test: 2.31 hours\n",
        "EAGLE head training: train acc 0.83, top-1 accuracy 2.31\n",
        "speedup 2.31x with EAGLE3\n",
    ],
)
def test_negative_controls(text: str) -> None:
    assert all(
        r.printed_length is None and r.printed_rate is None for r in read_paste(text).records
    )


@settings(max_examples=examples(50), deadline=None)
@given(
    st.integers(min_value=101, max_value=790),
    st.integers(min_value=5, max_value=99),
    st.sampled_from(["{l} ({p}%)", "{l} (AR {p}%)", "{l} ({p}% accepted)", "{p}% ({l})"]),
    st.sampled_from(["acceptance", "AL (AR)", "Acceptance"]),
    st.sampled_from(["table", "prose"]),
)
def test_a_length_and_its_rate_told_apart_by_their_ranges(
    hundredths: int, pct: int, shape: str, name: str, where: str
) -> None:
    """'2.41 (61%)': a percentage is no length and a decimal above 1 without '%' no rate."""
    cell = shape.format(l=f"{hundredths / 100:.2f}", p=pct)
    if name == "AL (AR)" and not shape.startswith("{l}"):
        return  # (that header names the length first)
    if where == "table":
        text = render_table("markdown", ["config", name], [["EAGLE3", cell]])
    elif shape.startswith("{l}") and "(" not in name:
        text = f"With the new draft, {name} {cell} on MT-bench.\n"
    else:
        return  # (prose puts the length first)
    got = read_paste(text).records
    assert [(r.printed_length, r.printed_rate) for r in got] == [
        (hundredths / 100, pytest.approx(pct / 100))
    ]
    assert got[0].accept_length is None


@pytest.mark.parametrize(
    "cell", ["2.41 (1.71)", "61% (55%)", "2.41 (+0.3)", "0.61 (61%)", "24.1 (61%)"]
)
def test_brackets_whose_ranges_tell_nothing_apart(cell: str) -> None:
    """Two lengths, two rates, a change, a restated rate, a speed: no length-and-rate pair."""
    got = read_paste(render_table("markdown", ["config", "acceptance"], [["EAGLE3", cell]])).records
    assert all(not (r.printed_length and r.printed_rate) for r in got)


@settings(max_examples=examples(50), deadline=None)
@given(
    st.sampled_from(["accept", "mean_accept", "avg accept", "**accept**", "average_acceptance"]),
    st.sampled_from(["=", ": ", " = "]),
    st.one_of(
        st.integers(min_value=101, max_value=990).map(lambda h: (f"{h / 100:.2f}", "length")),
        st.integers(min_value=1, max_value=99).map(lambda p: (f"{p}.5%", "rate")),
        st.integers(min_value=1, max_value=99).map(lambda p: (f"0.{p:02d}", "rate")),
    ),
)
def test_a_bare_accept_key_read_by_its_value(name: str, sep: str, shown: tuple[str, str]) -> None:
    """'accept = 77.778%', 'mean_accept=2.80': a percentage or fraction is a rate, a decimal
    from 1 to 16 a length of unknown convention."""
    val, kind = shown
    got = read_paste(f"[spec] drafted=300 {name}{sep}{val}\n").records
    assert len(got) == 1
    if kind == "length":
        assert got[0].printed_length == float(val) and got[0].accept_length is None
    else:
        assert got[0].printed_rate == pytest.approx(
            float(val.rstrip("%")) / (100 if "%" in val else 1)
        )


@pytest.mark.parametrize(
    "text",
    [
        "I would accept: 2.5 hours of downtime\n",
        "we accept 2.5 as fine\n",
        "accept: 3\n",
        "acc = 2.41\n",
        "accept: 24.5\n",
    ],
)
def test_a_bare_accept_key_that_holds_no_figure(text: str) -> None:
    assert all(
        r.printed_length is None and r.printed_rate is None for r in read_paste(text).records
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    st.sampled_from(
        [
            '{"accept_rate": null, "total_accepted": 1, "total_drafted": 0}',
            '{"accept_rate": 0, "total_accepted": 0, "total_drafted": null}',
            '{"acceptance_length": null, "num_accepted_tokens": 5, "num_draft_tokens": 9}',
            '{"accept_rate": 0.4, "total_accepted": 9, "total_drafted": 4}',
        ]
    ),
    st.sampled_from(["lightning", "rapid_mlx", "spec"]),
)
def test_a_json_object_that_measured_nothing(body: str, name: str) -> None:
    """A null rate or length, no drafts counted, or more accepted than drafted: no record."""
    text = '{"schema": "bench.speculative_suite", "results": [{"' + name + '": ' + body + "}]}\n"
    assert read_paste(text).records == ()


def test_a_json_object_that_measured_something_is_still_read() -> None:
    text = '{"spec": {"accept_rate": 0.4, "total_accepted": 40, "total_drafted": 100}}\n'
    assert [r.printed_rate for r in read_paste(text).records] == [0.4]


@settings(max_examples=examples(30), deadline=None)
@given(
    st.sampled_from(["a mean AR of", "an acceptance rate of", "an accept length of", "τ of"]),
    st.sampled_from(
        [
            "could be very good",
            "would mean the draft is fine",
            "always means the speculator is fine",
            "might be acceptable",
            "usually indicates a healthy draft",
        ]
    ),
    st.integers(min_value=10, max_value=90),
)
def test_what_a_value_would_mean_is_no_measurement(name: str, clause: str, n: int) -> None:
    value = f"{n}%" if "rate" in name or "AR" in name else f"{n / 10:.1f}"
    text = f"With speculative decoding, {name} {value} {clause} if k is large.\n"
    assert read_paste(text).records == ()


@settings(max_examples=examples(30), deadline=None)
@given(
    st.integers(min_value=101, max_value=990),
    st.sampled_from(["accept rate is around", "acceptance rate:", "the sglang accept rate was"]),
)
def test_a_rate_printed_past_one_with_two_decimals_is_a_length(hundredths: int, name: str) -> None:
    """'the vllm or the sglang accept rate is around 1.50': no rate passes 1 without '%'."""
    v = hundredths / 100
    got = read_paste(f"With EAGLE3, {name} {v:.2f} on our prompts.\n").records
    assert [(r.printed_length, r.printed_rate, r.accept_length) for r in got] == [(v, None, None)]


@settings(max_examples=examples(30), deadline=None)
@given(
    st.integers(min_value=5, max_value=95),
    st.sampled_from(["is batch-independent", "stays flat", "was unchanged", "remains stable"]),
)
def test_a_figure_described_with_its_value_in_brackets(n: int, words: str) -> None:
    """'Draft acceptance is batch-independent (0.56)'."""
    got = read_paste(f"MTP: draft acceptance {words} (0.{n:02d}), ruling out draft quality.\n")
    assert [r.printed_rate for r in got.records] == [pytest.approx(n / 100)]


@settings(max_examples=examples(40), deadline=None)
@given(
    tenths=st.integers(12, 90),
    opener=st.sampled_from(["(", ", ", "; "]),
    sep=st.sampled_from([" ~", " ≈ ", ": ", " = "]),
    after=st.sampled_from([", ~1.8× faster)", ")", ", about 2x)", "."]),
)
def test_a_bare_accept_opening_a_bracket_or_a_clause(
    read: Read, tenths: int, opener: str, sep: str, after: str
) -> None:
    # a figure above 1 after a bare 'accept' is no rate: a length of unknown convention
    text = f"With speculative decoding the block drafter leads on maths{opener}accept{sep}"
    text += f"{tenths / 10:.1f}{after}\n"
    got = read(text).records
    assert [r.printed_length for r in got] == [tenths / 10]
    assert got[0].accept_length is None and got[0].printed_rate is None


def test_a_bare_accept_as_a_verb_is_no_key() -> None:
    for text in (
        "With speculative decoding we accept ~3.2 as normal.\n",  # a verb, no bracket or clause
        "With speculative decoding the drafter leads (accept ~3 tokens).\n",  # a count
        "With speculative decoding the drafter leads (accept ~2.5 tokens a step).\n",  # a unit
        "With speculative decoding the drafter leads (accept ~40.0, 2x).\n",  # above 16
    ):
        assert read_paste(text).records == (), text
