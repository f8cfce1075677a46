"""A table row of `key=A/N (P%)` acceptance counts (a tool's log line copied into a cell), its
verify cycles and a printed tokens-per-cycle figure: the cell is the rate with the counts it
divides (its key dropped), and where the printed figure times the cycles is 1 + A / cycles
times them plus one or two tokens no verify step emitted (the prefill's), the counts decide
the length: 1 + A / cycles (0 accepted: exactly 1). A printed figure further off keeps no
length (the counts and the figure disagree)."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read


def _table(acc: int, drafted: int, cycles: int, printed: str, key: str, unit: str) -> str:
    pct = 100 * acc / drafted
    cell = f"`{key}{acc}/{drafted} ({pct:.1f}%)`"
    return "MTP head enabled, reading the per-request line of the server log:\n\n" + pipe_table(
        ["sampling", "MTP accept rate", "cycles", unit, "throughput"],
        [["`temperature=0`", cell, str(cycles), printed, "~40 tok/s"]],
    )


@settings(max_examples=examples(60), deadline=None)
@given(
    cycles=st.integers(40, 900),
    per=st.integers(0, 300),  # accepted drafts per 100 cycles
    extra=st.integers(1, 2),
    key=st.sampled_from(["accept=", "acceptance: ", "accepted="]),
    unit=st.sampled_from(["tok/cycle", "tokens/step", "tok/forward"]),
)
def test_counts_decide_beside_a_rounded_per_cycle(
    read: Read, cycles: int, per: int, extra: int, key: str, unit: str
) -> None:
    acc = per * cycles // 100
    drafted = max(acc, 1) + acc // 3 + (0 if acc else cycles - 1)
    printed = f"{(cycles + acc + extra) / cycles:.2f}"
    # (a figure that rounds to 1 + A / cycles is the identity's, no extra tokens needed)
    assume(abs(float(printed) - (1 + acc / cycles)) > 0.0051)
    # (a length no step's drafts allow, above 1 + drafted / cycles, is rightly no record)
    assume(float(printed) <= 1 + drafted / cycles)
    text = _table(acc, drafted, cycles, printed, key, unit)
    (r,) = read(text).records
    assert (r.accepted_tokens, r.drafted_tokens, r.steps) == (acc, drafted, cycles), text
    assert r.printed_length == float(printed)
    assert r.accept_length is not None and abs(r.accept_length - (1 + acc / cycles)) < 1e-6
    assert r.bonus.value == "included"


@settings(max_examples=examples(40), deadline=None)
@given(cycles=st.integers(40, 900), per=st.integers(0, 300), off=st.integers(4, 40))
def test_a_figure_further_off_keeps_no_length(read: Read, cycles: int, per: int, off: int) -> None:
    acc = per * cycles // 100
    drafted = acc + cycles
    printed = f"{(cycles + acc + off) / cycles:.2f}"
    # the figure's rounding must not reach back to two extra tokens
    assume((float(printed) - 0.005) * cycles > cycles + acc + 2 + 1e-6)
    text = _table(acc, drafted, cycles, printed, "accept=", "tok/cycle")
    (r,) = read(text).records
    assert r.accepted_tokens == acc and r.accept_length is None, text
