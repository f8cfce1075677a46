"""A legend line naming the parts of slash-joined items (`format accept/tok-s:`), then a
bracketed list of quoted items each a share and a number (`['58%/36.0tok/s', '61%/37.2tok/s']`):
each item a run, its share the acceptance, one record an item (no length). A legend naming
another figure first, items of another shape, a list far from the legend or a bracket holding
anything else are left as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.legend_items import named
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(40), deadline=None)
@given(
    shares=st.lists(st.integers(10, 95), min_size=2, max_size=5),
    word=st.sampled_from(["format", "fmt", "Format:"]),
    name=st.sampled_from(["accept", "acceptance", "accept rate"]),
    second=st.sampled_from(["tok-s", "t/s", "speed"]),
    blank=st.booleans(),
    quote=st.sampled_from(["'", '"']),
    unit=st.sampled_from(["tok/s", "t/s", " tok/s", ""]),
)
def test_each_item_is_a_run(
    read: Read,
    shares: list[int],
    word: str,
    name: str,
    second: str,
    blank: bool,
    quote: str,
    unit: str,
) -> None:
    items = ", ".join(f"{quote}{s}%/{30 + s / 10:.1f}{unit}{quote}" for s in shares)
    text = (
        "Draft model runs, greedy, 4 reps each,\n"
        f"{word} {name}/{second}:\n" + ("\n" if blank else "") + f"warm: runs = [{items}]\n"
    )
    got = read(text).records
    assert [r.printed_rate for r in got] == [s / 100 for s in shares]
    assert all(r.accept_length is None and r.printed_length is None for r in got)


@settings(max_examples=examples(30), deadline=None)
@given(
    case=st.sampled_from(
        [
            # a legend naming the speed first
            ("format tok-s/accept:", "runs = ['58%/36.0', '61%/37.2']"),
            # items of three parts
            ("format accept/tok-s:", "runs = ['58%/36.0/2', '61%/37.2/2']"),
            # items without a share
            ("format accept/tok-s:", "runs = ['0.58/36.0', '0.61/37.2']"),
            # a bracket holding something else too
            ("format accept/tok-s:", "runs = ['58%/36.0', '61%/37.2', 'skipped']"),
        ]
    )
)
def test_negative_control_other_shapes_are_left(case: tuple[str, str]) -> None:
    lines = list(enumerate(["Draft model runs.", case[0], case[1]], 1))
    assert named(lines) == lines


def test_negative_control_a_list_far_from_the_legend_is_left() -> None:
    lines = list(enumerate(["format accept/tok-s:", "", "", "runs = ['58%/36.0', '61%/37.2']"], 1))
    assert named(lines) == lines


def test_the_example_of_the_docs() -> None:
    text = "Draft model, 2 reps, format accept/tok-s:\n\nwarm: reps = ['58%/36.0', '61%/37.2']\n"
    got = read_paste(text).records
    assert [r.printed_rate for r in got] == [0.58, 0.61]
