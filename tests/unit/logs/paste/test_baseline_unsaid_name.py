"""A length named 'accepted tokens per step' does not say whether the target's own token is
counted; beside the run without drafts printing exactly 1 in the same column (or row, for a
transposed table), it does: that run accepts no draft, so a figure leaving the target's token
out would print 0 there. The column's other values follow (one column, one way). Without such a
run, or where the 1 stands in a run that drafts, the convention stays unknown."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_NAMES = ["accepted tokens per step", "accepted tokens per pass", "accepted/step"]
_TITLE = "Speculative decoding on one prompt:\n"
_BASES = ["no spec", "baseline", "without MTP", "no draft", "vanilla"]


def _by_rows(name: str, base: str, lengths: list[float]) -> str:
    rows = [f"| {base} | 71 | 1.00 |"] + [
        f"| arm-{i} | {90 + 7 * i} | {v:.2f} |" for i, v in enumerate(lengths)
    ]
    return "\n".join([_TITLE, f"| setup | tok/s | {name} |", "|---|---|---|", *rows]) + "\n"


def _transposed(name: str, base: str, lengths: list[float]) -> str:
    head = "| | " + " | ".join([base] + [f"arm-{i}" for i in range(len(lengths))]) + " |"
    sep = "|---" * (len(lengths) + 2) + "|"
    speed = "| steps/s | 71 | " + " | ".join(str(60 - i) for i in range(len(lengths))) + " |"
    acc = f"| {name} | 1.00 | " + " | ".join(f"{v:.2f}" for v in lengths) + " |"
    return "\n".join([_TITLE, head, sep, speed, acc]) + "\n"


@settings(max_examples=examples(25), deadline=None)
@given(
    st.sampled_from(_NAMES),
    st.sampled_from(_BASES),
    st.lists(st.integers(130, 480), min_size=1, max_size=3),
    st.booleans(),
)
def test_baseline_one_decides_unsaid_name(
    read: Read, name: str, base: str, hundredths: list[int], flip: bool
) -> None:
    lengths = [h / 100 for h in hundredths]
    text = (_transposed if flip else _by_rows)(name, base, lengths)
    recs = read(text).records
    assert [r.printed_length for r in recs] == lengths, text
    assert [r.accept_length for r in recs] == lengths, text
    assert all(r.bonus.value == "included" for r in recs), text


@settings(max_examples=examples(20), deadline=None)
@given(
    st.sampled_from(_NAMES),
    st.lists(st.integers(130, 480), min_size=1, max_size=3),
    st.booleans(),
    st.sampled_from(["arm-x", "draft-z", "small head"]),
)
def test_no_baseline_stays_unknown(
    read: Read, name: str, hundredths: list[int], flip: bool, other: str
) -> None:
    # a run that drafts printing 1.00 proves nothing: it may have accepted one draft
    lengths = [h / 100 for h in hundredths]
    text = (_transposed if flip else _by_rows)(name, other, lengths)
    recs = read(text).records
    assert [r.printed_length for r in recs if r.printed_length != 1.0] == lengths, text
    assert all(r.accept_length is None for r in recs), text


def test_baseline_not_one_decides_nothing(read: Read) -> None:
    text = _by_rows("accepted tokens per step", "baseline", [2.4]).replace("1.00", "1.20")
    recs = read(text).records
    assert all(r.accept_length is None for r in recs if r.printed_length == 2.4)
