"""Two measures named as one subject, their values in one bracket in the same order
(subject_pair.py): `both acceptance and TG are back to the old level (~81%, 64 tps)` reads the
share at the acceptance's place as the rate (a record, no length), in either order of the two
names. A condition, a figure between the subject and the bracket, a bracket of three values,
or a value at the acceptance's place that is no share leave the line unread as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import subject_pair as SP
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_ACCEPT = st.sampled_from(["acceptance", "acceptance rate", "draft acceptance", "accept rate"])
_OTHER = st.sampled_from(["TG", "throughput", "decode speed", "tok/s", "speed"])
_UNIT = st.sampled_from(["tps", "tok/s", "t/s", ""])
_PRED = st.sampled_from(
    [
        "are now back to the pre-v2 level in my run",
        "recovered after the revert",
        "went up again on the build-7 branch",
        "are both fine",
    ]
)
_LEAD = st.sampled_from(["With both patches, ", "After the fix ", "", "Now "])
_SETUP = "The MTP head drafts for the target (speculative decoding).\n\n"


def _share(share: int, approx: bool, space: str) -> str:
    return f"{'~' if approx else ''}{share / 10:.1f}{space}%"


@settings(max_examples=examples(25), deadline=None)
@given(
    accept=_ACCEPT,
    other=_OTHER,
    unit=_UNIT,
    pred=_PRED,
    lead=_LEAD,
    both=st.booleans(),
    first=st.booleans(),
    approx=st.booleans(),
    share=st.integers(100, 990),
    speed=st.integers(5, 400),
    space=st.sampled_from(["", " "]),
)
def test_the_share_at_the_acceptance_place_is_read(
    read: Read,
    accept: str,
    other: str,
    unit: str,
    pred: str,
    lead: str,
    both: bool,
    first: bool,
    approx: bool,
    share: int,
    speed: int,
    space: str,
) -> None:
    names = f"{accept} and {other}" if first else f"{other} and {accept}"
    rate = _share(share, approx, space)
    fast = f"{speed} {unit}".strip()
    vals = f"{rate}, {fast}" if first else f"{fast}, {rate}"
    subject = ("both " if both else "") + names
    text = _SETUP + f"{lead}{subject} {pred} ({vals}).\n"
    got = read(text).records
    assert [round(r.printed_rate or 0, 4) for r in got] == [round(share / 1000, 4)]
    assert got[0].accept_length is None


_MISS = st.sampled_from(
    [
        # a condition or a goal
        "If both {a} and TG get back to the old level ({r}, {s} tps) we ship it.",
        "We want {a} and throughput to stay at the old level ({r}, {s} tps).",
        # a figure between the subject and the bracket
        "Both {a} and TG are back to the 80 level ({r}, {s} tps).",
        # a bracket of three values
        "Both {a} and TG are back ({r}, {s} tps, 12 ms).",
        # the acceptance's place holds no share
        "Both {a} and TG are back ({s} tps, {r}).",
        "TG and {a} are back ({r}, {s} tps).",
    ]
)


@settings(max_examples=examples(25), deadline=None)
@given(
    miss=_MISS,
    accept=_ACCEPT,
    share=st.integers(100, 990),
    speed=st.integers(5, 400),
)
def test_near_misses_stay_unread(
    read: Read, miss: str, accept: str, share: int, speed: int
) -> None:
    text = _SETUP + miss.format(a=accept, r=f"{share / 10:.1f}%", s=speed) + "\n"
    assert not read(text).records


def test_the_rewrite_writes_the_name_after_the_share() -> None:
    line = "both acceptance and TG are back up (~81%, 64 tps)"
    assert SP.rewrite(line) == "both acceptance and TG are back up (~81% acceptance, 64 tps)"
    line = "decode speed and accept rate recovered (71 tok/s, 62.5 %)"
    assert (
        SP.rewrite(line) == "decode speed and accept rate recovered (71 tok/s, 62.5 % accept rate)"
    )
    assert SP.rewrite("acceptance and TG are back (64 tps, 81%)") == (
        "acceptance and TG are back (64 tps, 81%)"
    )
