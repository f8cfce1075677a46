"""A column named by a figure's name and then its symbol barred as a mean is written ('mean
acceptance rate ᾱ', the precomposed alpha with macron, or a letter and a combining macron,
'τ̄'): the name's figure, as with the plain symbol after it ('acceptance rate α'). A barred
symbol alone, or after a name of no acceptance figure, names nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_BARRED = ("\u1fb1", "\u03b1\u0304", "\u03c4\u0304")


@settings(max_examples=examples(30), deadline=None)
@given(
    st.sampled_from(("mean acceptance rate", "average acceptance rate", "平均接受率")),
    st.sampled_from(_BARRED[:2]),
    st.lists(st.integers(min_value=20, max_value=95), min_size=2, max_size=4),
)
def test_a_rate_named_with_its_barred_symbol(
    read: Read, name: str, bar: str, hundredths: list[int]
) -> None:
    rows = "\n".join(
        f"| setup-{i} | {3 + i} | {1.2 + i / 10:.2f}x | {h / 100:.2f} |"
        for i, h in enumerate(hundredths)
    )
    text = (
        "Speculative decoding sweep, draft to target.\n\n"
        f"| setup | best gamma | speedup | {name} {bar} |\n|---|---|---|---|\n{rows}\n"
    )
    got = read(text).records
    assert [r.printed_rate for r in got] == [h / 100 for h in hundredths], text
    assert all(r.accept_length is None for r in got)


def test_the_barred_symbol_keys() -> None:
    assert C.key("mean accept length \u03c4\u0304").metric == C.key("mean accept length").metric
    assert C.key("acceptance rate \u1fb1").metric == C.RATE
    # a barred symbol after a name of another measure, or alone, names nothing
    assert C.key("draft cost \u1fb1").metric is None
    assert C.key("\u1fb1").metric is None
