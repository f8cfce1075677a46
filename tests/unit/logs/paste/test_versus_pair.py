"""A clause printing two figures of one run (a value, then a named length) followed by 'vs' and
two values joined by '/' ('0.62, mean accepted length 2.90 (vs 0.58 / 2.7 on the old build)'):
the other run's same two figures in their order, each written as its counterpart (a share both,
or decimals both), a record of its own. Values written otherwise, a unit after the pair (a
speed), or no value before the name leave the other run unread, and never read one of the two
values alone as the named figure."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _rate(x: int, share: bool) -> str:
    return f"{x / 10:.1f}%" if share else f"{x / 1000:.3f}"


@settings(max_examples=examples(40), deadline=None)
@given(
    r1=st.integers(300, 900),
    r2=st.integers(300, 900),
    l1=st.integers(120, 480),
    l2=st.integers(12, 48),
    share=st.booleans(),
    name=st.sampled_from(["mean accepted length", "acceptance length", "accept length"]),
    lead=st.sampled_from(["Acceptance ", "The patched build (acceptance "]),
    dash=st.sampled_from([" ", " — ", ", ", " ("]),
    tail=st.sampled_from([" on the old build", " measured on the first fork", ""]),
)
def test_the_pair_after_versus_is_the_other_run(
    read: Read,
    r1: int,
    r2: int,
    l1: int,
    l2: int,
    share: bool,
    name: str,
    lead: str,
    dash: str,
    tail: str,
) -> None:
    close = ")" * ((lead + dash).count("("))
    text = (
        f"{lead}{_rate(r1, share)}, {name} {l1 / 100:.2f}{dash}vs {_rate(r2, share)} / "
        f"{l2 / 10:.1f}{tail}{close}.\n"
    )
    got = read(text).records
    assert [r.printed_length for r in got] == [l1 / 100, l2 / 10], text
    assert all(r.accept_length is None for r in got)


@settings(max_examples=examples(30), deadline=None)
@given(
    case=st.sampled_from(
        [
            # a unit after the pair: speeds
            "Acceptance 0.575, accept length 3.30 vs 60 / 42 tok/s on the old build.",
            # the values written otherwise than the clause's (a fraction against a share)
            "Acceptance 57.5%, accept length 3.30 vs 0.60 / 3.2 on the old build.",
            # a whole number where the length had decimals
            "Acceptance 57.5%, accept length 3.30 vs 60% / 3 on the old build.",
            # no value before the name
            "We got accept length 3.30 vs 0.60 / 3.2 on the old build.",
        ]
    )
)
def test_a_pair_written_otherwise_reads_no_other_run(read: Read, case: str) -> None:
    got = read(case + "\n").records
    assert [r.printed_length for r in got] == [3.3], case
    assert all(r.accept_length is None for r in got)
