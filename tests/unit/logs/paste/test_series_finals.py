"""Series named in one bullet with their values joined by `/` in a bracket, the measure named by
the bullet directly above (series_finals.py): one record a series."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LEAD = "Checked the plot attached to the PR.\n\n"


def test_each_series_gets_its_final_value(read: Read) -> None:
    text = _LEAD + (
        "- Top plot: `training loss` over steps\n"
        "- Bottom plot: **`accept length (held-out chat set)`**, measured at temperature 0\n"
        "- three series: `baseline`, `head-v2`, `head-v3` (final 2.41 / 2.96 / 3.12)\n"
    )
    got = read(text).records
    assert [r.printed_length for r in got] == [2.41, 2.96, 3.12]
    assert [dict(r.labels)["series"] for r in got] == ["baseline", "head-v2", "head-v3"]
    assert all(r.accept_length is None for r in got)  # no tool, no identity: unknown


@pytest.mark.parametrize(
    "bullets",
    [
        # the measure's bullet is not directly above
        "- Bottom plot: `accept length (chat)`\n- colours as before\n"
        "- three series: `baseline`, `head-v2`, `head-v3` (final 2.41 / 2.96 / 3.12)\n",
        # names and values differ in count
        "- Bottom plot: `accept length (chat)`\n"
        "- three series: `baseline`, `head-v2`, `head-v3` (final 2.41 / 2.96)\n",
        # the bullet above names another measure
        "- Bottom plot: `throughput (tok/s)`\n"
        "- three series: `baseline`, `head-v2`, `head-v3` (final 2.41 / 2.96 / 3.12)\n",
        # values the length cannot be
        "- Bottom plot: `accept length (chat)`\n"
        "- three series: `baseline`, `head-v2`, `head-v3` (final 120 / 340 / 410)\n",
    ],
)
def test_no_series_read_where_the_rule_does_not_hold(bullets: str) -> None:
    got = read_paste(_LEAD + bullets).records
    assert not any(dict(r.labels).get("series") for r in got)


@settings(max_examples=examples(25), deadline=None)
@given(
    st.sampled_from(["acceptance length", "accept length", "mean AL"]),
    st.lists(st.integers(min_value=110, max_value=790), min_size=2, max_size=6),
    st.sampled_from(["final", "finals", "last", "at step 4k"]),
)
def test_every_series_in_order(name: str, cents: list[int], word: str) -> None:
    names = [f"`run-{chr(97 + i)}`" for i in range(len(cents))]
    vals = " / ".join(f"{c / 100:.2f}" for c in cents)
    text = (
        _LEAD
        + f"- Right panel: `{name}` on the eval set\n- series: {', '.join(names)} ({word} {vals})\n"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [c / 100 for c in cents]
    assert [dict(r.labels)["series"] for r in got] == [n.strip("`") for n in names]
