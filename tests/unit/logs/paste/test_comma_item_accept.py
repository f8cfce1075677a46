"""A bare `accept` item of a comma-separated list of measures (interpret._comma_item_accept):
`Rechecked: 98.1 tok/s, accept 71.5%, misses 4/0.` reads the item as the acceptance rate (a
share or a fraction of one), the item before holding a figure and another item after it. A verb
with its subject (`we accept 71.5% of drafts`), a hedge between (`accept about 71.5%`), no
figure in the item before, or no item after leave the line unread as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_SETUP = "The MTP head drafts for the target (speculative decoding).\n\n"
_LEAD = st.sampled_from(["Rechecked on the new build: ", "Run 2: ", "Confirmed with the patch: "])
_BEFORE = st.sampled_from(["{s} tok/s", "{s}/{t} tok/s", "TG {s} t/s", "{s} tps"])
_AFTER = st.sampled_from(["misses 4/0", "degen 12/0", "p50 31 ms", "ok"])
_END = st.sampled_from([".", "", " (greedy)."])


@settings(max_examples=examples(25), deadline=None)
@given(
    lead=_LEAD,
    before=_BEFORE,
    after=_AFTER,
    end=_END,
    share=st.integers(100, 990),
    speed=st.integers(20, 300),
    percent=st.booleans(),
    sep=st.sampled_from([", ", ",  ", "; "]),
)
def test_the_accept_item_is_the_rate(
    read: Read,
    lead: str,
    before: str,
    after: str,
    end: str,
    share: int,
    speed: int,
    percent: bool,
    sep: str,
) -> None:
    value = f"{share / 10:.1f}%" if percent else f"{share / 1000:.3f}"
    first = before.format(s=f"{speed}.4", t=f"{speed + 1}.2")
    text = _SETUP + f"{lead}{first}, accept {value}{sep}{after}{end}\n"
    got = read(text).records
    assert [round(r.printed_rate or 0, 4) for r in got] == [round(share / 1000, 4)]
    assert got[0].accept_length is None


_MISS = st.sampled_from(
    [
        # a verb with its subject
        "On the new build we saw {s} tok/s, we accept {r} of drafts, fine.",
        "The target does accept {r}, {s} tok/s overall, fine.",
        # a hedge between
        "Rechecked: {s} tok/s, accept about {r}, misses 4/0.",
        # no figure in the item before
        "On the new default, accept {r}, then ship.",
        # no item after
        "Rechecked: {s} tok/s, accept {r}.",
    ]
)


@settings(max_examples=examples(25), deadline=None)
@given(miss=_MISS, share=st.integers(100, 990), speed=st.integers(20, 300))
def test_near_misses_stay_unread(read: Read, miss: str, share: int, speed: int) -> None:
    text = _SETUP + miss.format(r=f"{share / 10:.1f}%", s=f"{speed}.4") + "\n"
    assert not read(text).records
