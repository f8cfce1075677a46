"""A bare `length` column beside a table's counts of accepted drafts and verify steps
(bare_length.py): where every value is accepted / steps, or one more, within its printed
rounding, the column is the run's acceptance length as printed, its bonus then decided by the
counts' identity. A value neither gives (a sequence's length), a header naming another length
(`output length`), or a table with no count of steps leave the column unread as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_BARE = ("length", "len", "Length", "LEN", "**length**")
_STEPS = ("drafts", "verify steps", "proposals")
_ACCEPTED = ("accepted", "accepted tokens", "accepted drafts")


def _pipe(heads: list[str], rows: list[list[str]]) -> str:
    out = "| " + " | ".join(heads) + " |\n|" + "---|" * len(heads) + "\n"
    return out + "".join("| " + " | ".join(r) + " |\n" for r in rows)


_RUNS = st.lists(
    st.tuples(st.integers(20, 600), st.integers(1, 300)),
    min_size=1,
    max_size=4,
)


def _rows(
    runs: list[tuple[int, int]], bonus: bool, places: int, drafted: bool
) -> tuple[list[list[str]], list[float]]:
    rows, printed = [], []
    for i, (steps, per_mille) in enumerate(runs):
        accepted = steps * per_mille // 100
        v = round((1.0 if bonus else 0.0) + accepted / steps, places)
        printed.append(v)
        cells = [f"arm {chr(97 + i)}", str(steps), str(accepted)]
        if drafted:
            cells.append(str(max(accepted, steps * 3)))
        rows.append([*cells, f"{v:.{places}f}"])
    return rows, printed


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(_BARE),
    steps=st.sampled_from(_STEPS),
    accepted=st.sampled_from(_ACCEPTED),
    runs=_RUNS,
    bonus=st.booleans(),
    places=st.integers(2, 4),
    drafted=st.booleans(),
)
def test_a_bare_length_the_counts_give_is_the_printed_length(
    read: Read,
    name: str,
    steps: str,
    accepted: str,
    runs: list[tuple[int, int]],
    bonus: bool,
    places: int,
    drafted: bool,
) -> None:
    rows, printed = _rows(runs, bonus, places, drafted)
    heads = ["", steps, accepted, *(["draft tokens"] if drafted else []), name]
    got = read("Counters of the three arms:\n\n" + _pipe(heads, rows)).records
    assert [r.printed_length for r in got] == printed
    for r, v in zip(got, printed, strict=True):
        assert r.accept_length is not None
        # the counts' identity decides the bonus: included as printed, excluded one more
        assert abs(r.accept_length - (v if bonus else v + 1)) <= 0.5 * 10**-places + 1e-6


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(_BARE),
    runs=_RUNS,
    seq=st.sampled_from((128, 256, 512, 2048)),
)
def test_a_length_the_counts_do_not_give_stays_unread(
    read: Read, name: str, runs: list[tuple[int, int]], seq: int
) -> None:
    # a sequence's length beside the counts: no figure of the steps
    rows = [
        [f"arm {chr(97 + i)}", str(s), str(s * p // 100), str(seq)] for i, (s, p) in enumerate(runs)
    ]
    got = read("Counters:\n\n" + _pipe(["", "drafts", "accepted", name], rows)).records
    assert all(r.printed_length is None for r in got)


@settings(max_examples=examples(30), deadline=None)
@given(runs=_RUNS, other=st.sampled_from(("output length", "seq len", "prompt len")))
def test_another_length_or_no_steps_leave_the_column_as_before(
    read: Read, runs: list[tuple[int, int]], other: str
) -> None:
    rows = []
    for i, (s, p) in enumerate(runs):
        a = s * p // 100
        rows.append([f"arm {chr(97 + i)}", str(s), str(a), f"{1 + a / s:.3f}"])
    # a header naming another length: not this rule's column
    got = read("Counters:\n\n" + _pipe(["", "drafts", "accepted", other], rows)).records
    assert all(r.printed_length is None for r in got)
    # no count of steps (drafted tokens instead): nothing proves what the column is
    got = read("Counters:\n\n" + _pipe(["", "draft tokens", "accepted", "length"], rows)).records
    assert all(r.printed_length is None for r in got)
