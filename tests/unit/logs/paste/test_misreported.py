"""A figure the paste asserts is wrong (a statistics bug: 'we always incorrectly report 100%
acceptance rate') is no measurement, and counts under a bare 'Accepted' key in a paste that
never speaks of speculation ('Accepted: 49/244' proofs) are another meaning (misreported.py).
A figure corrected to its actual value, a low figure called bad, a run measured after a bug was
fixed and 'Accepted: 123/456' in a speculative paste are still read."""

from __future__ import annotations

import pytest

from tests.unit.logs.paste.pipeline import Read


@pytest.mark.parametrize(
    "text",
    [
        "Also fixes the drafted/accepted stats of the draft loop: on main we always incorrectly "
        "report 100% acceptance rate.\n",
        "With speculative decoding the counter wrongly shows the acceptance rate as 100% on every "
        "request.\n",
        "The spec decode stats just print 0% acceptance on ROCm builds.\n",
        "MTP speculative decoding: the acceptance rate reports 0% because of a bug in the counter.\n",
        "EAGLE speculative decoding gave a wrong acceptance rate of 100% in the dashboard.\n",
        "The draft server erroneously logs a 100% draft acceptance rate after the first request.\n",
    ],
)
def test_a_figure_asserted_wrong_is_no_record(read: Read, text: str) -> None:
    assert read(text).records == ()


@pytest.mark.parametrize(
    "text",
    [
        "- [x] task 12 — `model-a` + `high`. **Accepted: 41/200, 0.205; PR #13 merged.**\n"
        "- [x] task 14 — `model-b` + `low`. **Accepted: 29/200, 0.145; PR #15 merged.**\n",
        "Review round 3\nAccepted: 17/52\nRejected: 35/52\n",
    ],
)
def test_bare_accepted_counts_without_speculation_are_another_meaning(
    read: Read, text: str
) -> None:
    got = read(text)
    assert got.records == ()
    assert any("bare 'Accepted'" in b.reason for b in got.ignored)


@pytest.mark.parametrize(
    ("text", "rate"),
    [
        ("EAGLE speculative decoding gave a bad acceptance rate of 12% on code.\n", 0.12),
        (
            "With speculative decoding, made acceptance show 100% when it was actually about 81.6%.\n",
            0.816,
        ),
        (
            "After fixing the counter bug, the EAGLE speculative decoding acceptance rate is 64.2%.\n",
            0.642,
        ),
        (
            "Speculative decoding: acceptance rate 100% with the draft set to the target model.\n",
            1.0,
        ),
    ],
)
def test_measured_figures_beside_error_words_stay(read: Read, text: str, rate: float) -> None:
    assert [r.printed_rate for r in read(text).records] == [pytest.approx(rate)]


def test_bare_accepted_counts_in_a_speculative_paste_stay(read: Read) -> None:
    got = read("Speculative decoding with a 0.5B draft model:\nAccepted: 123/456\n").records
    assert [(r.accepted_tokens, r.drafted_tokens) for r in got] == [(123, 456)]


@pytest.mark.parametrize(
    "sentence",
    [
        "Old broken build, same draft config: mean acceptance length `{L}`, per-position "
        "acceptance `0.000/0.000/0.000`.",
        "On the stale runtime MTP speculative decoding gave {L} accept length: the draft read its "
        "cache through the wrong stride and every drafted token was rejected.",
        "A buggy kernel in the draft path: speculative decoding accept length {L} on every prompt.",
    ],
)
def test_an_error_word_on_a_thing_of_the_run_keeps_its_figure(read: Read, sentence: str) -> None:
    # 'broken build', 'wrong stride', 'buggy kernel': the run was measured with them, its
    # figure a measurement (1.00, the bound, a real collapse)
    got = read(sentence.format(L="1.00") + "\n").records
    assert [r.printed_length for r in got] == [1.0]


@pytest.mark.parametrize(
    "sentence",
    [
        "Speculative decoding: the broken stats show accept length 1.00 on every request.",
        "MTP speculative decoding: wrong numbers, accept length 1.00 because of the counter.",
        "Speculative decoding logs a wrong draft acceptance rate of 0% on ROCm.",
    ],
)
def test_an_error_word_on_the_figure_still_blanks_it(read: Read, sentence: str) -> None:
    assert read(sentence + "\n").records == ()


@pytest.mark.parametrize("mark", ["**", "__", "*", "_"])
@pytest.mark.parametrize("lead", ["The bug.", "Bug found!", "A wrong turn?"])
def test_a_bold_lead_naming_a_bug_is_no_part_of_the_next_sentence(
    read: Read, mark: str, lead: str
) -> None:
    # the full stop inside the closing emphasis ends the lead: the sentence after it names no
    # bug, so its measured 0% stays a record (a rate of zero: no draft accepted)
    text = (
        f"{mark}{lead}{mark} Speculative decoding's acceptance rate sank to 0% on long prompts.\n"
    )
    assert [r.printed_rate for r in read(text).records] == [0.0]


def test_negative_control_a_bug_in_the_same_sentence_still_blanks(read: Read) -> None:
    text = "**Note.** Speculative decoding's acceptance rate reports 0% because of a bug.\n"
    assert read(text).records == ()


@pytest.mark.parametrize("category", ["Misc. bug:", "Eval bug:", "# Bug:", "## Perf bug :"])
@pytest.mark.parametrize("value", ["0.0", "0%", "0.00"])
def test_an_issue_titles_bug_category_is_no_word_on_its_figure(
    read: Read, category: str, value: str
) -> None:
    # the title's category names the kind of report; the figure after it was measured
    text = f"{category} draft-MTP acceptance {value} on long prompts with speculative decoding\n"
    got = read(text).records
    assert [r.printed_rate for r in got] == [0.0]
    assert [r.accept_length for r in got] == [1.0]


@pytest.mark.parametrize(
    "text",
    [
        # a bug named after the title's category, in the figure's sentence: still the bug's bound
        "Misc. bug: draft acceptance shows 0% because of a bug in the speculative counter\n",
        # 'bug' not opening the line as a category: as before
        "The speculative acceptance rate reports 0% due to this bug: see the counter\n",
    ],
)
def test_negative_control_a_bug_told_of_the_figure_still_blanks(read: Read, text: str) -> None:
    assert read(text).records == ()
