"""vLLM named by its own marks, its name never written: the field of its V1 stats line as its
format string prints it (`Avg Draft acceptance rate: 41.3%`: that case, one decimal, `%`) quoted
alone in prose, and its own environment variables (`VLLM_ATTENTION_BACKEND=...`, upper case, the
variable's first word). The words in another case, printed with another precision or without
`%`, on LMDeploy's stats line, or a variable holding `VLLM` after another word name no tool."""

from __future__ import annotations

from hypothesis import assume, given, settings
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


_VARS = st.sampled_from(
    ["VLLM_ATTENTION_BACKEND=FLASH_ATTN", "VLLM_USE_V1=1", "VLLM_LOGGING_LEVEL=DEBUG"]
)


def _run_table(length: float, var: str) -> str:
    return (
        "| run | mean accept length |\n|---|---|\n"
        f"| a | {length:.2f} |\n\n"
        f"**Finding**: run a only works with `{var}` exported.\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(length=st.floats(1.1, 5.0), var=_VARS)
def test_environment_variable_names_vllm(read, length: float, var: str) -> None:
    recs = read(_run_table(length, var)).records
    assert recs and all(r.tool == "vllm" for r in recs)


@settings(max_examples=examples(30), deadline=None)
@given(length=st.floats(1.1, 5.0), var=_VARS, how=st.sampled_from(["lower", "prefixed"]))
def test_variable_near_misses_name_no_tool(read, length: float, var: str, how: str) -> None:
    other = var.lower() if how == "lower" else "MY_" + var
    assume("vllm" not in other.replace("vllm_", ""))
    recs = read(_run_table(length, other)).records
    assert recs and all(r.tool != "vllm" for r in recs)
