"""A figure's name, the dataset it was measured on, then a verb and the value, in prose: `The
average acceptance length on the GSM8K dataset reached 8`, `the acceptance rate on HumanEval
was 0.71`, `mean accept length over MT-Bench-101 came to 3.2`. The dataset's name may hold
digits (``GSM8K``, ``MT-Bench-101``), which other prose readers take for a value or a break in
the key: here the figure's name keeps its value, the dataset its place.

The name must be an acceptance figure's (:func:`cells.key` says length, tokens per step or a
rate); the dataset one word of letters, digits, ``-``, ``.``, ``+``, perhaps after ``the`` and
before ``dataset``, ``benchmark``, ``set``, ``split``, ``eval``, ``subset``; the verb one that
states a value (``reached``, ``was``, ``is``, ``hit``, ``came to``, ``stood at``, ``rose to``,
``got to``, ``of``). A conditional (``would reach``, ``should be``) or a bound (``above``,
``at least``) is no such verb.

Who printed a length told so is not said: a server's log prints no per-dataset figure, and the
harness that does (the tool's bench, the method's own benchmark, the user's script) is not
named with it. So a tool named in the paste does not decide its convention (the key is marked
of unknown convention, as :data:`cells.UNSURE_LENGTH`): printed, not normalised, unless an
identity of the paste's own figures decides it. A rate's basis is left as for any rate. Pure:
a line in, spans out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from specdiag.core.logs.paste import cells as C

_NAME = (
    r"(?P<name>(?:(?:average|avg\.?|mean|overall)\s+)?(?:draft\s+)?(?:"
    r"accept(?:ance|ed)?[ _-]?len(?:gth)?|acc(?:ept(?:ance)?)?[ _-]?rate|acceptance|"
    r"tokens?\s+per\s+(?:verify\s+)?step))"
)
_DATASET = (
    r"(?P<ds>(?=[\w.+-]*\d)[A-Za-z][\w.+-]{1,30})"
    r"(?:\s+(?:dataset|benchmark|set|split|eval|evaluation|subset|tasks?))?"
)
_VERB = (
    r"(?:reached|reaches|was|is|were|hit|hits|came\s+to|comes\s+to|stood\s+at|stands\s+at|"
    r"rose\s+to|got\s+to|went\s+(?:up\s+)?to|climbed\s+to|of|measured)"
)
_FIGURE = re.compile(
    r"\b"
    + _NAME
    + r"\s+(?:on|for|over|across|with)\s+(?:the\s+)?[`*]{0,2}"
    + _DATASET
    + r"[`*]{0,2}\s*,?\s+"
    + _VERB
    + r"\s+(?:(?:about|around|roughly|approximately|nearly|~|≈)\s*)?"
    r"(?P<v>\d+(?:\.\d+)?(?:\s*%)?)(?![\d.]*\s*(?:-|–|to)\s*\d)(?![\w.]\d|\s*[x×])",
    re.I,
)


def hinted(low: str) -> bool:
    """Whether a lowered line may hold such a figure (cheap test before the regex)."""
    return "acc" in low or "per step" in low


def spans(text: str) -> Iterator[tuple[int, int, list[tuple[C.Key, C.Value, str, str]]]]:
    """(start, end, items) of each such figure: its value under its name."""
    for m in _FIGURE.finditer(text):
        k = C.key(m.group("name"))
        v = C.value(m.group("v"))
        if v is None or k.metric not in (C.LENGTH, C.TOK_PER_STEP, C.RATE, C.ACCEPT_RATIO):
            continue
        if k.metric in (C.LENGTH, C.TOK_PER_STEP) and (v.percent or v.number > C.MAX_STEP_TOKENS):
            continue
        if k.metric in (C.RATE, C.ACCEPT_RATIO) and not v.percent and v.number > 1:
            continue
        if k.metric in (C.LENGTH, C.TOK_PER_STEP):
            k = C.Key(C.LENGTH, k.text + " " + C.UNSURE_LENGTH, False)
        yield m.start(), m.end(), [(k, v, m.group("name"), m.group("v"))]
