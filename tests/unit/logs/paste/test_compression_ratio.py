"""Lookahead decoding's compression ratio (compression.py): a '(setting, compression_ratio)'
header over one 'key: value' line per run, beside speculation; never another compression."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_INTRO = (
    "Trying lookahead decoding on a 1B chat model with a shorter n-gram window for the last\n"
    "layers; this changes the lookahead guesses and so the speed-up.\n\n"
)


def _block(key: str, rows: list[tuple[str, str]], mark: str, note: str = "results") -> str:
    lines = [f"    {mark}{note}: ({key}, compression_ratio)"]
    lines += [f"    {mark}{k}: {v}" for k, v in rows]
    return "```\n" + "\n".join(lines) + "\n```\n"


def test_each_line_under_the_header_is_a_run(read: Read) -> None:
    rows = [("0", "1.84 (baseline)"), ("1", "1.80"), ("2", "1.77"), ("...", ""), ("9(all)", "1.41")]
    body = _block("skip_layers", [(k, v) for k, v in rows if k != "..."], "# ")
    body = body.replace("# 2: 1.77\n", "# 2: 1.77\n    # ...\n")
    recs = read(_INTRO + body).records
    assert [r.printed_length for r in recs] == [1.84, 1.80, 1.77, 1.41]
    assert all(r.accept_length is None for r in recs)
    assert [r.labels for r in recs][0] == (("skip_layers", "0"),)
    assert recs[-1].labels == (("skip_layers", "9(all)"),)


@settings(max_examples=examples(20), deadline=None)
@given(
    st.sampled_from(["skip_layers", "window", "ngram_size", "level"]),
    st.lists(st.integers(min_value=100, max_value=400), min_size=2, max_size=6),
    st.sampled_from(["# ", "// ", ""]),
)
def test_runs_by_setting(read: Read, key: str, values: list[int], mark: str) -> None:
    rows = [(str(i), f"{v / 100:.2f}") for i, v in enumerate(values)]
    recs = read(_INTRO + _block(key, rows, mark)).records
    assert [r.printed_length for r in recs] == pytest.approx([v / 100 for v in values])
    assert all(r.accept_length is None for r in recs)


@pytest.mark.parametrize(
    "intro",
    [
        # KV-cache, prompt or model compression beside speculation: no tokens a step
        "Speculative decoding with a compressed KV cache: the draft reads the quantized cache.\n\n",
        "We pair an EAGLE draft with prompt compression (LLMLingua) on long inputs.\n\n",
        "Model compression before drafting: pruning the draft model's layers.\n\n",
        # no speculation named at all
        "Shortening Q for the last layers changes the next layers' inputs and the speed.\n\n",
    ],
)
def test_no_record_for_another_compression_or_without_speculation(read: Read, intro: str) -> None:
    body = _block("skip_layers", [("0", "1.84"), ("1", "1.77"), ("2", "1.62")], "# ")
    assert read(intro + body).records == ()


def test_no_record_for_a_ratio_below_one(read: Read) -> None:
    # a step emits at least one token: a ratio below 1 is no tokens a step
    body = _block("window", [("0", "1.12"), ("1", "0.93")], "# ")
    assert read(_INTRO + body).records == ()


def test_no_record_for_lines_without_the_header(read: Read) -> None:
    body = "```\n    # 0: 1.84\n    # 1: 1.77\n    # 2: 1.62\n```\n"
    assert read(_INTRO + body).records == ()


# a symbol defined as the step compression ratio, then stated by that symbol (our own notes)
_DEFINED = (
    "## Notes on an n-gram lookahead decoder\n"
    "- Let `{sym}` (step compression ratio) = number of autoregressive steps divided by the "
    "number of lookahead steps.\n"
    "- {sym} = (g - 1 + E) / g when one step in g finds a good guess.\n\n"
    "Results on our two prompt sets:\n"
    "- chat (greedy): tokens/s up 1.31x; {sym}={a}x.\n"
    "- code (greedy): 1.52x faster ({sym}={b}).\n"
)


@settings(max_examples=examples(20), deadline=None)
@given(
    st.sampled_from(["S", "C", "R"]),
    st.integers(min_value=101, max_value=450),
    st.integers(min_value=101, max_value=450),
)
def test_a_defined_symbol_states_tokens_a_step(read: Read, sym: str, a: int, b: int) -> None:
    text = _DEFINED.format(sym=sym, a=f"{a / 100:.2f}", b=f"{b / 100:.2f}")
    recs = read(text).records
    assert [r.printed_length for r in recs] == pytest.approx([a / 100, b / 100])
    # autoregressive steps (a token each) over the lookahead steps: the bonus counted
    assert [r.accept_length for r in recs] == pytest.approx([a / 100, b / 100])


def test_a_symbol_named_only_leaves_the_convention_open(read: Read) -> None:
    text = _DEFINED.format(sym="S", a="1.58", b="1.86").replace(
        " = number of autoregressive steps divided by the number of lookahead steps", ""
    )
    recs = read(text).records
    assert [r.printed_length for r in recs] == [1.58, 1.86]
    assert all(r.accept_length is None for r in recs)


@pytest.mark.parametrize(
    "change",
    [
        # no definition: a bare symbol's value is no tokens a step
        ("Let `{sym}` (step compression ratio) = ", "Let `{sym}` = "),
        # a hypothetical value, and a value below one (a step emits a token at least)
        ("{sym}={a}x.", "if {sym}={a}x we would win."),
    ],
)
def test_no_record_without_the_definition_or_in_a_hypothetical(
    read: Read, change: tuple[str, str]
) -> None:
    text = _DEFINED.replace(*change).format(sym="S", a="1.58", b="0.90")
    assert read(text).records == ()


def test_no_record_beside_another_compression(read: Read) -> None:
    text = _DEFINED.format(sym="S", a="1.58", b="1.86") + "The KV cache is compressed too.\n"
    assert read(text).records == ()
