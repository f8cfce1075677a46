"""An earlier run named after a run's acceptance figure, its value alone in a bracket (`...
0.01% acceptance, essentially identical to the previous run with `/v1/completions`
(0.009%)`): a record of its own (earlier_run.py). A bracket of another kind, with a unit, or
after words naming another measure, and a sentence naming no figure before, read as before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_RUNS = (
    "the previous run with `/v1/completions`",
    "the earlier build",
    "our first attempt on the old template",
    "the last run",
    "the original config",
)
_LEADS = ("essentially identical to", "well above", "close to", "down from", "unlike")


def _paste(first: str, lead: str, run: str, bracket: str) -> str:
    return (
        "## Key Observations\n\n"
        f"The chat endpoint did not fix the draft. Warmup shows {first} — {lead} {run} "
        f"({bracket}). The hypothesis is disproven.\n"
    )


@st.composite
def _pair(draw: st.DrawFn) -> tuple[float, float]:
    a, b = draw(st.lists(st.integers(1, 950), min_size=2, max_size=2, unique=True))
    return a / 10, b / 10


@settings(max_examples=examples(40), deadline=None)
@given(
    _pair(),
    st.sampled_from(_LEADS),
    st.sampled_from(_RUNS),
    st.sampled_from(("{v}% acceptance", "acceptance rate {v}%", "{v}% draft acceptance")),
)
def test_the_earlier_runs_bracket_is_a_record(
    read: Read, pair: tuple[float, float], lead: str, run: str, first: str
) -> None:
    a, b = pair
    text = _paste(first.format(v=f"{a:.1f}"), lead, run, f"{b:.1f}%")
    got = read(text).records
    assert [r.printed_rate for r in got] == [pytest.approx(a / 100), pytest.approx(b / 100)], text
    assert all(r.accept_length is None for r in got), text


@settings(max_examples=examples(30), deadline=None)
@given(
    _pair(),
    st.sampled_from(_LEADS),
    st.sampled_from(_RUNS),
    st.sampled_from(("unit", "kind", "measure", "unnamed")),
)
def test_near_misses_read_as_before(
    read: Read, pair: tuple[float, float], lead: str, run: str, miss: str
) -> None:
    a, b = pair
    first, bracket = f"{a:.1f}% acceptance", f"{b:.1f}%"
    if miss == "unit":
        bracket = f"{b:.1f} ms"
    elif miss == "kind":
        bracket = f"{b / 100:.3f}"
    elif miss == "measure":
        run = run + " at its throughput"
    else:
        first = f"{a:.1f}% of the time"
    got = read(_paste(first, lead, run, bracket)).records
    assert all(r.printed_rate != pytest.approx(b / 100) for r in got), got
    assert len(got) <= 1
