"""A table of metrics as rows whose every row label opens on one setting's assignment ('k=2
Accept length', 'bs=16 throughput'), an acceptance figure named at two values of it or more:
each value's rows are a table of their own, so every column gives one run per value, labelled
by it. A row without the setting, labels of two settings or a figure named at one value
alone leave the table to the transposed reader (one run a column)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples

_NAME = st.sampled_from(["K", "k", "bs", "gamma"])
_FIGURE = st.sampled_from(["Acceptance Length", "mean accept length", "**Accept len**"])
_SEP = st.sampled_from([" ", ": ", ", "])


def _table(
    lead: str, name: str, sep: str, values: list[int], lengths: list[list[float]], grouped: bool
) -> str:
    cols = ["Metric", "base", "patched"]
    lines = ["| " + " | ".join(cols) + " |", "|---|---|---|"]
    speed = [
        f"| {name}={v}{sep}Throughput | {5000 + 10 * v} tok/s | {5100 + 10 * v} tok/s |"
        for v in values
    ]
    figs = [
        f"| {name}={v}{sep}{lead} | {ls[0]:.2f} ± 0.01 | {ls[1]:.2f} ± 0.02 |"
        for v, ls in zip(values, lengths, strict=True)
    ]
    body = speed + figs if grouped else [x for pair in zip(speed, figs, strict=True) for x in pair]
    return "\n".join(lines + body) + "\n"


@settings(max_examples=examples(25), deadline=None)
@given(
    name=_NAME,
    lead=_FIGURE,
    sep=_SEP,
    values=st.lists(st.integers(1, 12), min_size=2, max_size=3, unique=True),
    base=st.integers(150, 320),
    grouped=st.booleans(),
)
def test_each_setting_value_is_a_run_of_each_column(
    read, name: str, lead: str, sep: str, values: list[int], base: int, grouped: bool
) -> None:
    lengths = [[base / 100 + 0.1 * i, base / 100 + 0.1 * i + 0.03] for i in range(len(values))]
    recs = read(_table(lead, name, sep, values, lengths, grouped)).records
    got = sorted(
        (dict(r.labels)[name.lower()], round(r.printed_length or 0, 2))
        for r in recs
        if r.printed_length is not None
    )
    want = sorted((str(v), round(x, 2)) for v, ls in zip(values, lengths, strict=True) for x in ls)
    assert got == want


@settings(max_examples=examples(25), deadline=None)
@given(
    lead=_FIGURE,
    values=st.lists(st.integers(1, 12), min_size=2, max_size=2, unique=True),
    base=st.integers(150, 320),
    miss=st.sampled_from(["unset row", "two settings", "one value"]),
)
def test_near_misses_stay_one_run_a_column(
    read, lead: str, values: list[int], base: int, miss: str
) -> None:
    lengths = [[base / 100 + 0.1 * i, base / 100 + 0.1 * i + 0.03] for i in range(len(values))]
    text = _table(lead, "k", " ", values, lengths, True)
    if miss == "unset row":
        text = text.replace(f"| k={values[0]} Throughput", "| Throughput", 1)
    elif miss == "two settings":
        text = text.replace(f"| k={values[1]} {lead}", f"| bs={values[1]} {lead}", 1)
    else:
        text = text.replace(f"k={values[1]} ", f"k={values[0]} ")
    recs = read(text).records
    assert len([r for r in recs if r.printed_length is not None]) <= 2
