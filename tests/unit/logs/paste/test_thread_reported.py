"""A figure whose sentence credits it to a thread cited by its number ('Issue #N reports an
observed acceptance of 0.387', 'sglang#512 found an accept length of 2.1', 'according to
vllm#1234, acceptance is 0.6'): that thread's figure quoted, its run recorded there, no record
of the paste (alone in it too). A run's or a rank's number ('Run #N showed', '#N shows' of one
digit), the paste's own thread ('This PR #12 shows'), a first person in the sentence, or a number
cited without a reporting verb ('fixed in #N; ...') keep the figure read."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_THREADS = ["Issue #{n}", "issue #{n}", "PR #{n}", "Pull request #{n}", "vllm#{n}", "#{n}"]
_VERBS = ["reports", "reported", "shows", "found", "observed", "measured"]
_NAMES = [("an observed acceptance of", "rate"), ("a mean acceptance length of", "length")]
_LEAD = "tests/e2e/test_spec_acceptance.py:68\n**reviewer-bot**:\n"


def _rate(cents: int, digits: int) -> str:
    return f"{cents / 1000:.{digits}f}"


@settings(max_examples=examples(30), deadline=None)
@given(
    thread=st.sampled_from(_THREADS),
    n=st.integers(10, 99999),
    verb=st.sampled_from(_VERBS),
    name=st.sampled_from(_NAMES),
    cents=st.integers(150, 950),
    quoted=st.booleans(),
)
def test_a_figure_a_cited_thread_reports_is_no_record(
    read: Read, thread: str, n: int, verb: str, name: tuple[str, str], cents: int, quoted: bool
) -> None:
    value = _rate(cents, 3) if name[1] == "rate" else f"{1 + cents / 250:.2f}"
    shown = f"`{value}`" if quoted else value
    ref = thread.format(n=n)
    text = _LEAD + f"{ref} {verb} {name[0]} {shown} on the second job.\n"
    assert read(text).records == ()


@settings(max_examples=examples(25), deadline=None)
@given(
    n=st.integers(10, 99999),
    cited=st.integers(150, 950),
    own=st.integers(150, 950),
)
def test_the_pastes_own_figure_beside_a_threads_stays(n: int, cited: int, own: int) -> None:
    text = (
        f"Issue #{n} reports an observed acceptance of {_rate(cited, 3)} on the old build.\n"
        f"With the fix we get an acceptance rate of {_rate(own, 2)}.\n"
    )
    assert [r.printed_rate for r in read_paste(text).records] == [float(_rate(own, 2))]


@settings(max_examples=examples(25), deadline=None)
@given(
    lead=st.sampled_from(
        [
            "Run #{n} showed",  # a run's number
            "This PR #{n} shows",  # the paste's own thread
            "PR #{n} shows that we get",  # the writer's own run
            "Fixed in #{n}; now the run gives",  # a number cited, no reporting verb of it
            "#{m} shows",  # a one-digit number: a rank
        ]
    ),
    n=st.integers(10, 99999),
    m=st.integers(1, 9),
    cents=st.integers(150, 950),
)
def test_negative_control_a_run_or_own_thread_keeps_its_figure(
    read: Read, lead: str, n: int, m: int, cents: int
) -> None:
    value = _rate(cents, 2)
    text = f"{lead.format(n=n, m=m)} an acceptance rate of {value} on the chat set.\n"
    assert [r.printed_rate for r in read(text).records] == [float(value)]
