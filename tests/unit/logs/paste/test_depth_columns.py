"""A column of a draft depth (interpret._MAX_IN_LABEL's '(depth=N)', slashed_grid's short
'dN' labels beside the header's 'depth N' columns): at most N drafts a step, so a length above N
counts the bonus token; one figure's columns told apart by a draft setting alone ('AL (k=1)',
'AL (depth=3)': interpret._AT_SETTING) are one column for the convention, the tool printing
the figure one way at every setting. Short labels without a depth in the header, and columns
told apart by anything but a setting ('AL (paper)', 'AL (T=0.7)'), keep their own names."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import interpret as I
from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste import slashed_grid as SG
from tests.support.examples import examples


@settings(max_examples=examples(50), deadline=None)
@given(
    d=st.sampled_from([(1, 2), (1, 3), (2, 4)]),
    rows=st.lists(st.tuples(st.integers(0, 99), st.integers(1, 99)), min_size=2, max_size=5),
    name=st.sampled_from(["mean accept", "accept length", "AL"]),
    short=st.booleans(),
)
def test_a_length_above_its_depth_decides_every_setting_of_the_figure(
    d: tuple[int, int], rows: list[tuple[int, int]], name: str, short: bool
) -> None:
    lo, hi = d
    rows = [(lo * 1000 + 50 + a, 1000 + b * 10) for a, b in rows]  # the low depth's above it
    labels = f"(d{lo} / d{hi})" if short else f"(depth={lo} / depth={hi})"
    head = f"| ctx | depth {lo} | depth {hi} | {name} {labels} |"
    body = [
        f"| {256 * (i + 1)} | 80.{i} | 70.{i} | {a / 1000:.4f} / {b / 1000:.4f} |"
        for i, (a, b) in enumerate(rows)
    ]
    text = "Draft depth sweep, one GPU:\n\n" + "\n".join([head, "|---|---|---|---|", *body]) + "\n"
    got = [(r.printed_length, r.accept_length) for r in read_paste(text).records]
    want = [v / 1000 for a, b in rows for v in (a, b)]
    assert [g for g, _ in got] == want
    assert [a for _, a in got] == want  # bonus included, every column of the figure


def test_negative_control_short_labels_without_a_depth_are_kept() -> None:
    lines = ["| ctx | AL (d1 / d3) |", "|---|---|", "| 1 | 1.10 / 1.20 |"]
    assert SG.split_grids(lines)[0] == "| ctx | AL (d1) | AL (d3) |"


def test_what_a_setting_column_is() -> None:
    assert I._AT_SETTING.sub("", "AL (k=3)") == "AL"
    assert I._AT_SETTING.sub("", "mean accept (depth=1)") == "mean accept"
    for kept in ("AL (paper)", "AL (greedy)", "AL (T=0.7)", "AL (k=1/2)"):
        assert I._AT_SETTING.sub("", kept) == kept


def test_negative_control_a_length_below_the_depth_decides_nothing() -> None:
    text = (
        "Draft depth sweep:\n\n| ctx | depth 2 | AL (d2 / d4) |\n|---|---|---|\n"
        "| 256 | 80.1 | 1.8000 / 1.9000 |\n| 512 | 80.2 | 1.7000 / 1.6000 |\n"
    )
    assert [r.accept_length for r in read_paste(text).records] == [None] * 4
