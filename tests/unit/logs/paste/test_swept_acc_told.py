"""Configurations' bare 'acc' columns ('| base acc | fork acc |') are the drafts' acceptance
where the paste's prose names the acceptance of one of those configurations (swept_acc.
told_headers); prose of accuracy, acceptance of no such name, one such column, a trainer's table
or values past 1 read as before (nothing)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read


def _paste(a: str, b: str, cells: list[tuple[str, str]], prose: str) -> str:
    head = f"| Prompt | {a} t/s | {a} acc | {b} acc |\n|---|---:|---:|---:|\n"
    body = "".join(f"| p{i} | {10 + i} | {x} | {y} |\n" for i, (x, y) in enumerate(cells))
    return f"{head}{body}\n{prose}\n"


_CELLS = [("0.7125", "0.7731"), ("0.6844", "0.6012")]


def test_prose_naming_a_configurations_acceptance(read: Read) -> None:
    text = _paste("base", "fork", _CELLS, "On code the base build still has higher acceptance.")
    got = read(text).records
    assert [r.printed_rate for r in got] == [
        pytest.approx(float(v)) for pair in _CELLS for v in pair
    ]
    assert all(r.printed_length is None and r.accept_length is None for r in got)


@pytest.mark.parametrize(
    "prose",
    [
        "On code the base build still has higher accuracy.",  # an accuracy
        "Acceptance was not logged for these runs.",  # acceptance of no configuration
        "The fork accepted the patch; base did not.",  # no acceptance noun
    ],
)
def test_controls_read_nothing(read: Read, prose: str) -> None:
    got = read(_paste("base", "fork", _CELLS, prose)).records
    assert [r.printed_rate for r in got if r.printed_rate is not None] == []


def test_values_past_one_read_nothing(read: Read) -> None:
    cells = [("2.71", "2.93"), ("2.44", "2.60")]
    got = read(_paste("base", "fork", cells, "The base build still has higher acceptance.")).records
    assert [r.printed_rate for r in got if r.printed_rate is not None] == []


def test_a_trainers_table_reads_nothing(read: Read) -> None:
    text = (
        "| Epoch | loss | base acc | fork acc |\n|---|---|---|---|\n"
        "| 1 | 2.1 | 0.61 | 0.64 |\n| 2 | 1.7 | 0.66 | 0.69 |\n\n"
        "The fork build has higher acceptance.\n"
    )
    assert [r.printed_rate for r in read(text).records if r.printed_rate is not None] == []


@settings(max_examples=20, deadline=None)
@given(
    names=st.sampled_from([("base", "fork"), ("stock", "patched"), ("v1", "v2")]),
    xs=st.lists(st.integers(min_value=10, max_value=99), min_size=2, max_size=6),
    pct=st.booleans(),
    form=st.sampled_from(
        [
            "{x} still has higher acceptance overall.",
            "Note the acceptance of {x} on the second prompt.",
            "{x}'s acceptance drops on the long prompts.",
        ]
    ),
    which=st.integers(min_value=0, max_value=1),
)
def test_generated_told_columns(
    names: tuple[str, str], xs: list[int], pct: bool, form: str, which: int
) -> None:
    from specdiag.core.logs.paste import read_paste

    if len(xs) % 2:
        xs = xs[:-1]
    show = (lambda x: f"{x}.5%") if pct else (lambda x: f"0.{x}5")
    cells = [(show(xs[i]), show(xs[i + 1])) for i in range(0, len(xs), 2)]
    text = _paste(*names, cells, form.format(x=names[which]))
    got = read_paste(text).records
    want = [(x + 0.5) / 100 if pct else float(f"0.{x}5") for x in xs]
    assert [r.printed_rate for r in got] == [pytest.approx(w) for w in want]
