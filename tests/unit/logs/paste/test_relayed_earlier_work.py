"""Others' earlier work telling figures (relayed._EARLIER_WORK): a plural noun of measured work
(`experiments`, `studies`, `benchmarks`, ...) after `prior`, `previous`, `earlier` or `past`,
under no determiner or possessive, as the subject of a verb of measuring or reporting, relays
its figures as a third party's: no record (in a paste of no first person, or in a paragraph of
none). The writer's own earlier work (`our prior experiments`), a determiner (`the earlier
benchmarks`), earlier runs or tests, or a singular noun stay read."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_EARLIER = st.sampled_from(["prior", "previous", "earlier", "past", "Prior", "Previous"])
_BETWEEN = st.sampled_from(["", "tool-x ", "upstream ", "small-draft ", "tool-x draft "])
_WORK = st.sampled_from(
    ["experiments", "studies", "work", "evaluations", "measurements", "benchmarks"]
)
_VERB = st.sampled_from(["showed", "found", "reported", "measured", "shows", "observed"])
_RATES = st.integers(3, 97)
_MODELS = st.sampled_from(["the 8B target", "a quantized 30B model", "the chat model"])


def _change(lo: int, hi: int, approx: str) -> str:
    return f"from {approx}{lo}% to {hi}%"


@settings(max_examples=examples(30), deadline=None)
@given(
    earlier=_EARLIER,
    between=_BETWEEN,
    work=_WORK,
    verb=_VERB,
    lo=_RATES,
    hi=_RATES,
    approx=st.sampled_from(["", "~", "about "]),
    model=_MODELS,
    first_person=st.booleans(),
)
def test_earlier_work_of_others_relays_its_figures(
    read: Read,
    earlier: str,
    between: str,
    work: str,
    verb: str,
    lo: int,
    hi: int,
    approx: str,
    model: str,
    first_person: bool,
) -> None:
    # a paste of no first person, or one whose first person stands in another paragraph
    opening = "Thanks for the quick review, I will rebase tonight." if first_person else "Notes"
    text = (
        f"{opening}\n\n"
        f"Sampling at temperature 1 keeps the output distribution, which {earlier} {between}"
        f"{work} {verb} lifts acceptance {_change(lo, hi, approx)} on {model}.\n"
    )
    assert read(text).records == (), text


@settings(max_examples=examples(30), deadline=None)
@given(
    earlier=st.sampled_from(["prior", "previous", "earlier", "past"]),
    work=_WORK,
    verb=_VERB,
    rate=_RATES,
    model=_MODELS,
)
def test_earlier_work_opening_its_sentence_is_relayed(
    read: Read, earlier: str, work: str, verb: str, rate: int, model: str
) -> None:
    text = (
        "Drafting background\n\n"
        f"{earlier.capitalize()} {work} {verb} {rate}% acceptance on {model}.\n"
        "The verify path lands next month.\n"
    )
    assert read(text).records == (), text


@settings(max_examples=examples(30), deadline=None)
@given(
    lead=st.sampled_from(
        [
            "Our {earlier} {work}",
            "My {earlier} {work}",
            "The {earlier} {work}",
            "These {earlier} {work}",
            "{Earlier} runs",
            "{Earlier} tests",
            "A {earlier} experiment",
        ]
    ),
    earlier=st.sampled_from(["prior", "previous", "earlier", "past"]),
    work=_WORK,
    verb=_VERB,
    rate=_RATES,
    model=_MODELS,
)
def test_the_writers_own_or_unmarked_earlier_work_stays_read(
    read: Read, lead: str, earlier: str, work: str, verb: str, rate: int, model: str
) -> None:
    subject = lead.format(earlier=earlier, Earlier=earlier.capitalize(), work=work)
    text = f"Drafting background\n\n{subject} {verb} {rate}% acceptance on {model}.\n"
    got = read(text).records
    assert [r.printed_rate for r in got] == [pytest.approx(rate / 100)], text
