"""A bullet list under no name of its own repeating the shape of the last list read under a
figure's name ('Before the fix:' / 'After the fix:'): that figure's values (reader,
bullets.shape); a leaf changed between two values ('improved from 2.20 to 2.46') is the value
after the change, and a leaf printing the earlier list's very value at its place restates it
(no record). A list of another shape, or one under a name of its own, is read as before."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_GROUPS = [["`kernel-a`", "`kernel-b`"], ["fp8 path", "bf16 path"], ["node x", "node y", "node z"]]
_ITEMS = [["batch 64", "batch 4"], ["`TP = 8`", "`TP = 2`"], ["long prompts", "short prompts"]]
_VERBS = ["improved from", "went from", "from", "rose from"]


def _list(groups: list[str], items: list[str], values: dict[tuple[int, int], str]) -> str:
    lines = []
    for gi, g in enumerate(groups):
        lines.append(f"- {g}")
        lines.extend(f"  - {it}: {values[gi, ii]}" for ii, it in enumerate(items))
    return "\n".join(lines)


@settings(max_examples=examples(40), deadline=None)
@given(
    groups=st.sampled_from(_GROUPS),
    items=st.sampled_from(_ITEMS),
    verb=st.sampled_from(_VERBS),
    data=st.data(),
)
def test_the_repeated_list_gives_its_new_values(
    groups: list[str], items: list[str], verb: str, data: st.DataObject
) -> None:
    cells = [(g, i) for g in range(len(groups)) for i in range(len(items))]
    before = {c: data.draw(st.integers(150, 399)) / 100 for c in cells}
    changed = data.draw(st.sets(st.sampled_from(cells), min_size=1))
    after = {c: round(before[c] + data.draw(st.integers(1, 60)) / 100, 2) for c in changed}
    first = {c: f"`{before[c]:.2f}`" for c in cells}
    second = {
        c: (
            f"{verb} `{before[c]:.2f}` to `{after[c]:.2f}`"
            if c in changed and c[1] == 0
            else f"`{after[c]:.2f}`"
            if c in changed
            else f"`{before[c]:.2f}`"
        )
        for c in cells
    }
    text = (
        "The acceptance length dropped at the larger batch.\n\nBefore the fix:\n\n"
        + _list(groups, items, first)
        + "\n\nThat was the regression.\n\n## Result\n\nAfter the fix:\n\n"
        + _list(groups, items, second)
        + "\n"
    )
    got = [r.printed_length for r in read_paste(text).records]
    want = [before[c] for c in cells] + [after[c] for c in cells if c in changed]
    assert got == [pytest.approx(v) for v in want]


@pytest.mark.parametrize(
    "second",
    [
        # another shape (an item more)
        "- `kernel-a`\n  - batch 64: `2.40`\n  - batch 4: `2.50`\n  - batch 1: `2.60`\n",
        # another group's name
        "- `kernel-c`\n  - batch 64: `2.40`\n  - batch 4: `2.50`\n",
    ],
)
def test_negative_control_another_shape_is_not_read(read: Read, second: str) -> None:
    text = (
        "The acceptance length dropped at the larger batch.\n\nBefore the fix:\n\n"
        "- `kernel-a`\n  - batch 64: `2.20`\n  - batch 4: `2.30`\n\n"
        "That was the regression.\n\nAfter the fix:\n\n" + second
    )
    got = [r.printed_length for r in read(text).records]
    assert got == [pytest.approx(2.20), pytest.approx(2.30)]
