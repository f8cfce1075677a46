"""A column named a rate ('Acceptance Rate') over numbers only a length can be, one of them
above its row's draft tokens per step (a row label opening on its MTP depth, 'MTP 2',
'MTP3_greedy', or 'k=2'): tokens per step, the target's own token counted; every row of the
column follows it, and the row without drafts printing 1.00 there is no record."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(40), deadline=None)
@given(
    name=st.sampled_from(["Acceptance Rate", "accept rate", "Draft acceptance rate"]),
    base=st.sampled_from(["Without MTP", "no spec", "baseline"]),
    glue=st.sampled_from(["MTP {k}", "MTP{k}_greedy", "MTP-{k}"]),
    steps=st.lists(st.integers(20, 95), min_size=2, max_size=4),
)
def test_a_rate_named_column_of_tokens_per_step_is_read_as_lengths(
    name: str, base: str, glue: str, steps: list[int]
) -> None:
    # depth k emits 1 + k x (a share of a draft): MTP 1 prints above 1, proving the bonus
    rows = [[base, "1.00", "100"]]
    lengths = []
    for k, share in enumerate(steps, start=1):
        length = round(1 + k * share / 100, 2)
        lengths.append(length)
        rows.append([glue.format(k=k), f"{length:.2f}", str(150 + 20 * k)])
    got = read_paste(pipe_table(["Setup", name, "tok/s"], rows)).records
    assert [r.printed_length for r in got] == lengths
    assert [r.accept_length for r in got] == lengths


def test_every_row_follows_the_one_above_its_depth(read: Read) -> None:
    text = pipe_table(
        ["Variant", "Acceptance Rate", "Speedup"],
        [["MTP3 strict", "2.74", "1.00"], ["MTP3 relaxed", "3.12", "1.07"]],
    )
    got = read(text).records
    assert [r.accept_length for r in got] == [2.74, 3.12]


def test_negative_control_no_row_above_its_depth_decides_nothing() -> None:
    # 2.41 at depth 3 fits either count: the convention stays undecided
    text = pipe_table(["Variant", "Acceptance Rate"], [["MTP 3", "2.41"], ["MTP 4", "2.77"]])
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [2.41, 2.77]
    assert [r.accept_length for r in got] == [None, None]


def test_negative_control_a_rate_column_of_shares_stays_rates() -> None:
    text = pipe_table(
        ["Setup", "Acceptance Rate"],
        [["Without MTP", "1.00"], ["MTP 1", "0.81"], ["MTP 2", "0.74"]],
    )
    got = read_paste(text).records
    assert [r.printed_rate for r in got if r.printed_rate is not None][-2:] == [0.81, 0.74]
    assert all(r.printed_length is None for r in got)


def test_negative_control_an_mtp_word_later_in_the_label_is_no_depth() -> None:
    # 'ours vs MTP 1' names another run: the row's own depth is unsaid
    text = pipe_table(
        ["Setup", "Acceptance Rate"], [["ours vs MTP 1", "1.62"], ["ours vs MTP 2", "1.93"]]
    )
    got = read_paste(text).records
    assert [r.accept_length for r in got] == [None, None]
