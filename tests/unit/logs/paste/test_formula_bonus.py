"""A paste's own formula for its lengths: the accepted tokens plus the steps over the same steps
('(sum(accepted) + n_steps) / n_steps', '1 + accepted / steps') counts the target's own token
a step, the bonus; a quotient without the steps added, or over another count, decides nothing.
Also: full-width punctuation ('accept length：2.1') reads as its ASCII form, and many prose
lines naming the figure do not hide the lines below them from the structure readers."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import defined
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_ACCEPTED = ("accepted", "n_accepted", "sum(accepted_per_step)", "total_accept_count")
_STEPS = ("steps", "num_steps", "n_rounds", "forward_count", "verify_steps")


def _formula(shape: int, accepted: str, steps: str) -> str:
    return (
        f"({accepted} + {steps}) / {steps}",
        f"({steps} + {accepted}) / {steps}",
        f"1 + {accepted} / {steps}",
    )[shape]


def _paste(formula: str, hundredths: list[int], colon: str) -> str:
    prose = "\n".join(
        f"Note {i}: the accept length moved after the change to the draft head." for i in range(7)
    )
    rows = "\n".join(
        f"setting-{i}{colon} accept length{colon}{v / 100:.2f}" for i, v in enumerate(hundredths)
    )
    return (
        f"# Draft model accept length\n\n{prose}\n\n{rows}\n\n"
        f"How we compute the accept length:\n\n```python\nprint({formula})\n```\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    shape=st.integers(0, 2),
    accepted=st.sampled_from(_ACCEPTED),
    steps=st.sampled_from(_STEPS),
    hundredths=st.lists(st.integers(110, 450), min_size=1, max_size=4),
    colon=st.sampled_from((":", "：")),
)
def test_a_formula_adding_the_steps_counts_the_bonus(
    read: Read, shape: int, accepted: str, steps: str, hundredths: list[int], colon: str
) -> None:
    got = read(_paste(_formula(shape, accepted, steps), hundredths, colon)).records
    assert [r.printed_length for r in got] == [v / 100 for v in hundredths]
    assert [r.accept_length for r in got] == [v / 100 for v in hundredths]
    assert all(r.bonus.value == "included" for r in got)


@settings(max_examples=examples(30), deadline=None)
@given(
    formula=st.sampled_from(
        (
            "accepted / steps",  # the quotient alone: the accepted may count the bonus or not
            "(accepted + 1) / (drafted + 1)",  # over another count
            "(accepted + steps) / steps * 100",  # more arithmetic after it
            "(emitted + steps) / steps",  # no accepted tokens
            "1 + accepted / drafted",  # over the drafts: a rate
            "(accepted + steps) / total_steps",  # two different counts
        )
    ),
    hundredths=st.lists(st.integers(110, 450), min_size=1, max_size=4),
)
def test_other_formulas_decide_nothing(read: Read, formula: str, hundredths: list[int]) -> None:
    assert defined.formulas(formula) == []
    got = read(_paste(formula, hundredths, ":")).records
    assert [r.printed_length for r in got] == [v / 100 for v in hundredths]
    assert all(r.accept_length is None for r in got)


def test_full_width_punctuation_reads_as_ascii(read: Read) -> None:
    text = "speculative decoding run\nmode＝greedy，accept length＝2.31，acceptance rate＝44.5％\n"
    got = read(text).records
    assert [(r.printed_length, r.printed_rate) for r in got] == [(2.31, 0.445)]
