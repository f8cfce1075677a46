"""A vLLM ``num_speculative_tokens`` set only under a title of instructions ('**Example usage**',
'## Usage', 'How to use', 'Quick start') shows how to run the feature, not what the runs whose
rates the paste prints used: it gives no 1 + k x rate length (fixed_k.py). The same setting
under a launch's title, or in a section of its own after the usage one, still decides."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_TITLES = ["**Example usage**", "## Usage", "### Usage example", "How to use:", "## Quick start"]
_SETTINGS = [
    """  --speculative_config '{{"method": "eagle", "model": "org/head", "num_speculative_tokens": {k}}}'""",
    "  --num-speculative-tokens {k}",
]


def _paste(title: str, setting: str, rates: list[int]) -> str:
    head = " | ".join(["ratio", *(f"r{i}" for i in range(len(rates)))])
    rule = " | ".join(["--"] * (len(rates) + 1))
    row = " | ".join(["draft acceptance rate (%)", *(f"{r / 10:.1f}" for r in rates)])
    return (
        "The patch runs on vLLM with the new flag.\n\n**Bench results:**\n"
        f"{head}\n{rule}\n{row}\n\n"
        f"{title}\n```\nvllm serve org/model \\\n{setting}\n```\n"
    )


@settings(max_examples=examples(30), deadline=None)
@given(
    title=st.sampled_from(_TITLES),
    setting=st.sampled_from(_SETTINGS),
    k=st.integers(1, 7),
    rates=st.lists(st.integers(100, 900), min_size=2, max_size=5),
)
def test_a_usage_sections_k_gives_no_length(
    read: Read, title: str, setting: str, k: int, rates: list[int]
) -> None:
    got = read(_paste(title, setting.format(k=k), rates)).records
    assert [r.printed_rate for r in got] == pytest.approx([r / 1000 for r in rates])
    assert all(r.accept_length is None for r in got)


@pytest.mark.parametrize("title", ["### Launch", "**Setup**", "Launched with:"])
def test_a_launchs_k_still_decides(read: Read, title: str) -> None:
    got = read(_paste(title, _SETTINGS[1].format(k=3), [400, 500])).records
    assert [r.accept_length for r in got] == pytest.approx([2.2, 2.5])


def test_a_launch_after_the_usage_section_decides(read: Read) -> None:
    text = _paste("## Usage", "  --tensor-parallel-size 2", [400, 500]) + (
        "\n## Launch of the runs above\n```\nvllm serve org/model --num-speculative-tokens 3\n```\n"
    )
    got = read(text).records
    assert [r.accept_length for r in got] == pytest.approx([2.2, 2.5])
