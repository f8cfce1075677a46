"""A figure cited as the reference a run reproduces, reaches or matches: no run of the paste.

    Measured the draft on MT-Bench (112,844 decode steps), reproducing that card's published
    AL of 3.05 to within 4.1%:

A verb of reproduction or comparison (``reproducing``, ``reproduces``, ``replicates``,
``matches``, ``reaches``, ``approaches``, ``recovers``, ``close to``, ``within 4% of``) then the
source of a figure (``card``, ``model card``, ``published``, ``official``, ``paper``,
``reported``, ``upstream``, ``vendor``, ``advertised``, ``claimed``), then only the figure's name
and a connector (``AL of``, ``acceptance length:``) before the value: the value is the target the
run was set against (as a threshold is), no record. A source alone (``The model card reports an
AL of 3.05``, ``- model card: 3.05`` under a measured figure: a reported run) stays a record, and
so does the run's own value after such a clause (``reproducing the paper's AL: we got 2.9``).

Pure: a record and the paste's lines in, a yes or no out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste.model import PasteRecord

_VERB = (
    r"(?:reproduc\w*|replicat\w*|recover\w*|match\w*|reach\w*|approach\w*|close\s+to|"
    r"within\s+\d+(?:\.\d+)?\s*%\s+of|in\s+line\s+with|on\s+par\s+with)"
)
_SOURCE = (
    r"(?:(?:model[\s_-]*)?card|published|official|paper|reported|upstream|vendor|advertised|"
    r"claimed|stated)(?:'s|’s)?"
)
# the figure's name and a connector, nothing else ('AL of', 'mean acceptance length:')
_NAME = (
    r"(?:\s+(?:mean|average|avg|accept(?:ance)?|acc|length|len|rate|AL|τ|tau|figure|number|"
    r"value|result|of|is|was|at|an|a|the|\w+['’]s))*\s*(?:[:=]\s*)?"
)
_CITED = re.compile(
    r"\b"
    + _VERB
    + r"\s+(?:[\w'’-]+\s+){0,4}?"
    + _SOURCE
    + r"(?:\s+"
    + _SOURCE
    + r")*"
    + _NAME
    + r"[*`~≈]{0,3}$",
    re.I,
)


def cited(r: PasteRecord, raw: list[str]) -> bool:
    """Whether a one-figure record of prose is the reference its sentence cites (see the
    module's rule): every place its line prints the value follows such a clause."""
    if len(r.fields) != 1 or r.first_line != r.last_line or not 1 <= r.first_line <= len(raw):
        return False
    line = raw[r.first_line - 1]
    val = r.fields[0][1].strip().strip("*`")
    places = list(re.finditer(r"(?<![\w.])" + re.escape(val) + r"(?![\w.]?\d)", line))
    return bool(places) and all(_CITED.search(line[: m.start()]) is not None for m in places)
