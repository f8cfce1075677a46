"""Figure names that say more than their stem (cells.key): a length 'including target' (or
'incl. the target token', 'excluding the target's token') says whether it counts the target's
own token, as 'including bonus' does; 'acceptance fraction' is the acceptance rate; a
'full-accept rate' ('all accepted ratio') is the share of steps accepting their whole draft, no
acceptance rate. Near misses: a target MODEL after 'including', 'overall acceptance rate'."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@pytest.mark.parametrize(
    ("name", "metric"),
    [
        ("mean acceptance length including target", C.TOK_PER_STEP),
        ("accept length (incl. the target token)", C.TOK_PER_STEP),
        ("AL counting target", C.TOK_PER_STEP),
        ("acceptance length excluding target", C.ACC_PER_STEP),
        ("tokens per step (excluding the target's token)", C.ACC_PER_STEP),
        ("acceptance fraction", C.RATE),
        ("draft acceptance fraction", C.RATE),
        ("full-accept rate", None),
        ("all accepted ratio", None),
        ("full_accept_rate", None),
        # near misses
        ("acceptance length including target model", None),
        ("overall acceptance rate", C.RATE),
        ("mean acceptance length", C.LENGTH),
    ],
)
def test_the_names(name: str, metric: str | None) -> None:
    assert C.key(name).metric == metric


@settings(max_examples=examples(30), deadline=None)
@given(
    steps=st.integers(200, 900),
    share=st.integers(20, 90),
    k=st.integers(2, 4),
    full=st.integers(5, 60),
    tail=st.sampled_from(["including target", "(incl. the target token)", "counting target"]),
    order=st.permutations(range(3)),
)
def test_a_list_of_them(
    read: Read, steps: int, share: int, k: int, full: int, tail: str, order: list[int]
) -> None:
    drafted = steps * k
    acc = drafted * share // 100
    length = 1 + acc / steps
    rest = [
        f"- acceptance fraction: `{acc / drafted:.6f}`",
        f"- mean acceptance length {tail}: `{length:.6f}`",
        f"- full-accept rate: `{full / 100:.4f}`",
    ]
    lines = [f"- verify steps: `{steps}`", f"- accepted draft tokens: `{acc}`"]
    lines += [rest[i] for i in order]
    (r,) = read("Run summary:\n\n" + "\n".join(lines) + "\n").records
    assert r.printed_rate == pytest.approx(acc / drafted, abs=1e-6)
    assert r.accept_length == pytest.approx(length, abs=1e-6)
    assert r.bonus.value == "included"
