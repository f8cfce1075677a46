"""A length's symbol the paste says reaches the draft count plus one (`every draft accepted
gives τ = k+1`, `AL_max = γ + 1`, `1 ≤ τ ≤ K+1`): the figures printed under that symbol count
the target's own token, the bonus (ceiling.py). Near misses: the bound in a larger expression,
another symbol's bound, a bound of another size, no bound at all."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from specdiag.core.logs.paste import ceiling
from tests.unit.logs.paste.pipeline import Read

_K = st.sampled_from(["γ", "k", "K", "gamma", "num_speculative_tokens", "n_draft"])
_SPACE = st.sampled_from(["", " "])


def _bound(shape: int, sym: str, k: str, sp: str) -> str:
    return (
        f"with every draft accepted ({sym} = {k}{sp}+{sp}1)",
        f"the ceiling is {sym}_max = {k}{sp}+{sp}1",
        f"so 1 ≤ {sym} ≤ {k}{sp}+{sp}1 always",
        f"and {sym} ∈ [1, {k}{sp}+{sp}1] by construction",
    )[shape]


@given(
    shape=st.integers(0, 3),
    sym=st.sampled_from(["τ", "tau"]),
    k=_K,
    sp=_SPACE,
    hundredths=st.integers(105, 480),
    after=st.booleans(),
)
def test_symbol_reaching_k_plus_one_counts_the_bonus(
    read: Read, shape: int, sym: str, k: str, sp: str, hundredths: int, after: bool
) -> None:
    v = hundredths / 100
    measured = f"- Our MTP drafter measured τ={v:.2f} on the long prompts.\n"
    bound = f"- Note the scale: {_bound(shape, sym, k, sp)}.\n"
    text = bound + measured if after else measured + bound
    got = read(text).records
    assert [r.printed_length for r in got] == [pytest.approx(v)]
    assert got[0].accept_length == pytest.approx(v)
    assert got[0].bonus.value == "included"


def test_spelled_name_bound(read: Read) -> None:
    text = (
        "Acceptance length = k + 1 would mean every draft token kept.\n"
        "Measured with the small head: acceptance length 2.64 at k = 4.\n"
    )
    got = read(text).records
    assert [r.accept_length for r in got] == [pytest.approx(2.64)]


@pytest.mark.parametrize(
    "bound",
    [
        # a term of a larger expression: no bound stated
        "the expected τ = (1 - α^(γ+1)) / (1 - α) for i.i.d. acceptance",
        "here 1 - τ = γ+1 has no meaning",
        # a bound of another size
        "perfect prediction gives τ = γ + 1.5 in this toy",
        # another symbol's bound
        "perfect prediction gives AL = k + 1",
        # no bound, the symbols only set side by side
        "τ and γ+1 are printed in the log",
        # the bound multiplied on
        "the cost is τ = γ + 1 * c per step",
    ],
)
def test_no_bound_decides_nothing(read: Read, bound: str) -> None:
    text = f"Our MTP drafter measured τ=1.62 on the long prompts; {bound}.\n"
    got = read(text).records
    assert [r.printed_length for r in got] == [pytest.approx(1.62)]
    assert got[0].accept_length is None


def test_a_rate_is_not_decided(read: Read) -> None:
    text = "Draft acceptance rate 0.61 with MTP. Perfect prediction would be τ = γ+1.\n"
    got = read(text).records
    assert [r.printed_rate for r in got] == [pytest.approx(0.61)]
    assert all(r.accept_length is None for r in got)


@pytest.mark.parametrize(
    ("text", "want"),
    [
        ("at best τ = γ+1", {"τ"}),
        ("max AL = k + 1", {"al"}),
        ("accept_len <= n_draft + 1", {"length"}),
        ("et al = k + 1", set()),
        ("τ = γ+1.0", set()),
        ("στ = γ+1", set()),
    ],
)
def test_bounded_families(text: str, want: set[str]) -> None:
    assert set(ceiling.bounded(text)) == want
