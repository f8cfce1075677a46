"""Figures the writer relays from someone else who measured them, or expects (relayed.py): a third
party named as the subject of a verb of measuring, the addressee's figures told back, a section
headed as others' figures, a usage example's comment, an announcement's approximate claim: no
record. The writer's own runs beside the same words stay read."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_LABELS = st.sampled_from(["Code", "Chat replies", "Long prose", "SQL output", "Summaries"])
_RATES = st.lists(st.integers(5, 95), min_size=2, max_size=3, unique=True)
_SPACE = st.sampled_from([" ", "  "])


def _bullets(labels: list[str], rates: list[int], space: str) -> str:
    return "\n".join(
        f"- {lab}: 60 tok/s →{space}{70 + p / 10:.1f} tok/s — acceptance rate:{space}{p}% of slots"
        for lab, p in zip(labels, rates, strict=False)
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    who=st.sampled_from(
        [
            "A forum user",
            "One commenter on the tracker",
            "Several testers",
            "Another Discord member",
            "Someone",
            "The original poster",
        ]
    ),
    verb=st.sampled_from(["tested", "measured", "benchmarked", "ran", "reported"]),
    labels=st.lists(_LABELS, min_size=3, max_size=3, unique=True),
    rates=_RATES,
    space=_SPACE,
)
def test_a_third_partys_measuring_is_relayed(
    read: Read, who: str, verb: str, labels: list[str], rates: list[int], space: str
) -> None:
    text = (
        "Draft speed depends on acceptance\n\n"
        f"{who} {verb} the small draft on a 30B model and found the gain follows acceptance.\n\n"
        f"{_bullets(labels, rates, space)}\n"
    )
    assert read(text).records == (), text


@settings(max_examples=examples(30), deadline=None)
@given(
    lead=st.sampled_from(
        [
            "I tested the small draft on a 30B model and found",
            "We measured the small draft on a 30B model and found",
            "A forum user asked whether",
            "The benchmark measured the small draft and found",
            "Users can test the small draft; on my box I found",
        ]
    ),
    labels=st.lists(_LABELS, min_size=3, max_size=3, unique=True),
    rates=_RATES,
    space=_SPACE,
)
def test_the_writers_own_measuring_stays_read(
    read: Read, lead: str, labels: list[str], rates: list[int], space: str
) -> None:
    text = (
        "Draft speed depends on acceptance\n\n"
        f"{lead} the gain follows acceptance.\n\n"
        f"{_bullets(labels, rates, space)}\n"
    )
    got = read(text).records
    assert [r.printed_rate for r in got] == [pytest.approx(p / 100) for p in rates], text


def test_a_third_party_beside_the_writers_own_run_stays_read(read: Read) -> None:
    text = (
        "Draft speed notes\n\n"
        "A forum user tested the small draft and found the gain follows acceptance.\n"
        "I repeated it on my box:\n\n"
        "- Code: 60 tok/s → 81.0 tok/s — acceptance rate: 71% of slots\n"
        "- Prose: 60 tok/s → 58.2 tok/s — acceptance rate: 28% of slots\n"
    )
    assert [r.printed_rate for r in read(text).records] == [0.71, 0.28]


@settings(max_examples=examples(30), deadline=None)
@given(
    opening=st.sampled_from(
        [
            "Your second log is telling, I think:",
            "Your numbers say it all:",
            "You got it right there —",
            "> Your run shows it, I guess:",
            "Thanks. Your trace is clear:",
        ]
    ),
    before=st.integers(40, 80),
    gain=st.integers(2, 15),
    arrow=st.sampled_from(["→", " -> ", "→ "]),
)
def test_the_addressees_figures_told_back(
    read: Read, opening: str, before: int, gain: int, arrow: str
) -> None:
    text = (
        "Re: draft decode stuck\n\n"
        f"{opening} acceptance rose {before}{arrow}{before + gain}% and decode stayed flat.\n\n"
        "We see the same split on our boxes: the verify step costs more than it buys.\n"
    )
    assert read(text).records == (), text


@settings(max_examples=examples(30), deadline=None)
@given(
    opening=st.sampled_from(
        [
            "On my box",
            "In our runs",
            "Your log is telling: we saw that",
            "Your log is telling, and on my box",
            "After the fix,",
            "You can see that",
        ]
    ),
    before=st.integers(40, 80),
    gain=st.integers(2, 15),
)
def test_the_writers_own_change_stays_read(
    read: Read, opening: str, before: int, gain: int
) -> None:
    text = (
        "Re: draft decode stuck\n\n"
        f"{opening} acceptance rose {before}→{before + gain}% and decode stayed flat.\n"
    )
    got = read(text).records
    assert [r.printed_rate for r in got] == [
        pytest.approx(before / 100),
        pytest.approx((before + gain) / 100),
    ], text


_COMMENTED = (
    "```bash\n"
    "# smoke run: the model drafts for itself,{space}~{p}% acceptance\n"
    "tool run small-model --draft small-model --k {k}\n"
    "```\n"
)


@settings(max_examples=examples(30), deadline=None)
@given(
    heading=st.sampled_from(["## Usage", "### Example usage", "## Quick start", "## 用法"]),
    p=st.integers(60, 100),
    k=st.integers(2, 6),
    space=_SPACE,
)
def test_a_usage_examples_comment_is_no_run(
    read: Read, heading: str, p: int, k: int, space: str
) -> None:
    text = f"# feat: draft flags\n\n{heading}\n\n" + _COMMENTED.format(space=space, p=p, k=k)
    assert read(text).records == (), text


@settings(max_examples=examples(30), deadline=None)
@given(
    heading=st.sampled_from(["## Results", "## Smoke test", "### Benchmarks"]),
    p=st.integers(60, 99),
    k=st.integers(2, 6),
    space=_SPACE,
)
def test_a_comment_under_another_heading_stays_read(
    read: Read, heading: str, p: int, k: int, space: str
) -> None:
    text = f"# feat: draft flags\n\n{heading}\n\n" + _COMMENTED.format(space=space, p=p, k=k)
    (r,) = read(text).records
    assert r.printed_rate == pytest.approx(p / 100)


def test_a_usage_comment_of_the_writers_own_run_stays_read(read: Read) -> None:
    text = (
        "## Usage\n\n```bash\n"
        "# we measured 83% acceptance with this\n"
        "tool run small-model --draft tiny-model --k 4\n```\n"
    )
    (r,) = read(text).records
    assert r.printed_rate == pytest.approx(0.83)


_TABLE = "| Engine | Acceptance | Speedup |\n|---|---|---|\n{rows}\n"


@settings(max_examples=examples(30), deadline=None)
@given(
    heading=st.sampled_from(
        [
            "### Numbers from other projects",
            "## Results reported by others",
            "## Third-party benchmarks",
            "### Acceptance according to the community",
            "**Others' figures**",
        ]
    ),
    rates=_RATES,
)
def test_a_section_headed_as_others_figures_is_quoted(
    read: Read, heading: str, rates: list[int]
) -> None:
    rows = "\n".join(f"| engine-{i} | {p}.5% | 1.{i}x |" for i, p in enumerate(rates))
    text = f"{heading}\n\n" + _TABLE.format(rows=rows)
    assert read(text).records == (), text


@settings(max_examples=examples(30), deadline=None)
@given(
    heading=st.sampled_from(
        [
            "### Our numbers vs other projects",
            "## Compared with third-party benchmarks",
            "### Other engines",
            "## Measured on my box",
            "## Adding the 4090 community numbers",
            "### Switching from other drafts",
        ]
    ),
    rates=_RATES,
)
def test_a_section_of_the_writers_own_runs_stays_read(
    read: Read, heading: str, rates: list[int]
) -> None:
    rows = "\n".join(f"| engine-{i} | {p}.5% | 1.{i}x |" for i, p in enumerate(rates))
    text = f"{heading}\n\n" + _TABLE.format(rows=rows)
    got = read(text).records
    assert [r.printed_rate for r in got] == [pytest.approx(p / 100 + 0.005) for p in rates]


@settings(max_examples=examples(30), deadline=None)
@given(
    claim=st.sampled_from(
        [
            "MTP实现了约{p}%的草稿接受率，无精度损失。",
            "The new drafter achieves about {p}% draft acceptance with no quality loss.",
            "MTP delivers ~{p}% acceptance on chat.",
        ]
    ),
    invite=st.sampled_from(
        [
            "用户可通过开源应用在本地测试该模型。",
            "Users can run the models locally to test them.",
            "You can now try it in the app.",
        ]
    ),
    p=st.integers(50, 95),
)
def test_an_announcements_approximate_claim_is_no_run(
    read: Read, claim: str, invite: str, p: int
) -> None:
    text = f"Models now run 2x faster in the app.\n{claim.format(p=p)}\n{invite}\n"
    assert read(text).records == (), text


@pytest.mark.parametrize(
    ("claim", "invite"),
    [
        # an exact value
        ("The new drafter achieves {p}% draft acceptance.", "Users can run it locally."),
        # a first person
        ("On our box the drafter achieves about {p}% draft acceptance.", "Users can run it."),
        # no invitation
        ("The new drafter achieves about {p}% draft acceptance.", "More notes follow."),
    ],
)
def test_an_exact_own_or_uninvited_claim_stays_read(read: Read, claim: str, invite: str) -> None:
    text = f"Models now run 2x faster in the app.\n{claim.format(p=71)}\n{invite}\n"
    (r,) = read(text).records
    assert r.printed_rate == pytest.approx(0.71)
