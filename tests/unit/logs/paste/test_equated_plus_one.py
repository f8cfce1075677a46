"""A note writing the paste's length as an equation one above the accepted drafts ('AL =
accepted draft tokens + 1', 'accepted tokens = acceptance length (AL) - 1'): the lengths the
paste prints count the target's own token. The equation the other way round, another offset,
or no equation leave the convention unknown."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_TABLE = "| set | AL |\n|---|---|\n{rows}"


def _text(values: list[int], note: str, hyphen: str = "-") -> str:
    rows = "".join(f"| s{i} | {v / 100:.2f} |\n" for i, v in enumerate(values))
    return (
        "Acceptance of the n-gram drafter on three sets.\n\n"
        + _TABLE.format(rows=rows)
        + "\n"
        + note.replace("-length", f"{hyphen}length")
        + "\n"
    )


_NOTES = [
    "Note that `Accepted-length (AL) = accepted draft token length + 1`.",
    "Here AL = accepted draft tokens + 1, per step.",
    "Mind that accepted tokens = accepted-length (AL) - 1 since it omits the verifier's token.",
    "As a reminder, accept length = number of accepted draft tokens + one.",
]


@settings(max_examples=examples(30), deadline=None)
@given(
    values=st.lists(st.integers(110, 520), min_size=2, max_size=4),
    note=st.sampled_from(_NOTES),
    hyphen=st.sampled_from(["-", "\u2011", "\u2010"]),
)
def test_an_equation_one_above_the_accepted_counts_the_bonus(
    read: Read, values: list[int], note: str, hyphen: str
) -> None:
    got = read(_text(values, note, hyphen)).records
    assert [(r.printed_length, r.accept_length) for r in got] == [
        (v / 100, v / 100) for v in values
    ]
    assert {r.bonus.value for r in got} == {"included"}


@settings(max_examples=examples(20), deadline=None)
@given(
    values=st.lists(st.integers(110, 520), min_size=2, max_size=4),
    note=st.sampled_from(
        [
            "We tuned the temperature = 0.7 for the run.",  # a setting, no equation
            "Note that AL = accepted draft tokens + 1.5 here.",  # another offset
            "Note that accepted tokens = AL + 1 here.",  # the other way round
            "Note that AL = the accepted draft tokens here.",  # no offset
            "No note on how AL counts.",
        ]
    ),
)
def test_other_notes_leave_the_convention_unknown(read: Read, values: list[int], note: str) -> None:
    got = read(_text(values, note)).records
    assert [(r.printed_length, r.accept_length) for r in got] == [(v / 100, None) for v in values]
