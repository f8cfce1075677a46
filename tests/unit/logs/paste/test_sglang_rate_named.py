"""SGLang's accept length under a rate's name (`sglang_rate_named.py`): in a paste whose SGLang
run sets its draft steps to one N (`--speculative-num-steps N`), a user's row or column named
`accept rate` of plain values above 1, every one within N + 1, holds SGLang's accept lengths
(SGLang prints its rate as a fraction), bonus included; not a percentage without its sign. A
value above N + 1, no steps set, another tool, or a paste writing its rates in `%` keeps the
percentages as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.model import INCLUDED
from tests.support.examples import examples

_FLAG = {
    "space": "--speculative-num-steps {n}",
    "equals": "--speculative-num-steps={n}",
}


def _paste(n: int, values: list[str], flag: str, transposed: bool, tool: str = "sglang") -> str:
    cmd = (
        f"python3 -m {tool}.launch_server --model-path org/target --speculative-algorithm EAGLE "
        + _FLAG[flag].format(n=n)
        + f" --speculative-eagle-topk 1 --speculative-num-draft-tokens {n + 1}"
    )
    names = [f"run{i}" for i in range(len(values))]
    if transposed:
        table = (
            "| | " + " | ".join(names) + " |\n|" + " - |" * (len(values) + 1) + "\n"
            "| accept rate | " + " | ".join(values) + " |\n"
        )
    else:
        table = "| setup | accept rate |\n|---|---|\n" + "".join(
            f"| {a} | {v} |\n" for a, v in zip(names, values, strict=True)
        )
    return f"## Test\n\n```\n{cmd}\n```\n\n{table}"


@st.composite
def _case(draw: st.DrawFn) -> tuple[int, list[str]]:
    n = draw(st.integers(2, 7))
    tenths = draw(st.lists(st.integers(11, 10 * (n + 1)), min_size=1, max_size=4))
    return n, [f"{t / 10:.1f}" for t in tenths]


@settings(max_examples=examples(40), deadline=None)
@given(case=_case(), flag=st.sampled_from(sorted(_FLAG)), transposed=st.booleans())
def test_plain_values_within_the_steps_are_sglangs_lengths(
    case: tuple[int, list[str]], flag: str, transposed: bool
) -> None:
    n, values = case
    recs = read_paste(_paste(n, values, flag, transposed)).records
    assert [r.printed_length for r in recs] == [float(v) for v in values]
    assert [r.accept_length for r in recs] == [float(v) for v in values]
    assert all(r.bonus.value == INCLUDED and r.printed_rate is None for r in recs)


@settings(max_examples=examples(30), deadline=None)
@given(n=st.integers(2, 6), transposed=st.booleans())
def test_a_value_above_the_steps_keeps_the_percentages(n: int, transposed: bool) -> None:
    values = ["2.1", f"{n + 1.5:.1f}"]  # one above N + 1: the paste's plain rates are percent
    recs = read_paste(_paste(n, values, "space", transposed)).records
    assert all(r.accept_length is None for r in recs)
    assert [r.printed_rate for r in recs] == [round(float(v) / 100, 9) for v in values]


def test_another_tool_keeps_the_percentages() -> None:
    recs = read_paste(_paste(3, ["2.9", "2.4"], "space", True, tool="vllm")).records
    assert all(r.accept_length is None for r in recs)


def test_no_steps_set_keeps_the_percentages() -> None:
    text = _paste(3, ["2.9", "2.4"], "space", True).replace("--speculative-num-steps 3 ", "")
    recs = read_paste(text).records
    assert recs and all(r.accept_length is None and r.printed_rate is not None for r in recs)


def test_a_paste_writing_its_rates_in_percent_keeps_them() -> None:
    text = _paste(3, ["2.9", "2.4"], "space", True) + "\nOverall acceptance rate (%) was low.\n"
    recs = read_paste(text).records
    assert recs and all(r.accept_length is None for r in recs)
