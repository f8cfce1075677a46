"""llama.cpp's draft statistics abbreviated in a table cell (stats_cells.py): `drafts A/G,
tokens a/g` is read as accepted/generated drafts and accepted/generated draft tokens only where
the row's printed rate equals a / g (then length = 1 + a / G, the statistics line's rule), or
where the row's rate is a mean over repeats (+/- a spread) in a column another row proves.
Never from a tokens ratio no rate proves, nor from `drafts A/G` alone."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.stats_cells import MEAN_NOTE, StatsCounts, counts
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read

_HEADER = ["Task", "Mode", "tok/s", "Acceptance", "Spec stats"]


def _paste(rows: list[list[str]]) -> str:
    return "Three repeats per row, Qwen3-8B Q4_K_M, one RTX 4090:\n\n" + pipe_table(_HEADER, rows)


def _pct(a: int, g: int) -> str:
    return f"{100 * a / g:.1f}%"


@st.composite
def _run(draw: st.DrawFn) -> tuple[int, int, int, int]:
    """(accepted drafts, drafts, accepted tokens, drafted tokens) of one run, k tokens a draft."""
    drafts = draw(st.integers(10, 900))
    k = draw(st.integers(1, 4))
    tokens = drafts * k
    acc_drafts = draw(st.integers(1, drafts))
    acc_tokens = draw(st.integers(acc_drafts, min(tokens, acc_drafts * k)))
    return acc_drafts, drafts, acc_tokens, tokens


@settings(max_examples=examples(30), deadline=None)
@given(run=_run(), name=st.sampled_from(["mtp", "draft", "eagle3", "ngram-mod"]))
def test_a_row_proven_by_its_rate(read: Read, run: tuple[int, int, int, int], name: str) -> None:
    ad, gd, at, gt = run
    cell = f"`{name}: drafts {ad}/{gd}, tokens {at}/{gt}`"
    got = read(
        _paste(
            [
                ["code", "none", "31.2", "N/A", "-"],
                ["code", name, "55.0 +/- 0.3", f"{_pct(at, gt)} +/- 0.0%", cell],
            ]
        )
    ).records
    assert len(got) == 1
    assert got[0].accept_length == pytest.approx(1 + at / gd, abs=1e-6)
    assert (got[0].accepted_tokens, got[0].drafted_tokens, got[0].steps) == (at, gt, gd)
    assert got[0].rate_basis.value == "per_draft_token"


def test_tokens_first_and_plain_rate(read: Read) -> None:
    got = read(_paste([["qa", "mtp", "48.1", "62.5%", "tokens 250/400, drafts 110/200"]])).records
    assert [r.accept_length for r in got] == [pytest.approx(1 + 250 / 200)]


def test_mean_rows_of_a_proven_column(read: Read) -> None:
    # the mtp row proves the column; the draft row's rate is a mean over repeats (31.7% of
    # 482/1520 would be the run's own): the cell's run gives its length, the rate no basis
    got = read(
        _paste(
            [
                [
                    "code",
                    "mtp",
                    "60.2 +/- 0.2",
                    "75.0% +/- 0.0%",
                    "mtp: drafts 250/300, tokens 675/900",
                ],
                [
                    "code",
                    "draft",
                    "33.0 +/- 2.1",
                    "27.9% +/- 3.5%",
                    "draft: drafts 210/500, tokens 482/1520",
                ],
            ]
        )
    ).records
    assert [r.accept_length for r in got] == [
        pytest.approx(1 + 675 / 300),
        pytest.approx(1 + 482 / 500),
    ]
    assert MEAN_NOTE in got[1].notes
    assert got[1].accept_rate is None


def test_no_row_proves_no_length(read: Read) -> None:
    # every tokens ratio differs from the printed rate: what the cells count is not proven
    got = read(
        _paste(
            [
                ["code", "mtp", "60.2", "71.0%", "mtp: drafts 250/300, tokens 675/900"],
                ["chat", "mtp", "52.4", "55.0% +/- 3.0%", "mtp: drafts 180/300, tokens 500/900"],
            ]
        )
    ).records
    assert len(got) == 2
    assert all(r.accept_length is None and r.steps is None for r in got)


def test_drafts_alone_no_length(read: Read) -> None:
    got = read(
        _paste(
            [
                ["code", "mtp", "60.2", "83.3%", "mtp: drafts 250/300"],
                ["chat", "mtp", "52.4", "60.0%", "drafts 180/300"],
            ]
        )
    ).records
    assert len(got) == 2
    assert all(r.accept_length is None for r in got)


@pytest.mark.parametrize(
    "rate",
    [
        "40.0%",  # no spread: the row's two figures of one run disagree
        "27.9% +/- 1.0%",  # a spread too small for the run to be one of the repeats
        "~31.7%",  # approximate: proves nothing
    ],
)
def test_unproven_row_of_a_proven_column(read: Read, rate: str) -> None:
    got = read(
        _paste(
            [
                ["code", "mtp", "60.2", "75.0%", "mtp: drafts 250/300, tokens 675/900"],
                ["code", "draft", "33.0", rate, "draft: drafts 210/500, tokens 482/1520"],
            ]
        )
    ).records
    assert got[0].accept_length == pytest.approx(1 + 675 / 300)
    assert got[1].accept_length is None


@pytest.mark.parametrize(
    ("cell", "want"),
    [
        ("mtp: drafts 266/300, tokens 700/900", StatsCounts(266, 300, 700, 900)),
        ("**tokens 43/66; drafts 15/22**", StatsCounts(15, 22, 43, 66)),
        ("draft tokens 1,250/2,000, drafts 400/500", StatsCounts(400, 500, 1250, 2000)),
        ("drafts 266/302", None),  # drafts alone
        ("drafts 266/302, tokens 696/280", None),  # more drafts than draft tokens
        ("drafts 302/266, tokens 696/906", None),  # accepted above generated
        ("drafts 300/302, tokens 200/906", None),  # more accepted drafts than accepted tokens
        ("drafts 0/302, tokens 5/906", None),  # accepted tokens without an accepted draft
        ("speedup 266/302, tokens 696/906", None),
        ("mtp: drafts 266/302, tokens 696/906, 3.2 t/s", None),
    ],
)
def test_cell_shape(cell: str, want: StatsCounts | None) -> None:
    assert counts(cell) == want
