"""A length whose run prints one line per draft position further down (a blank line between,
'Pos 1: 0.702'): 1 + the sum of those rates is the length when it counts the target's token;
position lines of another run, or whose sum misses the length, decide nothing."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


def _summary(length: str, rate: str, rates: list[str], key: str = "Pos", start: int = 1) -> str:
    pos = "\n".join(f"{key} {i}: {r}" for i, r in enumerate(rates, start))
    return (
        f"Samples: 412\n\nMean acceptance length: {length}\nAvg Draft Acceptance Rate: {rate}\n\n"
        f"{pos}\n\nSuggested num_speculative_tokens: 3\n"
    )


def _lengths(text: str) -> list[tuple[float | None, float | None]]:
    return [(r.printed_length, r.accept_length) for r in read_paste(text).records]


def test_position_lines_below_a_blank_line_decide_the_bonus() -> None:
    text = "Ran the summary script over last night's logs:\n\n" + _summary(
        "2.52", "38.00%", ["0.702", "0.475", "0.343"]
    )
    (r,) = read_paste(text).records
    assert r.accept_length == 2.52 and r.bonus.value == "included"
    assert r.per_position == (0.702, 0.475, 0.343)
    assert "per-position rates on the run's position lines" in r.bonus.rule


def test_two_runs_each_its_own_positions() -> None:
    text = (
        "First try:\n\n"
        + _summary("2.52", "38.00%", ["0.702", "0.475", "0.343"])
        + "\nThen with the retrained draft head, same prompts:\n\n"
        + _summary("3.01", "50.25%", ["0.81", "0.64", "0.56"], key="pos", start=0)
    )
    assert _lengths(text) == [(2.52, 2.52), (3.01, 3.01)]


def test_opener_and_position_bullets_under_a_length() -> None:
    text = (
        "- mean accept length: 2.41\n"
        "- per-position acceptance:\n"
        "  - pos0: `0.83`\n"
        "  - pos1: `0.58`\n\n"
        "Next I'll try a smaller draft.\n"
    )
    assert _lengths(text) == [(2.41, 2.41)]


def test_sum_missing_the_length_decides_nothing() -> None:
    text = _summary("2.90", "38.00%", ["0.702", "0.475", "0.343"])
    assert _lengths(text) == [(2.90, None)]


def test_positions_of_the_next_run_are_not_this_ones() -> None:
    # the first run prints no positions; the second's (below its own length) are the second's
    # alone (the first may take the convention of its name from the second: another rule)
    text = (
        "Mean acceptance length: 2.52\nAvg Draft Acceptance Rate: 38.00%\n\n"
        "Mean acceptance length: 2.52\nAvg Draft Acceptance Rate: 38.00%\n\n"
        "Pos 1: 0.702\nPos 2: 0.475\nPos 3: 0.343\n"
    )
    first, second = read_paste(text).records
    assert first.per_position == () and "position lines" not in first.bonus.rule
    assert second.per_position == (0.702, 0.475, 0.343) and second.accept_length == 2.52


def test_prose_ends_the_run() -> None:
    text = (
        "Mean acceptance length: 2.52\nAvg Draft Acceptance Rate: 38.00%\n\n"
        "For comparison, the numbers the upstream card reports per position were:\n\n"
        "Pos 1: 0.702\nPos 2: 0.475\nPos 3: 0.343\n"
    )
    assert _lengths(text) == [(2.52, None)]


def test_rising_or_gapped_positions_decide_nothing() -> None:
    assert _lengths(_summary("2.52", "38.00%", ["0.343", "0.475", "0.702"])) == [(2.52, None)]
    gapped = _summary("2.52", "38.00%", ["0.702", "0.475"]) + "Pos 4: 0.343\n"
    assert _lengths(gapped)[0][1] is None


def test_sum_alone_is_not_read_as_bonus_included() -> None:
    # the length equals the sum (no bonus counted): this rule claims nothing
    assert _lengths(_summary("1.52", "38.00%", ["0.702", "0.475", "0.343"])) == [(1.52, None)]


@settings(max_examples=examples(20), deadline=None)
@given(st.lists(st.integers(50, 990), min_size=2, max_size=7))
def test_any_falling_list_proves_its_length(raw: list[int]) -> None:
    rates = sorted((x / 1000 for x in raw), reverse=True)
    length = f"{1 + sum(rates):.2f}"
    got = _lengths(_summary(length, "40.00%", [f"{x:.3f}" for x in rates]))
    assert got == [(float(length), float(length))]
