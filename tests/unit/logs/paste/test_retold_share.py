"""One run's share told again alone, digit for digit, in a later sentence (a post's summary, a
page flattened onto one line): one record, the first telling's (retold_share.py). Round shares,
settings that differ, or two values side by side in one sentence stay records."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from specdiag.core.logs.paste import retold_share as RTS
from tests.unit.logs.paste.pipeline import Read

_FIRST = st.sampled_from(
    [
        "The Q5 build with two drafts reaches {s} draft acceptance and 96 tok/s on the laptop.",
        "Measured over 40 prompts, draft acceptance came out at {s} with the small head.",
    ]
)
_AGAIN = st.sampled_from(
    [
        "- two drafts reach {s} acceptance, so speculation pays here",
        "In short, at {s} draft acceptance the head earns its keep.",
    ]
)
# shares of three significant digits or more, not ending in a zero
_SHARE = st.one_of(
    st.integers(1001, 9899).filter(lambda n: n % 10).map(lambda n: f"{n / 100:.2f}%"),
    st.integers(101, 989).filter(lambda n: n % 10).map(lambda n: f"{n / 10:.1f}%"),
)


# a model card's opening, run onto the same line (a flattened page is long: 200 characters)
_PAGE = (
    "Model card: a 4-bit build of the 9B model for laptops with a two-layer draft head, "
    "trained on chat and code, tested on a 16 GB laptop GPU with the stock driver. "
)


def _rates(read: Read, text: str) -> list[float | None]:
    return [
        None if r.printed_rate is None else round(r.printed_rate, 6) for r in read(text).records
    ]


@given(first=_FIRST, again=_AGAIN, s=_SHARE)
def test_a_share_told_again_alone_on_a_flattened_page_is_one_record(
    read: Read, first: str, again: str, s: str
) -> None:
    text = _PAGE + first.format(s=s) + " Key points: " + again.format(s=s) + "\n"
    assert _rates(read, text) == [round(float(s[:-1]) / 100, 6)]


@given(first=_FIRST, again=_AGAIN, s=_SHARE)
def test_negative_control_lines_of_their_own_stay_records(
    read: Read, first: str, again: str, s: str
) -> None:
    # each line may tell its own run: the lines are the paste's structure
    # (a list item restating the one paragraph's share, no setting of its own, is that run's
    # takeaway: restated_row._fold_takeaway folds it; a paragraph of its own stays a record)
    text = first.format(s=s) + "\n\nKey points:\n\n" + again.format(s=s) + "\n"
    assert len(_rates(read, text)) == (1 if again.startswith("- ") else 2)


@given(first=_FIRST, again=_AGAIN, n=st.integers(2, 9), zero=st.booleans())
def test_negative_control_round_shares_stay_records(
    read: Read, first: str, again: str, n: int, zero: bool
) -> None:
    # '60%' or '60.0%': two runs may well share it
    s = f"{n}0.0%" if zero else f"{n}4%"
    text = first.format(s=s) + " Key points: " + again.format(s=s) + "\n"
    assert len(_rates(read, text)) == 2


@given(s=_SHARE)
def test_negative_control_two_values_in_one_sentence_stay_records(read: Read, s: str) -> None:
    text = f"Draft acceptance was {s} on chat prompts and {s} on code prompts with the head.\n"
    assert len(_rates(read, text)) == 2


def test_negative_control_two_settings_are_two_runs(read: Read) -> None:
    text = (
        "With n_max=3 the head reaches 71.35% draft acceptance on the laptop. "
        "With n_max=5 the head reaches 71.35% draft acceptance as well.\n"
    )
    assert len(_rates(read, text)) == 2


def test_tellings_on_one_line_are_counted_apart_by_sentence_ends() -> None:
    line = "Head: 71.35% acceptance. Later: 71.35% again; and 71.35% vs 71.35 % here"
    # ('; ' parts two clauses of one sentence, no telling apart; 'vs' joins two)
    assert RTS._tellings(line, "71.35%") == 2


def test_the_tellings_search_is_linear_on_a_long_line() -> None:
    import time

    line = "71.35% " * 20000
    t = time.perf_counter()
    RTS._tellings(line, "71.35%")
    assert time.perf_counter() - t < 0.5
