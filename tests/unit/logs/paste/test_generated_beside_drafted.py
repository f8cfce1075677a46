"""A bare `generated` count (llama.cpp's word for its drafted tokens: `A accepted / G
generated`) beside a count named as drafted in the same run (`| Generated | Drafted / accepted
|`, `generated=..., drafted=...`): the named count is what was drafted, `generated` what the run
generated, its output tokens (`evidence.Figures.put`). Before, `generated` took the drafted
count's place and the rate's identity failed. `generated` alone beside the accepted count stays
the drafted tokens."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@st.composite
def _run(draw: st.DrawFn) -> tuple[int, int, int]:
    drafted = draw(st.integers(2_000, 90_000))
    accepted = draw(st.integers(drafted // 5, drafted - 1))
    generated = draw(st.integers(accepted + 100, accepted + 60_000))
    return generated, drafted, accepted


def _grouped(n: int, commas: bool) -> str:
    return f"{n:,}" if commas else str(n)


@settings(max_examples=examples(50), deadline=None)
@given(
    run=_run(),
    generated_first=st.booleans(),
    commas=st.booleans(),
    pair=st.booleans(),
)
def test_a_named_drafted_count_makes_generated_the_output(
    read: Read, run: tuple[int, int, int], generated_first: bool, commas: bool, pair: bool
) -> None:
    g, d, a = run
    rate = f"{100 * a / d:.3f}%"
    if pair:
        counts_head, counts = "Drafted / accepted", f"{_grouped(d, commas)} / {_grouped(a, commas)}"
    else:
        counts_head, counts = "Drafted | Accepted", f"{_grouped(d, commas)} | {_grouped(a, commas)}"
    cols = [("Generated", _grouped(g, commas)), (counts_head, counts)]
    if not generated_first:
        cols.reverse()
    head = " | ".join(h for h, _ in cols)
    cells = " | ".join(c for _, c in cols)
    width = head.count("|") + 3
    text = (
        "Spec decoding arms, same prompts:\n\n"
        f"| Arm | {head} | Acceptance |\n|{'---|' * width}\n| arm-a | {cells} | {rate} |\n"
    )
    (r,) = read(text).records
    assert (r.drafted_tokens, r.accepted_tokens, r.output_tokens) == (d, a, g)
    assert r.accept_rate == pytest.approx(a / d, abs=1e-5)
    assert r.rate_basis.value == "per_draft_token"


@settings(max_examples=examples(30), deadline=None)
@given(run=_run())
def test_negative_control_generated_alone_stays_the_drafted(
    read: Read, run: tuple[int, int, int]
) -> None:
    _, d, a = run
    text = (
        "Spec decoding arms, same prompts:\n\n"
        f"| Arm | Generated | Accepted | Acceptance |\n|---|---|---|---|\n"
        f"| arm-a | {d} | {a} | {100 * a / d:.3f}% |\n"
    )
    (r,) = read(text).records
    assert (r.drafted_tokens, r.accepted_tokens, r.output_tokens) == (d, a, None)
