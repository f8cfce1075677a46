"""A later table's row naming the same run as an earlier table's row (its label without
bracketed asides: 'head-a (8B)' and 'head-a') and printing the same acceptance figure at the
same precision ('~4.39' both): an ablation or summary restating that run, no second record.
A row of another name, another value or another precision stays its own record."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table


@settings(max_examples=examples(50), deadline=None)
@given(
    values=st.lists(st.integers(150, 590), min_size=2, max_size=4, unique=True),
    fresh=st.lists(st.integers(600, 700), min_size=1, max_size=3, unique=True),
    approx=st.sampled_from(["", "~"]),
    aside=st.sampled_from([" (8B)", " (full)", " [T=0]", ""]),
    restated=st.data(),
)
def test_a_row_restated_in_a_later_table_is_no_second_record(
    values: list[int],
    fresh: list[int],
    approx: str,
    aside: str,
    restated: st.DataObject,
) -> None:
    main = [[f"head-{i}{aside}", f"{approx}{v / 100:.2f}", "2.1"] for i, v in enumerate(values)]
    again = restated.draw(st.sets(st.sampled_from(range(len(values))), min_size=1))
    ablation = [[f"head-{i}", f"{approx}{values[i] / 100:.2f}", "2.1"] for i in sorted(again)]
    ablation += [[f"variant-{j}", f"{approx}{v / 100:.2f}", "—"] for j, v in enumerate(fresh)]
    text = (
        "### Main results\n\n"
        + pipe_table(["Method", "Avg. Accept Length", "Speed-up"], main)
        + "\n### Ablation\n\n"
        + pipe_table(["Variant", "Avg. Accept Length (8B, T=0)", "Speed-up"], ablation)
    )
    got = [r.printed_length for r in read_paste(text).records]
    assert got == [v / 100 for v in values] + [v / 100 for v in fresh]


def test_negative_control_another_value_name_or_precision_stays() -> None:
    main = pipe_table(["Method", "Accept length"], [["head-a", "3.10"], ["head-b", "2.80"]])
    later = pipe_table(
        ["Method", "Accept length"], [["head-a", "3.25"], ["head-c", "2.80"], ["head-b", "2.8"]]
    )
    got = [r.printed_length for r in read_paste(f"{main}\n\n{later}").records]
    assert got == [3.10, 2.80, 3.25, 2.80, 2.8]
