"""A column of attempts beside columns of drafted and accepted tokens and of each row's draft
maximum (depth, k): where every row's attempts are at most its drafted tokens, and its drafted
tokens at most attempts x maximum, an attempt is a draft round (one verify step): the length is
1 + accepted / attempts, the bonus counted. A row that breaks it (attempts that are retries of a
run, drafted past the maximum), no maximum column, or a step count already printed leaves the
attempts unread: the rate alone, no length."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_ATTEMPTS = st.sampled_from(["Attempts", "attempts", "Draft attempts"])
_MOST = st.sampled_from(["Depth", "k", "draft depth"])


@st.composite
def _runs(draw: st.DrawFn) -> list[tuple[int, int, int, int]]:
    """(maximum, attempts, drafted, accepted) of a few runs, each consistent."""
    out = []
    for _ in range(draw(st.integers(1, 4))):
        most = draw(st.integers(1, 12))
        attempts = draw(st.integers(5, 400))
        drafted = draw(st.integers(attempts, attempts * most))
        accepted = draw(st.integers(0, drafted))
        out.append((most, attempts, drafted, accepted))
    return out


def _table(most_name: str, att_name: str, runs: list[tuple[int, int, int, int]], order: int) -> str:
    head = [most_name, "tok/s", "Acceptance", "Drafted", "Accepted", att_name]
    rows = [
        [str(m), f"{40 + i}.5", f"{acc / dr:.3f}" if dr else "0", str(dr), str(acc), str(att)]
        for i, (m, att, dr, acc) in enumerate(runs)
    ]
    if order:  # the attempts column before the counts
        head = [*head[:3], head[5], head[3], head[4]]
        rows = [[*r[:3], r[5], r[3], r[4]] for r in rows]
    return "Runs of the block drafter:\n\n" + pipe_table(head, rows)


@settings(max_examples=examples(40), deadline=None)
@given(most=_MOST, att=_ATTEMPTS, runs=_runs(), order=st.integers(0, 1))
def test_attempts_are_rounds(
    read: Read, most: str, att: str, runs: list[tuple[int, int, int, int]], order: int
) -> None:
    got = read(_table(most, att, runs, order)).records
    assert [r.accept_length for r in got] == [
        pytest.approx(1 + acc / a, abs=1e-3) for _, a, _, acc in runs
    ]
    assert all(r.bonus.value == "included" for r in got)


@settings(max_examples=examples(25), deadline=None)
@given(runs=_runs(), retries=st.integers(1, 4))
def test_negative_control_attempts_that_are_retries(
    runs: list[tuple[int, int, int, int]], retries: int
) -> None:
    # attempts far below drafted / maximum: retries of a run, not its draft rounds (a maximum
    # of 2 at least and some drafts accepted: a depth of 1, or none accepted, decides a length
    # by rules of their own)
    # (accepted kept within drafted: a share above 1 is no run at all)
    runs = [(m + 1, retries, max(dr, retries * (m + 1) + 1), acc) for m, _, dr, acc in runs]
    runs = [(m, r, dr, min(acc + 1, dr)) for m, r, dr, acc in runs]
    got = read_paste(_table("Depth", "Attempts", runs, 0)).records
    assert got and all(r.accept_length is None for r in got)


def test_negative_control_no_maximum_column() -> None:
    text = pipe_table(
        ["run", "Acceptance", "Drafted", "Accepted", "Attempts"],
        [["first", "0.550", "120", "66", "60"], ["second", "0.204", "397", "81", "46"]],
    )
    got = read_paste(text).records
    assert got and all(r.accept_length is None for r in got)


def test_negative_control_steps_already_counted() -> None:
    text = pipe_table(
        ["Depth", "Drafted", "Accepted", "Attempts", "Verify steps"],
        [["3", "120", "66", "60", "80"]],
    )
    got = read_paste(text).records
    assert [r.accept_length for r in got] == [pytest.approx(1 + 66 / 80, abs=1e-3)]
