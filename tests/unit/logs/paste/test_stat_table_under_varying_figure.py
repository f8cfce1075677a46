"""A statistics-only table (``| label | mean | ... | spread |``) right under a paragraph that
opens on an acceptance figure as the subject of its variation ('Draft acceptance varies a lot
across seeds ...'): the table summarises that figure, one record a row, its mean
(stat_header._opened). A bare acceptance over means and samples a rate never takes (from 1 to 16,
no '%') is the length. A paragraph opening on another measure, or naming acceptance elsewhere
than as its opening subject, reads nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_OPENERS = [
    "Acceptance varies a lot between seeds at one context length.",
    "Draft acceptance differs by about a third across prompts.",
    "Accept length varies from run to run, so each row pools six prompts.",
    "**Acceptance rate** swings widely between datasets.",
]
_STATS = [("mean", "spread"), ("mean", "min", "max"), ("avg", "std"), ("mean", "median")]


def _table(stats: tuple[str, ...], rows: list[tuple[str, float]], samples: bool) -> str:
    cols = ["ctx", stats[0], *(["samples"] if samples else []), *stats[1:]]
    out = ["| " + " | ".join(cols) + " |", "|" + " --- |" * len(cols)]
    for label, mean in rows:
        cells = [label, f"{mean:.3f}"]
        if samples:
            cells.append(f"{mean + 0.4:.2f} / {mean - 0.4:.2f}")
        cells += [f"{mean - 0.5:.2f}" if s in ("min",) else f"{mean + 0.5:.2f}" for s in stats[1:]]
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out)


@settings(max_examples=examples(40), deadline=None)
@given(
    opener=st.sampled_from(_OPENERS),
    stats=st.sampled_from(_STATS),
    means=st.lists(st.integers(1600, 4900), min_size=1, max_size=4),
    samples=st.booleans(),
    gap=st.booleans(),
)
def test_one_record_a_row_under_the_varying_figure(
    read: Read, opener: str, stats: tuple[str, ...], means: list[int], samples: bool, gap: bool
) -> None:
    rows = [(f"{2 ** (12 + i):,}", m / 1000) for i, m in enumerate(means)]
    text = (
        "## Notes on the long-context runs\n\n"
        f"{opener} The runs below use several prompts each.\n"
        + ("\n" if gap else "")
        + _table(stats, rows, samples)
        + "\n"
    )
    recs = read(text).records
    if "rate" in opener.lower():
        # a rate's name over means from 1.6 to 4.9 without '%': lengths where two or more say
        # so (a rate's title over such cells, interpret._lengths_under_rate), else nothing
        want = [m for _, m in rows] if len(rows) >= 2 else []
        assert [r.printed_length for r in recs] == pytest.approx(want)
        return
    told = (
        "accept length" in opener.lower()
        or len(rows) > 1
        or samples
        or stats[1] in ("min", "max", "median")
    )
    # one mean alone beside a spread: too little to tell a length from a rate without '%'
    assert [r.printed_length for r in recs] == pytest.approx([m for _, m in rows] if told else [])
    assert all(r.accept_length is None for r in recs)


@pytest.mark.parametrize(
    "opener",
    [
        # another measure opens the paragraph
        "Latency varies a lot between seeds at one context length.",
        # acceptance named, but not as the opening subject of a variation
        "We looked at acceptance too, but the table below is decode speed per context.",
        "The acceptance varies; throughput is what we tabulate here.",
    ],
)
def test_other_openers_read_nothing(read: Read, opener: str) -> None:
    text = (
        f"{opener}\n\n| ctx | mean | spread |\n| --- | --- | --- |\n"
        "| 4,096 | 3.120 | 0.80 |\n| 8,192 | 2.870 | 0.60 |\n"
    )
    assert not read(text).records
