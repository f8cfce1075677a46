"""Figures a page relays from someone else's thread, patch or benchmark (relayed.py): a thread
cited by its number reporting them (a relative clause between too), a thread or a post, an
author, or a benchmark marked as others' (`public`, `community`, `independent`) as the subject of
a verb of measuring or reporting: no record. In a paste with a first person elsewhere, only the
paragraph holding none is relayed. The writer's own (`I ran`, `we measured`, `my benchmark
reports`) and a bare `the benchmark` stay read. Also: a rate's bare key ending on `at` before a
count of draft tokens (`acceptance at 3 draft tokens`) is never the rate, and a rate called the
best possible one is a bound (interpret.py)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_MODELS = st.sampled_from(["a 27B model", "the 30B target", "a 9B chat model", "the big MoE"])
_RATES = st.integers(12, 97)
_SPACE = st.sampled_from([" ", "  "])
_NUMBERS = st.integers(10, 99999)


def _source(kind: str, n: int) -> str:
    """A third party told as the subject, ready for its verb."""
    return {
        "numbered": f"The forum spotted tool-x PR #{n}, which wires the draft head in and",
        "issue": f"Issue #{n}, which covers the new drafter,",
        "thread": "A Reddit thread on the new drafter",
        "post": "One blog post from last week",
        "author": "The patch author",
        "maintainer": "A maintainer",
        "public": "A public benchmark on a single 24 GB card",
        "community": "One community benchmark on two cards",
        "independent": "An independent test",
    }[kind]


_KINDS = st.sampled_from(
    [
        "numbered",
        "issue",
        "thread",
        "post",
        "author",
        "maintainer",
        "public",
        "community",
        "independent",
    ]
)


@settings(max_examples=examples(40), deadline=None)
@given(
    kind=_KINDS,
    n=_NUMBERS,
    verb=st.sampled_from(["reports", "reported", "measured", "found", "shows", "claims"]),
    rate=_RATES,
    model=_MODELS,
    space=_SPACE,
)
def test_a_third_partys_figure_on_a_page_is_relayed(
    read: Read, kind: str, n: int, verb: str, rate: int, model: str, space: str
) -> None:
    text = (
        "Drafting news\n\n"
        f"{_source(kind, n)} {verb}{space}{rate}% acceptance on {model}.\n"
        "The change lands next month.\n"
    )
    assert read(text).records == (), text


@settings(max_examples=examples(30), deadline=None)
@given(
    who=st.sampled_from(["the patch author", "the thread's author", "a maintainer"]),
    verb=st.sampled_from(["reporting", "measuring", "claiming", "showing"]),
    rate=_RATES,
    k=st.integers(2, 8),
    model=_MODELS,
)
def test_a_third_party_in_a_participle_clause_is_relayed(
    read: Read, who: str, verb: str, rate: int, k: int, model: str
) -> None:
    text = (
        "Draft heads arrive in the runtime\n"
        f"The runtime gains draft heads, with {who} {verb} about {rate}% acceptance at {k} "
        f"draft tokens on {model}.\n"
    )
    assert read(text).records == (), text


@settings(max_examples=examples(40), deadline=None)
@given(
    lead=st.sampled_from(
        [
            "I ran the new drafter and measured",
            "We measured",
            "My benchmark reports",
            "Our public benchmark on one card reports",
            "The benchmark measured",
            "This PR #{n}, which wires the draft head in, reports",
            "A public benchmark is planned; the draft reached",
        ]
    ),
    n=_NUMBERS,
    rate=_RATES,
    model=_MODELS,
    space=_SPACE,
)
def test_the_writers_own_figure_stays_read(
    read: Read, lead: str, n: int, rate: int, model: str, space: str
) -> None:
    text = (
        "Drafting notes\n\n"
        f"{lead.format(n=n)}{space}{rate}% acceptance on {model}.\n"
        "The change lands next month.\n"
    )
    got = read(text).records
    assert [r.printed_rate for r in got] == [pytest.approx(rate / 100)], text


@settings(max_examples=examples(30), deadline=None)
@given(
    kind=_KINDS,
    n=_NUMBERS,
    verb=st.sampled_from(["ran", "tested", "benchmarked", "measured"]),
    rate=_RATES,
    model=_MODELS,
    own=st.booleans(),
)
def test_a_paragraph_relaying_a_third_party_beside_the_writers_words(
    read: Read, kind: str, n: int, verb: str, rate: int, model: str, own: bool
) -> None:
    # the first person stands in another paragraph: the relaying paragraph gives no record; the
    # same paragraph told in the first person is the writer's run
    subject = "We" if own else _source(kind, n)
    text = (
        "Why the free draft loses\n\n"
        f"{subject} {verb} a dozen draft settings on {model}. The cheap draft hit "
        f"{rate} percent acceptance on code, and decode still slowed down.\n\n"
        "We wrote about the draft's cost ratio last month; this post covers the rest.\n"
    )
    got = read(text).records
    if own:
        assert [r.printed_rate for r in got] == [pytest.approx(rate / 100)], text
    else:
        assert got == (), text


@settings(max_examples=examples(40), deadline=None)
@given(
    qual=st.sampled_from(["steady-state", "steady state", "sustained", "long-run", "overall"]),
    rate=_RATES,
    k=st.integers(2, 9),
    unit=st.sampled_from(["draft tokens", "speculative tokens", "drafted tokens", "drafts"]),
    name=st.sampled_from(["acceptance", "acceptance rate"]),
    space=_SPACE,
)
def test_a_count_of_draft_tokens_after_at_is_never_the_rate(
    read: Read, qual: str, rate: int, k: int, unit: str, name: str, space: str
) -> None:
    text = f"We measured{space}{rate}% {qual} {name} at {k} {unit} on the 27B model.\n"
    got = read(text).records
    assert [r.printed_rate for r in got] == [pytest.approx(rate / 100)], text


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(["acceptance", "acceptance rate", "steady-state acceptance"]),
    rate=st.integers(40, 97),
    k=st.integers(2, 9),
)
def test_a_rate_after_at_stays_the_rate(read: Read, name: str, rate: int, k: int) -> None:
    # near misses: the share after 'at', or a draft count with no noun of drafts after it
    text = f"We measured {name} at {rate}% with {k} draft tokens.\n"
    got = read(text).records
    assert [r.printed_rate for r in got] == [pytest.approx(rate / 100)], text


@settings(max_examples=examples(30), deadline=None)
@given(
    best=st.sampled_from(["best possible", "highest possible", "greatest possible"]),
    rate=st.integers(60, 100),
    unit=st.sampled_from(["%", " percent"]),
)
def test_the_best_possible_rate_is_a_bound(read: Read, best: str, rate: int, unit: str) -> None:
    text = f"The cheapest draft is a prompt lookup. The {best} acceptance rate is {rate}{unit}.\n"
    assert read(text).records == (), text
    own = f"The cheapest draft is a prompt lookup. The best acceptance rate was {rate}{unit}.\n"
    got = read(own).records
    assert [r.printed_rate for r in got] == [pytest.approx(rate / 100)], own
