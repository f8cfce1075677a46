"""A row label closing the method's words with its MTP depth alone in brackets ('Multi-token
drafting (MTP-3)', '**Ours (mtp 2)**'): that row's draft tokens a step, as a label opening on
it ('MTP 3') is: a per-draft rate under it gives 1 + depth x rate. Near misses: the depth in a
bracket holding more words ('(vs MTP-2)', '(MTP-2 heads, greedy)'), or not closing the label,
names no depth of the row."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import interpret
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_METHOD = ["Multi-token drafting", "Ours", "Speculative run", "Draft heads"]
_GLUE = ["MTP-{k}", "MTP {k}", "mtp_{k}", "MTP{k}"]


def _text(label: str, rate: int) -> str:
    return pipe_table(
        ["Strategy", "Tokens/sec", "Draft Accept %"],
        [["Plain decoding", "40.1 tps", "N/A"], [label, "52.3 tps", f"{rate}.0%"]],
    )


@settings(max_examples=examples(40), deadline=None)
@given(
    method=st.sampled_from(_METHOD),
    glue=st.sampled_from(_GLUE),
    k=st.integers(1, 6),
    rate=st.integers(40, 100),
    bold=st.booleans(),
)
def test_a_bracketed_depth_is_the_rows_k(
    read: Read, method: str, glue: str, k: int, rate: int, bold: bool
) -> None:
    label = f"{method} ({glue.format(k=k)})"
    opening = f"{glue.format(k=k)} {method}"
    if bold:
        label, opening = f"**{label}**", f"**{opening}**"
    got = [r.accept_length for r in read(_text(label, rate)).records]
    assert got == [r.accept_length for r in read(_text(opening, rate)).records]
    assert got == [round(1 + k * rate / 100, 6)] or got == [1 + k * rate / 100]


def test_the_depths_a_label_names() -> None:
    assert interpret._mtp_depths("Multi-token drafting (MTP-3)") == {3}
    assert interpret._mtp_depths("MTP 2 greedy") == {2}
    assert interpret._mtp_depths("Ours (vs MTP-2)") == set()
    assert interpret._mtp_depths("Ours (MTP-2 heads, greedy)") == set()
    assert interpret._mtp_depths("Ours (MTP-2) vs plain") == set()
    assert interpret._mtp_depths("Ours (MTP-12)") == set()


@settings(max_examples=examples(20), deadline=None)
@given(
    bracket=st.sampled_from(["(vs MTP-{k})", "(MTP-{k} heads, greedy)", "(MTP-{k}) vs plain"]),
    k=st.integers(2, 6),
    rate=st.integers(40, 95),
)
def test_a_depth_in_another_bracket_computes_no_length(
    read: Read, bracket: str, k: int, rate: int
) -> None:
    got = read(_text("Ours " + bracket.format(k=k), rate)).records
    assert all(r.accept_length is None for r in got)
