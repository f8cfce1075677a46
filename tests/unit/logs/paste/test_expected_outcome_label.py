"""A key-value line labelled as an expectation naming what is expected (`Expected gain:`,
`Projected improvement -`, `预期收益：`) foretells a change's outcome: its figures are no run's
(interpret._GOAL_LINE). A label of a measurement (`Result:`, `Measured gain:`) or an expectation
set beside a measurement (`Expected vs measured:`) is read as before."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_LABEL = st.sampled_from(
    [
        "Expected gain",
        "Expected gains",
        "Projected improvement",
        "Predicted outcome",
        "Anticipated uplift",
        "expected impact",
        "预期收益",
        "预计提升",
        "期望效果",
    ]
)
_MARK = st.sampled_from([("**", "**"), ("", ""), ("`", "`"), ("_", "_")])
_SEP = st.sampled_from([":", "：", " —", " -"])
_KEY = st.sampled_from(["accept_len", "accept length", "mean acceptance length"])
_ARROW = st.sampled_from(["→", "->", "to"])


@given(
    label=_LABEL,
    mark=_MARK,
    sep=_SEP,
    key=_KEY,
    arrow=_ARROW,
    a=st.integers(150, 390),
    b=st.integers(150, 390),
    bullet=st.sampled_from(["", "- ", "* "]),
)
def test_an_expected_outcome_is_no_record(
    read: Read,
    label: str,
    mark: tuple[str, str],
    sep: str,
    key: str,
    arrow: str,
    a: int,
    b: int,
    bullet: str,
) -> None:
    text = (
        "## Tuning plan\n\n"
        f"{bullet}{mark[0]}{label}{mark[1]}{sep} {key} from {a / 100:.1f} {arrow} "
        f"{b / 100 + 0.5:.1f}+, decode throughput up 10-20%.\n"
    )
    assert read(text).records == ()


@given(
    label=st.sampled_from(["Result", "Measured gain", "Observed", "After the change"]),
    key=_KEY,
    a=st.integers(150, 390),
    b=st.integers(150, 390),
)
def test_a_measured_label_is_read(read: Read, label: str, key: str, a: int, b: int) -> None:
    text = f"## Tuning\n\n**{label}**: {key} from {a / 100:.2f} → {b / 100:.2f}\n"
    got = [r.printed_length for r in read(text).records]
    assert got == [round(a / 100, 2), round(b / 100, 2)]


def test_expected_beside_measured_is_read(read: Read) -> None:
    # (the label names a comparison, not an expectation alone: the values are read)
    text = "**Expected vs measured**: accept_len 2.7 vs 3.1\n"
    assert [r.printed_length for r in read(text).records] == [2.7, 3.1]
