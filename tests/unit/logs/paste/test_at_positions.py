"""Per-position columns named by an acceptance word and `@` the position (`Acc@0 | Acc@1 |
Acc@2`), beside the run's length column: read as the rate at each draft position, so the row's
length is checked against them (1 + their sum: bonus included; their sum: excluded). A row whose
own rates fit no reading of either convention follows the way its column's other rows decide (its
rates prove no other way: test_column_reach). Without a length column, with one `@N` column,
or with a gap in the positions (`Acc@1 | Acc@5`, top-N accuracies) the table reads as before."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_NAMES = ("Acc", "Accept", "acc", "Acceptance")
_LENGTHS = ("Acceptance Length", "AL", "Mean accept length")


@st.composite
def _positions(draw: st.DrawFn) -> list[float]:
    """Two to four rates in hundredths of a percent, strictly falling."""
    n = draw(st.integers(min_value=2, max_value=4))
    vals = draw(
        st.lists(st.integers(min_value=1, max_value=9500), min_size=n, max_size=n, unique=True)
    )
    return [v / 10000 for v in sorted(vals, reverse=True)]


def _fits(value: float) -> str:
    """A length printed to the thousandth, never on a half-way point of that rounding."""
    tenth_thousandths = round(value * 10000)
    assume(tenth_thousandths % 10 != 5)
    return f"{round(tenth_thousandths / 10) / 1000:.3f}"


def _table(name: str, length: str, first: int, rows: list[tuple[str, str, list[float]]]) -> str:
    n = len(rows[0][2])
    head = " | ".join(f"{name}@{first + i}" for i in range(n))
    lines = [
        "## Results",
        "",
        f"| Model | Tokens/s | {length} | {head} |",
        "|---|---|---|" + "---|" * n,
    ]
    for label, al, pos in rows:
        cells = " | ".join(f"{100 * p:.2f}%" for p in pos)
        lines.append(f"| **{label}** | {400 + len(label)}.6 | {al} | {cells} |")
    return "\n".join(lines) + "\n"


@settings(max_examples=examples(60), deadline=None)
@given(
    st.sampled_from(_NAMES),
    st.sampled_from(_LENGTHS),
    st.sampled_from((0, 1)),
    st.lists(_positions(), min_size=1, max_size=3),
    st.booleans(),
)
def test_the_length_checked_against_the_positions(
    read: Read, name: str, length: str, first: int, runs: list[list[float]], included: bool
) -> None:
    assume(len({len(p) for p in runs}) == 1)
    rows = [(f"draft-{i}", _fits((1 if included else 0) + sum(p)), p) for i, p in enumerate(runs)]
    assume(all(float(al) >= 0.05 for _, al, _ in rows))
    text = _table(name, length, first, rows)
    got = read(text).records
    assert len(got) == len(rows), text
    for r, (_, al, pos) in zip(got, rows, strict=True):
        assert r.printed_length == float(al), text
        assert r.bonus.value == ("included" if included else "excluded"), text
        assert r.accept_length is not None, text
        assert abs(r.accept_length - (float(al) + (0 if included else 1))) < 1e-6, text
        assert [round(p, 6) for p in r.per_position] == pos, text


@settings(max_examples=examples(50), deadline=None)
@given(
    st.sampled_from(_NAMES),
    st.sampled_from(_LENGTHS),
    _positions(),
    _positions(),
    st.integers(min_value=80, max_value=600),
)
def test_a_row_its_positions_fit_no_way_follows_the_column(
    read: Read, name: str, length: str, fits: list[float], off: list[float], gap: int
) -> None:
    """The row below the deciding one prints a length 0.08 or more above 1 + its own sum: no
    reading of its rates gives it, nor any of the other way, so the column's way is its."""
    assume(len(fits) == len(off))
    rows = [
        ("draft-a", _fits(1 + sum(fits)), fits),
        ("draft-b", _fits(1 + sum(off) + gap / 1000), off),
    ]
    text = _table(name, length, 0, rows)
    got = read(text).records
    assert len(got) == 2, text
    assert got[0].accept_length == float(rows[0][1]), text
    assert got[1].printed_length == float(rows[1][1]), text
    assert got[1].accept_length == float(rows[1][1]), text


@settings(max_examples=examples(40), deadline=None)
@given(
    st.sampled_from(_NAMES),
    _positions(),
    st.integers(min_value=1100, max_value=3900),
    st.sampled_from(("no length", "one column", "a gap")),
)
def test_near_misses_read_as_before(
    read: Read, name: str, pos: list[float], al: int, miss: str
) -> None:
    """No length column (nothing to check: no record), one `@N` column, or positions with a
    gap (`Acc@1 | Acc@5`): no per-position rates read, the length left undecided."""
    if miss == "no length":
        head, cells = f"{name}@0 | {name}@1", f"{100 * pos[0]:.2f}% | {100 * pos[1]:.2f}%"
        text = f"| Model | Tokens/s | {head} |\n|---|---|---|---|\n| draft-a | 409.6 | {cells} |\n"
        got = read(text).records
        assert all(not r.per_position and r.accept_length is None for r in got), text
        return
    if miss == "one column":
        head, cells = f"{name}@1", f"{100 * pos[0]:.2f}%"
    else:
        head, cells = f"{name}@1 | {name}@5", f"{100 * pos[1]:.2f}% | {100 * pos[0]:.2f}%"
    n = head.count("@")
    text = (
        f"| Model | Tokens/s | Acceptance Length | {head} |\n"
        f"|---|---|---|{'---|' * n}\n"
        f"| draft-a | 409.6 | {al / 1000:.3f} | {cells} |\n"
    )
    got = read(text).records
    assert len(got) == 1, text
    assert not got[0].per_position, text
    assert got[0].accept_length is None, text
