"""List items right under a run's acceptance rate line, each a label and a share with the
counts giving it ('- prompt 4: 52% (26/50)'): the rate on each item, one record an item after
the run's. A range, a share without counts, counts that do not give it, a label naming another
measure, or items under a line of another figure are left as they were."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import item_shares as IS
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_KEYS = ("draft_accept_rate", "acceptance rate", "Draft acceptance")
_LABELS = ("prompt {i}", "request {i} (long code)", 'sample {i} "a short story"', "set {i}")
_TAILS = ("", ", the best", " — slow start", " on retry")


@settings(max_examples=examples(40), deadline=None)
@given(
    key=st.sampled_from(_KEYS),
    run=st.integers(min_value=50, max_value=950),
    items=st.lists(
        st.tuples(st.integers(min_value=10, max_value=60), st.integers(min_value=0, max_value=60)),
        min_size=1,
        max_size=3,
    ),
    label=st.sampled_from(_LABELS),
    tail=st.sampled_from(_TAILS),
    bullet=st.sampled_from(("- ", "* ", "  - ")),
)
def test_items_under_a_rate_are_that_rate_on_each(
    read: Read,
    key: str,
    run: int,
    items: list[tuple[int, int]],
    label: str,
    tail: str,
    bullet: str,
) -> None:
    lines = [f"{key} = {run / 10:.1f}%"]
    want = [run / 1000]
    for i, (b, a) in enumerate(items):
        a = min(a, b)
        share = round(100 * a / b)
        lines.append(f"{bullet}{label.format(i=i)}: {share}% ({a}/{b}){tail}")
        want.append(share / 100)
    text = "Speculative decoding, one draft head, greedy.\n\n" + "\n".join(lines) + "\n"
    got = [r.printed_rate for r in read(text).records]
    assert len(got) == len(want), text
    for g, w in zip(got, want, strict=True):
        assert g is not None and abs(g - w) < 1e-9, text


def test_near_misses_are_left_as_they_were() -> None:
    def one(rate_line: str, item: str) -> str:
        return IS.carried([(1, rate_line), (2, item)])[1][1]

    kept = (
        ("acceptance rate = 40%", "- prompt 1: 10-25% (mixed)"),  # a range
        ("acceptance rate = 40%", "- prompt 1: 52%"),  # no counts
        ("acceptance rate = 40%", "- prompt 1: 52% (20/50)"),  # counts giving 40%
        ("acceptance rate = 40%", "- exact match: 52% (26/50)"),  # a label naming a measure
        ("throughput = 40 tok/s", "- prompt 1: 52% (26/50)"),  # under another figure
        ("acceptance rate = 40%", "- prompt 1: 52% (60/50)"),  # more accepted than drafted
    )
    for rate_line, item in kept:
        assert one(rate_line, item) == item, item
    assert one("acceptance rate = 40%", "- prompt 1: 52% (26/50)") == (
        "- prompt 1: acceptance rate = 52% (26/50)"
    )
    # a line between ends the run of items
    got = IS.carried(
        [(1, "acceptance rate = 40%"), (2, "Then a note."), (3, "- prompt 1: 52% (26/50)")]
    )
    assert got[2][1] == "- prompt 1: 52% (26/50)"
