"""Score specdiag logs on a corpus of pastes with their truth (held-out style evaluation).

A corpus is a directory of pastes, each ``NAME`` with ``NAME.truth.json``:
``{"records": [{"accept_length": 2.5 | null, "printed_length": 2.6}], "negative": false}``.
A paste is right when specdiag finds exactly the records listed (line-scanner records and
structure records, in line order) and each normalised accept length (bonus included) matches
within 0.005, ``null`` meaning none may be claimed (the convention is unknown), and
``printed_length`` and ``tool``, where given, match what was printed and who printed it. A negative paste is right when no
record is found.

    python benchmarks/eval_pastes.py tests/data/pastes [--verbose]
    python benchmarks/eval_pastes.py CORPUS_DIR --truth TRUTH.json [--verbose]

With ``--truth``, the truths of an external corpus (one kept outside this tree, e.g. third-party
pastes collected from public threads) come from one JSON file mapping each paste's file name
to its truth, instead of the ``NAME.truth.json`` files beside the pastes. Besides the pastes
right, the score counts false conventions: records whose normalised accept length was claimed
where the truth says none can be, or differs from the truth, and on a negative control every
record that claims a normalised accept length at all. Those are counted only where a paste's
found and true record counts agree (records then pair in order); ``false conventions (any
count)`` adds, in a positive paste whose counts differ, every found record whose normalised
length matches no true record's while a true record of the same printed length has none
(``null``) or another: a wrong convention the count mismatch would otherwise hide. With
``--verbose`` each such record is listed (paste, line, value).
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path
from typing import Any


def found(path: Path) -> list[dict[str, Any]]:
    """Every record specdiag logs reads in one paste: (line, accept length, printed length)."""
    from specdiag.core.logs.analyze import LogAnalyzer
    from specdiag.core.logs.paste.hook import read_held

    data = path.read_bytes()
    out: list[dict[str, Any]] = []

    def on_record(rec: Any) -> None:
        if rec.kind != "per_position":
            out.append(
                {
                    "line": rec.line_no,
                    "accept_length": rec.accept_length,
                    "printed_length": rec.accept_length,
                    "tool": str(rec.engine),
                }
            )

    analyzer = LogAnalyzer(on_record=on_record)
    analyzer.scan(path.name, io.BytesIO(data))
    analyzer.report()
    reading = read_held(data, None)
    # the line scanner's records whose length the paste around them proves (scanned.py): the
    # same records, with that length
    decided = {(r.first_line, r.tool): r.accept_length for r in reading.scanned}
    for d in out:
        if d["accept_length"] is None and (d["line"], d["tool"]) in decided:
            d["accept_length"] = decided[d["line"], d["tool"]]
    out.extend(
        {
            "line": r.first_line,
            "accept_length": r.accept_length,
            "printed_length": r.printed_length,
            "tool": r.tool,
        }
        for r in reading.records
    )
    return sorted(out, key=lambda d: d["line"])


def truths(corpus: Path, truth_file: Path | None = None) -> list[tuple[Path, dict[str, Any]]]:
    """(paste, truth) of every paste of a corpus, from its truth files or one truth file."""
    if truth_file is not None:
        table = json.loads(truth_file.read_text())
        return [(corpus / name, table[name]) for name in sorted(table)]
    return [
        (p.with_name(p.name[: -len(".truth.json")]), json.loads(p.read_text()))
        for p in sorted(corpus.glob("*.truth.json"))
    ]


TOLERANCE = 0.005  # a normalised or printed length within this of the truth's matches it


def _near(a: float | None, b: float | None) -> bool:
    return a is not None and b is not None and abs(a - b) <= TOLERANCE


def unpaired_false(got: list[dict[str, Any]], want: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The found records of a paste whose record count differs from its truth's that state a
    false convention all the same: a normalised length matching no true record's, where a true
    record of the same printed length has none or another."""
    out = []
    for g in got:
        al = g["accept_length"]
        if al is None or any(_near(al, w.get("accept_length")) for w in want):
            continue
        if any(_near(g["printed_length"], w.get("printed_length")) for w in want):
            out.append(g)
    return out


def score(corpus: Path, verbose: bool = False, truth_file: Path | None = None) -> dict[str, Any]:
    rows = []
    false_conventions = 0
    unpaired: list[tuple[str, dict[str, Any]]] = []  # (paste, record) of the stricter count
    for paste, truth in truths(corpus, truth_file):
        got = found(paste)
        want = truth["records"]
        ok = len(got) == len(want)
        if truth.get("negative"):
            # a negative control's record that claims a normalised length states a false figure
            false_conventions += sum(1 for g in got if g["accept_length"] is not None)
        elif not ok:
            unpaired.extend((paste.name, g) for g in unpaired_false(got, want))
        if ok:
            for g, w in zip(got, want, strict=True):
                wl = w.get("accept_length")
                if g["accept_length"] is not None and (
                    wl is None or abs(wl - g["accept_length"]) > 0.005
                ):
                    false_conventions += 1
                if (wl is None) != (g["accept_length"] is None) or (
                    wl is not None and abs(wl - g["accept_length"]) > 0.005
                ):
                    ok = False
                if "tool" in w and w["tool"] != g["tool"]:
                    ok = False
                pl = w.get("printed_length")
                if pl is not None and (
                    g["printed_length"] is None or abs(pl - g["printed_length"]) > 0.005
                ):
                    ok = False
        rows.append(
            {
                "paste": paste.name,
                "negative": bool(truth.get("negative")),
                "right": ok,
                "found": len(got),
                "expected": len(want),
            }
        )
        if verbose and not ok:
            print(f"WRONG {paste.name}: found {got}, expected {want}", file=sys.stderr)
    if verbose:
        for name, g in unpaired:
            print(
                f"FALSE CONVENTION (count mismatch) {name} line {g['line']}: normalised "
                f"{g['accept_length']:g} (printed {g['printed_length']:g})",
                file=sys.stderr,
            )
    pos = [r for r in rows if not r["negative"]]
    neg = [r for r in rows if r["negative"]]
    return {
        "pastes": len(rows),
        "positives_right": sum(r["right"] for r in pos),
        "positives": len(pos),
        "negatives_right": sum(r["right"] for r in neg),
        "negatives": len(neg),
        "false_conventions": false_conventions,
        "false_conventions_any_count": false_conventions + len(unpaired),
        "unpaired_false": [{"paste": name, **g} for name, g in unpaired],
        "rows": rows,
    }


def main(argv: list[str]) -> int:
    truth_file = None
    if "--truth" in argv:
        i = argv.index("--truth")
        truth_file = Path(argv[i + 1])
        argv = argv[:i] + argv[i + 2 :]
    paths = [a for a in argv if not a.startswith("--")]
    corpus = Path(paths[0]) if paths else Path(__file__).parent.parent / "tests/data/pastes"
    res = score(corpus, verbose="--verbose" in argv, truth_file=truth_file)
    for r in res["rows"]:
        print(f"{'ok   ' if r['right'] else 'WRONG'} {r['paste']} ({r['found']}/{r['expected']})")
    print(
        f"positives right: {res['positives_right']}/{res['positives']}, "
        f"negatives right: {res['negatives_right']}/{res['negatives']}, "
        f"false conventions: {res['false_conventions']}"
    )
    print(f"false conventions (any count): {res['false_conventions_any_count']}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
