"""Two shapes of a tool's own output.

A /metrics page (or its grep) some of whose lines its parser refuses (a label list elided with
``...``, a quote left open): those lines are skipped and shown as unread, the page's other
counters read as usual; a page whose counters all fail gives none.

The result line SGLang's benchmark scripts append to their result file: one flat JSON object
whose ``"backend"`` is ``"srt"`` (SGLang's runtime by its own name) and which holds an
``"accept_length"`` names SGLang, whose length counts the bonus: as printed. Another backend,
the key elsewhere than that object, or no accept length name no tool, as before.
"""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import READERS, Read

_NAMES = (
    "spec_decode_num_drafts_total",
    "spec_decode_num_draft_tokens_total",
    "spec_decode_num_accepted_tokens_total",
)
_BROKEN = (
    '{...,position="%d"}',
    '{engine="0",position="%d}',
    "{…, position=%d}",
)


def _counter(name: str, labels: str, value: int) -> str:
    return f"vllm:{name}{labels} {value}"


@settings(max_examples=examples(40), deadline=None)
@given(
    steps=st.integers(1, 10**6),
    k=st.integers(2, 6),
    share=st.integers(1, 100),
    labels=st.sampled_from(['{engine="0",model_name="m-1"}', '{model_name="x"}', ""]),
    broken=st.sampled_from(_BROKEN),
    n_bad=st.integers(1, 4),
    bad_first=st.booleans(),
    fence=st.booleans(),
    reader=st.sampled_from(READERS),
)  # fmt: skip
def test_unparsable_lines_are_skipped_the_counters_read(
    steps: int,
    k: int,
    share: int,
    labels: str,
    broken: str,
    n_bad: int,
    bad_first: bool,
    fence: bool,
    reader: tuple[str, Read],
) -> None:
    drafted = steps * k
    accepted = drafted * share // 100
    good = [_counter(n, labels, v) for n, v in zip(_NAMES, (steps, drafted, accepted), strict=True)]
    bad = [
        f"vllm:spec_decode_num_accepted_tokens_per_pos_total{broken % i} {accepted // n_bad}"
        for i in range(n_bad)
    ]
    lines = bad + good if bad_first else good + bad
    body = "\n".join(lines)
    text = f"```\n{body}\n```\n" if fence else body + "\n"
    got = reader[1](text)
    (r,) = got.records
    assert r.tool == "vllm" and r.structure == "prometheus" and r.printed_length is None
    assert r.accept_length is not None and abs(r.accept_length - (1 + accepted / steps)) < 1e-6
    shown = [t for u in got.unread for t in u.lines]
    assert all(b in shown for b in bad)


@settings(max_examples=examples(20), deadline=None)
@given(
    broken=st.sampled_from(_BROKEN), value=st.integers(1, 10**6), reader=st.sampled_from(READERS)
)
def test_near_miss_only_unparsable_counters_read_nothing(
    broken: str, value: int, reader: tuple[str, Read]
) -> None:
    # every counter's labels broken: nothing is read, the lines are shown unread
    text = "\n".join(f"vllm:{n}{broken % 0} {value + i}" for i, n in enumerate(_NAMES)) + "\n"
    assert reader[1](text).records == ()


def _result(backend: str, length: float, task: str, throughput: float, flat: bool) -> str:
    head = {"task": task, "backend": backend, "num_gpus": 1, "latency": 12.5}
    tail = {"throughput": throughput, "accept_length": length, "num_requests": 40}
    if flat:
        return json.dumps({**head, **tail, "other": {"parallel": 1}})
    return json.dumps({**head, "other": {**tail, "parallel": 1}})


@settings(max_examples=examples(40), deadline=None)
@given(
    lengths=st.lists(st.integers(1001, 7999).map(lambda v: v / 1000), min_size=1, max_size=4),
    task=st.sampled_from(["mtbench", "gsm8k", "humaneval", "qa-set"]),
    title=st.sampled_from(["", "Raw result lines:\n\n", "results file:\n"]),
    fence=st.sampled_from(["", "json"]),
    reader=st.sampled_from(READERS),
)  # fmt: skip
def test_srt_result_lines_name_sglang(
    lengths: list[float], task: str, title: str, fence: str, reader: tuple[str, Read]
) -> None:
    body = "\n".join(_result("srt", v, task, 100.0 + i, True) for i, v in enumerate(lengths))
    text = title + (f"```{fence}\n{body}\n```\n" if fence else body + "\n")
    got = reader[1](text).records
    assert [r.printed_length for r in got] == lengths
    assert all(r.tool == "sglang" for r in got)
    assert [r.accept_length for r in got] == lengths


@settings(max_examples=examples(30), deadline=None)
@given(
    length=st.integers(1001, 7999).map(lambda v: v / 1000),
    shape=st.sampled_from(["backend", "nested"]),
    backend=st.sampled_from(["hf", "custom", "srt-x", "vsrt"]),
)
def test_near_miss_srt_result_lines(length: float, shape: str, backend: str) -> None:
    # another backend, or the accept length inside a nested object: no tool named
    line = (
        _result(backend, length, "mtbench", 50.0, True)
        if shape == "backend"
        else _result("srt", length, "mtbench", 50.0, False)
    )
    for r in read_paste(line + "\n").records:
        assert r.tool != "sglang" and r.accept_length is None
