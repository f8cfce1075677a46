"""A fragment of SGLang's Decode batch line quoted without its prefix ('accept len: 5.12, accept
rate: 0.71, cuda graph: True, gen throughput (token/s): 812.4'): SGLang's own fields tell the
tool where the paste names none (reader._DECODE_FIELDS). An `accept len` beside other fields
tells nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(20), deadline=None)
@given(
    length=st.integers(120, 790),
    rate=st.integers(10, 99),
    tail=st.sampled_from(
        [
            ", cuda graph: True, gen throughput (token/s): 812.40",
            ", cuda graph: False",
            ", gen throughput (token/s): 95.12, #queue-req: 0",
        ]
    ),
)
def test_sglangs_decode_fields_name_the_tool(read: Read, length: int, rate: int, tail: str) -> None:
    line = f"accept len: {length / 100:.2f}, accept rate: 0.{rate:02d}{tail}"
    text = f"Numbers from the short prompt run:\n\n```\n{line}\n```\n"
    got = read(text).records
    assert len(got) == 1
    assert got[0].tool == "sglang" and got[0].accept_length == pytest.approx(length / 100)


@pytest.mark.parametrize(
    "line",
    [
        "accept len: 3.10, accept rate: 0.55, tok/s: 95.1",
        "mean accept len: 3.10 over 40 prompts",
    ],
)
def test_other_fields_name_no_tool(read: Read, line: str) -> None:
    got = read(f"Numbers from the short prompt run:\n\n```\n{line}\n```\n").records
    assert got and all(r.tool == "unknown" and r.accept_length is None for r in got)


@pytest.mark.parametrize("cut", [1, 2, 3])
def test_a_decode_line_without_its_prefix_wrapped_by_an_editor(cut: int) -> None:
    # (the paste readers': run_logs's line scanner reads a line holding the whole prefix itself)
    fields = [
        "Decode batch, #running-req: 32, #token: 90304, token usage: 0.03,",
        "accept len: 3.47, accept rate: 0.61, cuda graph: True,",
        "gen throughput (token/s): 3445.55, #queue-req: 0",
    ]
    wrapped = fields if cut == 3 else [" ".join(fields[:cut]), " ".join(fields[cut:])]
    text = "Decode side, after the patch (MTP, 5 steps):\n```\n" + "\n".join(wrapped) + "\n```\n"
    (r,) = read_paste(text).records
    assert (r.tool, r.accept_length) == ("sglang", pytest.approx(3.47))


def test_a_decode_line_followed_by_a_sentence_is_not_joined() -> None:
    text = (
        "Decode batch, #running-req: 1, #token: 26, token usage: 0.01, accept len: 2.00,\n"
        "and throughput looked fine after that.\n"
    )
    (r,) = read_paste(text).records
    assert r.accept_length == pytest.approx(2.0)


_SETTINGS = [
    # SGLang's own flags set in a config above (a launch's dict): they leave a table or a
    # key-value line open to a client script, but the fragment's fields are SGLang's own
    'cfg |= {\n    "speculative-num-steps": 4,\n    "speculative-num-draft-tokens": 5,\n}\n',
    # the one tool the paste names, in prose
    "Served with sglang on one card, chat prompts.\n",
    "Rebased onto the latest SGLang build, nothing else changed.\n",
]


@settings(max_examples=examples(20), deadline=None)
@given(
    st.sampled_from(_SETTINGS),
    st.integers(120, 790),
    st.integers(10, 99),
    st.sampled_from(
        [", cuda graph: True, gen throughput (token/s): 640.20", ", cuda graph: False"]
    ),
)
def test_the_fields_decide_beside_flags_or_a_mention(
    read: Read, above: str, length: int, rate: int, tail: str
) -> None:
    line = f"accept len: {length / 100:.2f}, accept rate: 0.{rate:02d}{tail}"
    text = f"```\n{above}```\n\nTried it again:\n\n```\n{line}\n```\n"
    got = read(text).records
    assert [(r.tool, r.accept_length) for r in got] == [("sglang", pytest.approx(length / 100))]


@pytest.mark.parametrize("other", ["vLLM", "llama.cpp"])
def test_another_tool_named_leaves_them_undecided(read: Read, other: str) -> None:
    # the paste names SGLang and another tool: which printed the fragment is not told by it
    text = (
        f"Compared SGLang against {other} on one card.\n\n"
        "```\naccept len: 3.10, accept rate: 0.55, cuda graph: True\n```\n"
    )
    got = read(text).records
    assert got and all(r.accept_length is None for r in got)


# SGLang's key pair, then its 'gen throughput' field right after it, its unit written another
# way or the line wrapped after the comma (decode_pair.then_throughput): SGLang's fields in
# their order, the tool told (before: the pair beside another field named none)
_THROUGHPUTS = [" {t} tok/s", ": {t} token/s", " ~{t} tok/s", " (tok/s): {t}", ": {t}"]


@settings(max_examples=examples(40), deadline=None)
@given(
    length=st.integers(120, 1600),
    rate=st.integers(10, 100),
    tput=st.integers(20, 4000),
    unit=st.sampled_from(_THROUGHPUTS),
    wrap=st.booleans(),
    quoted=st.sampled_from(["prose", "fence"]),
)
def test_the_pair_then_its_throughput_names_the_tool(
    read: Read, length: int, rate: int, tput: int, unit: str, wrap: bool, quoted: str
) -> None:
    pair = f"accept len: {length / 100:.2f}, accept rate: {rate / 100:.2f},"
    fragment = pair + ("\n" if wrap else " ") + "gen throughput" + unit.format(t=tput)
    if quoted == "prose":
        text = f"Live from the server during the second arm: `{fragment}` and it held.\n"
    else:
        text = f"Scheduler log during the long runs:\n\n```\n{fragment}\n```\n"
    got = read(text).records
    assert [(r.tool, r.accept_length) for r in got] == [("sglang", pytest.approx(length / 100))]


@pytest.mark.parametrize(
    "fragment",
    [
        # words between the pair and the throughput: no field of the line
        "accept len: 3.10, accept rate: 0.55, and the gen throughput was 795 tok/s",
        # the throughput named without a figure
        "accept len: 3.10, accept rate: 0.55, gen throughput dropped",
        # the throughput before the pair
        "gen throughput 795 tok/s, accept len: 3.10, accept rate: 0.55",
        # one field of the pair alone
        "accept len: 3.10, gen throughput 795 tok/s",
    ],
)
def test_near_misses_of_the_pair_and_throughput_name_no_tool(read: Read, fragment: str) -> None:
    got = read(f"Scheduler log during the long runs:\n\n```\n{fragment}\n```\n").records
    assert got and all(r.tool == "unknown" and r.accept_length is None for r in got)


def test_the_pair_and_throughput_beside_another_tool_stay_undecided(read: Read) -> None:
    text = (
        "Compared SGLang against vLLM on one card.\n\n"
        "```\naccept len: 3.10, accept rate: 0.55, gen throughput 795 tok/s\n```\n"
    )
    got = read(text).records
    assert got and all(r.accept_length is None for r in got)
