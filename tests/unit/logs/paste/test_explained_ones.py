"""A length the paste says is 1 where nothing was accepted (`zero_rows.explained_ones`): `the
accept length ... was either 1 (no draft tokens accepted) or ...` gives the figure's meaning,
1 + 0 accepted, so the paste's lengths of that name count the target's own token (bonus
included). A supposition in the bracket, another figure's name, a figure in the clause, a
length of the paste below 1 or another length's name leave the convention unknown."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_NAMES = st.sampled_from(["accept length", "acceptance length", "accepted length"])
_GAPS = st.sampled_from(["", " on the long prompts", " of the old branch", " for head B"])
_COPULAS = st.sampled_from(["was either", "was", "is", "stayed"])
_WHY = st.sampled_from(
    [
        "no draft tokens accepted",
        "every draft is rejected",
        "nothing gets accepted",
        "NaN logits, no tokens accepted",
    ]
)
_ITEMS = st.sampled_from(
    [
        "- {label}: mean {name} **{v}**, speedup **1.3x**",
        "- {label}: average {name} {v} / 5",
        "- {label} ({name}): {v}",
    ]
)


def _paste(said: str, item: str, name: str, values: list[str]) -> str:
    items = "\n".join(
        item.format(label=f"setup {i + 1}", name=name, v=v) for i, v in enumerate(values)
    )
    return f"## Summary\n\n{said}\nWith the fix:\n\n{items}\n"


@settings(max_examples=examples(60), deadline=None)
@given(
    name=_NAMES,
    gap=_GAPS,
    cop=_COPULAS,
    why=_WHY,
    item=_ITEMS,
    xs=st.lists(st.integers(105, 480), min_size=1, max_size=3),
)
def test_a_length_of_1_explained_as_none_accepted_decides_the_name(
    read: Read, name: str, gap: str, cop: str, why: str, item: str, xs: list[int]
) -> None:
    values = [f"{x / 100:.2f}" for x in xs]
    said = f"Before the fix the {name}{gap} {cop} 1 ({why}) or the whole draft."
    got = read(_paste(said, item, name, values)).records
    # (the old branch's 1 may be a run's record of its own, counting the bonus too)
    rest = [r for r in got if r.printed_length != 1.0]
    assert [r.printed_length for r in rest] == [pytest.approx(float(v)) for v in values]
    assert [r.accept_length for r in got] == [r.printed_length for r in got]
    assert {r.bonus.value for r in got} == {"included"}


@pytest.mark.parametrize(
    "said",
    [
        # a supposition in the bracket
        "Once the accept length was either 1 (if no draft tokens are accepted) or more.",
        # another figure's name
        "Before the fix the draft length was either 1 (no draft tokens accepted) or more.",
        # another measure in the clause
        "Once the accept length ratio was either 1 (no draft tokens accepted) or more.",
        # a figure in the clause: the 1 may be another's
        "Once the accept length at 8 users was either 1 (no draft tokens accepted) or more.",
        # another value
        "Before the fix the accept length was either 2 (no draft tokens accepted) or more.",
        # no bracket of its meaning
        "Before the fix the accept length was either 1 or more.",
    ],
)
def test_negative_control_leaves_the_convention_unknown(read: Read, said: str) -> None:
    got = read(_paste(said, "- {label}: mean {name} **{v}**", "accept length", ["2.41"])).records
    assert [r.accept_length for r in got if r.printed_length == 2.41] == [None]


def test_negative_control_a_length_below_1_is_not_decided_by_the_words(read: Read) -> None:
    # (a length below 1 leaves the target's token out: the paste's other rules decide it)
    said = "Once the accept length was either 1 (no draft tokens accepted) or more."
    got = read(_paste(said, "- {label}: mean {name} **{v}**", "accept length", ["2.41", "0.93"]))
    assert not any("where nothing is accepted" in r.bonus.rule for r in got.records)
