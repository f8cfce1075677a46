"""A LaTeX table whose first header row groups columns under '\\multicolumn' (one dataset over
each group), its symbols defined in the prose ('tokens emitted per round (\\(\\bar{L}\\))'), and a
share past 100% beside a run's length (no per-draft rate; the length stays)."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste

_PROSE = (
    "We list tokens emitted per verification round (\\(\\bar{{L}}\\)) and the acceptance rate "
    "(Acc.) of each method.\n\n"
)
_TABLE = (
    "\\begin{{tabular}}{{lcccc}}\n\\toprule\n"
    "Method & \\multicolumn{{2}}{{c}}{{SetA}} & \\multicolumn{{2}}{{c}}{{SetB}} \\\\\n"
    "\\cmidrule(lr){{2-3}} \\cmidrule(lr){{4-5}}\n"
    "& Acc. & \\(\\bar{{L}}\\) & Acc. & \\(\\bar{{L}}\\) \\\\\n\\midrule\n"
    "Chain & {r1}\\% & {l1} & 81.0\\% & 3.40 \\\\\n"
    "\\textbf{{Tree}} & \\textbf{{{r2}\\%}} & \\textbf{{{l2}}} & 77.5\\% & 3.90 \\\\\n"
    "\\bottomrule\n\\end{{tabular}}\n"
)


def _read(text: str) -> list[tuple[str, str, float | None, float | None]]:
    return [
        (dict(r.labels)["Method"], dict(r.labels)["column"], r.accept_length, r.printed_rate)
        for r in read_paste(text).records
    ]


def test_groups_of_columns_under_multicolumn_and_a_defined_symbol() -> None:
    text = (_PROSE + _TABLE).format(r1="70.0", l1="2.90", r2="64.5", l2="3.10")
    assert _read(text) == [
        ("Chain", "SetA", 2.9, 0.7),
        ("Chain", "SetB", 3.4, 0.81),
        ("Tree", "SetA", 3.1, 0.645),
        ("Tree", "SetB", 3.9, 0.775),
    ]


@settings(max_examples=20, deadline=None)
@given(st.integers(1001, 1500))
def test_a_share_past_100_percent_leaves_the_length(rate: int) -> None:
    text = (_PROSE + _TABLE).format(r1="70.0", l1="2.90", r2=f"{rate / 10:.1f}", l2="3.10")
    got = _read(text)
    assert got[2] == ("Tree", "SetA", 3.1, None)
    assert len(got) == 4


def test_undefined_symbol_no_length_and_no_rate_alone_past_100() -> None:
    # the symbol not defined anywhere: its cells name nothing, the rates stay
    text = _TABLE.format(r1="70.0", l1="2.90", r2="64.5", l2="3.10")
    text = "We list the acceptance rate (Acc.) of each method.\n\n" + text
    assert [(m, c, a) for m, c, a, _ in _read(text)] == [
        ("Chain", "SetA", None),
        ("Chain", "SetB", None),
        ("Tree", "SetA", None),
        ("Tree", "SetB", None),
    ]
    # a share past 100% with no length beside it: no record of it
    text = text.replace("64.5\\%", "104.5\\%")
    assert [(m, c) for m, c, _, _ in _read(text)] == [
        ("Chain", "SetA"),
        ("Chain", "SetB"),
        ("Tree", "SetB"),
    ]
