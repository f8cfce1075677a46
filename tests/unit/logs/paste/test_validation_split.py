"""A figure named as one of a training's validation split ('val acceptance', 'validation accept
length', 'val_acc_len', cells.validation): the draft's estimate on held-out training data, no
run's measurement, so no record, in prose, a key-value line or a table's header. The same name
without the split's word, or a validation word that names something else before the figure
('the val prompts ..., and the acceptance rate was ...'), is read as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import cells
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read, line_scanner_lengths, read_paste

_INTRO = "Notes on the second draft head for a small chat model.\n\n"
_SPLIT = ["val", "Val", "validation", "val-set", "validation split", "val_"]
_NAMES = [("acceptance", False), ("accept length", True), ("mean acceptance length", True)]


def _name(split: str, figure: str) -> str:
    return f"{split}{figure.replace(' ', '_')}" if split.endswith("_") else f"{split} {figure}"


@settings(max_examples=examples(60), deadline=None)
@given(
    split=st.sampled_from(_SPLIT),
    name=st.sampled_from(_NAMES),
    shape=st.sampled_from(["prose", "key", "table"]),
    v=st.integers(21, 79),
    keep=st.booleans(),
)
def test_a_validation_split_figure_is_no_record(
    read: Read, split: str, name: tuple[str, bool], shape: str, v: int, keep: bool
) -> None:
    figure, length = name
    value = f"{1 + v / 40:.2f}" if length else f"0.{v}"
    # with keep, the same text without the split's word: read as before
    said = figure if keep else _name(split, figure)
    text = {
        "prose": f"The first head reached {said} {value} after three epochs on the mix.\n",
        "key": f"- {said}: {value}\n",
        "table": f"| head | {said} |\n|---|---|\n| first | {value} |\n",
    }[shape]
    got = read(_INTRO + text).records
    if keep:
        # (a key-value line of a length may be the line scanner's own layout, not the readers')
        said_values = [r.printed_length if length else r.printed_rate for r in got]
        if read is not read_paste:
            said_values += [x for x in line_scanner_lengths(_INTRO + text) if x is not None]
        assert said_values == [float(value)]
    else:
        assert got == () and line_scanner_lengths(_INTRO + text) == []
        assert cells.key(_name(split, figure)).metric is None


def test_a_validation_word_before_another_noun_names_no_split(read: Read) -> None:
    for text in (
        "We served the val prompts too, and the acceptance rate was 0.61 on them.\n",
        "The acceptance rate was 0.61 on the val prompts we served.\n",
    ):
        assert [r.printed_rate for r in read(_INTRO + text).records] == [0.61]


def test_the_split_word_only_before_the_name() -> None:
    # an interval, an evaluation or a figure named before 'val' is no validation split
    for name in ("interval acceptance", "eval acceptance", "accept length"):
        assert cells.key(name).metric is not None
    assert not cells.validation("accuracy on val")
