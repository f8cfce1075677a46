"""A figure the paste spells out as accepted drafts plus the bonus decides the length printed
beside it; a bare 'Accept' column of percentages with a placeholder on the run without drafts
is a rate."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table


@settings(max_examples=examples(40), deadline=None)
@given(
    acc=st.integers(11, 79),
    spelled=st.sampled_from(
        ["(accepted + 1 bonus)", "(accepted + bonus)", "(accepted tokens + 1 bonus)"]
    ),
    included=st.booleans(),
)
def test_a_figure_spelled_as_accepted_plus_bonus_decides(
    acc: int, spelled: str, included: bool
) -> None:
    length = acc / 10 + (1 if included else 0)
    rows = [
        ["Mean drafted tokens", "12.5"],
        ["Mean accepted tokens", f"{length:.1f}"],
        ["Tokens per verify pass", f"{acc / 10 + 1:.1f} {spelled}"],
    ]
    got = read_paste("Speculative draft, the math:\n\n" + pipe_table(["Component", "Value"], rows))
    assert len(got.records) == 1
    r = got.records[0]
    assert r.printed_length == round(length, 1)
    assert r.accept_length is not None and abs(r.accept_length - (acc / 10 + 1)) < 1e-6


def test_negative_control_a_figure_off_by_more_than_rounding_decides_nothing() -> None:
    rows = [["Mean accepted tokens", "4.4"], ["Tokens per verify pass", "6.0 (accepted + 1 bonus)"]]
    got = read_paste("Speculative draft:\n\n" + pipe_table(["Component", "Value"], rows))
    assert [r.accept_length for r in got.records] == [None]


@settings(max_examples=examples(20), deadline=None)
@given(pct=st.integers(50, 950), dash=st.sampled_from(["---", "—", "n/a", "-"]))
def test_a_bare_accept_column_with_a_placeholder_is_a_rate(pct: int, dash: str) -> None:
    text = pipe_table(
        ["Config", "Decode (ms)", "Accept", "Speedup"],
        [
            ["target alone", "419", dash, "1.00x"],
            ["with draft", "404", f"{pct / 10:.1f}%", "1.03x"],
        ],
    )
    got = read_paste("Speculative decoding run\n\n" + text).records
    assert [round(r.printed_rate or -1, 6) for r in got] == [round(pct / 1000, 6)]
