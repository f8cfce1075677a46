"""`Accept/step` (the verb's stem over a step noun by a slash: `accept/round`, `Accept/verify`)
is the short name of the accepted per step, as `accepted/step` is: a length whose bonus its
name leaves open (no convention without counts). Spelled out (`accept per step`, `accept a
step`) it is a verb's phrase in prose, no name."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_NOUNS = ["step", "round", "cycle", "verify", "forward", "iteration"]


@settings(max_examples=examples(60), deadline=None)
@given(
    noun=st.sampled_from(_NOUNS),
    cap=st.booleans(),
    sep=st.sampled_from([": ", " ~ ", " ≈ ", " = "]),
    bullet=st.sampled_from(["", "- ", "  • "]),
    value=st.integers(110, 690),
)
def test_a_bullet_reads_the_figure_undecided(
    noun: str, cap: bool, sep: str, bullet: str, value: int
) -> None:
    name = ("Accept/" if cap else "accept/") + noun
    assert C.key(name).metric == C.ACC_PER_STEP
    v = value / 100
    text = f"Draft model on the 12B target, speculative decoding.\n\n{bullet}{name}{sep}{v:.2f}\n"
    got = read_paste(text).records
    assert [(r.printed_length, r.accept_length) for r in got] == [(v, None)]


@settings(max_examples=examples(30), deadline=None)
@given(values=st.lists(st.integers(110, 690), min_size=2, max_size=4))
def test_a_table_column_reads_each_row(values: list[int]) -> None:
    rows = "".join(f"| run-{i} | {v / 100:.2f} | 31.0 |\n" for i, v in enumerate(values))
    got = read_paste("| setup | Accept/step | tok/s |\n|---|---|---|\n" + rows).records
    assert [r.printed_length for r in got] == [v / 100 for v in values]
    assert all(r.accept_length is None for r in got)


@settings(max_examples=examples(30), deadline=None)
@given(phrase=st.sampled_from(["accept per step", "accept a step", "accept/steps", "accepts/step"]))
def test_negative_control_spelled_out_is_no_name(phrase: str) -> None:
    assert C.key(phrase).metric is None


def test_the_example_of_the_docs() -> None:
    got = read_paste("Speculative decoding, draft of 4.\n\n- Accept/step ~ 2.30\n").records
    assert [(r.printed_length, r.accept_length) for r in got] == [(2.3, None)]
