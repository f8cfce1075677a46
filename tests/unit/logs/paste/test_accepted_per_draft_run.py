"""'accepted per draft run' ('Acc / draft run', 'accepted/draft run'): one drafting run is a
draft proposed and verified, a step, so the figure is the accepted drafts a step, the target's
own token left out (the length is 1 + it). 'run' alone ('acc/run', 'accepted per run') may be a
whole benchmark run: nothing is read of it."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


def _table(name: str, vals: list[int]) -> str:
    rows = "\n".join(
        f"| set-{i} | {31 + i}.25 | {v / 1000:.3f} | {200 + 7 * i} |" for i, v in enumerate(vals)
    )
    return (
        "Drafting characterised on eight prompts.\n\n"
        f"| Prompt | Decode tok/s | {name} | Runs |\n|---|---:|---:|---:|\n{rows}\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    name=st.sampled_from(
        [
            "Acc / draft run",
            "accepted/draft run",
            "Accepted per draft run",
            "mean accepted per draft run",
            "acc/draft run",
        ]
    ),
    vals=st.lists(st.integers(100, 7900), min_size=1, max_size=5),
)
def test_accepted_a_draft_run_leaves_the_bonus_out(read: Read, name: str, vals: list[int]) -> None:
    got = read(_table(name, vals)).records
    assert [(r.printed_length, r.accept_length) for r in got] == [
        (v / 1000, round(1 + v / 1000, 6)) for v in vals
    ]


@settings(max_examples=examples(20), deadline=None)
@given(
    name=st.sampled_from(["acc/run", "Accepted per run", "accepted/run"]),
    vals=st.lists(st.integers(1001, 7900), min_size=1, max_size=4),
)
def test_run_alone_is_no_step(read: Read, name: str, vals: list[int]) -> None:
    assert read(_table(name, vals)).records == ()
