"""Several server log lines quoted as code spans in one prose line ('the server printed
`draft acceptance rate = ...` `statistics draft-eagle3: #calls(b,g,a) = ...` then stopped'):
each span holding a server mark is a log line of its own, one record each; a span quoted twice
word for word is one line; spans without a mark (flags, file names) are not lines; one marked
span keeps its earlier reading (the line up to the span)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.records import LogRecord
from tests.support.parseline import parse_line


def _request(accepted: int, generated: int) -> str:
    return f"draft acceptance rate = {accepted / generated:.5f} ( {accepted} accepted / {generated} generated)"


def _stats(impl: str, drafts: int, acc_tokens: int, gen_tokens: int) -> str:
    return (
        f"statistics {impl}: #calls(b,g,a) = 3 {drafts * 9} {drafts - 2}, #gen drafts = {drafts}, "
        f"#acc drafts = {drafts - 2}, #gen tokens = {gen_tokens}, #acc tokens = {acc_tokens}, "
        "dur(b,g,a) = 1.250, 19.400, 2.010 ms"
    )


def _records(line: str) -> list[LogRecord]:
    out = parse_line(line)
    assert isinstance(out, tuple), out
    return list(out)


_WORDS = st.sampled_from(
    ["", "the output was ", "i got: ", "see ", "first ", "(from the server) ", "and then "]
)


@settings(max_examples=60, deadline=None)
@given(
    before=_WORDS,
    between=st.sampled_from([" ", " and ", ": ", ", then ", " - "]),
    after=st.sampled_from(
        ["", " which seems fine.", " Any ideas: what do you use?", " `--draft-max 24`"]
    ),
    stats_first=st.booleans(),
    flags=st.booleans(),
    impl=st.sampled_from(["ngram-mod", "ngram_mod", "draft-eagle3", "draft-simple"]),
    accepted=st.integers(100, 900),
    extra=st.integers(1, 500),
    drafts=st.integers(20, 300),
)
def test_each_marked_span_of_a_prose_line_is_its_own_record(
    before: str,
    between: str,
    after: str,
    stats_first: bool,
    flags: bool,
    impl: str,
    accepted: int,
    extra: int,
    drafts: int,
) -> None:
    generated = accepted + extra
    acc_tokens, gen_tokens = accepted + 17, generated + 41
    spans = [
        f"`{_request(accepted, generated)}`",
        f"`{_stats(impl, drafts, acc_tokens, gen_tokens)}`",
    ]
    if stats_first:
        spans.reverse()
    lead = "I ran with `--spec-type ngram-mod --draft-max 32` and " if flags else ""
    recs = _records(lead + before + spans[0] + between + spans[1] + after)
    assert len(recs) == 2
    request = next(r for r in recs if r.kind != "cumulative")
    stats = next(r for r in recs if r.kind == "cumulative")
    assert request.engine == stats.engine == "llamacpp"
    assert (request.accepted_tokens, request.drafted_tokens) == (accepted, generated)
    assert request.accept_length is None  # the request line prints no length
    assert stats.accept_length == pytest.approx(1 + acc_tokens / drafts)
    assert stats.accept_rate == pytest.approx(acc_tokens / gen_tokens)


@settings(max_examples=30, deadline=None)
@given(accepted=st.integers(100, 900), extra=st.integers(1, 500), words=_WORDS)
def test_one_line_quoted_twice_word_for_word_is_one_record(
    accepted: int, extra: int, words: str
) -> None:
    span = f"`{_request(accepted, accepted + extra)}`"
    recs = _records(words + span + " and again " + span + " on the retry.")
    assert len(recs) == 1 and recs[0].accepted_tokens == accepted


def test_spans_without_a_server_mark_are_no_lines() -> None:
    line = "flags `--spec-type ngram-mod` `--draft-min 4` gave `" + _request(450, 600) + "`"
    recs = _records(line)
    assert len(recs) == 1 and recs[0].accepted_tokens == 450


def test_one_marked_span_keeps_the_line_up_to_the_span() -> None:
    recs = _records("I saw `" + _request(330, 500) + "` after 40 s, `n_tokens` grew")
    assert len(recs) == 1 and (recs[0].accepted_tokens, recs[0].drafted_tokens) == (330, 500)
