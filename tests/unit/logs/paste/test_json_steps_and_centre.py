"""A JSON run's whole count over 64 under a bare 'steps' is its verify steps, as a key-value
line reads it: beside 'accepted' it proves the length 1 + accepted / steps. A field named by a
figure and the centre of its runs ('tau_median', 'accept_len_mean') is that figure, its bonus
decided as the runs' records of the same name are (interpret.json_records). A 'steps' of a
handful (SGLang's draft depth), a centre of another measure ('tok_s_median') or a spread
('tau_std') read nothing of the kind."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LENGTH_NAMES = ["tau", "accept_length", "acc_len", "mean_accept_len"]
_CENTRES = ["median", "mean", "avg"]


@settings(max_examples=examples(50), deadline=None)
@given(
    name=st.sampled_from(_LENGTH_NAMES),
    centre=st.sampled_from(_CENTRES),
    # (at most four drafts a step, 'draft-4': accepted below 4 x steps, the rate below 1)
    runs=st.lists(
        st.tuples(st.integers(100, 900), st.integers(100, 500)).filter(lambda t: t[1] < 4 * t[0]),
        min_size=1,
        max_size=4,
    ),
    with_rate=st.booleans(),
    order=st.booleans(),
)
def test_runs_steps_prove_the_length_and_the_centre_follows(
    name: str, centre: str, runs: list[tuple[int, int]], with_rate: bool, order: bool
) -> None:
    rows = []
    for steps, accepted in runs:
        row: dict[str, object] = {"accepted": accepted, "steps": steps}
        row[name] = round(1 + accepted / steps, 3)
        if with_rate:
            row["acceptance"] = round(accepted / (steps * 4), 4)
        rows.append(dict(reversed(row.items())) if order else row)
    lengths = [r[name] for r in rows]
    mid = round(sorted(lengths)[len(lengths) // 2], 3)  # any centre: not checked against runs
    doc = {"label": "draft-4", f"{name}_{centre}": mid, "runs": rows}
    got = [(r.printed_length, r.accept_length) for r in read_paste(json.dumps(doc)).records]
    want = [(mid, mid)] + [(x, x) for x in lengths]
    assert got == [(pytest.approx(a), pytest.approx(b)) for a, b in want]


@pytest.mark.parametrize(
    "doc",
    [
        # a handful under 'steps': a configuration, not verify steps
        {"label": "r", "accepted": 4, "steps": 3, "accept_length": 2.33},
        # the centre of another measure beside a length no identity decides
        {"label": "r", "tok_s_median": 41.5, "accept_length": 2.4},
    ],
)
def test_negative_control_no_convention(read: Read, doc: dict[str, object]) -> None:
    got = read(json.dumps(doc)).records
    assert [r.printed_length for r in got] == [pytest.approx(doc["accept_length"])]
    assert all(r.accept_length is None for r in got)


def test_a_spread_is_no_figure(read: Read) -> None:
    doc = {"label": "r", "tau_std": 0.31, "accepted": 300, "steps": 200, "tau": 2.5}
    got = read(json.dumps(doc)).records
    assert [(r.printed_length, r.accept_length) for r in got] == [(2.5, 2.5)]
