"""Lines of accepted and rejected drafts ('97 accept / 3 reject (97%)', 'accept=97 reject=3',
'accepted: 97, rejected: 3'): one record a line, the rate accepted / (accepted + rejected)
checked against a printed share; under a caption saying one draft a step ('nd1', 'n_draft=1',
'num_draft_tokens=1'), the drafts are the verify steps and the length is 1 + that rate."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples

SHAPES = (
    "{a} accept / {r} reject ({p}%)",
    "{a} accepted, {r} rejected",
    "accept={a} reject={r}",
    "accepted: {a}, rejected: {r}",
)
CAPTIONS = (
    "**MTP acceptance (nd1, K2 verify)**",
    "MTP draft acceptance, n_draft=1:",
    "EAGLE runs with num_draft_tokens=1:",
)


def _paste(caption: str, shape: str, counts: list[tuple[int, int]], fence: bool) -> str:
    lines = [shape.format(a=a, r=r, p=round(100 * a / (a + r))) for a, r in counts]
    body = "\n".join(lines)
    if fence:
        body = f"```\n{body}\n```"
    return f"Measured the MTP speculative decoding runs.\n\n{caption}\n\n{body}\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    caption=st.sampled_from(CAPTIONS),
    shape=st.sampled_from(SHAPES),
    counts=st.lists(st.tuples(st.integers(1, 400), st.integers(1, 400)), min_size=1, max_size=4),
    fence=st.booleans(),
)
def test_one_draft_a_step_gives_one_plus_the_rate(
    caption: str, shape: str, counts: list[tuple[int, int]], fence: bool
) -> None:
    got = read_paste(_paste(caption, shape, counts, fence)).records
    assert len(got) == len(counts)
    for r, (a, rej) in zip(got, counts, strict=True):
        assert r.accept_length is not None and abs(r.accept_length - (1 + a / (a + rej))) < 1e-6


def test_the_b32_shape() -> None:
    text = _paste(CAPTIONS[0], SHAPES[0], [(97, 3), (93, 7), (83, 17), (98, 2)], True)
    assert [r.accept_length for r in read_paste(text).records] == [1.97, 1.93, 1.83, 1.98]


def test_negative_control_no_one_draft_sign_gives_the_rate_alone() -> None:
    for caption in ("MTP acceptance:", "**MTP acceptance (nd2)**", "Node results (nd1)"):
        got = read_paste(_paste(caption, SHAPES[0], [(97, 3)], False)).records
        assert [(r.accept_length, r.accept_rate) for r in got] == [(None, 0.97)]


def test_negative_control_a_share_that_disagrees_with_the_counts() -> None:
    text = _paste(CAPTIONS[0], "{a} accept / {r} reject (90%)", [(97, 3)], False)
    assert read_paste(text).records == ()
