"""A figure held at the level of an earlier run, its value in brackets ('The AL remains at the
same value as before the refactor (2.79)'): this run's value, one record; a tool named only by a
link decides no convention."""

from __future__ import annotations

import pytest

from specdiag.core.logs.paste import read_paste

SETUP = "I re-ran the draft-model benchmark after the cleanup.\n\n"


def _read(line: str) -> list[tuple[float | None, float | None, float | None]]:
    return [
        (r.printed_length, r.printed_rate, r.accept_length)
        for r in read_paste(SETUP + line).records
    ]


@pytest.mark.parametrize(
    ("line", "want"),
    [
        ("The AL remains at the same value as before the refactor (2.41).", [(2.41, None, None)]),
        ("The acceptance length stayed the same as before (2.41).", [(2.41, None, None)]),
        ("Acceptance rate stayed the same as on main (61.2%).", [(None, 0.612, None)]),
        ("The mean AL is still exactly the same (2.41) with the new kernel.", [(2.41, None, None)]),
    ],
)
def test_level_held_with_its_value_in_brackets(
    line: str, want: list[tuple[float | None, float | None, float | None]]
) -> None:
    assert _read(line) == want


@pytest.mark.parametrize(
    "line",
    [
        "The AL remains the same as before the refactor (vllm#2791).",  # an issue, no value
        "The AL remains the same as with k=3 (2.41).",  # another configuration's value
        "The AL remains the same as before the refactor (v0.10.2).",  # a version
        "Throughput remains the same as before (2.41).",  # no acceptance figure
    ],
)
def test_no_record(line: str) -> None:
    assert _read(line) == []


def test_tool_named_only_by_a_link_decides_nothing() -> None:
    line = (
        "The AL remains at the same value as before the refactor (2.41). It needs the padded "
        "batch disabled, see https://github.com/vllm-project/vllm/issues/4242."
    )
    assert _read(line) == [(2.41, None, None)]
