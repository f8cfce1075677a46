"""Two runs set side by side in prose under a question comparing with a tool ('comparing with
the original vLLM MTP at num_speculative_tokens=4?'): the tool asked about is the other side,
no printer of the figures; each run's length may follow two hedges ('of only around 1.6'); and
the one k the question states decides nothing where a run fits neither k x rate nor 1 + k x
rate (it is not every run's k)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_QUESTION = "any numbers comparing with {tool} MTP at num_speculative_tokens=4?\n\n"


def _runs(a: float, ra: float, b: float, rb: float, hedges: str) -> str:
    return (
        f"On our math prompts the built-in head reaches an average accepted length of about "
        f"{a:.1f} and a token acceptance rate of about {ra:.2f}. In comparison, the small "
        f"drafter reaches an average accepted length of {hedges}{b:.1f} and a token acceptance "
        f"rate of around {rb:.2f}.\n"
    )


@settings(max_examples=examples(40), deadline=None)
@given(
    tool=st.sampled_from(["the original vLLM", "original vllm", "SGLang", "the stock vLLM"]),
    verb=st.sampled_from(["comparing with", "compare with", "compared to", "compare against"]),
    hedges=st.sampled_from(["only around ", "just about ", "only ", "roughly ", ""]),
    b=st.integers(15, 19),
)
def test_a_tool_asked_about_is_not_the_printer_and_a_misfit_k_decides_nothing(
    read: Read, tool: str, verb: str, hedges: str, b: int
) -> None:
    question = _QUESTION.replace("comparing with", verb).format(tool=tool)
    # 1 + 4 x 0.45 = 2.8: the first run fits k = 4; the second (1.5-1.9 at 0.05) fits no reading
    got = read(question + _runs(2.8, 0.45, b / 10, 0.05, hedges)).records
    assert [r.printed_length for r in got] == [2.8, b / 10]
    assert [r.printed_rate for r in got] == [0.45, 0.05]
    assert all(r.tool == "unknown" and r.accept_length is None for r in got)


def test_every_run_fitting_the_stated_k_is_still_decided() -> None:
    # 1 + 4 x 0.45 = 2.8, 1 + 4 x 0.15 = 1.6: the k fits both runs, bonus included
    got = read_paste(
        _QUESTION.format(tool="the original vLLM") + _runs(2.8, 0.45, 1.6, 0.15, "")
    ).records
    assert [r.accept_length for r in got] == [2.8, 1.6]
    assert all(r.bonus.rule.startswith("identity:") for r in got)


def test_a_tool_on_the_measured_side_of_a_comparison_is_kept() -> None:
    (r,) = read_paste(
        "Served by vLLM 0.10, compared to last week: mean acceptance length 2.41\n"
    ).records
    assert (r.printed_length, r.tool) == (2.41, "vllm")
    # both sides named ('SGLang compared with vLLM'): both measured, neither a contrast alone
    (r,) = read_paste(
        "SGLang compared with vLLM: accept length 2.41, acceptance rate 0.47\n"
    ).records
    assert r.tool == "unknown" and "several tools" in r.tool_rule
