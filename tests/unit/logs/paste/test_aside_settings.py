"""A figure told in passing in a bracket of the run's settings ('(TP=2, K=4, chat prompts,
acceptance ~2.7)'), then told again digit for digit in a later sentence: one run, the later
record alone, whether or not the bracket's settings became the aside's labels
(aside_told._bracket_labels). A later sentence naming another setting (`With K=6 ...`), another
value, or a setting written outside the bracket leave two records."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SETTINGS = st.lists(
    st.sampled_from(["TP={n}", "K={n}", "k={n}", "bs={n}", "K {n}", "n={n}"]),
    min_size=1,
    max_size=3,
    unique_by=lambda s: s[0].lower(),
)
_LENGTH_NAMES = ["acceptance", "accept length", "AL", "mean acceptance length"]
_LATER = [
    "The speedup stays below the {v} acceptance length since verify costs time.",
    "The speedup is well below the {v} acceptance length because verify is not free:",
]


def _aside(items: list[str], ns: list[int], name: str, v: str, words: str) -> str:
    told = ", ".join(s.format(n=n) for s, n in zip(items, ns, strict=False))
    return f"Measured on card-x ({told}, {words}, {name} {v}):\n"


@settings(max_examples=examples(40), deadline=None)
@given(
    items=_SETTINGS,
    ns=st.lists(st.integers(1, 8), min_size=3, max_size=3),
    name=st.sampled_from(_LENGTH_NAMES),
    tenths=st.integers(15, 49),
    approx=st.sampled_from(["~", "", "≈"]),
    later=st.sampled_from(_LATER),
    words=st.sampled_from(["chat prompts", "greedy", "long inputs"]),
)
def test_the_aside_of_settings_is_the_later_records_run(
    read: Read,
    items: list[str],
    ns: list[int],
    name: str,
    tenths: int,
    approx: str,
    later: str,
    words: str,
) -> None:
    v = f"{tenths / 10:.1f}"
    text = _aside(items, ns, name, f"{approx}{v}", words) + "\n" + later.format(v=f"~{v}") + "\n"
    got = read(text).records
    assert [r.printed_length for r in got] == [pytest.approx(tenths / 10)]


@settings(max_examples=examples(30), deadline=None)
@given(
    tenths=st.integers(15, 49),
    k=st.integers(2, 5),
    miss=st.sampled_from(["other k", "other value", "outside"]),
)
def test_near_misses_stay_two_records(read: Read, tenths: int, k: int, miss: str) -> None:
    v = f"{tenths / 10:.1f}"
    head = f"Measured on card-x (TP=2, K={k}, chat prompts, acceptance ~{v}):\n\n"
    tail = f"The speedup stays below the ~{v} acceptance length since verify costs time.\n"
    if miss == "other k":
        # the later sentence names another setting: another run
        tail = f"With K={k + 2} the speedup stays below the ~{v} acceptance length.\n"
    elif miss == "other value":
        tail = tail.replace(f"~{v}", f"~{(tenths + 3) / 10:.1f}")
    else:
        # the setting outside the bracket: the aside's label is no item of its own bracket
        head = f"Measured on card-x with K={k} (chat prompts, acceptance ~{v}):\n\n"
    got = read(head + tail).records
    assert len(got) == 2
