"""The SGLang accept-rate rule (infer.SGLangRates): deciding a rank's lines as one run (the
compiled source) gives what deciding them one by one (the Python parser) gives, line for line,
with the same tallies and the same best pairs recorded; so both sources agree by construction."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs import infer
from specdiag.core.logs.infer import NEW, OLD, SGLangRates
from tests.support.examples import examples

# (accept len, accept rate) texts: one formula only, both formulas, several num_draft_tokens,
# none at all
PAIRS = [
    ("3.21", "0.74"),
    ("3.00", "0.75"),
    ("3.21", "0.80"),
    ("2.50", "0.50"),
    ("1.0", "0.0"),
    ("3.00", "0.67"),
    ("2.00", "0.50"),
    ("1.05", "0.01"),
    ("4.00", "0.10"),
]
# streaks of one line, so that the best pair changes as the tallies go
LINES = st.lists(
    st.tuples(
        st.tuples(st.sampled_from(PAIRS), st.booleans(), st.sampled_from(["", "TP0", "TP1"])),
        st.integers(1, 9),
    ),
    max_size=25,
).map(lambda streaks: [line for line, n in streaks for _ in range(n)])


def _decided(rules: SGLangRates, lines: list[tuple[tuple[str, str], bool, str]], cuts: list[int]):
    """Each line's outcome, the lines handed over in runs of one rank between ``cuts``."""
    out: list[tuple[str | None, int | None, int]] = []
    bounds = sorted({0, len(lines), *(c % (len(lines) + 1) for c in cuts)})
    for a, z in zip(bounds, bounds[1:], strict=False):
        chunk = lines[a:z]
        ranks = {rank for _, _, rank in chunk}
        got: dict[int, int] = {}
        for r in sorted(ranks):  # the ranks' inferences are apart: any order of ranks
            at = [i for i, (_, _, rank) in enumerate(chunk) if rank == r]
            codes = rules.codes([(*chunk[i][0], chunk[i][1]) for i in at])
            got.update(zip(at, rules.decide(r, codes), strict=True))
        out.extend(rules.outcomes[got[i]] for i in range(len(chunk)))
    return out


@settings(max_examples=examples(200), deadline=None)
@given(
    lines=LINES,
    cuts=st.lists(st.integers(0, 200), max_size=6),
    forced=st.sampled_from([None, NEW, OLD]),
)
def test_runs_decide_as_lines_one_by_one(
    lines: list[tuple[tuple[str, str], bool, str]], cuts: list[int], forced: str | None
) -> None:
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(infer, "REFRESH", 4)  # recompute points inside the runs
        one, runs = SGLangRates(forced), SGLangRates(forced)
        by_line = _decided(one, lines, list(range(len(lines) + 1)))
        assert _decided(runs, lines, cuts) == by_line
        assert {r: i.counts for r, i in one.inference.items()} == {
            r: i.counts for r, i in runs.inference.items()
        }
        assert one.used == runs.used


def test_pairs_forgotten_past_the_bound_decide_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    lines = [(PAIRS[i % len(PAIRS)], i % 5 == 0, "TP0") for i in range(60)]
    kept = _decided(SGLangRates(None), lines, list(range(0, 60, 7)))
    monkeypatch.setattr(infer, "PAIRS_KEPT", 0)
    assert _decided(SGLangRates(None), lines, list(range(0, 60, 7))) == kept
