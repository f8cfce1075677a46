"""SGLang's own test output, a line 'acc_length=V' (its self-documenting f-string), in a paste
starting SGLang's server: completion tokens / verify steps, bonus included
(acc_length_line.py)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

# made-up names (random letters drew words the reader knows: 'claim', 'neurips', a tool's name)
_WORD = st.sampled_from(["brox", "quelm", "taviq", "drune", "plixo", "snorv", "jemba", "wixal"])


def _paste(model: str, label: str, line: str, launch: bool = True) -> str:
    cmd = (
        f"python3 -m sglang.launch_server --model-path org/{model} --speculative-algorithm "
        "EAGLE3 --speculative-num-steps 3 --port 30000\n"
        if launch
        else f"python3 my_bench.py --model org/{model}  # flags as in the SGLang docs\n"
    )
    return (
        f"Plain decoding\n```\n{cmd}speed: 51.20 token/s\n```\n\n---\n\n"
        f"engine tests\n\nhead {label}\n```\n{line}\n```\n"
    )


@settings(max_examples=examples(60), deadline=None)
@given(
    model=_WORD,
    label=_WORD,
    length=st.integers(1100, 5900),
    digits=st.sampled_from([2, 4, 15]),
    speed=st.sampled_from(["", " speed=142.37", ", speed=98.1", " speed=77.00 token/s"]),
)
def test_the_f_string_line_counts_the_bonus(
    model: str, label: str, length: int, digits: int, speed: str
) -> None:
    v = f"{length / 1000 + 1e-9:.{digits}f}"
    got = read_paste(_paste(model, label, f"acc_length={v}{speed}"))
    assert [r.printed_length for r in got.records] == [float(v)]
    assert [r.accept_length for r in got.records] == [float(v)]
    assert got.records[0].tool == "sglang"


@settings(max_examples=examples(40), deadline=None)
@given(
    model=_WORD,
    label=_WORD,
    length=st.integers(1100, 2900),  # (below the 3 steps set: no value rule decides it)
    miss=st.sampled_from(["spaced", "worded", "no_launch", "more"]),
)
def test_near_misses_stay_undecided(model: str, label: str, length: int, miss: str) -> None:
    v = f"{length / 1000:.3f}"
    line = f"acc_length={v}"
    launch = True
    if miss == "spaced":
        line = f"acc_length = {v}"  # not the f-string's shape: another printer's
    elif miss == "worded":
        line = f"mean acc_length={v} over {label}"  # more words on the line
    elif miss == "no_launch":
        launch = False  # SGLang named, its server never started here
    else:
        line = f"acc_length={v} accepted=12"  # another field after it
    got = read_paste(_paste(model, label, line, launch))
    assert all(r.accept_length is None for r in got.records), miss
