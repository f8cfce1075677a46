"""SGLang's own key pair quoted under another engine's name: `accept len: 2.41, accept rate: 0.35`.

SGLang's `Decode batch` line prints its acceptance as the pair `accept len: N, accept rate: N`,
in that order, joined by a comma; vLLM's metrics line prints `Mean acceptance length`,
`Accepted:` / `Drafted:` counts and `Avg Draft acceptance rate`, never that pair. A block whose
every line holding a figure prints the pair (whatever follows it: a throughput, a note), and
none of vLLM's keys, quotes SGLang's fields, even where the heading above it calls the block by
vLLM's name (`the SpecDecoding metrics block`: a scraper's or a user's name for the statistics,
or beside SGLang named there too): the block is SGLang's where the paste names SGLang. Where it
names no SGLang, nothing is decided here (the heading's tool stays; a block with SGLang's other
fields and no tool named is SGLang's by the reader's own rule).

Pure: text in, an answer out.
"""

from __future__ import annotations

import re

_NUM = r"\d+(?:\.\d+)?"
_PAIR = re.compile(r"\baccept len:\s*" + _NUM + r"\s*,\s*accept rate:\s*" + _NUM, re.I)
_VLLM_KEYS = re.compile(
    r"\bmean acceptance length\b|\baccepted:|\bdrafted:|\bper-position acceptance\b|"
    r"\bavg draft acceptance rate\b|\bspecdecoding metrics:",
    re.I,
)
RULE = "the block prints SGLang's own `accept len` / `accept rate` pair, and the paste names SGLang"


# the pair, a comma (perhaps the line wrapped after it), then SGLang's throughput field by its
# own words and a number within a few characters, whatever unit it is written in
_THEN_THROUGHPUT = re.compile(
    r"\baccept len:\s*" + _NUM + r"\s*,\s*accept rate:\s*" + _NUM + r"\s*,\s*"
    r"gen throughput\b[^\d\n,]{0,20}" + _NUM,
    re.I,
)


def then_throughput(block_text: str) -> bool:
    """Whether ``block_text`` prints SGLang's key pair with its ``gen throughput`` field right
    after it (SGLang's Decode batch fields in their order, quoted without the ``cuda graph`` /
    ``cpu graph`` flag the server prints between them, the throughput's unit written another
    way: ``accept len: 4.00, accept rate: 1.00, gen throughput 795 tok/s``)."""
    return (
        "gen throughput" in block_text.lower() and _THEN_THROUGHPUT.search(block_text) is not None
    )


def sglang_pair(block_text: str) -> bool:
    """Whether every line of ``block_text`` holding a figure prints SGLang's key pair, and no
    line prints one of vLLM's metrics keys."""
    if "accept len" not in block_text.lower():
        return False
    figures = [ln for ln in block_text.splitlines() if any(c.isdigit() for c in ln)]
    return (
        bool(figures)
        and all(_PAIR.search(ln) for ln in figures)
        and _VLLM_KEYS.search(block_text) is None
    )
