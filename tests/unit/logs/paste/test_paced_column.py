"""A pipe table's length column (its name leaving the convention open: `tau`, `accept length`)
whose every row equals its speed (`tok/s`) times its step time in ms / 1000 counts every token
a step emits: bonus included. A row off the identity, a time column with no `ms` anywhere, or a
length one less than speed x time leave the convention unknown, as before."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import paced_column as PCD
from tests.unit.logs.paste.pipeline import Read

_NAME = st.sampled_from(["tau", "accept length", "mean accept len"])
_SPEED = st.sampled_from(["tok/s", "t/s", "tokens/s"])
_RUNS = st.lists(
    st.tuples(st.integers(1500, 7900), st.integers(400, 1300)),  # length x 1000, time x 10 (ms)
    min_size=2,
    max_size=5,
)


def _table(name: str, speed: str, runs: list[tuple[int, int]], *, unit: str, shift: float) -> str:
    head = (
        "| set | draft | "
        + name
        + " | round"
        + (" (ms)" if unit == "head" else "")
        + f" | {speed} |"
    )
    rows = []
    for i, (length, tenths) in enumerate(runs):
        ms = tenths / 10
        tps = (length / 1000 + shift) / ms * 1000
        cell = f"{ms:.1f} ms" if unit == "cell" and i == 0 else f"{ms:.1f}"
        rows.append(f"| s{i} | 4.{i} | {length / 1000:.3f} | {cell} | {tps:.2f} |")
    return "\n".join([head, "|---|---|---|---|---|", *rows]) + "\n"


@settings(max_examples=40, deadline=None)
@given(name=_NAME, speed=_SPEED, runs=_RUNS, unit=st.sampled_from(["head", "cell"]))
def test_speed_times_step_time_decides_the_bonus(
    read: Read, name: str, speed: str, runs: list[tuple[int, int]], unit: str
) -> None:
    got = [
        (r.printed_length, r.accept_length)
        for r in read(_table(name, speed, runs, unit=unit, shift=0)).records
    ]
    assert got == [(length / 1000, length / 1000) for length, _ in runs]


@settings(max_examples=30, deadline=None)
@given(
    name=_NAME,
    runs=_RUNS,
    unit=st.sampled_from(["head", "cell", "none"]),
    shift=st.sampled_from([0.0, 1.0, 0.3]),
)
def test_no_identity_leaves_it_unknown(
    read: Read, name: str, runs: list[tuple[int, int]], unit: str, shift: float
) -> None:
    assume(unit == "none" or shift != 0.0)
    got = [
        r.accept_length for r in read(_table(name, "tok/s", runs, unit=unit, shift=shift)).records
    ]
    assert got and all(a is None for a in got)


def test_one_row_off_leaves_the_header() -> None:
    text = _table("tau", "tok/s", [(5000, 600), (3000, 600)], unit="head", shift=0)
    lines = list(enumerate(text.splitlines(), 1))
    assert PCD.glossed(lines)[0][1].endswith("(tokens per round) | round (ms) | tok/s |")
    off = [(ln, t.replace("| 50.00 |", "| 54.00 |")) for ln, t in lines]
    assert PCD.glossed(off) == off
