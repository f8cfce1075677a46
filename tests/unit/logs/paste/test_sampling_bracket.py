"""A cell's value with the target's sampling it was measured under in brackets after it
(``61% (temp=0)``, ``0.74 (T = 0.7, top-p 0.9)``, ``2.9 (greedy; temperature 0)``): the bracket
is a condition of the run, no figure of its own, so the cell is read as its value (cells
``_sampling_noted``). A bracket holding a draft setting (``k=3``, ``top-k 8``), a temperature
above 2, or a second figure leaves the cell unread, as before."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_TEMP = st.sampled_from(
    ["temp={t}", "temp {t}", "temperature={t}", "temperature: {t}", "T={t}", "t = {t}"]
)
_EXTRA = st.sampled_from(["", ", top-p 0.9", "; greedy", ", top_p=0.95", ", sampled"])
_T = st.sampled_from(["0", "0.0", "0.6", "0.7", "1", "1.0", "2"])
_SPACE = st.sampled_from(["", " "])


@given(v=st.integers(30, 99), pct=st.booleans(), temp=_TEMP, t=_T, extra=_EXTRA, sp=_SPACE)
def test_a_value_with_its_sampling_in_brackets_is_the_value(
    v: int, pct: bool, temp: str, t: str, extra: str, sp: str
) -> None:
    shown = f"{v}%" if pct else f"{v / 100:.2f}"
    got = C.value(f"{shown}{sp}({temp.format(t=t)}{extra})")
    assert got is not None and got.percent == pct
    assert got.number == (v if pct else round(v / 100, 2))


@given(
    v=st.integers(30, 99),
    note=st.sampled_from(
        [
            "k={n}",
            "top-k {n}",
            "draft-max {n}",
            "temp={n}5",
            "T=0: {n}0%",
            "temp 0 vs {n}",
            "n_max={n}",
            "{n} steps",
        ]
    ),
    n=st.integers(3, 9),
)
def test_a_bracket_of_another_setting_or_figure_stays_unread(v: int, note: str, n: int) -> None:
    assert C.value(f"{v}% ({note.format(n=n)})") is None


@given(
    label=st.sampled_from(["Acceptance rate", "Draft acceptance", "Accept rate"]),
    v=st.integers(40, 97),
    temp=_TEMP,
    t=_T,
    dash=st.sampled_from(["—", "-", "n/a"]),
)
def test_a_table_row_of_the_rate_with_its_sampling_is_read(
    read: Read, label: str, v: int, temp: str, t: str, dash: str
) -> None:
    text = pipe_table(
        ["Metric", "Plain decoding", "With drafter"],
        [["Throughput", "41 tok/s", "57 tok/s"], [label, dash, f"{v}% ({temp.format(t=t)})"]],
    )
    rates = [r.printed_rate for r in read(text).records]
    assert rates == [v / 100]


@given(
    label=st.sampled_from(["Acceptance rate", "Draft acceptance", "Accept rate"]),
    v=st.integers(40, 97),
    n=st.integers(3, 9),
)
def test_a_table_row_with_a_draft_setting_in_brackets_stays_unread(
    read: Read, label: str, v: int, n: int
) -> None:
    text = pipe_table(
        ["Metric", "Plain decoding", "With drafter"],
        [["Throughput", "41 tok/s", "57 tok/s"], [label, "—", f"{v}% (k={n})"]],
    )
    assert [r.printed_rate for r in read(text).records] == []
