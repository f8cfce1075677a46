"""A structure record as a row of ``--records``: the line records' columns (so one CSV holds
both), with what only structure records carry (tool rule, structure, labels, the printed
figures and the three decisions) in ``raw`` and, in JSON Lines, as keys of their own."""

from __future__ import annotations

from specdiag.core.logs.paste.model import Decision, PasteRecord


def _decision(d: Decision) -> dict[str, str]:
    return {"value": d.value, "rule": d.rule}


def extra(rec: PasteRecord) -> dict[str, object]:
    """What a structure record says beyond the line records' columns."""
    return {
        "record_source": "structure",
        "tool_rule": rec.tool_rule,
        "structure": rec.structure,
        "last_line": rec.last_line,
        "labels": dict(rec.labels),
        "printed_length": rec.printed_length,
        "printed_rate": rec.printed_rate,
        "steps": rec.steps,
        "output_tokens": rec.output_tokens,
        "max_length": rec.max_length,
        "statistic": rec.statistic,
        "bonus": _decision(rec.bonus),
        "rate_basis": _decision(rec.rate_basis),
        "pooling": _decision(rec.pooling),
        "summary_row": rec.summary_row,
    }


def row(source: str, rec: PasteRecord) -> dict[str, object]:
    """The ``--records`` row of a structure record (keys: the line records' columns, then
    :func:`extra`'s). ``engine`` is the tool that printed it (or ``unknown``); ``time`` and
    ``timestamp`` are empty (pastes carry none); ``raw`` holds the fields as printed (the CSV
    adds the extra keys to it)."""
    more = extra(rec)
    length = rec.accept_length
    return {
        "source": source,
        "line": rec.first_line,
        "engine": rec.tool,
        "kind": rec.kind,
        "rank": None,
        "time": None,
        "timestamp": None,
        "clock": None,
        "version_guess": None,
        "accept_length": length,
        "accepted_drafts": round(length - 1, 6) if length is not None else None,
        "accept_rate": rec.accept_rate,
        "accepted_tokens": rec.accepted_tokens,
        "drafted_tokens": rec.drafted_tokens,
        "per_position": list(rec.per_position),
        "per_position_conditional": [],
        "cuda_graph": None,
        "throughput": None,
        "notes": list(rec.notes),
        "raw": {"fields": dict(rec.fields)},
        **more,
    }
