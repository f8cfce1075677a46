"""A value its figure's name calls a gate or a claim (thresholds.py): `the 0.25 acceptance gate`,
`the advertised 85% acceptance claim` is the bar a run is set against, or another's figure,
never a run of the paste; so where the sentence wraps by hand right before the noun. A measured
figure beside it stays, and the verbs (`claims to`, `gates the`) are no such noun."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LEAD = "Notes from trying a small draft head with speculative decoding.\n\n"

_FORMS = [
    "The vendor's {v} acceptance {noun} does not hold on our prompts.",
    "We set the {v} acceptance rate {noun} aside for now.",
    "A {v} draft acceptance {noun} was quoted in the thread.",
]


@settings(max_examples=examples(40), deadline=None)
@given(
    form=st.sampled_from(_FORMS),
    noun=st.sampled_from(["claim", "gate", "claims", "gates", "Claim"]),
    pct=st.integers(15, 95),
    mark=st.sampled_from(["", "`", "**"]),
    wrap=st.booleans(),
    measured=st.integers(10, 60),
)
def test_a_value_named_a_gate_or_claim_is_no_run(
    read: Read, form: str, noun: str, pct: int, mark: str, wrap: bool, measured: int
) -> None:
    sentence = form.format(v=f"{mark}{pct}%{mark}", noun=noun)
    if wrap:
        # (wrapped by hand right before the noun)
        at = sentence.index(f" {noun}")
        sentence = sentence[:at] + "\n" + sentence[at + 1 :]
    text = _LEAD + sentence + f"\nOn my box the draft reached {measured}.5% acceptance.\n"
    got = [r.printed_rate for r in read(text).records]
    assert got == [(measured + 0.5) / 100], text


@settings(max_examples=examples(30), deadline=None)
@given(
    pct=st.integers(15, 95),
    form=st.sampled_from(
        [
            "We measured {v} acceptance; the {noun} to ship is separate.",
            "The draft reached {v} acceptance, which\n{noun}s the rollout of the next stage.",
            "The claim holds up: the run printed {v} acceptance.",
            "Gate passed: the run printed {v} acceptance.",
        ]
    ),
)
def test_a_run_beside_the_words_stays(read: Read, pct: int, form: str) -> None:
    # (the noun after a clause break or before the figure, or a verb wrapped onto the next
    # line: a run)
    text = _LEAD + form.format(v=f"{pct}%", noun="gate") + "\n"
    assert [r.printed_rate for r in read(text).records] == [pct / 100], text
