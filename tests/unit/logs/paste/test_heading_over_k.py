"""A markdown heading summing up its section's vLLM runs as a length out of the paste's
num_speculative_tokens ('## Summary: 2.35 / 4 tokens'): a record of its own, its convention the
runs' (heading_over_k.py)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

# (a model's name of plain letters; never a tool's or engine's own name, which would name
# another printer in the paste)
_TOOLS = ("sglang", "vllm", "llamacpp", "trtllm", "tensorrt", "atom", "mlx", "lmdeploy", "aiperf")
_WORD = st.text(alphabet="abcdefghijklmnopqrstuvwxyz", min_size=3, max_size=8).filter(
    lambda w: not any(t in w for t in _TOOLS)
)
_STEPS = 1000


def _line(counts: list[int], k: int) -> tuple[str, float]:
    accepted = sum(counts)
    length = round(1 + accepted / _STEPS, 2)
    rates = ", ".join(f"{c / _STEPS:.3f}" for c in counts)
    return (
        f"Mean acceptance length: {length:.2f}, Accepted: {accepted} tokens, Drafted: "
        f"{k * _STEPS} tokens, Per-position acceptance rate: {rates}",
        length,
    )


def _paste(title: str, head: str, k: int, lines: list[str], model: str) -> str:
    cfg = '{"method": "eagle3", "num_speculative_tokens": ' + str(k) + "}"
    body = "\n\n".join(lines)
    return (
        f"# {model} check\n\n## {title}: {head}\n\n### serve\n```\nvllm serve org/{model} "
        f"--speculative-config '{cfg}'\n```\n\n### runs\n```\n{body}\n```\n"
    )


def _counts(k: int, first: int) -> list[int]:
    out, c = [], first
    for _ in range(k):
        out.append(c)
        c = c * 6 // 10
    return out


@settings(max_examples=examples(40), deadline=None)
@given(
    k=st.integers(2, 8),
    firsts=st.lists(st.integers(100, 900), min_size=2, max_size=3, unique=True),
    title=st.sampled_from(["TLDR", "Summary", "Result", "In short"]),
    model=_WORD,
    where=st.floats(0.0, 1.0),
)
def test_the_heading_is_a_record_of_its_own(
    k: int, firsts: list[int], title: str, model: str, where: float
) -> None:
    made = [_line(_counts(k, f), k) for f in firsts]
    lengths = sorted(x for _, x in made)
    inside = [
        c / 100
        for c in range(round(lengths[0] * 100) + 1, round(lengths[-1] * 100))
        if all(abs(c / 100 - x) > 1e-9 for x in lengths)
    ]
    if not inside:
        return
    v = inside[min(int(where * len(inside)), len(inside) - 1)]
    text = _paste(title, f"{v:.2f} / {k} tokens", k, [t for t, _ in made], model)
    got = read_paste(text)
    runs = [r for r in got.records if r.tool == "vllm"]
    if any(r.accept_length is None for r in runs):
        return  # (the runs undecided: no rule of this module)
    assert [r.printed_length for r in got.records] == [v] + [x for _, x in made], text
    assert got.records[0].accept_length == v
    assert got.records[0].first_line == 3


@settings(max_examples=examples(40), deadline=None)
@given(
    k=st.integers(2, 8),
    firsts=st.lists(st.integers(100, 900), min_size=2, max_size=2, unique=True),
    model=_WORD,
    miss=st.sampled_from(["other_k", "equal", "outside", "one_run"]),
)
def test_near_misses_add_no_record(k: int, firsts: list[int], model: str, miss: str) -> None:
    made = [_line(_counts(k, f), k) for f in firsts]
    lengths = sorted(x for _, x in made)
    head_k, v = k, (lengths[0] + lengths[-1]) / 2
    if miss == "other_k":
        head_k = k + 1  # the heading's k is not the paste's
    elif miss == "equal":
        v = lengths[0]  # a run told again
    elif miss == "outside":
        v = lengths[-1] + 0.2  # beyond every run
    else:
        made = made[:1]  # one run: nothing summed up
        v = made[0][1] + 0.01
    text = _paste("Summary", f"{v:.2f} / {head_k} tokens", k, [t for t, _ in made], model)
    got = read_paste(text)
    assert [r.printed_length for r in got.records] == [x for _, x in made], text
