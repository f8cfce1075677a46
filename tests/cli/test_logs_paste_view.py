"""The text view of a record read by structure: every figure the record holds is shown, and a
normalised length never without the value the paste printed."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from specdiag.cli._logs_view import paste_decisions, paste_details, paste_figures
from specdiag.core.logs.paste.model import UNDECIDED, Decision, PasteRecord

_LEN = st.none() | st.floats(1.0, 9.0).map(lambda x: round(x, 2))
_COUNT = st.none() | st.integers(1, 10**6)


@st.composite
def records(draw: st.DrawFn) -> PasteRecord:
    printed = draw(_LEN)
    bonus = draw(st.sampled_from(("included", "excluded", "unknown")))
    accept = None
    if printed is not None and bonus != "unknown":
        accept = printed + (1.0 if bonus == "excluded" else 0.0)
    elif printed is None and bonus != "unknown":
        accept = draw(_LEN)
    tool, tool_rule = draw(
        st.sampled_from(
            (
                ("unknown", ""),
                ("sglang", "named in the block or its heading"),
                ("unknown", "a tool named only beside a contrast ('not', 'unlike', 'vs')"),
            )
        )
    )
    rate = draw(st.none() | st.floats(0.0, 1.0))
    basis = draw(st.sampled_from((UNDECIDED, Decision("per_draft_token", "tool: a rate rule"))))
    return PasteRecord(
        kind="summary",
        tool=tool,
        tool_rule=tool_rule,
        structure="key-value",
        first_line=1,
        last_line=1,
        labels=(),
        printed_length=printed,
        accept_length=accept,
        printed_rate=rate,
        accept_rate=rate if rate is not None and basis is not UNDECIDED else None,
        accepted_tokens=draw(_COUNT),
        drafted_tokens=draw(_COUNT),
        steps=draw(_COUNT),
        output_tokens=draw(_COUNT),
        per_position=tuple(draw(st.lists(st.floats(0.0, 1.0), max_size=4))),
        max_length=draw(st.none() | st.sampled_from((4.0, 5.0, 8.0))),
        statistic=draw(st.none() | st.sampled_from(("mean", "median", "p50", "max"))),
        bonus=Decision(bonus, "a rule") if bonus != "unknown" else UNDECIDED,
        rate_basis=basis,
        pooling=UNDECIDED,
        fields=(),
        notes=(),
    )


@given(records())
def test_every_figure_of_a_record_is_shown(r: PasteRecord) -> None:
    line = paste_figures(r)
    text = "\n".join([line, *paste_details(r)])
    if r.accept_length is not None and r.printed_length is not None:
        assert f"accept length {r.accept_length:.3f}" in line
        if r.bonus.value == "excluded":
            assert f"printed {r.printed_length:g}" in line and "-> +1" in line
    if r.accept_length is None and r.printed_length is not None:
        assert f"printed length {r.printed_length:g}" in line
    if r.max_length is not None and r.printed_length is not None:
        assert f"{r.max_length:g}" in line
    if r.statistic not in (None, "mean") and (r.printed_length or r.accept_length):
        assert line.startswith(f"{r.statistic} ")
    for name, v in (("accepted", r.accepted_tokens), ("steps", r.steps)):
        if v is not None:
            assert f"{name} {v:,}" in text
    if r.per_position:
        assert ", ".join(f"{x:.3f}" for x in r.per_position) in text
    if r.accept_length is None and r.printed_length is None and r.per_position:
        assert "per-position rates" in line


@given(records())
def test_the_rule_that_decided_each_convention_is_shown(r: PasteRecord) -> None:
    """The text view says what the JSON says: the bonus and the rule that decided it (or that
    none did, and so no normalised figure), the tool and how it was told, the rate's basis."""
    bonus, tool, *rate = paste_decisions(r)
    assert bonus.startswith(f"bonus {r.bonus.value}") and r.bonus.rule in bonus
    if r.bonus.value == "unknown":
        assert "no normalised figure" in bonus and r.accept_length is None
    assert tool.startswith(f"tool {r.tool}") and r.tool_rule in tool
    if r.printed_rate is None:
        assert rate == []
    else:
        (line,) = rate
        assert r.rate_basis.rule in line
        assert ("no per-draft rate" in line) == (r.rate_basis.value == "unknown")
