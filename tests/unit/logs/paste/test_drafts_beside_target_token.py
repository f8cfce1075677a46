"""A configuration stating its draft tokens a step beside the target's own token, counted apart
('5 draft tokens plus 1 target token', '5 draft tokens (6 target tokens per request)'): k is
stated, so a run's length equal to 1 + k x its rate counts the bonus. 'N draft tokens' alone
(SGLang's num_draft_tokens counts the root as one of them), or a bracket whose count is not
N + 1, states no k."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SAID = [
    "{k} draft tokens plus 1 target token",
    "{k} draft tokens, plus one bonus token",
    "{k} draft tokens + 1 verification token",
    "{k} draft tokens ({w} target tokens per request)",
    "{k} draft tokens ({w} target-query tokens/request)",
    "{k} draft tokens ({w} verified tokens per step)",
]


def _paste(config: str, rate: int, length: str) -> str:
    return (
        "### Serving check\n\n"
        f"Setup: two nodes, tensor parallel 8, {config}, greedy sampling.\n\n"
        "| Input | TPOT (ms) | Draft acceptance rate | Mean accepted length |\n"
        "|---:|---:|---:|---:|\n"
        f"| 4K | 21.40 | {rate / 100:.2f}% | {length} |\n"
    )


@settings(max_examples=examples(40), deadline=None)
@given(
    k=st.integers(min_value=2, max_value=7),
    rate=st.integers(min_value=3000, max_value=9500),  # hundredths of a percent
    said=st.sampled_from(_SAID),
)
def test_k_beside_the_target_token_decides_the_bonus(
    read: Read, k: int, rate: int, said: str
) -> None:
    length = f"{1 + k * rate / 10000:.3f}"
    (r,) = read(_paste(said.format(k=k, w=k + 1), rate, length)).records
    assert r.printed_length == float(length)
    assert r.accept_length == float(length)
    assert f"k = {k}" in r.bonus.rule


@settings(max_examples=examples(30), deadline=None)
@given(
    k=st.integers(min_value=2, max_value=7),
    rate=st.integers(min_value=3000, max_value=9500),
    said=st.sampled_from(
        [
            "{k} draft tokens",  # (alone: perhaps the root counted among them)
            "{k} draft tokens ({w2} target tokens per request)",  # (not k + 1)
            "{k} draft tokens plus 2 target tokens",
            "up to {k} draft tokens",
            "up to {k} draft tokens plus 1 target token",  # (a maximum)
        ]
    ),
)
def test_no_k_without_the_target_token_counted_apart(
    read: Read, k: int, rate: int, said: str
) -> None:
    length = f"{1 + k * rate / 10000:.3f}"
    (r,) = read(_paste(said.format(k=k, w2=k + 2), rate, length)).records
    assert r.printed_length == float(length)
    assert r.accept_length is None
