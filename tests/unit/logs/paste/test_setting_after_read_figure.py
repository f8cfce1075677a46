"""A setting named after a figure in the same clause (`hit 64% acceptance with the old
`n_max=5` default`) labels that figure, not the figure of the sentence before, even where the
figure was read before the setting's own pair (a share read by its noun, `64% acceptance`).
A setting opening its clause before the figure (`with k=4, 61.0% acceptance`) labels it as
before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(40), deadline=None)
@given(
    first=st.integers(500, 950),
    second=st.integers(200, 490),
    name=st.sampled_from(["n_max", "k", "draft-max"]),
    depth=st.integers(2, 8),
    quote=st.sampled_from(["", "`"]),
)
def test_a_setting_after_its_figure_labels_it(
    read: Read, first: int, second: int, name: str, depth: int, quote: str
) -> None:
    text = (
        f"Speculative decoding notes. The new build gets {first / 10:.1f}% draft acceptance. "
        f"The old build hit {second / 10:.1f}% acceptance with the old "
        f"{quote}{name}={depth}{quote} default.\n"
    )
    recs = read(text).records
    assert [r.printed_rate for r in recs] == pytest.approx([first / 1000, second / 1000])
    assert recs[0].labels == ()
    assert [v.strip("`") for _, v in recs[1].labels] == [str(depth)]


def test_a_setting_before_its_figure(read: Read) -> None:
    text = "Speculative decoding notes. With k=4, the build gets 61.0% draft acceptance.\n"
    recs = read(text).records
    assert [r.printed_rate for r in recs] == [0.61]
    assert [v for _, v in recs[0].labels] == ["4"]
