"""An accept length's list in a sentence of prose (slash_settings._listed, _parallel): the name
(`mean emitted length`, `mean acceptance length`) then a verb of being or a colon, values joined
by `/` each perhaps in backticks, then the same runs' other lists (percentages too) after `;` or
`,` and a name with `was` or `:`: one record a run, in order. A `/` of another sentence, before
or after (`at 500/1,000/2,000 rows.`, a path), pairs nothing; one in the list's own sentence, or
a list of another count, leaves the line to the other rules."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LEAD = "Speculative decoding runs, one per checkpoint.\n\n"


@st.composite
def _runs(draw: st.DrawFn) -> tuple[list[int], list[int]]:
    n = draw(st.integers(3, 6))
    lengths = draw(st.lists(st.integers(110, 390), min_size=n, max_size=n, unique=True))
    rates = draw(st.lists(st.integers(11, 899), min_size=n, max_size=n, unique=True))
    return lengths, rates


@settings(max_examples=examples(50), deadline=None)
@given(
    runs=_runs(),
    name=st.sampled_from(["Mean emitted length", "Mean acceptance length", "Mean accept len"]),
    be=st.sampled_from([" was ", ": ", " of "]),
    rate_be=st.sampled_from([" was ", ": "]),
    tick=st.sampled_from(["", "`"]),
    slash=st.sampled_from(["/", " / "]),
    joint=st.sampled_from(["; ", ", "]),
    before=st.sampled_from(["", "Checkpoints at 500/1,000/2,000 rows. "]),
    after=st.sampled_from(["", " Details are in `runs/pilot/summary.json`."]),
)
def test_parallel_lists_are_a_record_a_run(
    read: Read,
    runs: tuple[list[int], list[int]],
    name: str,
    be: str,
    rate_be: str,
    tick: str,
    slash: str,
    joint: str,
    before: str,
    after: str,
) -> None:
    lengths, rates = runs
    ls = slash.join(f"{tick}{v / 100:.2f}{tick}" for v in lengths)
    rs = slash.join(f"{tick}{v / 10:.1f}%{tick}" for v in rates)
    line = f"- {before}{name}{be}{ls}{joint}draft acceptance{rate_be}{rs}.{after}\n"
    got = read(_LEAD + line).records
    assert [r.printed_length for r in got] == [v / 100 for v in lengths], line
    assert [round(r.printed_rate or 0, 6) for r in got] == [v / 1000 for v in rates], line


@settings(max_examples=examples(30), deadline=None)
@given(
    runs=_runs(),
    case=st.sampled_from(["slash in the sentence", "other count"]),
)
def test_a_list_left_alone(read: Read, runs: tuple[list[int], list[int]], case: str) -> None:
    lengths, rates = runs
    ls = "/".join(f"{v / 100:.2f}" for v in lengths)
    rs = "/".join(f"{v / 10:.1f}%" for v in rates[: -1 if case == "other count" else None])
    if case == "slash in the sentence":
        line = f"- at 500/1,000 rows mean emitted length was {ls}; draft acceptance was {rs}.\n"
    else:
        line = f"- Mean emitted length was {ls}; draft acceptance was {rs}.\n"
    got = read(_LEAD + line).records
    assert len(got) <= 1, line
