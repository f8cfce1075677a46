"""A Japanese rate whose sentence says, between the name and the value, the span it holds
over and a hedge ('受理率は条件を通じて概ね 41.5%', '受理率は全体で約 58%'): the rate of the
run, read as '受理率は 41.5%' is. Without a rate's name, or with another measure named, nothing."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste

_SPAN = st.sampled_from(["条件を通じて", "全体で", "全体として", "全般で", "実行を通して", ""])
_HEDGE = st.sampled_from(["概ね", "約", "ほぼ", "およそ", "おおむね", ""])


@given(_SPAN, _HEDGE, st.integers(min_value=100, max_value=950))
def test_a_rate_after_its_span_and_hedge_is_read(span: str, hedge: str, tenths: int) -> None:
    pct = tenths / 10
    text = f"ドラフトモデルで推測デコードを実行した。受理率は{span}{hedge}{pct:.1f}%で安定した。\n"
    (rec,) = read_paste(text).records
    assert rec.printed_rate is not None and abs(rec.printed_rate - pct / 100) < 1e-9


def test_another_measure_over_the_span_gives_no_rate() -> None:
    text = "ドラフトモデルで推測デコードを実行した。スループットは条件を通じて概ね35.5%向上した。\n"
    assert read_paste(text).records == ()
