"""Tokens over passes or steps written with a slash in Japanese or Korean (`トークン/パス`,
`토큰/스텝`) name tokens a step, the bonus counted, as `tokens/step` does (text.prepare); tokens
over seconds (`トークン/秒`) name a speed and give no length."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_LEAD = "Drafting with an MTP head, measured here.\n\n"


def _table(unit: str, rate_name: str, values: list[tuple[int, int]]) -> str:
    rows = "".join(f"| run{i} | {r}.0% | {v / 1000:.3f} |\n" for i, (r, v) in enumerate(values))
    return _LEAD + f"| run | {rate_name} | t ({unit}) |\n| --- | ---: | ---: |\n" + rows


@settings(max_examples=examples(40), deadline=None)
@given(
    unit=st.sampled_from(
        [
            "トークン/パス",
            "トークン／ステップ",
            "トークン / パス",
            "토큰/패스",
            "토큰/스텝",
            "トークン数/パス",
        ]
    ),
    rate_name=st.sampled_from(["受理率", "수락률", "acceptance rate"]),
    values=st.lists(
        st.tuples(st.integers(50, 95), st.integers(1500, 1990)), min_size=1, max_size=4
    ),
)
def test_tokens_over_passes_are_a_length(
    unit: str, rate_name: str, values: list[tuple[int, int]]
) -> None:
    text = _table(unit, rate_name, values)
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [v / 1000 for _, v in values], text
    assert [r.accept_length for r in got] == [v / 1000 for _, v in values], text


def test_tokens_over_seconds_are_no_length() -> None:
    got = read_paste(_table("トークン/秒", "受理率", [(81, 1811)])).records
    assert all(r.printed_length is None for r in got)
