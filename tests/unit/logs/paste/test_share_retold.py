"""One run's rate told again in a later sentence, the same share with a decimal digit for digit
(`71.46%`), the same tool and no setting at two values: one record, the first, taking the
settings a later telling names. A share without a decimal, two shares in one sentence, a
setting at two values or lines of the very same fields stay two records."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(40), deadline=None)
@given(
    share=st.integers(3001, 9899),
    two_dec=st.booleans(),
    mark=st.sampled_from(["", "`", "**"]),
    layout=st.sampled_from(["one line", "bullets", "paragraphs"]),
)
def test_a_share_told_twice_is_one_run(
    read: Read, share: int, two_dec: bool, mark: str, layout: str
) -> None:
    shown = f"{share / 100:.2f}%" if two_dec else f"{share / 100:.1f}%"
    first = f"The tuned head reaches {mark}{shown}{mark} draft acceptance and 90 tok/s."
    again = f"In the tested stack, the tuned head reaches {mark}{shown}{mark} acceptance."
    lead = "Notes on the speculative build."
    if layout == "one line":
        text = f"{lead} Key points: - {first} - {again}\n"
    elif layout == "bullets":
        text = f"{lead}\n- {first}\n- {again}\n"
    else:
        text = f"{lead}\n{first}\n\nLater, once more: {again}\n"
    recs = read(text).records
    assert len(recs) == 1
    assert recs[0].printed_rate == pytest.approx(float(shown[:-1]) / 100)


@pytest.mark.parametrize(
    "text",
    [
        # no decimal: two runs may share it
        "Notes on the speculative build.\n- The head reaches 72% draft acceptance.\n"
        "- In the stack, the head reaches 72% acceptance.\n",
        # two tellings in one sentence: two runs side by side
        "Notes on the speculative build: greedy reaches 71.5% draft acceptance and sampled "
        "reaches 71.5% draft acceptance.\n",
        # the very same fields twice: two runs' lines
        "Speculative runs:\nacceptance: 71.5%\nacceptance: 71.5%\n",
        # one setting at two values: two runs
        "Notes on the speculative build. With `n_max=2` the head reaches 71.5% draft "
        "acceptance. With `n_max=4` the head reaches 71.5% draft acceptance too.\n",
    ],
)
def test_two_records_stay(read: Read, text: str) -> None:
    assert len(read(text).records) == 2


def test_a_later_telling_names_the_run_setting(read: Read) -> None:
    text = (
        "Notes on the speculative build. Summary: 64.25% draft acceptance over ten runs. "
        "At 64.25% draft acceptance with `n_max=3`, the cost is paid back.\n"
    )
    recs = read(text).records
    assert len(recs) == 1
    assert [(n, v.strip("`")) for n, v in recs[0].labels] == [("n max", "3")]
