"""A run's per-position rates listed side by side on the line right above its length
('- Pos 0: ~81%, Pos 1: ~35%' over '- Mean acceptance length: ~1.2'): the sum of the rates is
the accepted drafts a step, so a length equal to the sum counts the drafts alone (bonus
excluded) and one equal to 1 + the sum counts the target's token too (included). Rising rates, a
gap in the positions, a blank line or a sentence around the list decide nothing."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_NAMES = st.sampled_from(["Mean acceptance length", "Avg accept length", "mean accept len"])
_KEYS = st.sampled_from(["Position", "Pos", "position", "pos"])


@st.composite
def _rates(draw: st.DrawFn) -> list[int]:
    """Two to five whole percentages, never rising."""
    n = draw(st.integers(2, 5))
    vals = draw(st.lists(st.integers(1, 99), min_size=n, max_size=n))
    return sorted(vals, reverse=True)


def _line(rates: list[int], key: str, start: int, approx: bool, sep: str) -> str:
    mark = "~" if approx else ""
    return sep.join(f"{key} {i}: {mark}{r}%" for i, r in enumerate(rates, start))


def _paste(pos_line: str, name: str, length: str, approx: bool) -> str:
    mark = "~" if approx else ""
    return (
        "### Draft head, nightly build\n"
        f"- {pos_line}\n"
        f"- {name}: {mark}{length} tokens\n\n"
        "Numbers from the eval harness.\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    rates=_rates(),
    key=_KEYS,
    start=st.sampled_from([0, 1]),
    approx=st.booleans(),
    sep=st.sampled_from([", ", "; ", ",  "]),
    name=_NAMES,
    decimals=st.sampled_from([1, 2]),
    bonus=st.booleans(),
)
def test_the_sum_decides_the_bonus(
    rates: list[int],
    key: str,
    start: int,
    approx: bool,
    sep: str,
    name: str,
    decimals: int,
    bonus: bool,
) -> None:
    total = sum(rates) / 100
    printed = round(total + (1 if bonus else 0), decimals)
    # (a length below 1 is decided by another rule: no length counting the target's token)
    assume(printed >= 1.05)
    text = _paste(_line(rates, key, start, approx, sep), name, f"{printed:.{decimals}f}", approx)
    (r,) = read_paste(text).records
    assert r.printed_length == printed
    assert r.bonus.value == ("included" if bonus else "excluded")
    assert r.per_position == tuple(v / 100 for v in rates)
    fine = len(rates) * 0.005 < 0.5 * 10.0**-decimals
    want = 1 + total if fine else printed + (0 if bonus else 1)
    assert r.accept_length is not None and abs(r.accept_length - want) < 1e-6


@settings(max_examples=examples(30), deadline=None)
@given(
    rates=_rates(),
    key=_KEYS,
    name=_NAMES,
    miss=st.sampled_from(["rising", "gap", "blank", "sentence"]),
)
def test_near_misses_decide_nothing(rates: list[int], key: str, name: str, miss: str) -> None:
    total = sum(rates) / 100
    # (a length below 1 is decided by another rule: no length counting the target's token)
    assume(total > 1.1)
    printed = f"{total:.2f}"
    if miss == "rising":
        assume(rates[0] != rates[-1])
        rates = rates[::-1]
    pos_line = _line(rates, key, 0, False, ", ")
    if miss == "gap":
        pos_line = ", ".join(f"{key} {2 * i}: {r}%" for i, r in enumerate(rates))
    if miss == "sentence":
        pos_line = f"Upstream card reports {pos_line} for its own head"
    text = _paste(pos_line, name, printed, False)
    if miss == "blank":
        text = text.replace(f"- {name}", f"\n- {name}")
    recs = [r for r in read_paste(text).records if r.printed_length is not None]
    assert recs, text
    assert all(r.accept_length is None for r in recs), text
