"""The one tool a paste names, named as the subject of what was logged in its runs ('- vLLM
warned that ...'): the server of its runs (tools.served). A bullet list right under a line
saying the runtime reported it ('The runtime reported low acceptance during the gate:') is that
server's own figures relayed, so its convention decides a length under the tool's own name,
beside a rate under the tool's own rate name ('average draft acceptance rate'). A tool named
only in a caveat, a list under no such line, or a rate under another name decide nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LOGGED = ("warned", "logged", "printed")
_STARTUPS = (
    "- vLLM {verb} that this model does not officially support disabling chunked\n  prefill.",
    "- Startup was slow. vLLM {verb} that the draft shares the target's embedding.",
    "- vLLM {verb} a fallback to the eager path for two layers.",
)
_LEADS = (
    "The runtime reported low n-gram acceptance during the speed gate:",
    "The server logged these speculation figures during the run:",
    "vLLM printed the following during the gate:",
    "The engine reported:",
)
_CAVEATS = (
    "- Unlike vLLM, this fork does not disable async scheduling.",
    "- vLLM's documentation warns that n-gram drafting is experimental.",
)


def _paste(startup: str, lead: str, lines: list[str]) -> str:
    return (
        "## Startup\n\nThe runtime started successfully.\n\nImportant startup facts:\n\n"
        + startup
        + "\n- graph capture: `14 s`, `1.60 GiB`\n\n## Speculation Behavior\n\n"
        + lead
        + "\n\n"
        + "\n".join(lines)
        + "\n\nThat acceptance rate is too low to pay for the overhead.\n"
    )


@st.composite
def _figures(draw: st.DrawFn) -> tuple[list[float], list[float]]:
    # (two different readings: a run's figures drift between the runtime's stats lines)
    lengths = draw(st.lists(st.integers(130, 400), min_size=2, max_size=2, unique=True))
    rates = draw(st.lists(st.integers(50, 900), min_size=2, max_size=2, unique=True))
    return [x / 100 for x in lengths], [x / 10 for x in rates]


def _bullets(lengths: list[float], rates: list[float], rate_name: str) -> list[str]:
    # (two readings of the run, as the runtime's periodic stats gave them)
    return [
        f"- mean acceptance length: about `{lengths[0]:.2f}`, then `{lengths[1]:.2f}`",
        f"- {rate_name}: about `{rates[0]:.1f}%`, then `{rates[1]:.1f}%`",
    ]


@settings(max_examples=examples(30), deadline=None)
@given(
    _figures(),
    st.sampled_from(_STARTUPS),
    st.sampled_from(_LOGGED),
    st.sampled_from(_LEADS),
    st.sampled_from(("average draft acceptance rate", "draft acceptance rate")),
)
def test_the_runtimes_reported_length_takes_its_convention(
    read: Read,
    figs: tuple[list[float], list[float]],
    startup: str,
    verb: str,
    lead: str,
    rate_name: str,
) -> None:
    lengths, rates = figs
    text = _paste(startup.format(verb=verb), lead, _bullets(lengths, rates, rate_name))
    got = read(text).records
    assert [r.printed_length for r in got] == [pytest.approx(x) for x in lengths], text
    assert [r.accept_length for r in got] == [pytest.approx(x) for x in lengths], text
    assert all(r.tool == "vllm" and r.bonus.rule.startswith("tool: vLLM") for r in got), text


@settings(max_examples=examples(30), deadline=None)
@given(
    _figures(),
    st.sampled_from(_STARTUPS),
    st.sampled_from(_LOGGED),
    st.sampled_from(_LEADS),
    st.sampled_from(("caveat", "lead", "rate")),
    st.sampled_from(_CAVEATS),
)
def test_a_caveat_no_lead_or_another_rate_name_decide_nothing(
    read: Read,
    figs: tuple[list[float], list[float]],
    startup: str,
    verb: str,
    lead: str,
    miss: str,
    caveat: str,
) -> None:
    lengths, rates = figs
    rate_name = "acceptance rate" if miss == "rate" else "average draft acceptance rate"
    startup = caveat if miss == "caveat" else startup.format(verb=verb)
    if "vLLM" in lead:
        # (a lead naming the tool above the list names it the list's own tool, before this)
        lead = _LEADS[0]
    if miss == "lead":
        lead = "Our monitoring script computed these from the counters:"
    text = _paste(startup, lead, _bullets(lengths, rates, rate_name))
    got = read(text).records
    assert [r.printed_length for r in got] == [pytest.approx(x) for x in lengths], text
    assert all(r.accept_length is None for r in got), text
