"""'MAL', the mean acceptance length of speculators' eval tables ('| Subset | MAL | Pos 0 | ...
|'): a length where the heading or the lines above name acceptance or speculation; beside its
per-position rates, 1 + their sum == MAL proves the bonus counted."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table


def _table(title: str, rows: list[tuple[str, list[float]]], bold: bool, shift: float = 0.0) -> str:
    n = len(rows[0][1])
    header = ["Subset", "MAL", *[f"Pos {i}" for i in range(n)]]
    body = []
    for name, rates in rows:
        mal = f"{1 + sum(rates) + shift:.2f}"
        body.append([name, f"**{mal}**" if bold else mal, *[f"{r:.3f}" for r in rates]])
    return f"{title}\n\n" + pipe_table(header, body)


@settings(max_examples=examples(30), deadline=None)
@given(
    rates=st.lists(
        st.lists(st.integers(1, 950), min_size=2, max_size=7).map(
            lambda xs: sorted((x / 1000 for x in xs), reverse=True)
        ),
        min_size=1,
        max_size=3,
    ),
    bold=st.booleans(),
    title=st.sampled_from(
        ["### Acceptance Rates (eval, 200 requests)", "## DFlash draft eval", "### EAGLE-3 results"]
    ),
)
def test_mal_beside_positions_is_a_length_counting_the_bonus(
    rates: list[list[float]], bold: bool, title: str
) -> None:
    n = min(len(r) for r in rates)
    rows = [(f"set{i}", r[:n]) for i, r in enumerate(rates)]
    got = read_paste(_table(title, rows, bold)).records
    want = [round(1 + sum(float(f"{x:.3f}") for x in r), 2) for _, r in rows]
    assert [r.printed_length for r in got] == [float(f"{1 + sum(r):.2f}") for _, r in rows]
    for r, w in zip(got, want, strict=True):
        assert r.accept_length is not None and abs(r.accept_length - w) <= 0.011


def test_mal_off_the_sum_is_read_undecided() -> None:
    text = _table("### Acceptance (speculators eval)", [("chat", [0.4, 0.2, 0.1])], False, 0.5)
    assert [(r.printed_length, r.accept_length) for r in read_paste(text).records] == [(2.2, None)]


def test_negative_control_mal_as_a_language_column() -> None:
    text = "### Translation BLEU by target language\n\n" + pipe_table(
        ["Model", "HIN", "MAL", "TAM", "Pos 0", "Pos 1"],
        [
            ["base", "31.2", "2.07", "24.9", "0.425", "0.247"],
            ["ft", "33.0", "2.31", "26.4", "0.5", "0.3"],
        ],
    )
    assert read_paste(text).records == ()
