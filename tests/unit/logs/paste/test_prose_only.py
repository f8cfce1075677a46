"""Acceptance owned by a name, told only in sentences (prose_only.py): in a paste naming no
speculative decoding and nothing of a model's serving, a share of acceptance a sentence gives to
a capitalised owner ('the Northfield acceptance rate') is another meaning's (a venue's, a
programme's): no record. The same sentence beside a draft, a key-value line of the figure, or a
sentence naming no owner, is read as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import prose_only as PO
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_SENTENCES = st.sampled_from(
    [
        "The Westbrook acceptance rate is {v}% in {y} and earlier years are on the site.",
        "Last season the Northfield acceptance rate was {v}% according to the organisers.",
        "I heard that Kestrel's acceptance rate came to about {v}% for the {y} round.",
        "- This year the HarbourLab acceptance rate stood at {v}% this cycle, lower than before.",
    ]
)
_OPENERS = st.sampled_from(["", "Hello all,\n\n", "# Question\n\n", "Dear editor,\n\n"])
_CLOSERS = st.sampled_from(["", "\n\nThank you!", "\nCheers.", "\n\nAny pointers welcome."])


@settings(max_examples=examples(40), deadline=None)
@given(
    s=_SENTENCES,
    v=st.integers(5, 60),
    y=st.integers(1995, 2030),
    opener=_OPENERS,
    closer=_CLOSERS,
)
def test_a_share_told_in_a_sentence_with_no_model_is_no_record(
    s: str, v: int, y: int, opener: str, closer: str
) -> None:
    got = read_paste(opener + s.format(v=v, y=y) + closer + "\n")
    assert got.records == ()


@settings(max_examples=examples(30), deadline=None)
@given(v=st.integers(5, 60), y=st.integers(1995, 2030))
def test_negative_control_a_draft_named_keeps_the_sentence(v: int, y: int) -> None:
    s = f"The Westbrook acceptance rate is {v}% in {y} and earlier years are on the site."
    text = "We ran speculative decoding with a small draft model.\n\n" + s + "\n"
    assert [r.printed_rate for r in read_paste(text).records] == [v / 100]


def test_negative_control_no_owner_named_is_read() -> None:
    text = "Hello all,\n\nLast week the measured acceptance rate came to about 41% overall.\n"
    assert [r.printed_rate for r in read_paste(text).records] == [0.41]


def test_negative_control_a_key_value_line_is_read() -> None:
    text = "Hello all,\n\nAcceptance rate: 41%\n"
    assert [r.printed_rate for r in read_paste(text).records] == [0.41]


def test_what_a_sentence_is() -> None:
    assert PO.sentences_only("Then the Venue acceptance rate is 21% in the last round here.")
    assert not PO.sentences_only("acceptance rate is 21%")  # too short to be a sentence
    assert not PO.sentences_only("| The venue acceptance rate is | 21% | in 2024 round |")
    assert not PO.sentences_only("The overall measured acceptance rate: 0.21 in the last round")
    assert not PO.sentences_only("no figure of that word here at all, nothing")
    # no owner named: 'the avg acceptance' is a run's as far as the paste tells
    assert not PO.sentences_only("You can see the avg acceptance is lower for the long config.")


# an event's name and its year opening the sentence, perhaps beside a decision named by both
# outcomes: the event's share of papers, no record
_EDITIONS = st.sampled_from(
    [
        "{n} {y} acceptance rate was {v} %. The chairs said so in the decision letter to authors.",
        "{n} {y} acceptance rate came to {v}% as told in the acceptance/rejection notice we got.",
        "{n} {y} acceptance rates stood near {v}% and the accept or reject mails went out late.",
    ]
)


@settings(max_examples=examples(40), deadline=None)
@given(
    s=_EDITIONS,
    n=st.sampled_from(["Harbourcon", "Speechfest", "Lakesidecon", "Meridian"]),
    y=st.integers(1990, 2030),
    v=st.integers(5, 60),
    opener=_OPENERS,
    closer=_CLOSERS,
)
def test_an_edition_opening_the_sentence_is_no_record(
    s: str, n: str, y: int, v: int, opener: str, closer: str
) -> None:
    text = opener + s.format(n=n, y=y, v=v) + closer + "\n"
    assert read_paste(text).records == ()


@settings(max_examples=examples(30), deadline=None)
@given(
    word=st.sampled_from(["Since", "In", "By", "After"]),
    y=st.integers(1990, 2030),
    v=st.integers(5, 60),
)
def test_negative_control_a_preposition_before_the_year_names_no_owner(
    word: str, y: int, v: int
) -> None:
    text = f"Hello all,\n\n{word} {y} acceptance rate was about {v}% on every run we made.\n"
    assert [r.printed_rate for r in read_paste(text).records] == [v / 100]


@settings(max_examples=examples(30), deadline=None)
@given(y=st.integers(1990, 2030), v=st.integers(5, 60))
def test_negative_control_an_edition_beside_a_draft_is_read(y: int, v: int) -> None:
    text = (
        "We ran speculative decoding with a small draft model.\n\n"
        f"Harbourcon {y} acceptance rate was {v} % on our run of the draft.\n"
    )
    assert [r.printed_rate for r in read_paste(text).records] == [v / 100]
