"""Figures tied to configuration labels marked as names, bold or code, without a bullet
('**H100, k=3**: 2.7', '`4x B200` = 2.41'), under prose naming the one figure they are."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

_LABELS = st.lists(
    st.sampled_from(["H100", "A100", "4x B200", "MI300X", "L40S", "8xH20", "TPU v5e"]),
    min_size=2,
    max_size=4,
    unique=True,
)
_MARKS = ["**{}**", "`{}`", "__{}__"]
_SEPS = [": ", " = ", " → ", " -> ", ":"]


@settings(max_examples=examples(60), deadline=None)
@given(
    _LABELS,
    st.sampled_from(_MARKS),
    st.sampled_from(_SEPS),
    st.sampled_from(
        [
            "Acceptance length on MT-bench after the fix:",
            "Mean accept length per GPU",
            "## AL by hardware",
        ]
    ),
    st.integers(min_value=1, max_value=5),
    st.data(),
)
def test_lengths_after_marked_labels(
    labels: list[str], mark: str, sep: str, heading: str, k: int, data: st.DataObject
) -> None:
    vals = [data.draw(st.integers(min_value=101, max_value=100 * (k + 1))) / 100 for _ in labels]
    lines = [
        f"{mark.format(f'{lab}, k={k}')}{sep}{v:.2f}" for lab, v in zip(labels, vals, strict=True)
    ]
    text = heading + "\n\n" + "\n".join(lines) + "\n"
    got = read_paste(text).records
    assert [r.printed_length for r in got] == vals
    for r, v in zip(got, vals, strict=True):
        # above k a length counts the target's own token; at or below it nothing tells
        assert r.accept_length == (v if v > k + 0.005 else None)


@settings(max_examples=examples(30), deadline=None)
@given(_LABELS, st.sampled_from(_MARKS), st.sampled_from(_SEPS), st.data())
def test_marked_labels_under_another_measure_are_not_read(
    labels: list[str], mark: str, sep: str, data: st.DataObject
) -> None:
    vals = [data.draw(st.integers(min_value=101, max_value=500)) / 100 for _ in labels]
    lines = [f"{mark.format(lab)}{sep}{v:.2f}" for lab, v in zip(labels, vals, strict=True)]
    for heading in ("Speedup over the target alone:", "Throughput (x baseline) with EAGLE-3"):
        assert read_paste(heading + "\n\n" + "\n".join(lines) + "\n").records == ()


@settings(max_examples=examples(30), deadline=None)
@given(st.sampled_from(_MARKS), st.sampled_from(_SEPS))
def test_marked_settings_are_not_figures(mark: str, sep: str) -> None:
    """'**temperature**: 0.7', '`steps` = 3' under a sentence about the accept length: settings."""
    text = (
        "The accept length fell after the upgrade; the settings were:\n\n"
        f"{mark.format('temperature')}{sep}0.70\n{mark.format('steps')}{sep}3\n"
    )
    assert read_paste(text).records == ()
