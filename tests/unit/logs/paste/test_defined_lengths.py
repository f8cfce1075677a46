"""An accept length the paste defines in words as a quotient ('accept len: accepted draft
tokens plus one target token per verification, divided by the number of verifications'), then
states again without its name: after a reporting verb ('the live value correctly reported 1.25
instead of 0'), or worked out from its counts on a line naming the length ('acceptance lengths
of 2.97-3.40 ... totals: 271,001 / 83,803 = 3.2338', read only where A / B gives the printed
value). The definition decides the bonus: one token more per step counts it, accepted draft
tokens alone leave it out (the length is then 1 + the value), accepted tokens without 'draft'
decide nothing. A definition alone, a range, a ratio that is no acceptance ('500/500 requests
succeeded', a throughput) and a quotient whose arithmetic fails are no records."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.defined import definitions
from specdiag.core.logs.paste.model import EXCLUDED, INCLUDED
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_DEFINITION = (
    "Bring back the per-interval counters for the live `accept len`: accepted draft tokens plus "
    "one target token per verification, divided by the number of verifications. The counters "
    "reset after each decode log line.\n"
)
_CHECKED = (
    "Checked with a 4B target and a DFlash draft:\n"
    "- Replay: the cumulative totals match at every step. Before any request finished, the live "
    "value correctly reported 1.40 instead of 0.\n"
    "- Load test, 16 clients: 400/400 requests succeeded; 24 live intervals reported acceptance "
    "lengths of 2.61–3.12. Client and server totals agree: 118,402 / 41,077 = 2.882440295056.\n"
)


def _lengths(text: str, read: Read = read_paste) -> list[tuple[float | None, float | None]]:
    return [(r.printed_length, r.accept_length) for r in read(text).records]


def test_a_defined_length_stated_again_and_worked_out(read: Read) -> None:
    got = _lengths(_DEFINITION + "\n" + _CHECKED, read)
    assert got == [(1.4, 1.4), (2.882440295056, pytest.approx(2.88244, abs=1e-5))]
    rules = {r.bonus.rule for r in read(_DEFINITION + "\n" + _CHECKED).records}
    assert all("accepted draft tokens plus one target token" in rule for rule in rules)


@pytest.mark.parametrize(
    ("text", "bonus"),
    [
        (_DEFINITION, INCLUDED),
        ("AL is defined as accepted tokens + 1 per step, divided by steps.", INCLUDED),
        ("acceptance length = (accepted tokens + 1) / verify steps", INCLUDED),
        ("Accept length is computed as accepted draft tokens divided by decode steps.", EXCLUDED),
        (
            "accept length: accepted tokens over the number of rounds, not counting the bonus",
            EXCLUDED,
        ),
        ("AL = accepted tokens / steps.", None),
        ("acceptance length: tokens emitted per second, averaged.", "none"),
        ("accept rate: accepted draft tokens divided by drafted tokens.", "none"),
        ("acceptance length is 2.41 on chat.", "none"),
    ],
)
def test_what_a_definition_decides(text: str, bonus: str | None) -> None:
    got = definitions(text)
    if bonus == "none":
        assert got == []
    else:
        assert [d.bonus for d in got] == [bonus]


def test_a_definition_that_leaves_the_bonus_out(read: Read) -> None:
    text = (
        "Our `accept_len` is defined as accepted draft tokens divided by the number of verify "
        "steps; it restarts at every log line.\n\nAfter the patch the live value reported 1.85 "
        "instead of 0.\n"
    )
    assert _lengths(text, read) == [(1.85, pytest.approx(2.85))]


def test_a_definition_that_decides_nothing(read: Read) -> None:
    text = (
        "The accept length is accepted tokens divided by verify steps here.\n\n"
        "After the patch the live value reported 1.85 instead of 0.\n"
    )
    assert _lengths(text, read) == [(1.85, None)]


@pytest.mark.parametrize(
    "after",
    [
        "",  # a definition alone
        "Load test: 500/500 requests succeeded, nothing crashed.\n",
        "Throughput: 12,000 tokens / 300 s = 40.0 tok/s.\n",
        "Live intervals reported acceptance lengths of 2.61–3.12.\n",
        # the arithmetic fails: the numbers mean something else
        "Acceptance lengths of 2.61–3.12; totals: 118,402 / 41,077 = 3.10.\n",
        # no accept length named on the quotient's line
        "Client and server totals agree: 118,402 / 41,077 = 2.8824.\n",
    ],
)
def test_no_record_but_the_length_stated(read: Read, after: str) -> None:
    text = _DEFINITION + ("\n" + after if after else "")
    assert read(text).records == ()


_NAMES = ["accept len", "`accept_len`", "acceptance length", "mean acceptance length", "AL"]
_STEPS = ["verification", "verify step", "decode step", "round", "cycle"]
_WAYS = {
    INCLUDED: "{name}: accepted draft tokens plus one target token per {step}, divided by the "
    "number of {step}s.",
    EXCLUDED: "{name} is computed as accepted draft tokens divided by the number of {step}s.",
    "unknown": "{name} = accepted tokens / {step}s.",
}


@settings(max_examples=examples(60), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    step=st.sampled_from(_STEPS),
    way=st.sampled_from(sorted(_WAYS)),
    value=st.integers(110, 480),
    verb=st.sampled_from(["reported", "showed", "was", "logged"]),
    tail=st.sampled_from(["", " instead of 0", " instead of 1.00"]),
    steps=st.integers(1_000, 90_000),
    per_step=st.integers(1_100, 4_800),
)
def test_a_defined_length_and_its_statements(
    name: str, step: str, way: str, value: int, verb: str, tail: str, steps: int, per_step: int
) -> None:
    tokens = steps * per_step // 1000
    quotient = f"{tokens / steps:.6f}"
    text = (
        "In the server, "
        + _WAYS[way].format(name=name, step=step)
        + "\n\nChecked on a replay:\n"
        + f"- Warm-up: before any request finished, the live value {verb} {value / 100:.2f}{tail}.\n"
        + f"- Bench: acceptance lengths of 2.10–3.40 per interval; totals {tokens:,} / "
        + f"{steps:,} = {quotient}.\n"
    )
    got = _lengths(text)
    printed = [value / 100, float(quotient)]
    assert [p for p, _ in got] == pytest.approx(printed)
    if way == INCLUDED:
        assert [a for _, a in got] == pytest.approx(printed, abs=1e-6)
    elif way == EXCLUDED:
        assert [a for _, a in got] == pytest.approx([p + 1 for p in printed], abs=1e-6)
    else:
        assert [a for _, a in got] == [None, None]


@pytest.mark.parametrize(
    ("after", "want"),
    [
        # 'et al.' is no accept length: 'AL' names one only in capitals
        ("Same totals as Chen et al. report: 118,402 / 41,077 = 2.8824.\n", []),
        ("Same totals as Chen et al report: 118,402 / 41,077 = 2.8824.\n", []),
        ("AL totals agree: 118,402 / 41,077 = 2.8824.\n", [(2.8824, 2.8824)]),
        ("Accept length totals agree: 118,402 / 41,077 = 2.8824.\n", [(2.8824, 2.8824)]),
    ],
)
def test_the_length_named_on_a_quotient_line_is_case_exact_al(
    read: Read, after: str, want: list[tuple[float, float]]
) -> None:
    assert _lengths(_DEFINITION + "\n" + after, read) == want


@pytest.mark.parametrize(
    ("text", "defined"),
    [
        ("Li et al.: accepted draft tokens plus one target token per step, divided by steps.", 0),
        ("AL: accepted draft tokens plus one target token per step, divided by steps.", 1),
    ],
)
def test_et_al_defines_no_length(text: str, defined: int) -> None:
    assert len(definitions(text)) == defined
