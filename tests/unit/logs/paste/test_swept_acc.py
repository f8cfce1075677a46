"""A configuration's 'acc' column of percentages in a table whose rows set the drafts a step
(swept_acc.py): the drafts' acceptance rate, a record per cell. Near misses: the same columns
beside a task column or a bare 'k' (an accuracy as often), and a header of no configuration."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.swept_acc import configured_acc
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SETTING = st.sampled_from(["n-max", "draft-max", "max_draft_len", "n_max"])
_CONFIGS = st.sampled_from([("old", "new"), ("upstream", "patched"), ("cuda", "rocm")])


@settings(max_examples=examples(30), deadline=None)
@given(
    setting=_SETTING,
    configs=_CONFIGS,
    depths=st.lists(st.integers(2, 6), min_size=1, max_size=3, unique=True),
    data=st.data(),
    speed_first=st.booleans(),
)
def test_configured_acc_beside_a_draft_setting(
    read: Read,
    setting: str,
    configs: tuple[str, str],
    depths: list[int],
    data: st.DataObject,
    speed_first: bool,
) -> None:
    a, b = configs
    rates = [data.draw(st.integers(300, 950)) for _ in range(2 * len(depths))]
    head = [f"{a} acc", f"{b} acc"]
    speed = [f"{a} tok/s", f"{b} tok/s"]
    cols = speed + head if speed_first else head + speed
    lines = ["Speculative decoding sweep:", "", "| " + " | ".join([setting, *cols]) + " |"]
    lines.append("|---" * (len(cols) + 1) + "|")
    for i, d in enumerate(depths):
        pct = [f"{rates[2 * i] / 10:.1f}%", f"{rates[2 * i + 1] / 10:.1f}%"]
        tps = [f"{20 + d}.5", f"{30 + d}.5"]
        cells = tps + pct if speed_first else pct + tps
        lines.append("| " + " | ".join([str(d), *cells]) + " |")
    text = "\n".join(lines) + "\n"
    recs = read(text).records
    assert [r.printed_rate for r in recs] == [pytest.approx(r / 1000) for r in rates], text
    # a maximum above one computes no length
    assert all(r.accept_length is None for r in recs), text


@pytest.mark.parametrize("first", ["task", "k", "dataset"])
def test_acc_beside_no_draft_setting_stays_unread(read: Read, first: str) -> None:
    text = (
        "Speculative decoding eval:\n\n"
        f"| {first} | base acc | tuned acc |\n|---|---|---|\n"
        "| 2 | 61.2% | 64.0% |\n| 4 | 55.1% | 58.3% |\n"
    )
    assert read(text).records == ()


def test_header_words() -> None:
    assert configured_acc("mainline acc", ["n max", "mainline acc"])
    assert not configured_acc("draft acc", ["n max", "draft acc"])  # read elsewhere
    assert not configured_acc("mainline accuracy", ["n max", "mainline accuracy"])
    assert not configured_acc("mainline acc", ["k", "mainline acc"])
    assert not configured_acc("acc", ["n max", "acc"])
