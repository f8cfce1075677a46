"""A per-step figure beside a per-draft rate, with the draft tokens per step the block's
heading (or the paste) states: k x rate is the accepted drafts per step, 1 + k x rate the
tokens per step; the arithmetic decides before the figure's name. A figure whose name counts
every token of a step that comes out at k x rate fits two definitions (accepted drafts a step,
or a rate defined as tokens a step / k): its convention is unknown, no normalised length."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples


@settings(max_examples=examples(50), deadline=None)
@given(
    k=st.integers(2, 8),
    tenths=st.integers(500, 990),
    with_bonus=st.booleans(),
    name=st.sampled_from(["tokens per round", "每轮 tokens", "tokens/step", "accept length"]),
)
def test_k_times_rate_decides_the_per_step_figure(
    k: int, tenths: int, with_bonus: bool, name: str
) -> None:
    rate = tenths / 1000
    printed = round(k * rate + (1 if with_bonus else 0), 2)
    text = (
        f"### chain K={k}\n\n"
        f"run: 88.4 t/s\n"
        f"acceptance rate: {tenths / 10:.1f}%, {name}: {printed:.2f}\n"
    )
    got = read_paste(text).records
    assert len(got) == 1
    r = got[0]
    assert r.printed_length == printed
    if not with_bonus and name != "accept length":
        # tokens a step named, k x rate printed: two definitions fit, neither is claimed
        assert r.accept_length is None and r.bonus.value == "unknown"
        assert r.bonus.rule.startswith("two readings fit")
        return
    want = printed if with_bonus else round(printed + 1, 6)
    assert r.accept_length is not None and abs(r.accept_length - want) < 1e-6
    assert r.bonus.rule.startswith("identity:") or (with_bonus and r.bonus.rule.startswith("name:"))


def test_tokens_per_round_at_k_times_rate_claims_no_convention() -> None:
    # 6 x 0.715 = 4.29: accepted drafts a round (5.29 with the target's token) or a rate
    # defined as tokens a round / 6 (4.29): nothing in the paste tells which
    text = "#### chain K=6\n\n    接受率: 71.5%, 每轮 tokens: 4.29\n"
    got = read_paste(text).records
    assert [(r.printed_length, r.accept_length, r.bonus.value) for r in got] == [
        (4.29, None, "unknown")
    ]
    assert "tokens a step / k" in got[0].bonus.rule


def test_tokens_per_iteration_one_above_k_times_rate_keeps_its_name() -> None:
    # 1 + 4 x 0.8 = 4.20: name and identity agree, bonus included
    text = "### chain K=4\n\nacceptance rate: 80.0%, tokens per iteration: 4.20\n"
    got = read_paste(text).records
    assert [(r.accept_length, r.bonus.value) for r in got] == [(4.2, "included")]


def test_accept_length_name_at_k_times_rate_is_still_decided() -> None:
    # an accept-length name says nothing of the bonus: 5 x 0.64 = 3.20 leaves it out
    text = "### chain K=5\n\nacceptance rate: 64.0%, mean accept length: 3.20\n"
    got = read_paste(text).records
    assert [(r.accept_length, r.bonus.value) for r in got] == [(4.2, "excluded")]


def test_negative_control_without_a_stated_k_the_name_alone_stands() -> None:
    got = read_paste("chain drafts\nacceptance rate: 70.0%, tokens per round: 3.50\n").records
    assert [r.accept_length for r in got] == [3.5]  # the name: tokens per round, bonus included


def test_negative_control_a_ratio_per_output_token_is_not_used() -> None:
    # accept ratio 0.5 of output tokens at 2 tokens a step: 4 x 0.5 = 2 by chance
    text = "#### MTP K=4\n\naccept ratio: 0.500, tokens per step: 2.00\n"
    got = read_paste(text).records
    assert all(r.accept_length in (None, 2.0) for r in got)


def test_negative_control_a_figure_that_fits_neither_decides_nothing() -> None:
    # 5 x 0.7 = 3.50: 4.00 is neither 3.50 nor 4.50
    text = "### chain K=5\n\nacceptance rate: 70.0%, accept length: 4.00\n"
    got = read_paste(text).records
    assert [r.accept_length for r in got] == [None]


def _rows_table(ks: list[int], rates: list[int], extra: str = "") -> tuple[str, list[float]]:
    """A table of chain runs, the k in each row's label, tokens a round printed at k x rate."""
    printed = [round(k * r / 10000, 1) for k, r in zip(ks, rates, strict=True)]
    rows = "".join(
        f"| Chain K={k} | {r / 100:.2f}% | {p:.1f} | |\n"
        for k, r, p in zip(ks, rates, printed, strict=True)
    )
    table = "| run | acceptance rate | Tokens/Round | note |\n|---|---|---|---|\n" + extra + rows
    return table, printed


@settings(max_examples=examples(40), deadline=None)
@given(
    ks=st.lists(st.integers(3, 9), min_size=2, max_size=4, unique=True),
    data=st.data(),
)
def test_the_rows_own_k_at_k_times_rate_claims_no_convention(
    ks: list[int], data: st.DataObject
) -> None:
    # no k for the paste, one in each row's label: tokens a round at k x rate fit two readings
    rates = [data.draw(st.integers(5000, 9500)) for _ in ks]
    table, printed = _rows_table(ks, rates)
    got = read_paste("Chain drafting, depth sweep.\n\n" + table).records
    assert [r.printed_length for r in got] == printed
    assert all(r.accept_length is None and r.bonus.value == "unknown" for r in got)
    assert all("in the row's label" in r.bonus.rule for r in got)


@settings(max_examples=examples(40), deadline=None)
@given(
    ks=st.lists(st.integers(3, 9), min_size=2, max_size=4, unique=True),
    data=st.data(),
    definition=st.sampled_from(
        [
            "The acceptance rate is `accepted_depth / max_depth` per round.",
            "接受率定义为 `accepted_len / max_len`。",
            "acceptance rate = accepted drafts / drafted tokens",
        ]
    ),
)
def test_a_rate_of_accepted_drafts_and_a_figure_said_accepted_leave_the_bonus_out(
    ks: list[int], data: st.DataObject, definition: str
) -> None:
    rates = [data.draw(st.integers(5000, 9500)) for _ in ks]
    # a tree row of no k whose note says what a round accepts
    tree = "| Tree (D=6, W=2) | 71.20% | 5.3 | accepts 5.3 a round on average |\n"
    table, printed = _rows_table(ks, rates, tree)
    got = read_paste(f"{definition}\n\n{table}").records
    assert [r.printed_length for r in got] == [5.3, *printed]
    assert [r.accept_length for r in got] == [round(p + 1, 6) for p in [5.3, *printed]]
    assert all(r.bonus.value == "excluded" for r in got)


@pytest.mark.parametrize(
    ("definition", "tree"),
    [
        # the rate defined as accepted over the most, but no figure said accepted
        (
            "The acceptance rate is `accepted_depth / max_depth`.",
            "| Tree (D=6, W=2) | 71.20% | 5.3 | |\n",
        ),
        # a figure said accepted, but no definition of the rate
        (
            "Chain drafting, depth sweep.",
            "| Tree (D=6, W=2) | 71.20% | 5.3 | accepts 5.3 a round |\n",
        ),
        # the rate defined over the tree's nodes, not a most a round
        (
            "The acceptance rate is `accepted_nodes / total_nodes`.",
            "| Tree (D=6, W=2) | 71.20% | 5.3 | accepts 5.3 a round |\n",
        ),
    ],
)
def test_near_misses_of_the_accepted_reading_claim_nothing_new(definition: str, tree: str) -> None:
    table, printed = _rows_table([5, 7], [7200, 6100], tree)
    got = read_paste(f"{definition}\n\n{table}").records
    assert [r.printed_length for r in got] == [5.3, *printed]
    # the chain rows: two readings; the tree row: its name (tokens a round, bonus included)
    assert [r.accept_length for r in got] == [5.3, None, None]
