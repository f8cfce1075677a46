"""A table header cell closing on an enumerated series of labels ('acceptance R1 / R2 / R3',
'ドラフト受理率 T1 / T2 / T3': one stem, its numbers counting up by one) over cells of as many
values joined by '/': each value its own run (a turn, a repeat), one record a value, labelled by
its label; never the per-position rates of one run. A stem that may name draft positions too
('t1 / t2') splits only where another column carries the same labels (a speed per turn: no
position has one). A draft position's stem ('d1 / d2', 'p1 / p2'), labels that skip a number
or differ in stem, or no words before them split nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_STEM = st.sampled_from(["T", "R", "turn", "run", "Rep"])
_NAME = st.sampled_from(
    ["draft acceptance rate", "acceptance", "accept rate", "ドラフト受理率", "受理率"]
)


def _table(name: str, labels: list[str], rows: list[list[int]], speed: bool = False) -> str:
    series = " / ".join(labels)
    extra = f" decode {series} (tok/s) |" if speed else ""
    lines = [f"| context | engine |{extra} {name} {series} |", "|---|---|---|" + "---|" * speed]
    for i, vals in enumerate(rows):
        sp = " " + " / ".join(f"{20 + j}.5" for j in range(len(vals))) + " |" if speed else ""
        lines.append(f"| {4 * (i + 1)}K | eng-{i} |{sp} {' / '.join(f'{v}%' for v in vals)} |")
    return "\n".join(lines) + "\n"


@settings(max_examples=examples(40), deadline=None)
@given(
    stem=_STEM,
    name=_NAME,
    first=st.integers(1, 3),
    n=st.integers(2, 4),
    speed=st.booleans(),
    data=st.data(),
)
def test_each_value_of_the_series_is_a_run(
    read: Read, stem: str, name: str, first: int, n: int, speed: bool, data: st.DataObject
) -> None:
    labels = [f"{stem}{first + i}" for i in range(n)]
    rows = data.draw(
        st.lists(
            st.lists(st.integers(20, 90), min_size=n, max_size=n, unique=True),
            min_size=1,
            max_size=4,
        )
    )
    speed = speed or stem == "T"  # ('t1 / t2' may name positions: a speed per turn tells)
    got = read(_table(name, labels, rows, speed)).records
    assert [r.printed_rate for r in got] == [v / 100 for vals in rows for v in vals]
    assert all(
        any(lab in v for _, v in r.labels) for r, lab in zip(got, labels * len(rows), strict=True)
    )


def test_negative_control_position_stem_is_no_series() -> None:
    got = read_paste(_table("acceptance", ["d1", "d2", "d3"], [[80, 60, 40], [75, 50, 30]])).records
    assert not any("(d1)" in v for r in got for _, v in r.labels)


def test_negative_control_labels_skipping_a_number() -> None:
    got = read_paste(_table("acceptance", ["T1", "T3"], [[60, 70], [55, 75]])).records
    assert not any("(T1)" in v for r in got for _, v in r.labels)


def test_negative_control_position_like_stem_alone_stays_positions() -> None:
    # 'acceptance t1 / t2 / t3' and no other column of those labels: the positions' header
    got = read_paste(_table("acceptance", ["t1", "t2", "t3"], [[80, 60, 40]])).records
    assert not any("(t1)" in v for r in got for _, v in r.labels)
