"""Drafts attempted and accepted counted side by side (codenames.py): `181 attempts / 178
accepts (98.34%)`, either order, `attempts` / `proposals` / `tries` against `accepts` /
`accepted` / `hits`: one record of the counts, the share read as the rate only where accepted /
attempted gives it; `0 attempts / 0 accepts` drafted nothing (no record)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.codenames import counts_spans
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(60), deadline=None)
@given(
    den=st.integers(1, 50000),
    share=st.integers(0, 1000),
    words=st.sampled_from(
        [("attempts", "accepts"), ("proposals", "accepted"), ("draft tokens", "accepted")]
    ),
    accepted_first=st.booleans(),
    sep=st.sampled_from([" / ", ", ", " and "]),
)
def test_counts_with_their_share(
    read: Read,
    den: int,
    share: int,
    words: tuple[str, str],
    accepted_first: bool,
    sep: str,
) -> None:
    acc = den * share // 1000
    pct = f"{100 * acc / den:.2f}%"
    a, b = f"{acc} {words[1]}", f"{den} {words[0]}"
    pair = f"{a}{sep}{b}" if accepted_first else f"{b}{sep}{a}"
    text = f"The MTP speculative probe produced {pair} ({pct}) on the long prompt.\n"
    (r,) = read(text).records
    assert (r.accepted_tokens, r.drafted_tokens) == (acc, den)
    assert r.printed_rate == pytest.approx(round(100 * acc / den, 2) / 100)
    # drafts per step not stated: no length, but where none was accepted (a step then emits
    # the target's own token alone)
    assert r.accept_length == (1.0 if acc == 0 else None)


def test_nothing_drafted_then_a_run() -> None:
    text = (
        "On the short probe the MTP speculative loop produced 0 attempts / 0 accepts; the long "
        "probe produced 240 attempts / 201 accepts (83.75%).\n"
    )
    (r,) = read_paste(text).records
    assert (r.accepted_tokens, r.drafted_tokens, r.printed_rate) == (201, 240, 0.8375)


def test_only_nothing_drafted_is_no_record() -> None:
    reading = read_paste("MTP speculative decoding: 0 attempts / 0 accepts after the probe.\n")
    assert reading.records == ()


@pytest.mark.parametrize(
    "text",
    [
        # the share is not accepted / attempted: the counts mean something else
        "The MTP speculative probe produced 181 attempts / 178 accepts (75.00%).\n",
        # a cache's hits of its lookups
        "Prefix cache with speculative decoding: 900 tries / 850 hits (94.44%).\n",
        # hits and tries without speculation
        "The login test made 40 tries / 38 hits (95.00%) with acceptance on.\n",
        # 'spec' alone is a specification: no speculative word (the shared set, vocab.py)
        "The spec sheet test made 40 tries / 38 hits (95.00%).\n",
        # more accepted than attempted
        "The MTP draft logged 12 attempts / 30 accepts.\n",
    ],
)
def test_no_record(text: str) -> None:
    assert read_paste(text).records == ()


@pytest.mark.parametrize(
    ("lead", "speculative"),
    [
        ("The DFlash probe", True),
        ("Lookahead decoding", True),
        ("The 投机解码 probe", True),
        ("Our EAGLE-3 head", True),
        ("The spec sheet check", False),  # 'spec' alone: a specification
        ("The login check", False),
    ],
)
def test_hits_and_tries_beside_a_speculative_word(lead: str, speculative: bool) -> None:
    # the speculative words are one set (vocab.py), shared with the other readers
    spans = counts_spans(f"{lead} made 240 tries / 201 hits (83.75%).")
    assert bool(spans) == speculative
