"""vLLM named by its own mark, its name never written: the field of its V1 stats line as its
format string prints it (`Avg Draft acceptance rate: 41.3%`: that case, one decimal, `%`) quoted
alone in prose. The words in another case, printed with another precision or without `%`, or on
LMDeploy's stats line name no tool."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples

_LEADS = st.sampled_from(
    [
        "On a short smoke run the server logged ",
        "Quick check after the rebuild: ",
        "- sampling works, and the log shows ",
    ]
)
_TAILS = st.sampled_from([", far below what we hoped.", ".", " (tiny sample)."])
_RATES = st.floats(0.1, 99.9).map(lambda x: round(x, 1))


@settings(max_examples=examples(30), deadline=None)
@given(lead=_LEADS, tail=_TAILS, rate=_RATES, tick=st.booleans())
def test_field_quoted_names_vllm(read, lead: str, tail: str, rate: float, tick: bool) -> None:
    q = "`" if tick else ""
    recs = read(f"{lead}{q}Avg Draft acceptance rate: {rate:.1f}%{q}{tail}\n").records
    assert recs and all(r.tool == "vllm" for r in recs)


@settings(max_examples=examples(30), deadline=None)
@given(
    lead=_LEADS,
    rate=_RATES,
    form=st.sampled_from(
        [
            "avg draft acceptance rate: {v:.1f}%",
            "Avg Draft acceptance rate: {v:.2f}%",
            "Avg Draft acceptance rate: {f:.3f}",
            "[TM] Avg thr (in/out): 12.0 / 80.5 tokens/s, Avg Draft acceptance rate: {v:.1f}%",
        ]
    ),
)
def test_field_near_misses_name_no_tool(read, lead: str, rate: float, form: str) -> None:
    text = form.format(v=rate, f=rate / 100)
    recs = read(f"{lead}{text}.\n").records
    assert all(r.tool != "vllm" for r in recs)
