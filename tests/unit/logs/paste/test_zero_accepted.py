"""No draft accepted: whatever the verify steps were, each emitted the target's own token
alone, so the accept length is exactly 1 (bonus included) even where the steps are not printed:
a count of 0 accepted among drafts made, or a rate printed as exactly zero ('0%', '0.0%',
'0.000', '0/34') whatever k and whatever the rate divides. Never an approximate or bounded zero
('~0%', '<1%'), a run that drafted nothing ('0/0', 'Drafted: 0'), nor a row run without drafts."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import MARKUP, pipe_table
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(40), deadline=None)
@given(
    drafted=st.integers(1, 200_000),
    form=st.sampled_from(
        [
            "the spec decode counters say Accepted: 0 tokens, Drafted: {d} tokens",
            "draft stats: accepted=0 drafted={d}",
            "after warm-up, 0 of {d} draft tokens accepted",
        ]
    ),
    tail=st.sampled_from(["", " and the draft looks broken"]),
)
def test_no_draft_accepted_is_a_length_of_one(drafted: int, form: str, tail: str) -> None:
    text = "MTP head on, speculative decoding enabled.\n" + form.format(d=drafted) + tail + "\n"
    (r,) = read_paste(text).records
    assert r.accepted_tokens == 0 and r.drafted_tokens == drafted
    assert r.accept_length == 1.0 and r.bonus.value == "included"
    assert r.bonus.rule.startswith("computed: 0 of")


def test_negative_controls_some_accepted_or_nothing_drafted() -> None:
    # some accepted, steps unknown: no length
    got = read_paste("speculative decoding on: Accepted: 3 tokens, Drafted: 40 tokens\n").records
    assert got and all(r.accept_length is None for r in got)
    # none accepted beside a rate that says some were: the figures disagree, no length
    got = read_paste("MTP on: Draft acceptance rate: 36.0%, Accepted: 0 tokens, Drafted: 40\n")
    assert got.records and all(r.accept_length is None for r in got.records)
    # nothing drafted: nothing measured
    got = read_paste("speculative decoding on: Accepted: 0 tokens, Drafted: 0 tokens\n").records
    assert all(r.accept_length is None for r in got)


_ZERO_RULE = "computed: a rate of exactly"


@pytest.mark.parametrize(
    "text",
    [
        # a heading naming the measure over its value, bold, and prose after it
        "## Acceptance Rate\n\n**0%** - the two-layer draft never picks the target's argmax, "
        "so every step keeps only the target's token.\n",
        "### Draft acceptance\n\n**0.0%**, measured over 200 prompts.\n",
        "speculative decoding on: draft acceptance rate 0.0%\n",
        "speculative decoding on: draft acceptance rate 0%\n",
        "EAGLE-3 head, num_speculative_tokens=4\naccept rate: 0.000\n",
        "MTP on: acceptance rate: 0/34\n",
        "MTP on: acceptance rate: 0.0% (0/34)\n",
        "We turned the MTP draft on and the acceptance rate was 0% on every prompt.\n",
        # a count says none accepted, the drafts not printed
        "MTP on: Avg Draft acceptance rate: 0.0%, Accepted: 0 tokens\n",
    ],
)
def test_a_rate_of_exactly_zero_is_a_length_of_one(read: Read, text: str) -> None:
    (r,) = read(text).records
    assert r.printed_rate == 0.0 and r.printed_length is None
    assert r.accept_length == 1.0 and r.bonus.value == "included"
    # (with k in the block, 1 + k x 0 gives the same length first; with the counts, 0 of B)
    assert r.bonus.rule.startswith(
        (_ZERO_RULE, "computed: 1 + draft tokens per step x rate", "computed: 0 of 34")
    )


def test_a_zero_row_among_rates(read: Read) -> None:
    text = "Tiny drafts against the 8B target:\n\n" + pipe_table(
        ["draft", "acceptance rate", "speedup"],
        [["1-layer", "0%", "0.93x"], ["3-layer", "41%", "1.38x"], ["baseline", "0%", "1.00x"]],
    )
    got = read(text).records
    assert [r.printed_rate for r in got][:2] == [0.0, 0.41]
    assert got[0].accept_length == 1.0 and got[0].bonus.rule.startswith(_ZERO_RULE)
    assert got[1].accept_length is None
    # the run without drafts measured no acceptance: never a length from its 0%
    assert all(r.accept_length is None for r in got[2:])


@pytest.mark.parametrize(
    "text",
    [
        # approximate or bounded zeros
        "## Acceptance Rate\n\n**~0%** - the draft never picks the target's argmax.\n",
        "speculative decoding on: draft acceptance rate ~0%\n",
        "speculative decoding on: draft acceptance rate <1%\n",
        "We turned the MTP draft on and the acceptance rate was about 0% on every prompt.\n",
        "We turned the MTP draft on and the acceptance rate was near 0% on every prompt.\n",
        "开启 MTP 投机解码后，接受率 0% 左右。\n",
        # nothing drafted
        "MTP on: acceptance rate: 0/0\n",
        "MTP on: acceptance rate 0.0%, Drafted: 0 tokens\n",
        "| method | extract |\n|---|---|\n| ngram | accept: no draft |\n",
        # a count says some draft was accepted: the figures disagree, nothing is claimed
        "MTP on: acceptance rate 0%, Accepted: 12 tokens\n",
        # a heading naming the measure over prose without a value, or over a target
        "## Acceptance Rate\n\nThe small draft rarely matches the target, so acceptance stays "
        "low.\n",
        "## Acceptance Rate\n\nAim for 60% or more before you turn speculative decoding on.\n",
        # a change, not a rate
        "MTP on: acceptance rate -0.0% against last week\n",
        "MTP on: acceptance rate +0% after the fix\n",
        # a speedup of 0.0x is no rate
        "MTP on: speedup 0.0x, acceptance unknown\n",
    ],
)
def test_negative_controls_of_zero(read: Read, text: str) -> None:
    got = read(text).records
    claimed = [(r.accept_length, r.bonus.rule) for r in got if r.accept_length is not None]
    assert not claimed, claimed


_EXACT = ["0", "0%", "0.0%", "0.00%", "0.000", "0/34", "0 / 120"]
_HEDGED = ["~{}", "≈ {}", "about {}", "nearly {}", "< {}", "below {}", "{} or so", "约 {}"]
_SHAPES = [
    # (a heading's lone value line is read where the value is a bold percentage)
    "## Acceptance rate\n\n**{v}** - the draft head is untrained.\n",
    "speculative decoding on: draft acceptance rate: {v}\n",
    "The MTP draft's acceptance rate was {v} on this run.\n",
    "EAGLE draft, k={k}\n- acceptance rate: {v}\n- throughput: 41.2 tok/s\n",
]


@settings(max_examples=examples(60), deadline=None)
@given(
    zero=st.sampled_from(_EXACT),
    hedge=st.sampled_from(["{}", *_HEDGED]),
    shape=st.sampled_from(_SHAPES),
    mark=st.sampled_from(MARKUP),
    k=st.integers(1, 8),
)
def test_zero_generator(zero: str, hedge: str, shape: str, mark: str, k: int) -> None:
    """An exact zero in any shape and markup is a length of 1 whatever k; the same zero
    approximated or bounded is never a length."""
    assume(not shape.startswith("#") or zero.endswith("%"))
    v = hedge.format(zero)
    v = v if shape.startswith("#") else mark.format(v)
    got = read_paste(shape.format(v=v, k=k)).records
    claimed = [r for r in got if r.accept_length is not None]
    if hedge == "{}":
        assert len(claimed) == 1 and claimed[0].accept_length == 1.0, (v, got)
    else:
        assert not claimed and all(r.accept_length is None for r in got), (v, got)


@settings(max_examples=examples(40), deadline=None)
@given(
    zero=st.sampled_from(_EXACT),
    copula=st.sampled_from(["为", "是", "=", "为 "]),
    hedge=st.sampled_from(["", "", "约", "大约", "几乎", "接近"]),
    after=st.sampled_from(["，草稿输出异常", "。", "", "左右"]),
    title=st.booleans(),
)
def test_a_zero_after_a_chinese_copula(
    zero: str, copula: str, hedge: str, after: str, title: bool
) -> None:
    # '接受率为0' (the rate is 0): the zero glued to the word before it is still exact; a
    # hedge before the copula ('约为0') or after the zero ('0左右') keeps it approximate
    text = ("# [问题] " if title else "") + f"开启 MTP 后，接受率{hedge}{copula}{zero}{after}\n"
    got = read_paste(text).records
    claimed = [r.accept_length for r in got if r.accept_length is not None]
    if not hedge and after != "左右":
        assert claimed == [1.0], (text, got)
    else:
        assert not claimed, (text, got)
