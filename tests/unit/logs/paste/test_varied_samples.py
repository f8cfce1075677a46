"""A sentence counting samples and their bare values right after a sentence opening on an
acceptance figure's variation ('Accept length varies with the prompt. Three seeds measured 2.4,
2.9 and 3.1.'): each value is that figure of its own sample, one record a value (varied.py).
A count other than the values', another measure opening the first sentence, a unit after the
values or no variation sentence before leave the line as it was."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import varied as VR
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_OPENERS = [
    "Acceptance varies by about a fifth between prompts of one length.",
    "Accept length differs from prompt to prompt even at a fixed context.",
    "Draft acceptance swings a lot across seeds.",
]
_WORDS = {2: "Two", 3: "Three", 4: "Four"}
_NOUNS = ["requests", "prompts", "seeds", "runs"]
_VERBS = ["measured", "gave", "got", "scored"]


def _joined(vals: list[str]) -> str:
    return ", ".join(vals[:-1]) + " and " + vals[-1]


@settings(max_examples=examples(50), deadline=None)
@given(
    opener=st.sampled_from(_OPENERS),
    vals=st.lists(st.integers(1200, 5400), min_size=2, max_size=4),
    digit=st.booleans(),
    noun=st.sampled_from(_NOUNS),
    verb=st.sampled_from(_VERBS),
    ticks=st.booleans(),
    where=st.sampled_from(["", " at 16k context", " of the same setup"]),
)
def test_each_value_is_a_sample_of_the_figure(
    read: Read,
    opener: str,
    vals: list[int],
    digit: bool,
    noun: str,
    verb: str,
    ticks: bool,
    where: str,
) -> None:
    q = "`" if ticks else ""
    shown = [f"{q}{v / 1000:.3f}{q}" for v in vals]
    count = str(len(vals)) if digit else _WORDS[len(vals)]
    text = f"{opener} {count} {noun}{where} {verb} {_joined(shown)}. We use five prompts now.\n"
    recs = read(text).records
    assert [r.printed_length for r in recs] == pytest.approx([v / 1000 for v in vals])
    assert all(r.accept_length is None for r in recs)


@pytest.mark.parametrize(
    "text",
    [
        # the count is not the values'
        "Acceptance varies between prompts. Three requests measured 3.1 and 2.7.",
        # another measure opens the first sentence
        "Latency varies between prompts. Two requests measured 3.1 and 2.7.",
        # a unit after the values: another measure's
        "Acceptance varies between prompts. Two requests measured 31 and 27 tok/s.",
        # no sentence of variation before
        "Acceptance was checked too. Two requests measured 3.1 and 2.7.",
        # the samples' sentence not right after the opening one
        "Acceptance varies between prompts. It is noisy. Two requests measured 3.1 and 2.7.",
    ],
)
def test_near_misses_are_not_rewritten(text: str) -> None:
    assert VR.rewrite(text) == text


def test_the_rewrite_names_each_value() -> None:
    got = VR.rewrite("Accept length varies with the seed. Two runs measured 2.41 and 2.87.")
    assert got.endswith("measured accept length 2.41 and accept length 2.87.")
