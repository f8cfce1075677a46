"""One run's length and share told again in later sentences of a paste (its title, its summary,
its body), digit for digit: one record, the first telling's (retold.py). Shares that differ, a
length of one decimal, or two lines of the very same fields (two runs' lines) stay records."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_SAID = st.sampled_from(
    [
        "{p}% first-draft acceptance and {v} accepted tokens per step",
        "{v} accepted tokens per step at {p}% first-position acceptance",
    ]
)


def _post(said: str, p: str, v: str, q: str | None = None) -> str:
    second = said.format(p=q or p, v=v)
    return (
        f"Head for model-x ships with {said.format(p=p, v=v)}\n"
        "\n"
        "Summary\n"
        f"- A repost said the new head has {second}.\n"
        "- Another thread compared it with older heads.\n"
        "\n"
        f"Details: the team attached {said.format(p=p, v=v)} on maths prompts.\n"
    )


@given(said=_SAID, p=st.integers(600, 949), v=st.integers(210, 590))
def test_one_run_told_three_times_is_one_record(read: Read, said: str, p: int, v: int) -> None:
    got = read(_post(said, f"{p / 10:.1f}", f"{v / 100:.2f}")).records
    assert [r.printed_length for r in got] == [v / 100]


@given(said=_SAID, p=st.integers(600, 899), v=st.integers(210, 590))
def test_shares_that_differ_stay_records(read: Read, said: str, p: int, v: int) -> None:
    text = _post(said, f"{p / 10:.1f}", f"{v / 100:.2f}", q=f"{p / 10 + 5:.1f}")
    assert len(read(text).records) == 3


@given(v=st.integers(21, 59))
def test_a_length_of_one_decimal_stays_records(read: Read, v: int) -> None:
    text = _post(
        "{p}% first-draft acceptance and {v} accepted tokens per step", "80", f"{v / 10:.1f}"
    )
    assert len(read(text).records) == 3
