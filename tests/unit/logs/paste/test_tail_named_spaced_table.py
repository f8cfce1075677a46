"""A table flattened to single spaces whose acceptance columns come last (tables.
_tail_named_table): a header line ending in one or two acceptance figures' names (`Setup Speed
draft accept rate mean accept length`), over rows ending in as many figure cells, a value or a
range, a length perhaps with its ceiling (`2.84 / 4`); the words before them the row's label.
A range is its row's record of no figure, a value its figure. Rows ending otherwise are none;
a ceiling not above its value, a ceiling after a rate, or a header ending in another measure's
name read no figure."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LEADS = ["Setup Speed", "Run Decode speed", "Variant Notes Throughput"]
_RATES = ["draft accept rate", "acceptance rate", "accept rate"]
_LENGTHS = ["mean accept length", "accept length", "mean accepted length"]


@settings(max_examples=examples(40), deadline=None)
@given(
    lead=st.sampled_from(_LEADS),
    rate_name=st.sampled_from(_RATES),
    length_name=st.sampled_from(_LENGTHS),
    rate=st.integers(40, 85),
    length=st.integers(150, 330),
    ranged=st.booleans(),
    dash=st.sampled_from(["-", "–"]),
    baseline=st.booleans(),
)
def test_rows_ending_in_the_named_figures(
    read: Read,
    lead: str,
    rate_name: str,
    length_name: str,
    rate: int,
    length: int,
    ranged: bool,
    dash: str,
    baseline: bool,
) -> None:
    r, a = f"0.{rate:02d}", f"{length / 100:.2f}"
    if ranged:
        r, a = f"0.{rate - 5:02d}{dash}0.{rate:02d}", f"{(length - 20) / 100:.2f}{dash}{a}"
    rows = [f"draft on, greedy ~40 tok/s (~52 on code) {r} {a}"]
    # (the run without drafts, before or after: a row that ends in no figure)
    rows.insert(0 if baseline else 1, "no draft (plain) ~22 tok/s")
    text = "Speeds on one card\n\n" + "\n".join([f"{lead} {rate_name} {length_name}", *rows])
    got = read(text + "\n").records
    assert len(got) == 1, text
    assert got[0].first_line == 4 + baseline, text
    if ranged:
        assert got[0].printed_rate is None and got[0].printed_length is None, text
    else:
        assert got[0].printed_rate is not None, text
        assert abs(got[0].printed_rate - rate / 100) < 1e-9, text
        assert got[0].printed_length is not None, text
        assert abs(got[0].printed_length - length / 100) < 1e-9, text


@settings(max_examples=examples(30), deadline=None)
@given(length=st.integers(150, 290), ceiling=st.integers(3, 5), spaced=st.booleans())
def test_a_length_with_its_ceiling(read: Read, length: int, ceiling: int, spaced: bool) -> None:
    a = f"{length / 100:.2f}"
    cell = f"{a} / {ceiling}" if spaced else f"{a} /{ceiling}"
    text = (
        "Config Remarks mean accepted length\nno drafts, plain ~31 tok/s\n"
        f"k={ceiling - 1} steady, long prompts {cell}\n"
    )
    got = read(text).records
    assert len(got) == 1, text
    assert got[0].first_line == 3, text
    assert got[0].printed_length is not None, text
    assert abs(got[0].printed_length - length / 100) < 1e-9, text


@settings(max_examples=examples(30), deadline=None)
@given(
    value=st.integers(150, 290),
    form=st.sampled_from(
        [
            "Config Remarks mean accepted length\nk=1 steady {v} / 1\nk=2 warm {v} /1",
            "Config Remarks accept rate\nk=2 steady 61% / 3\nk=3 warm 55% / 4",
            "Config Remarks decode speedup\nk=2 steady (~9 on code) {v}\nk=3 warm (~8) {v}",
            "Config Remarks mean accepted length\nk=2 steady {v} tok/s\nk=3 warm {v} tok/s",
            "Config Remarks mean accepted length\nk=2 steady (~9 on code) {v}",
        ]
    ),
)
def test_near_misses_read_no_figure(read: Read, value: int, form: str) -> None:
    text = form.format(v=f"{value / 100:.2f}") + "\n"
    got = read(text).records
    assert all(r.printed_length is None and r.printed_rate is None for r in got), text


@settings(max_examples=examples(30), deadline=None)
@given(
    speed=st.integers(20, 60),
    drafted=st.integers(61, 99),
    rate=st.integers(40, 85),
    first=st.booleans(),
    mark=st.sampled_from(["~", ""]),
)
def test_a_short_row_whose_last_figure_lacks_the_columns_percent(
    read: Read, speed: int, drafted: int, rate: int, first: bool, mark: str
) -> None:
    # the run without drafts prints its speed alone: its one figure is the speed column's,
    # not the rate's, which the other rows print with '%'
    short = f"plain decoding {mark}{speed}"
    full = f"--draft-max 4 --draft-min 1 {mark}{drafted} (+{drafted - speed}%) {mark}{rate}%"
    rows = [short, full] if first else [full, short]
    text = "\n".join(["setup speed tok/s accept rate", *rows]) + "\n"
    got = read(text).records
    assert len(got) == 1, text
    assert got[0].printed_rate is not None, text
    assert abs(got[0].printed_rate - rate / 100) < 1e-9, text


@settings(max_examples=examples(20), deadline=None)
@given(rates=st.lists(st.integers(40, 85), min_size=2, max_size=4))
def test_rows_all_printing_the_rate_alike_stay(read: Read, rates: list[int]) -> None:
    # every drafted row prints its rate with '%': each is a row, only the short one goes
    rows = [f"--draft-max {i + 2} ~{60 + i} (+{30 + i}%) ~{r}%" for i, r in enumerate(rates)]
    text = "\n".join(["setup speed tok/s accept rate", "plain run ~40", *rows]) + "\n"
    got = read(text).records
    assert len(got) == len(rates), text
