"""A signed figure before the name of an acceptance figure ('+0.6 acceptance length', '+4%
acceptance') says by how much the figure changed: no run's figure, and no length below 1 to
decide the paste's other lengths leave the target's own token out."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table

_LENGTH_NAMES = ["acceptance length", "avg. acceptance length", "accept length", "AL"]


@settings(max_examples=examples(50), deadline=None)
@given(
    sign=st.sampled_from(["+", "−", "±"]),
    delta=st.integers(1, 95),
    name=st.sampled_from(_LENGTH_NAMES),
    bold=st.booleans(),
    lengths=st.lists(st.integers(210, 560), min_size=2, max_size=4),
)
def test_a_signed_length_is_no_record_and_decides_nothing(
    sign: str, delta: int, name: str, bold: bool, lengths: list[int]
) -> None:
    rows = [[f"variant-{i}", f"{v / 100:.2f}"] for i, v in enumerate(lengths)]
    figure = f"{sign}{delta / 100:.2f} {name}"
    if bold:
        figure = f"**{figure}**"
    text = (
        pipe_table(["Variant", "Avg. Accept Length"], rows)
        + f"\n\nThe second block contributes {figure} over the first.\n"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [v / 100 for v in lengths]
    assert all(r.accept_length is None for r in got)


@settings(max_examples=examples(30), deadline=None)
@given(sign=st.sampled_from(["+", "−"]), delta=st.integers(1, 30), run=st.integers(40, 90))
def test_a_signed_share_is_no_rate_but_the_plain_one_beside_it_is(
    sign: str, delta: int, run: int
) -> None:
    text = f"The tuned head brings **{sign}{delta}% acceptance**, reaching {run}% acceptance.\n"
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == [run / 100]


def test_negative_control_an_unsigned_length_before_its_name_stays_a_record() -> None:
    got = read_paste("The tuned head reaches **2.64 acceptance length** on chat.\n").records
    assert [r.printed_length for r in got] == [2.64]


def test_negative_control_an_approximate_length_stays_a_record() -> None:
    got = read_paste("The tuned head reaches ~2.64 acceptance length on chat.\n").records
    assert [r.printed_length for r in got] == [2.64]
