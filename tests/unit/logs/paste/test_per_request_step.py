"""Tokens per request per step ('tokens/row/round', 'tok/seq/step', 'tokens per request per
verify step'): a step's tokens for one sequence of the batch, which is what a length counts, read
as tokens per step (the target's own token counted); accepted drafts per request per step as
accepted per step. Tokens per request alone ('tokens/request', 'tokens/row') are a reply's
length: no acceptance figure."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_TOKENS = ["tokens/row/round", "tok/seq/step", "tokens per request per round", "tokens/req/cycle"]
_ACCEPTED = ["accepted drafts per request per round", "accepted draft tokens/seq/step"]


def _table(name: str, values: list[int], csv: bool) -> str:
    if csv:
        rows = "\n".join(
            f"b{2**i},{4 - i % 2},{100 + 9 * i}.4,{v / 100:.2f}" for i, v in enumerate(values)
        )
        return f"batch,k,tok/s,{name}\n{rows}\n"
    rows = "\n".join(
        f"| b{2**i} | {4 - i % 2} | {100 + 9 * i}.4 | {v / 100:.2f} |" for i, v in enumerate(values)
    )
    return f"| batch | k | tok/s | {name} |\n|---|---:|---:|---:|\n{rows}\n"


_VALUES = st.lists(st.integers(110, 390), min_size=1, max_size=5)


@settings(max_examples=examples(30), deadline=None)
@given(name=st.sampled_from(_TOKENS + _ACCEPTED), values=_VALUES, csv=st.booleans())
def test_tokens_per_request_per_step_is_a_step_figure(
    read: Read, name: str, values: list[int], csv: bool
) -> None:
    records = read("Batched speculative decoding:\n\n" + _table(name, values, csv)).records
    plus = 1.0 if name in _ACCEPTED else 0.0
    assert [r.accept_length for r in records] == [round(v / 100 + plus, 6) for v in values]


@settings(max_examples=examples(20), deadline=None)
@given(
    name=st.sampled_from(["tokens/request", "tokens/row", "tokens per request"]),
    values=_VALUES,
    csv=st.booleans(),
)
def test_tokens_per_request_alone_is_no_acceptance(
    read: Read, name: str, values: list[int], csv: bool
) -> None:
    records = read("Batched speculative decoding:\n\n" + _table(name, values, csv)).records
    assert all(r.printed_length is None and r.accept_length is None for r in records)
