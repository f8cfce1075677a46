"""A training's or a validation's printout in one bracket, a loss beside an acceptance figure
('the held-out pass looked sane (loss 0.87, accept length 1.42)'): the trainer's estimate of
the draft, no run (reader._ILLUSTRATIVE). An acceptance figure outside the bracket, a bracket
with no loss, or no word of training or validation before it reads as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LEAD = "Draft head for the 8B target, EAGLE-style.\n\n"


@settings(max_examples=examples(60), deadline=None)
@given(
    word=st.sampled_from(["validation", "val", "eval", "evaluation", "training", "calibration"]),
    verb=st.sampled_from(["pass looked sane", "check finished", "step ran cleanly"]),
    loss=st.integers(10, 999),
    name=st.sampled_from(["accept length", "acceptance length", "accepted length", "acc rate"]),
    value=st.integers(101, 399),
    first=st.booleans(),
)
def test_a_trainers_bracket_is_no_record(
    read: Read, word: str, verb: str, loss: int, name: str, value: int, first: bool
) -> None:
    items = [f"loss {loss / 100:.2f}", f"{name} {value / 100:.2f}", "recall@8 0.41"]
    if first:
        items = items[1:2] + items[:1] + items[2:]
    text = f"{_LEAD}The {word} {verb} ({', '.join(items)}).\n"
    assert read(text).records == ()


def test_a_figure_outside_the_bracket_stays() -> None:
    text = f"{_LEAD}After training (loss 0.87) the served accept length was 2.61 on chat.\n"
    (r,) = read_paste(text).records
    assert r.printed_length == 2.61


def test_a_bracket_with_no_loss_stays() -> None:
    text = f"{_LEAD}The validation pass looked sane (accept length 1.42, recall@8 0.41).\n"
    (r,) = read_paste(text).records
    assert r.printed_length == 1.42


def test_no_word_of_training_stays() -> None:
    text = f"{_LEAD}The served run looked sane (loss 0.87, accept length 1.42).\n"
    (r,) = read_paste(text).records
    assert r.printed_length == 1.42
