"""A paste setting a draft maximum of one above a tool's per-prompt rows and an aggregate of
them below (a JSON object of totals and a pooled rate): the rows' lengths, 1 + accepted /
drafted under the caption's maximum, are the paste's convention and stop nothing, so the
aggregate's rate of no length takes the same maximum, 1 + rate (one_draft.paste). Another
depth stated in the paste, or rows printing lengths of their own, leave it unread."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_SETTING = st.sampled_from(
    [
        "With `spec-draft-n-max = {n}` and greedy sampling",
        "Run with --draft-max {n} --temp 0",
        "Server started with `--spec-draft-n-max {n}`",
    ]
)
_LABELS = ["alpha_task", "beta_task", "gamma_task", "delta_task", "eps_task"]
_KEYS = st.sampled_from(
    [
        ("n_drafted", "n_accepted", "accept_rate"),
        ("total_draft", "total_draft_accepted", "aggregate_accept_rate"),
    ]
)


def _paste(setting: str, rows: list[tuple[int, int]], keys: tuple[str, str, str], pad: int) -> str:
    lines = [setting, "", "$ python3 bench.py --url http://localhost:8080"]
    for label, (d, a) in zip(_LABELS, rows, strict=False):
        lines.append(
            f"  {label:<{pad}} pred= 128 draft= {d:3d} acc= {a:3d} rate={a / d:.3f} tok/s=11.5"
        )
    d_all, a_all = sum(d for d, _ in rows), sum(a for _, a in rows)
    obj = {
        "n_requests": len(rows),
        keys[0]: d_all,
        keys[1]: a_all,
        keys[2]: round(a_all / d_all, 4),
    }
    lines += ["", "Aggregate: " + json.dumps(obj, indent=2)]
    return "\n".join(lines) + "\n"


_ROWS = st.lists(
    st.integers(60, 120).flatmap(lambda d: st.tuples(st.just(d), st.integers(d // 2, d - 1))),
    min_size=2,
    max_size=5,
)


@given(setting=_SETTING, rows=_ROWS, keys=_KEYS, pad=st.integers(12, 20))
def test_the_aggregate_takes_the_maximum_of_one_its_rows_take(
    read: Read, setting: str, rows: list[tuple[int, int]], keys: tuple[str, str, str], pad: int
) -> None:
    text = _paste(setting.format(n=1), rows, keys, pad)
    recs = read(text).records
    agg = [r for r in recs if r.structure == "json"]
    assert len(agg) == 1 and agg[0].printed_rate is not None
    assert agg[0].accept_length == round(1 + agg[0].printed_rate, 6)
    assert all(r.accept_length is not None for r in recs)


@given(setting=_SETTING, rows=_ROWS, keys=_KEYS, pad=st.integers(12, 20), n=st.integers(2, 8))
def test_another_maximum_leaves_the_aggregate_unread(
    read: Read,
    setting: str,
    rows: list[tuple[int, int]],
    keys: tuple[str, str, str],
    pad: int,
    n: int,
) -> None:
    text = _paste(setting.format(n=n), rows, keys, pad)
    assert all(r.accept_length is None for r in read(text).records if r.structure == "json")


@given(setting=_SETTING, rows=_ROWS, keys=_KEYS, pad=st.integers(12, 20), n=st.integers(2, 8))
def test_a_second_depth_in_the_paste_leaves_the_aggregate_unread(
    read: Read,
    setting: str,
    rows: list[tuple[int, int]],
    keys: tuple[str, str, str],
    pad: int,
    n: int,
) -> None:
    text = (
        _paste(setting.format(n=1), rows, keys, pad) + f"\nNext: the same with --draft-max {n}.\n"
    )
    assert all(r.accept_length is None for r in read(text).records if r.structure == "json")
