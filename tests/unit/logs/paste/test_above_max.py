"""A mean draft length above its row's draft maximum (above_max.py): no step drafts, so none
accepts, more than its draft maximum allows, so a column named as a statistic of a draft's
length printing a value above its row's maximum (by one at most) is the tokens a step emits,
the target's own token counted: a length, bonus included, in every row of the column and in a
column of the same name in another table of the paste. Where no value passes its row's
maximum, a value passes it by more than one, or the table gives no maximum, the column reads as
its name says."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples

_NAMES = (
    "Mean draft len",
    "mean accepted draft len",
    "Avg draft length",
    "average accepted draft length",
    "Mean drafted len",
)
_MAXIMA = ("n-max", "draft-max", "n_max", "Draft max")


def _pipe(heads: list[str], rows: list[list[str]]) -> str:
    out = "| " + " | ".join(heads) + " |\n|" + "---|" * len(heads) + "\n"
    return out + "".join("| " + " | ".join(r) + " |\n" for r in rows)


def _rows(runs: list[tuple[int, int, int]]) -> list[tuple[int, float, float]]:
    """(draft maximum, rate, length) a row: the length 1 + most x rate x a share of 0.9-1."""
    return [(k, r / 1000, round(1 + k * (r / 1000) * (f / 100), 2)) for k, r, f in runs]


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(_NAMES),
    most=st.sampled_from(_MAXIMA),
    top=st.integers(800, 950),
    more=st.lists(
        st.tuples(st.integers(3, 8), st.integers(250, 800), st.integers(90, 100)),
        min_size=1,
        max_size=4,
        unique_by=lambda t: t[0],
    ),
    speed_first=st.booleans(),
)
def test_a_draft_length_above_its_maximum_is_a_length_bonus_included(
    read, name: str, most: str, top: int, more: list[tuple[int, int, int]], speed_first: bool
) -> None:
    # the first row at a maximum of 2, its length above 2: the column counts the target's token
    runs = _rows([(2, top, 100), *more])
    rows = []
    for i, (k, r, ln) in enumerate(runs):
        speed = f"{30 + i * 3.7:.1f}"
        cells = (
            [speed, f"{r:.3f}", f"{ln:.2f}"] if speed_first else [f"{r:.3f}", speed, f"{ln:.2f}"]
        )
        rows.append([str(k), *cells])
    heads = ["tok/s", "acceptance", name] if speed_first else ["acceptance", "tok/s", name]
    text = "Sweep of the draft limit:\n\n" + _pipe([most, *heads], rows)
    got = read(text).records
    assert [r.printed_length for r in got] == [ln for _, _, ln in runs]
    assert [r.accept_length for r in got] == [ln for _, _, ln in runs]


def test_the_same_column_in_a_later_table_follows(read) -> None:
    first = _pipe(
        ["n-max", "tok/s", "acceptance", "Mean draft len"],
        [["2", "41.0", "0.870", "2.74"], ["6", "47.5", "0.410", "3.46"]],
    )
    # a later table whose rows all stay below their maximum: the same column, the same figure
    later = _pipe(
        ["arm", "tok/s", "acceptance", "Mean draft len"],
        [["tree n-max 6", "52.3", "0.512", "4.07"]],
    )
    got = read("Limits:\n\n" + first + "\nAnother drafter:\n\n" + later).records
    assert [r.accept_length for r in got] == [2.74, 3.46, 4.07]


def test_no_value_above_its_maximum_leaves_the_name_alone(read) -> None:
    # every length at or below its row's maximum: a draft length may be what a step drafted
    text = "Sweep:\n\n" + _pipe(
        ["n-max", "tok/s", "acceptance", "Mean draft len"],
        [["4", "41.0", "0.610", "2.90"], ["8", "44.5", "0.420", "3.80"]],
    )
    got = read(text).records
    assert [r.printed_length for r in got] == [None, None]
    # accepted drafts by name, none above its maximum: the bonus left out as the name says
    text = "Sweep:\n\n" + _pipe(
        ["n-max", "acceptance", "mean accepted draft length"],
        [["4", "0.610", "2.20"], ["8", "0.420", "3.10"]],
    )
    got = read(text).records
    assert [r.accept_length for r in got] == [3.2, 4.1]


def test_a_value_far_above_its_maximum_or_no_maximum_decides_nothing(read) -> None:
    # 3.80 at a maximum of 2: more than one above, no per-step figure of the run
    text = "Sweep:\n\n" + _pipe(
        ["n-max", "acceptance", "Mean draft len"],
        [["2", "0.810", "3.80"], ["4", "0.650", "3.90"]],
    )
    assert [r.printed_length for r in read(text).records] == [None, None]
    # no column of each row's draft maximum: nothing to compare with
    text = "Sweep:\n\n" + _pipe(
        ["setup", "acceptance", "Mean draft len"],
        [["tree", "0.810", "2.60"], ["chain", "0.650", "2.30"]],
    )
    assert [r.printed_length for r in read(text).records] == [None, None]
