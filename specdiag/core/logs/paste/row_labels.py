"""A tool named only as the label of one row of a table above the block ('| Engine X, earlier
reference | 81.2% |' beside '| This branch | 82.0% |'): that row is one of the runs compared
there, its tool that run's subject, never the printer of the figures below."""

from __future__ import annotations

from specdiag.core.logs.paste import tools as T


def _first_cell(row: str) -> str:
    cells = row.strip().strip("|").split("|")
    return cells[0] if cells else ""


def _is_rule(row: str) -> bool:
    return not row.strip().strip("|").replace("-", "").replace(":", "").replace("|", "").strip()


def row_label_runs(text: str) -> set[str]:
    """The tools the text names only in the first cell of rows of a table whose other rows'
    first cells name no tool (the rows compare runs, one of them on that tool)."""
    if "|" not in text:
        return set()
    groups: list[list[str]] = []
    rest: list[str] = []
    run: list[str] = []
    for line in [*text.splitlines(), ""]:
        if line.lstrip().startswith("|") and line.count("|") >= 3:
            run.append(line)
            continue
        if run:
            groups.append(run)
            run = []
        rest.append(line)
    labelled: set[str] = set()
    for rows in groups:
        data = [r for r in rows if not _is_rule(r)]
        named = [T.tools_named(_first_cell(r)) for r in data]
        if len(data) >= 2 and any(not n for n in named) and any(named):
            for r, n in zip(data, named, strict=True):
                labelled.update(n)
                rest.append(r[len(_first_cell(r)) + 2 :] if n else r)
        else:
            rest.extend(rows)
    if not labelled:
        return set()
    return labelled - set(T.tools_named("\n".join(rest)))
