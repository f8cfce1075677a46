"""A run's mean of accepted tokens beside its mean of generated tokens one above it (as rows of
a metrics table, a run a column, or as columns, a run a row): generated = accepted + 1 says the
accepted mean leaves out the target's own token, so the length is the accepted mean plus one,
bonus excluded. A generated mean at any other distance decides nothing."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.examples import examples

_ACC = st.sampled_from(["Mean accepted tokens", "Avg accepted tokens", "average accepted"])
_GEN = st.sampled_from(
    [
        "Mean generated tokens",
        "Avg emitted tokens",
        "average output tokens",
        "Mean Generated Tokens",
    ]
)
_RUN = st.sampled_from(["run A", "tree budget 6", "chain draft", "baseline draft"])


def _pipe(head: list[str], rows: list[list[str]]) -> str:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    return "\n".join(lines + ["| " + " | ".join(r) + " |" for r in rows]) + "\n"


def _as_rows(run: str, acc: str, gen: str, a: str, g: str, rate: str) -> str:
    return _pipe(
        ["Metric", run, "other run"],
        [
            ["Acceptance rate", rate, "n/a"],
            [acc, a, "not recorded"],
            [gen, g, "not recorded"],
            ["Tree nodes", "8", "n/a"],
        ],
    )


def _as_columns(run: str, acc: str, gen: str, a: str, g: str, rate: str) -> str:
    return _pipe(["Config", "Acceptance rate", acc, gen], [[run, rate, a, g]])


_LAYOUT = st.sampled_from([_as_rows, _as_columns])


@settings(max_examples=examples(30), deadline=None)
@given(
    x=st.integers(105, 690),
    run=_RUN,
    acc=_ACC,
    gen=_GEN,
    rate=st.integers(20, 90),
    layout=_LAYOUT,
)
def test_generated_one_above_accepted_excludes_bonus(
    read, x: int, run: str, acc: str, gen: str, rate: int, layout
) -> None:
    a = x / 100
    text = layout(run, acc, gen, f"{a:.2f}", f"{a + 1:.2f}", f"{rate}%")
    recs = [r for r in read(text).records if r.printed_length is not None]
    assert len(recs) == 1
    r = recs[0]
    assert r.printed_length == a
    assert r.accept_length is not None and abs(r.accept_length - (a + 1)) < 1e-6
    assert r.bonus.value == "excluded"


@settings(max_examples=examples(30), deadline=None)
@given(
    x=st.integers(105, 690),
    gap=st.integers(-150, 250),
    run=_RUN,
    acc=_ACC,
    gen=_GEN,
    rate=st.integers(20, 90),
    layout=_LAYOUT,
)
def test_generated_at_another_distance_decides_nothing(
    read, x: int, gap: int, run: str, acc: str, gen: str, rate: int, layout
) -> None:
    assume(abs(gap - 100) > 2 and x + gap > 0)
    a, g = x / 100, (x + gap) / 100
    text = layout(run, acc, gen, f"{a:.2f}", f"{g:.2f}", f"{rate}%")
    for r in read(text).records:
        if r.printed_length == a:
            assert r.bonus.value != "excluded" or r.accept_length != round(a + 1, 6)
