"""A drafts column written as drafts plus one ('5.20+1') beside a printed length and a share of
the verified positions that gives it (length = share x (drafts + 1)): the row's own identity says
the length counts the target's token, bonus included. Without the '+1' cell, with a share that
does not give the length, or with the share under a position's header, nothing is decided."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples

_DRAFTS = st.sampled_from(["propose", "#propose", "drafts", "spec_len"])
_LEN = st.sampled_from(["accept_len", "mean accept length", "AL"])
_SHARE = st.sampled_from(["verify_rate", "verified share", "acc"])


def _table(ascii_: bool, head: list[str], rows: list[list[str]]) -> str:
    if not ascii_:
        lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
        lines += ["| " + " | ".join(r) + " |" for r in rows]
        return "\n".join(lines) + "\n"
    widths = [max(len(h), *(len(r[j]) for r in rows)) + 2 for j, h in enumerate(head)]
    rule = "+" + "+".join("-" * w for w in widths) + "+"

    def line(cells: list[str]) -> str:
        return "|" + "|".join(c.center(w) for c, w in zip(cells, widths, strict=True)) + "|"

    return "\n".join([rule, line(head), rule, *(line(r) for r in rows), rule]) + "\n"


def _case(drafts: float, share: float) -> tuple[str, str, float]:
    length = round(share * (drafts + 1), 2)
    return f"{drafts:.2f}", f"{share:.4f}", length


@settings(max_examples=examples(25), deadline=None)
@given(
    drafts=st.floats(3.0, 9.0),
    share=st.floats(0.4, 0.95),
    dh=_DRAFTS,
    lh=_LEN,
    sh=_SHARE,
    ascii_=st.booleans(),
    order=st.booleans(),
)
def test_length_as_share_of_drafts_plus_one(
    read, drafts: float, share: float, dh: str, lh: str, sh: str, ascii_: bool, order: bool
) -> None:
    d, s, length = _case(drafts, share)
    # a second reading must not fit too (share x drafts, 1 + share x drafts)
    if abs(share * drafts - length) < 0.02 or abs(1 + share * drafts - length) < 0.02:
        return
    head = ["dataset", dh, lh, sh] if order else ["dataset", sh, dh, lh]
    row = (
        ["set-a", f"{d}+1", f"{length:.2f}", s]
        if order
        else ["set-a", s, f"{d}+1", f"{length:.2f}"]
    )
    recs = read(_table(ascii_, head, [row])).records
    assert len(recs) == 1
    r = recs[0]
    assert r.printed_length == length
    assert r.accept_length == length
    assert r.bonus.value == "included"


@settings(max_examples=examples(25), deadline=None)
@given(
    drafts=st.floats(3.0, 9.0),
    share=st.floats(0.4, 0.95),
    miss=st.sampled_from(["no_plus", "off", "position"]),
    ascii_=st.booleans(),
)
def test_near_misses_decide_nothing(
    read, drafts: float, share: float, miss: str, ascii_: bool
) -> None:
    d, s, length = _case(drafts, share)
    cell = d if miss == "no_plus" else f"{d}+1"
    if miss == "off":
        s = f"{min(share + 0.05, 0.99):.4f}"
    sh = "accept_rate@2" if miss == "position" else "verify_rate"
    head = ["dataset", "#propose", "accept_len", sh]
    recs = read(_table(ascii_, head, [["set-b", cell, f"{length:.2f}", s]])).records
    assert [r.printed_length for r in recs] == [length]
    assert recs[0].accept_length is None
    assert recs[0].bonus.value == "unknown"
