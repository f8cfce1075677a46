"""What the structure readers return: records from any tool, the decisions behind their
conventions, and the blocks that were not understood.

Every figure here was read from the paste or computed from figures read from it; a convention
that no evidence decides is ``unknown`` and then no normalised figure is given.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

# Record kinds of a paste (server and response records come from the line scanner; a table row
# and a summary of unknown origin are the structure readers' own).
TABLE_ROW = "table_row"
BENCH = "bench"
EXAMPLE = "example"
RESPONSE = "response"
SUMMARY = "summary"  # a key-value run or prose of a tool that cannot be told

UNKNOWN = "unknown"

# Bonus token (the target's own token at every verify step) in a printed accept length.
INCLUDED, EXCLUDED = "included", "excluded"
# What a printed acceptance rate is a fraction of.
PER_DRAFT, PER_OUTPUT_TOKEN = "per_draft_token", "per_output_token"
# How a figure aggregates requests.
POOLED, MEAN_OVER_REQUESTS, MEDIAN = "pooled", "mean_over_requests", "median"


@dataclass(frozen=True, slots=True)
class Decision:
    """One convention and the rule that decided it (``unknown`` when none did)."""

    value: str
    rule: str


UNDECIDED = Decision(UNKNOWN, "no identity, name or tool decides it")
# the note of a record whose bonus convention no rule decided; dropped once one does
BONUS_UNKNOWN = "bonus convention unknown"


def decided_notes(notes: tuple[str, ...]) -> tuple[str, ...]:
    """A record's notes once a rule has decided its bonus convention: the 'unknown' note gone."""
    return tuple(n for n in notes if not n.startswith(BONUS_UNKNOWN))


@dataclass(frozen=True, slots=True)
class PasteRecord:
    """One acceptance figure read from a table row or column, a key-value run, prose or a
    JSON body."""

    kind: str  # TABLE_ROW | BENCH | EXAMPLE | RESPONSE | SUMMARY
    tool: str  # sglang | vllm | llamacpp | trtllm | aiperf | mlx | fastdeploy | ... | unknown
    tool_rule: str  # how the tool was told
    structure: str  # markdown table, box table, aligned columns, spaced table, csv, tsv, key-value, prose, json,
    # bullets, prometheus
    first_line: int  # 1-based lines of the input the record was read from
    last_line: int
    labels: tuple[tuple[str, str], ...]  # the configuration: (column or row name, value)
    printed_length: float | None  # the accept length as printed (its convention: ``bonus``)
    accept_length: float | None  # bonus INCLUDED; only when ``bonus`` is decided
    printed_rate: float | None  # the rate as printed, as a fraction (its basis: ``rate_basis``)
    accept_rate: float | None  # accepted / proposed draft tokens; only when decided
    accepted_tokens: int | None
    drafted_tokens: int | None
    steps: int | None  # verify steps (drafts, proposals)
    output_tokens: int | None
    per_position: tuple[float, ...]  # P(draft position i accepted), as printed
    max_length: float | None  # the ``/ 5`` of ``2.6 / 5``: the most a step can emit
    statistic: str | None  # mean, median, p50, ... when the paste names it
    bonus: Decision
    rate_basis: Decision
    pooling: Decision
    fields: tuple[tuple[str, str], ...]  # every acceptance cell or field, verbatim
    notes: tuple[str, ...]
    summary_row: bool = False  # an 'average' / 'overall' row of a table: not a configuration


def blank_record(
    kind: str,
    tool: str,
    tool_rule: str,
    structure: str,
    lines: tuple[int, int],
    *,
    labels: tuple[tuple[str, str], ...] = (),
    fields: tuple[tuple[str, str], ...] = (),
    notes: tuple[str, ...] = (),
    conventions: Decision = UNDECIDED,
    summary_row: bool = False,
) -> PasteRecord:
    """A record of the given lines stating no figure: every figure None, no per-position
    rates, its three conventions ``conventions`` (undecided unless given). A reader adds the
    figures it read with ``dataclasses.replace``."""
    return PasteRecord(
        kind=kind,
        tool=tool,
        tool_rule=tool_rule,
        structure=structure,
        first_line=lines[0],
        last_line=lines[1],
        labels=labels,
        printed_length=None,
        accept_length=None,
        printed_rate=None,
        accept_rate=None,
        accepted_tokens=None,
        drafted_tokens=None,
        steps=None,
        output_tokens=None,
        per_position=(),
        max_length=None,
        statistic=None,
        bonus=conventions,
        rate_basis=conventions,
        pooling=conventions,
        fields=fields,
        notes=notes,
        summary_row=summary_row,
    )


@dataclass(frozen=True, slots=True)
class Block:
    """A candidate block that was not read: its lines as given, and why."""

    first_line: int
    last_line: int
    reason: str
    lines: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Group:
    """Records of one tool, kind and configuration (datasets and categories apart): the only
    records ever averaged together."""

    tool: str
    kind: str
    config: tuple[tuple[str, str], ...]
    records: int
    accept_length_n: int  # records with a normalised (bonus-included) length
    accept_length_mean: float | None  # over those; None unless every record has one
    accept_length_min: float | None
    accept_length_max: float | None
    accept_rate_mean: float | None
    note: str | None


@dataclass(frozen=True, slots=True)
class PasteReading:
    """Everything the structure readers found in one input."""

    records: tuple[PasteRecord, ...]
    groups: tuple[Group, ...]
    unread: tuple[Block, ...]  # blocks naming acceptance figures that could not be read
    ignored: tuple[Block, ...]  # blocks where 'acceptance' has another meaning (e.g. MCMC)
    blocks: int  # candidate blocks looked at
    # the line scanner's own records of the input whose tokens per step the paste around them
    # proves (scanned.py): the same lines and figures with the normalised length; no new record
    scanned: tuple[PasteRecord, ...] = ()


def positions_alone(r: PasteRecord) -> bool:
    """Whether a record holds per-position rates and no figure of its own (no length, rate or
    count): the rates of a run printed elsewhere, e.g. an opener and its position lines."""
    return (
        bool(r.per_position)
        and r.printed_length is None
        and r.printed_rate is None
        and r.accepted_tokens is None
        and r.drafted_tokens is None
        and r.steps is None
    )


def counted_length(r: PasteRecord, accepted: int, steps: int, why: str) -> PasteRecord:
    """``r`` with the length its counts give, 1 + accepted / steps (the bonus included by that
    identity: ``why`` says where the steps came from)."""
    return replace(
        r,
        steps=steps,
        accept_length=round(1 + accepted / steps, 6),
        bonus=Decision(INCLUDED, why),
        notes=decided_notes(r.notes),
    )


def printed_decided(r: PasteRecord, value: str, rule: str) -> PasteRecord:
    """``r`` with its printed length's bonus decided by ``rule`` (``value`` INCLUDED or EXCLUDED):
    the length as printed, or 1 + it."""
    assert r.printed_length is not None
    return replace(
        r,
        accept_length=r.printed_length if value == INCLUDED else round(r.printed_length + 1, 6),
        bonus=Decision(value, rule),
        notes=decided_notes(r.notes),
    )


def without(
    records: list[PasteRecord], block_of: list[int], drop: set[int]
) -> tuple[list[PasteRecord], list[int]]:
    """The records and their block numbers, those at the indices in ``drop`` left out."""
    keep = [i for i in range(len(records)) if i not in drop]
    return [records[i] for i in keep], [block_of[i] for i in keep]
