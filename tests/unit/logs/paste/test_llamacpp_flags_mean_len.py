"""A length under llama.cpp's own name for it (`mean len`, `#mean acc len`: the words of its
print_timing line) in a paste that sets llama.cpp's own speculative flags and names no tool
(`evidence._llamacpp_named_length`): llama.cpp's printed length, copied into a table or a line,
so its convention is llama.cpp's (bonus included). The same flags beside a length of another
name (`AL`, `accept length`, `tokens/step`), or the name without the flags, decide nothing: the
user's own figure, as before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_FLAGS = st.sampled_from(
    [
        "--spec-type {kind}",
        "`--spec-type {kind} --spec-draft-n-max {n}`",
        "--draft-max {n} --draft-min 1",
    ]
)
_KINDS = st.sampled_from(["draft-mtp", "draft-eagle3", "ngram-mod"])
_OWN = st.sampled_from(["mean len", "Mean len", "#mean acc len", "`mean len`"])
_OTHER = st.sampled_from(["AL", "accept length", "avg tokens/step", "τ"])


def _table(flags: str, name: str, rows: list[tuple[int, int]]) -> str:
    body = "\n".join(
        f"| variant {i + 1}, {flags} | {p / 10:.1f}% | {x / 100:.2f} |"
        for i, (p, x) in enumerate(rows)
    )
    return (
        "Re-ran both variants on the small box after the loader fix:\n\n"
        f"| run | acceptance | {name} |\n|---|---:|---:|\n{body}\n"
    )


_ROWS = st.lists(st.tuples(st.integers(150, 950), st.integers(110, 690)), min_size=1, max_size=3)


@settings(max_examples=examples(40), deadline=None)
@given(flags=_FLAGS, kind=_KINDS, n=st.integers(2, 8), name=_OWN, rows=_ROWS)
def test_mean_len_under_llamacpp_flags_is_llamacpps_length(
    read: Read, flags: str, kind: str, n: int, name: str, rows: list[tuple[int, int]]
) -> None:
    got = read(_table(flags.format(kind=kind, n=n), name, rows)).records
    assert [r.printed_length for r in got] == [pytest.approx(x / 100) for _, x in rows]
    assert [r.accept_length for r in got] == [pytest.approx(x / 100) for _, x in rows]
    assert all(r.tool == "llamacpp" and r.bonus.value == "included" for r in got)


@settings(max_examples=examples(40), deadline=None)
@given(flags=_FLAGS, kind=_KINDS, n=st.integers(2, 8), name=_OTHER, rows=_ROWS)
def test_negative_control_another_name_under_the_flags_decides_nothing(
    read: Read, flags: str, kind: str, n: int, name: str, rows: list[tuple[int, int]]
) -> None:
    got = read(_table(flags.format(kind=kind, n=n), name, rows)).records
    assert len(got) == len(rows)
    # (a stated draft count may still decide by an identity: never llama.cpp's convention)
    assert all("own name" not in r.tool_rule and not r.bonus.rule.startswith("tool:") for r in got)


@settings(max_examples=examples(20), deadline=None)
@given(name=_OWN, rows=_ROWS)
def test_negative_control_the_name_without_the_flags_decides_nothing(
    read: Read, name: str, rows: list[tuple[int, int]]
) -> None:
    got = read(_table("plain settings", name, rows)).records
    assert all(r.tool == "unknown" and r.bonus.value == "unknown" for r in got)
