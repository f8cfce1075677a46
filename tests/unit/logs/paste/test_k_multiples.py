"""A table of runs' accepted and drafted token counts, no steps and no length, in a paste that
states one k: where every drafted count is a multiple of k, and the rows are enough that chance
would not divide them all, each step drafted k, steps = drafted / k and the length is
1 + accepted / steps. A count that is no multiple, too few rows, or k stated nowhere (or only
in prose, not as a flag) give no length."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_FLAGS = ("`num_speculative_tokens {k}`", "`--num-speculative-tokens {k}`", "k={k}")


def _paste(k: int, rows: list[tuple[int, int]], flag: str) -> str:
    lines = [
        "Ran the drafter again, acceptance from the counters around each request.",
        "",
        "| trial | tok/s | acceptance | proposed | accepted |",
        "|---|---|---|---|---|",
    ]
    for i, (steps, acc) in enumerate(rows):
        drafted = steps * k
        lines.append(f"| {i + 1} | {40 + i}.5 | {acc / drafted:.3f} | {drafted} | {acc} |")
    lines += ["", "Setup: speculative decoding, " + flag.format(k=k) + ", greedy."]
    return "\n".join(lines) + "\n"


@st.composite
def _runs(draw: st.DrawFn) -> tuple[int, list[tuple[int, int]]]:
    k = draw(st.integers(min_value=4, max_value=9))
    n = draw(st.integers(min_value=3 if k >= 5 else 4, max_value=5))
    rows = []
    for _ in range(n):
        steps = draw(st.integers(min_value=20, max_value=300))
        acc = draw(st.integers(min_value=1, max_value=steps * k - 1))
        rows.append((steps, acc))
    return k, rows


@settings(max_examples=examples(40), deadline=None)
@given(_runs(), st.sampled_from(_FLAGS))
def test_drafted_multiples_of_k_give_the_steps(
    read: Read, runs: tuple[int, list[tuple[int, int]]], flag: str
) -> None:
    k, rows = runs
    text = _paste(k, rows, flag)
    got = read(text).records
    assert len(got) == len(rows), text
    for r, (steps, acc) in zip(got, rows, strict=True):
        assert r.steps == steps, text
        assert r.accept_length is not None
        assert abs(r.accept_length - (1 + acc / steps)) < 1e-6, text


@settings(max_examples=examples(30), deadline=None)
@given(_runs(), st.sampled_from(_FLAGS))
def test_one_count_off_the_multiple_leaves_every_row(
    read: Read, runs: tuple[int, list[tuple[int, int]]], flag: str
) -> None:
    k, rows = runs
    text = _paste(k, rows, flag)
    # the last row drafted one token fewer: some step drafted less than k
    last = text.rstrip("\n").split("\n")
    i = max(j for j, t in enumerate(last) if t.startswith("| "))
    cells = last[i].split(" | ")
    cells[3] = str(int(cells[3]) - 1)
    last[i] = " | ".join(cells)
    text = "\n".join(last) + "\n"
    got = read(text).records
    assert got and all(r.accept_length is None for r in got), text


def test_too_few_rows_or_no_flag_give_no_length(read: Read) -> None:
    """Two rows at k = 4 (4 ** 2 = 16: one in sixteen would divide by chance), or the k named
    in prose without its flag's code span, claim nothing."""
    two = _paste(4, [(50, 120), (60, 150)], _FLAGS[0])
    assert all(r.accept_length is None for r in read(two).records), two
    prose = _paste(7, [(50, 220), (60, 250), (70, 300)], "num_speculative_tokens 7 or so")
    assert all(r.accept_length is None for r in read(prose).records), prose
