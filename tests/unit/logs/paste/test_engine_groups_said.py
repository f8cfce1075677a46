"""Column groups printed side by side under the same headers ('| lookup tok/s | speedup |
accepted/step | mtp tok/s | speedup | accepted/step |'): one record per group, named by the
configuration column before it; and a note saying, engine by engine, whether each engine's
figure counts the target's own token ('vLLM = ... (excludes the bonus token); SGLang = ...
(includes the target-sampled token)'): each engine's records take their own."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_HEADER = (
    "| Batch | base tok/s | lookup tok/s | speedup | accepted/step | mtp tok/s | speedup "
    "| accepted/step |\n|---|---|---|---|---|---|---|---|\n"
)


def _table(tool: str, a: float, b: float) -> str:
    return (
        f"**{tool}** runs, greedy:\n\n{_HEADER}"
        f"| 1 | 100.0 | 110.0 | 1.10x | {a:.2f} | 180.0 | 1.80x | {b:.2f} |\n"
        f"| 4 | 380.0 | 400.0 | 1.05x | {a:.2f} | 650.0 | 1.71x | {b:.2f} |\n\n"
    )


_NOTE = (
    "Note: the two engines report acceptance differently. vLLM = accepted draft tokens per "
    "step from the counters (excludes the bonus token); SGLang = mean accept length from its "
    "logs (includes the target-sampled token).\n"
)


@settings(max_examples=examples(30), deadline=None)
@given(a=st.integers(105, 195), b=st.integers(205, 390))
def test_each_group_and_each_engine_read_its_own_way(a: int, b: int) -> None:
    text = _table("vllm", a / 100, b / 200) + _table("sglang", b / 100, a / 100) + _NOTE
    got = read_paste(text).records
    assert len(got) == 8
    by_tool = {t: [r for r in got if r.tool == t] for t in ("vllm", "sglang")}
    for r in by_tool["vllm"]:
        assert r.accept_length is not None
        assert abs(r.accept_length - (r.printed_length + 1)) < 1e-6
    for r in by_tool["sglang"]:
        assert r.accept_length == r.printed_length
    # (each row gives both groups, named by their configuration column)
    cols = {dict(r.labels).get("column") for r in by_tool["vllm"]}
    assert cols == {"lookup accepted/step", "mtp accepted/step"}


def test_no_note_or_a_note_both_ways_decides_nothing() -> None:
    bare = read_paste(_table("vllm", 1.2, 1.6)).records
    assert len(bare) == 4 and all(r.accept_length is None for r in bare)
    both = _NOTE + "vLLM = the logged length (includes the bonus token).\n"
    got = read_paste(_table("vllm", 1.2, 1.6) + both).records
    assert len(got) == 4 and all(r.accept_length is None for r in got)
    # a note of another engine decides nothing of this one's records
    other = "SGLang = mean accept length (includes the bonus token).\n"
    got = read_paste(_table("vllm", 1.2, 1.6) + other).records
    assert all(r.accept_length is None for r in got)


def test_repeated_headers_with_no_configuration_between_stay_one_group() -> None:
    text = (
        "vllm runs:\n\n| Batch | accepted/step | accepted/step |\n|---|---|---|\n"
        "| 1 | 1.20 | 1.60 |\n"
    )
    got = read_paste(text).records
    assert {dict(r.labels).get("column") for r in got} != {"(1)", "(2)"}
    assert len(got) <= 1


def _engines_table(a: str, b: str) -> str:
    return (
        "Checked against the quoted numbers:\n\n"
        f"| metric | {a} | {b} |\n|---|---|---|\n"
        "| accept length | **2.41** | 4.90 |\n| mean t/s | 3.2 | 120 |\n"
    )


def test_each_column_naming_its_engine_is_that_engines() -> None:
    got = read_paste(_engines_table("CPU llama.cpp (ours)", "GPU SGLang (ours too)")).records
    assert {(r.printed_length, r.tool) for r in got} == {(2.41, "llamacpp"), (4.90, "sglang")}
    # (llama.cpp's and SGLang's accept lengths both count the target's token)
    assert [r.accept_length for r in got] == [r.printed_length for r in got]


def test_a_column_compared_against_an_engine_or_one_engine_alone_is_not_its() -> None:
    got = read_paste(_engines_table("ours vs vLLM", "GPU SGLang")).records
    assert all(r.tool != "vllm" for r in got)
    assert next(r for r in got if r.printed_length == 2.41).tool != "sglang"
    # one engine's column beside a column naming none: the block's tool as before
    got = read_paste(_engines_table("CPU llama.cpp (ours)", "GPU run B")).records
    assert all(r.accept_length is None or r.tool == "llamacpp" for r in got)
