"""Figures in an issue's or a pull request's title: a bug form's bracketed category (`[Bug]:`,
`[BUG]`) is the kind of report, no word on the figures after it (misreported.py); a problem's
noun between a figure's name and its bracketed value (`accept length anomaly (1.42 ...)`) is no
measure of its own (held_level.unproblem); a `#` title whose words before the colon name no
figure is the writer's prose, no key-value line; a tool the paste's model is enabled on is the
run's server (tools.served), a source's word right before its own figure (`vs advertised 6.3`)
no other source of the run's figure (tools.another_source)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_CATEGORIES = st.sampled_from(["[Bug]:", "[BUG]", "[Bug] ", "[Perf bug]:"])
_PROBLEMS = st.sampled_from(["anomaly", "discrepancy", "mismatch", "issue", "problem"])


@settings(max_examples=examples(30), deadline=None)
@given(cat=_CATEGORIES, x=st.integers(100, 180))
def test_a_bug_forms_category_keeps_the_titles_figure(read: Read, cat: str, x: int) -> None:
    text = (
        f"# {cat} drafts rejected after the cache rewrite (acceptance length {x / 100:.2f})\n\n"
        "### Environment\n\n- 2x L40S, driver 560\n"
    )
    assert [r.printed_length for r in read(text).records] == [pytest.approx(x / 100)]


@settings(max_examples=examples(30), deadline=None)
@given(noun=_PROBLEMS, x=st.integers(105, 300), y=st.integers(310, 700))
def test_a_problems_noun_before_the_bracket(read: Read, noun: str, x: int, y: int) -> None:
    text = f"# Quant drafter accept length {noun} ({x / 100:.2f} vs advertised {y / 100:.2f})\n"
    got = read(text).records
    assert [r.printed_length for r in got] == [pytest.approx(x / 100)]


@settings(max_examples=examples(25), deadline=None)
@given(x=st.integers(105, 300), verb=st.sampled_from(["enable", "enabling", "serve"]))
def test_a_title_over_a_model_enabled_on_sglang(read: Read, x: int, verb: str) -> None:
    text = (
        f"# Tiny-Model-Q4: 5 fixes + drafter accept_length anomaly ({x / 100:.2f} vs "
        "advertised 4.10)\n\n"
        f"Here are five patches to {verb} **acme/tiny-model-q4** on SGLang @ 0a1b2c3:\n\n"
        "- a loader fix for the packed scales\n- a guard for the empty drafter cache\n"
    )
    got = read(text).records
    assert [(r.printed_length, r.accept_length, r.tool) for r in got] == [
        (pytest.approx(x / 100), pytest.approx(x / 100), "sglang")
    ]


@pytest.mark.parametrize(
    "text",
    [
        # a bug said of the figure: its bound is the bug's, as before
        "[Bug]: acceptance rate is 100% because of a bug\n",
        # a problem's noun over no value, a count, a reference
        "# accept length issue (2 of 5 runs)\n",
        "# acceptance rate issue (see the log below)\n",
    ],
)
def test_near_misses_read_nothing(read: Read, text: str) -> None:
    assert not read(text).records


def test_a_source_named_apart_from_a_figure_keeps_the_convention_unknown(read: Read) -> None:
    # 'the advertised one' names another source without its own figure: as before, no
    # convention from the served tool
    text = (
        "# Tiny-Model-Q4: drafter accept_length anomaly (1.42), far below the advertised one\n\n"
        "Here are five patches to enable **acme/tiny-model-q4** on SGLang @ 0a1b2c3:\n"
    )
    assert all(r.accept_length is None for r in read(text).records)


def test_a_heading_naming_the_figure_stays_a_key(read: Read) -> None:
    text = "## Acceptance rate: 71%\n"
    got = read(text).records
    assert [r.printed_rate for r in got] == [pytest.approx(0.71)]
    assert [r.structure for r in got] == ["key-value"]
