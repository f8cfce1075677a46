"""A table printing the same acceptance figures once per configuration, each header the
configuration's name beside the figure's (`| k | int4 len | int4 rate | fp16 len | fp16 rate
|`, `| len (greedy) | rate (greedy) | len (T=1) | rate (T=1) |`): one record a configuration, its
length and its rate together; columns whose rest names no shared configuration stay a record
each."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LEN = ["AL", "accept length", "mean accept len", "τ"]
_RATE = ["accept rate", "acceptance rate", "acc. rate"]


def _header(group: str, name: str, before: bool) -> str:
    return f"{group} {name}" if before else f"{name} ({group})"


def _table(groups: tuple[str, str], ln: str, rt: str, before: bool, rows: list[int]) -> str:
    cols = [_header(g, n, before) for g in groups for n in (ln, rt)]
    out = "| drafts | " + " | ".join(cols) + " |\n|---|" + "---:|" * 4 + "\n"
    for k in rows:
        cells = []
        for j in range(2):
            rate = (90 - 7 * k - 3 * j) / 100
            cells += [f"{1 + k * rate:.2f}", f"{rate * 100:.1f}%"]
        out += f"| {k} | " + " | ".join(cells) + " |\n"
    return out


@settings(max_examples=examples(30), deadline=None)
@given(
    groups=st.sampled_from([("int4", "fp16"), ("chat", "code"), ("greedy", "sampled")]),
    ln=st.sampled_from(_LEN),
    rt=st.sampled_from(_RATE),
    before=st.booleans(),
    rows=st.lists(st.integers(1, 5), min_size=1, max_size=4, unique=True),
)
def test_a_configuration_is_one_record(
    groups: tuple[str, str], ln: str, rt: str, before: bool, rows: list[int]
) -> None:
    got = read_paste(_table(groups, ln, rt, before, rows)).records
    assert len(got) == 2 * len(rows)
    for r in got:
        assert r.printed_length is not None and r.printed_rate is not None
    want = [1 + k * (90 - 7 * k - 3 * j) / 100 for k in rows for j in range(2)]
    assert [r.printed_length for r in got] == pytest.approx([round(w, 2) for w in want])


def test_through_the_pipeline(read: Read) -> None:
    got = read(_table(("int4", "fp16"), "AL", "AR", True, [2, 3])).records
    assert [x for r in got for x in (r.printed_length, r.printed_rate)] == pytest.approx(
        [2.52, 0.76, 2.46, 0.73, 3.07, 0.69, 2.98, 0.66]
    )


@pytest.mark.parametrize(
    "header",
    [
        "| drafts | AL | AR | mean AL | mean AR |",  # (a group only on one side)
        "| drafts | int4 AL | int4 AR | fp16 AL | bf16 AR |",  # (groups that do not pair)
    ],
)
def test_columns_that_pair_no_configuration_stay_a_record_each(header: str) -> None:
    text = f"{header}\n|---|---:|---:|---:|---:|\n| 2 | 2.40 | 70.0% | 2.30 | 65.0% |\n"
    got = read_paste(text).records
    assert [(r.printed_length, r.printed_rate) for r in got] == [
        (2.4, None),
        (None, 0.7),
        (2.3, None),
        (None, 0.65),
    ]


def test_one_figure_per_configuration_stays_a_column_each() -> None:
    # only lengths repeat (no rate beside them): each column its own record, as before
    text = "| drafts | int4 AL | fp16 AL |\n|---|---:|---:|\n| 2 | 2.40 | 2.30 |\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [2.4, 2.3]
    assert all(r.printed_rate is None for r in got)
