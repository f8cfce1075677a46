"""A numbered item whose number runs straight into an emphasised title ('3.**long chat**:')
is the next item of a list, not the value of a figure the line above names without one
('... we compared the draft acceptance rate' / '2.**code review**'): its number is no rate.
A value on the next line with no emphasis after it is still read."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples

_ABOVE = st.sampled_from(
    [
        "Below we compare the draft acceptance rate",
        "With the cache on and off we compared the MTP acceptance rate",
        "在两种设置下比较了草稿接受率",
        "对比开关前后的mtp接受率",
    ]
)
_TITLE = st.sampled_from(["long chat", "tool calls, code review", "纯对话场景", "工具调用"])


@settings(max_examples=examples(20), deadline=None)
@given(
    above=_ABOVE,
    n=st.integers(1, 9),
    mark=st.sampled_from(["**", "__", "*"]),
    close=st.sampled_from([":", "：", ""]),
    title=_TITLE,
    table=st.booleans(),
)
def test_emphasised_item_number_is_no_value(
    read, above: str, n: int, mark: str, close: str, title: str, table: bool
) -> None:
    text = f"## Results\n{above}\n{n}.{mark}{title}{mark}{close}\n"
    if table:
        text += "| metric | off | on |\n|---|---|---|\n| speed | 70.1 t/s | 75.2 t/s |\n"
    assert not read(text).records


@settings(max_examples=examples(20), deadline=None)
@given(above=_ABOVE, v=st.integers(5, 95))
def test_value_on_the_next_line_still_read(read, above: str, v: int) -> None:
    recs = read(f"{above}:\n0.{v:02d}\n").records
    assert [r.printed_rate for r in recs] == [v / 100]
