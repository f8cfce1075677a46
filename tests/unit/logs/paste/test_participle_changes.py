"""A figure's change joined by an arrow after a verb in its `-ing` form (`the accept rate
dropping 0.74 -> 0.52`), or after a name set in code or bold (`` `acc_rate` fell 0.7 → 0.6 ``):
two records, before and after, as after a verb in the past or present. Near misses: a change
under a condition, a change of a measure that is no acceptance figure, no arrow at all."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_VERB = st.sampled_from(
    ["falling", "dropping", "rising", "climbing", "improving", "declining", "going", "moving"]
)
_NAME = st.sampled_from(["accept rate", "acceptance rate", "accept_rate", "draft acceptance"])
_MARK = st.sampled_from(["", "`", "**"])
_ARROW = st.sampled_from(["→", "->", "=>", "⟶"])


@given(
    verb=_VERB,
    name=_NAME,
    mark=_MARK,
    arrow=_ARROW,
    a=st.integers(20, 95),
    b=st.integers(20, 95),
    lead=st.sampled_from(["", "Looks cheap overall: ", "With the wider window, "]),
    tail=st.sampled_from([".", " hurts speed, not quality.", " over the same prompts."]),
)
def test_participle_change_two_runs(
    read: Read, verb: str, name: str, mark: str, arrow: str, a: int, b: int, lead: str, tail: str
) -> None:
    text = f"{lead}{mark}{name}{mark} {verb} 0.{a:02d} {arrow} 0.{b:02d}{tail}\n"
    got = read(text).records
    assert [r.printed_rate for r in got] == [pytest.approx(a / 100), pytest.approx(b / 100)]
    assert all(r.accept_length is None and r.printed_length is None for r in got)


@given(mark=_MARK, verb=st.sampled_from(["fell", "drops", "went"]))
def test_marked_name_before_a_verb(read: Read, mark: str, verb: str) -> None:
    text = f"After the rebase {mark}acceptance rate{mark} {verb} 0.66 → 0.49 on the code set.\n"
    got = read(text).records
    assert [r.printed_rate for r in got] == [pytest.approx(0.66), pytest.approx(0.49)]


def test_participle_length_change(read: Read) -> None:
    got = read("Mean accept length increasing 2.35 → 2.90 after retraining.\n").records
    assert [r.printed_length for r in got] == [pytest.approx(2.35), pytest.approx(2.90)]


@pytest.mark.parametrize(
    "text",
    [
        # another measure changing: no acceptance figure
        "Throughput falling 41.2 → 33.0 tok/s at the wider window.\n",
        "`decode_tps` dropping 88.1 → 71.4 once the batch grows.\n",
        # a condition: no run
        "If the acceptance rate falling 0.80 → 0.57 then the draft is too long.\n",
        # a participle with no arrow and no 'from ... to': nothing changed is read
        "The acceptance rate falling below 0.5 would cost throughput.\n",
    ],
)
def test_no_change_read(read: Read, text: str) -> None:
    assert read(text).records == ()
