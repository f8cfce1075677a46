"""Shared makers for the paste reader's tests (tests/unit/logs/paste/).

Tables in the layouts users paste, the spellings of the accept length users write in headers,
and the markup users wrap around cells: each test file draws its variants from these, so a new
layout or spelling added here reaches every structure that uses it.
"""

from __future__ import annotations

from specdiag.core.logs.paste import read_paste

LENGTH_HEADERS = [
    "acc len",
    "acc_len",
    "Acc. Len",
    "avg acc len",
    "a.len",
    "AL",
    "τ",
    "Accept Length",
    "**accept length**",
    "mean acceptance length",
]

MARKUP = ("{}", "**{}**", "`{}`", "*{}*")


def pipe_table(header: list[str], rows: list[list[str]], outer: bool = True) -> str:
    """A markdown pipe table; ``outer=False`` drops the outer bars, as sheet copies do."""

    def line(cells: list[str]) -> str:
        body = " | ".join(cells)
        return f"| {body} |" if outer else body

    out = [line(header), line(["---"] * len(header))]
    out += [line(r) for r in rows]
    return "\n".join(out) + "\n"


def render_table(layout: str, header: list[str], rows: list[list[str]]) -> str:
    """The table in one layout: markdown, csv, tsv, box (drawing characters) or aligned columns."""
    if layout == "markdown":
        out = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
        out += ["| " + " | ".join(r) + " |" for r in rows]
    elif layout == "csv":
        out = [",".join(header)] + [",".join(r) for r in rows]
    elif layout == "tsv":
        out = ["\t".join(header)] + ["\t".join(r) for r in rows]
    elif layout == "box":
        w = [max(len(x) for x in col) + 2 for col in zip(header, *rows, strict=True)]
        line = "├" + "┼".join("─" * n for n in w) + "┤"
        out = [
            "┌" + "┬".join("─" * n for n in w) + "┐",
            "│" + "│".join(h.center(n) for h, n in zip(header, w, strict=True)) + "│",
            line,
        ]
        out += ["│" + "│".join(c.center(n) for c, n in zip(r, w, strict=True)) + "│" for r in rows]
        out.append("└" + "┴".join("─" * n for n in w) + "┘")
    else:  # aligned
        w = [max(len(x) for x in col) + 3 for col in zip(header, *rows, strict=True)]
        out = ["".join(h.ljust(n) for h, n in zip(header, w, strict=True))]
        out += ["".join(c.ljust(n) for c, n in zip(r, w, strict=True)) for r in rows]
    return "\n".join(out) + "\n"


def order_columns(
    cols: list[tuple[str, list[str]]], perm: list[int]
) -> tuple[list[str], list[list[str]]]:
    """The columns (header, cells) in the order ``perm`` gives, as a header and rows."""
    picked = [cols[i] for i in perm]
    header = [h for h, _ in picked]
    rows = [[c[r] for _, c in picked] for r in range(len(picked[0][1]))]
    return header, rows


def printed_lengths(text: str) -> list[float]:
    """The accept lengths the reader finds in ``text``, as printed, in order."""
    return [r.printed_length for r in read_paste(text).records if r.printed_length is not None]


def change_table(header: str, cells: list[str]) -> str:
    """A pipe table of speeds before and after a change, a plain row with no figure (`—`), then
    one variant row per cell under the ``header`` naming the changed column."""
    lines = [
        f"| mode | old tok/s | new tok/s | {header} |",
        "|---|---:|---:|---|",
        "| plain | 50.10 | 50.40 | — |",
    ]
    for i, c in enumerate(cells):
        lines.append(f"| variant-{chr(97 + i)} | {60 + i}.25 | {62 + i}.75 | {c} |")
    return "\n".join(lines) + "\n"
