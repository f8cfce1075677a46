"""One run's list of key-value lines printing its verify steps and accepted drafts, a per-step
figure those counts prove (1 + accepted / steps), then a second per-step figure under another
name that they do not ('emitted tokens per step', counted after a stop token cut a step short):
the same run's other measure, one record whose length is the proven one, the other a note
(interpret._counted_other). The same name printed again, or a second figure with no counts
proving the first, reads as before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_FIRST = ["mean acceptance length including target", "tokens per step", "mean tokens per step"]
_SECOND = ["emitted tokens per step", "output tokens per step", "decoded tokens per step"]


@settings(max_examples=examples(30), deadline=None)
@given(
    steps=st.integers(200, 900),
    per=st.integers(120, 280),
    gap=st.integers(2, 9),
    first=st.sampled_from(_FIRST),
    second=st.sampled_from(_SECOND),
)
def test_the_second_per_step_figure_is_the_runs(
    read: Read, steps: int, per: int, gap: int, first: str, second: str
) -> None:
    acc = steps * per // 100
    length = 1 + acc / steps
    other = length - gap / 100
    text = (
        "Trace summary:\n\n"
        f"- verify steps: `{steps}`\n- accepted draft tokens: `{acc}`\n"
        f"- {first}: `{length:.6f}`\n- {second}: `{other:.6f}`\n"
    )
    got = read(text).records
    assert [r.accept_length for r in got] == [pytest.approx(length, abs=1e-6)]


def test_the_same_name_again_is_the_next_run(read: Read) -> None:
    text = (
        "Trace summary:\n\n- verify steps: `400`\n- accepted draft tokens: `600`\n"
        "- tokens per step: `2.500000`\n- tokens per step: `2.310000`\n"
    )
    got = read(text).records
    assert [r.printed_length for r in got] == pytest.approx([2.5, 2.31])
