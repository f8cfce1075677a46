"""A YAML map of figures under the comment naming its keys and values ('# key = draft tokens
per step; value = mean AL'): one record per leaf of a number under a whole-number key, read
as a table of the nested keys, the key and the value. 'golden' before the value's name is a
value kept for later runs only where the comments above say the values were measured (and
none says they were set or simulated); elsewhere a golden value is a goal, no record."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import defined
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _map(groups: dict[str, list[int]], value: str, notes: list[str], legend: bool = True) -> str:
    lines = [f"# {n}" for n in notes]
    if legend:
        lines.append(f"# key = num_speculative_tokens (draft depth); value = {value}")
    lines += ["_info:", "  drafter: our-team/tiny-draft", "tiny-model:"]
    for name, lengths in groups.items():
        lines.append(f"  {name}:")
        lines += [f"    {k}: {v / 100:.2f}" for k, v in enumerate(lengths, start=1)]
    return "\n".join(lines) + "\n"


_MEASURED = ["Mean acceptance length of our speculative decoding runs, measured on one card."]


@settings(max_examples=examples(25), deadline=None)
@given(
    groups=st.dictionaries(
        st.sampled_from(("short_prompts", "long_prompts", "chat")),
        # k = 1 first: a length above 1 there proves the bonus counted
        st.lists(st.integers(101, 199), min_size=1, max_size=1).flatmap(
            lambda first: st.lists(st.integers(120, 400), max_size=5).map(lambda rest: first + rest)
        ),
        min_size=1,
        max_size=2,
    ),
    value=st.sampled_from(("mean AL", "golden AL", "reference AL", "accept length")),
)
def test_a_keyed_map_gives_one_record_a_leaf(
    read: Read, groups: dict[str, list[int]], value: str
) -> None:
    got = read(_map(groups, value, _MEASURED)).records
    want = [v / 100 for lengths in groups.values() for v in lengths]
    assert [r.printed_length for r in got] == want
    assert [r.accept_length for r in got] == want


@settings(max_examples=examples(15), deadline=None)
@given(
    lengths=st.lists(st.integers(120, 400), min_size=2, max_size=5),
    case=st.sampled_from(("no legend", "golden unmeasured", "golden simulated")),
)
def test_no_legend_or_a_goal_gives_no_record(read: Read, lengths: list[int], case: str) -> None:
    notes = {
        "no legend": _MEASURED,
        "golden unmeasured": ["Acceptance length values of the speculative decoding draft."],
        "golden simulated": [_MEASURED[0], "Values forced through a simulated acceptance."],
    }[case]
    text = _map({"chat": lengths}, "golden AL", notes, legend=case != "no legend")
    assert [r.accept_length for r in read(text).records if r.accept_length is not None] == []


def test_a_sum_formula_over_a_verify_count_counts_the_bonus(read: Read) -> None:
    text = (
        "# Acceptance length of a speculative decoding run, measured once.\n"
        "# AL = 1 + sum(num_correct_drafts) / sum(verify_ct)\n"
        "# key = num_speculative_tokens; value = AL\n"
        "tiny-model:\n  chat:\n    6: 3.12\n"
    )
    got = read(text).records
    assert [(r.printed_length, r.accept_length) for r in got] == [(3.12, 3.12)]
    assert defined.formulas("1 + sum(correct) / sum(spec_verify_ct) accept") != []
    assert defined.formulas("1 + sum(incorrect) / sum(verify_ct) accept") == []
    assert defined.formulas("1 + sum(accepted) / sum(drafted) accept") == []
