"""A rate's changes told without `from` (`acceptance moving 0.71 to 0.64 at k=3 and 0.69 to
0.70 at k=5`): where the first pair's values make a change's size impossible (the level before
it would fall outside what a rate can be), each value is a run's rate, the pairs after `and`
too. Near misses: a pair whose size reading is possible (`rose 0.30 to 0.34`), another measure
named, a condition before it, a unit after a value: nothing read from the pairs."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.hook import read_held
from tests.support.examples import examples

_NAME = st.sampled_from(["acceptance", "the acceptance rate", "draft acceptance"])
_VERB = st.sampled_from(["moving", "moved", "changed", "shifting"])
_COND = st.sampled_from(["k={}", "{} tokens", "batch {}"])


def _rates(text: str) -> list[float | None]:
    return [r.printed_rate for r in read_held(text.encode(), None).records]


@st.composite
def _first(draw: st.DrawFn) -> tuple[float, float]:
    # a fall whose size reading is impossible: b - a < 0 and a + b > 1
    a = draw(st.integers(5100, 9900)) / 10000
    b = draw(st.integers(max(1, 10001 - int(a * 10000)), int(a * 10000) - 1)) / 10000
    return a, b


@settings(max_examples=examples(30), deadline=None)
@given(
    first=_first(),
    # (the further pair drawn as the first: a pair whose size reading is possible is no change)
    second=_first().map(lambda p: (round(p[0] * 10000), round(p[1] * 10000))),
    name=_NAME,
    verb=_VERB,
    cond=_COND,
    two=st.booleans(),
)
def test_changes_without_from_are_read(
    first: tuple[float, float],
    second: tuple[int, int],
    name: str,
    verb: str,
    cond: str,
    two: bool,
) -> None:
    a, b = first
    c, d = second[0] / 10000, second[1] / 10000
    assume(c != d)  # (a pair 'X to X' is no change)
    text = f"The MTP change landed with {name} {verb} {a:.4f} to {b:.4f} at {cond.format(64)}"
    want = [a, b]
    if two:
        text += f" and {c:.4f} to {d:.4f} at {cond.format(256)}"
        want += [c, d]
    text += ", called noise by the reviewers.\n"
    got = _rates(text)
    assert len(got) == len(want)
    assert all(g is not None and abs(g - w) < 1e-6 for g, w in zip(got, want, strict=True))


@settings(max_examples=examples(30), deadline=None)
@given(
    first=_first(),
    name=_NAME,
    verb=_VERB,
    miss=st.sampled_from(["size", "measure", "condition", "unit"]),
)
def test_near_misses_stay_unread(
    first: tuple[float, float], name: str, verb: str, miss: str
) -> None:
    a, b = first
    tail = ""
    if miss == "size":
        # 'rose 0.05 to B': the level before may be B - 0.05, the 0.05 a change's size
        verb, a, b = "rose", 0.05, max(b, 0.2)
    elif miss == "measure":
        name = "throughput"
    elif miss == "condition":
        name = "if " + name
    else:
        tail = " tok/s"
    text = f"With MTP we saw {name} {verb} {a:.4f} to {b:.4f}{tail} at k=3.\n"
    assert _rates(text) == []
