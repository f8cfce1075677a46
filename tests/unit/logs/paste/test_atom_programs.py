"""ATOM named by its programs and by its stats line's last field (tools.py), and its lone rates
decided by the k its launch sets (fixed_k.py: ATOM drafts num_speculative_tokens tokens every
decode step and prints its acceptance rate as accepted over drafted tokens).

Its programs by their module path (`python -m atom.entrypoints.openai_server`,
`atom.benchmarks.benchmark_serving`), and the distribution of accepted drafts a step printed as
a dict of quoted shares after `Accepted tokens distribution:`, name the tool; `atom` as a word,
another package's module (`atom.api`), a path ending in `atom` and a distribution printed
otherwise name none."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import tools as T
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_PROGRAMS = st.sampled_from(
    [
        "python -m atom.entrypoints.openai_server",
        "python3 -m atom.entrypoints.openai_server",
        "python -m atom.benchmarks.benchmark_serving",
    ]
)


def _launch(program: str, k: int, quoted: bool) -> str:
    method = '"mtp"' if quoted else "mtp"
    return (
        "```bash\n"
        f"{program} \\\n  --model $CKPT \\\n  -tp 8 \\\n"
        f"  --method {method} \\\n  --num-speculative-tokens {k}\n```\n"
    )


@settings(max_examples=examples(20), deadline=None)
@given(
    program=_PROGRAMS,
    k=st.integers(1, 4),
    rates=st.lists(st.integers(3000, 9800), min_size=1, max_size=3),
    quoted=st.booleans(),
    heading=st.sampled_from(["## Results", "Results:", "### Eval (graph mode)"]),
)
def test_the_program_names_atom_and_its_k_decides(
    read: Read, program: str, k: int, rates: list[int], quoted: bool, heading: str
) -> None:
    body = "\n\n".join(f"Acceptance rate: {r / 100:.2f}%" for r in rates)
    text = f"Serving the draft head.\n{_launch(program, k, quoted)}\n{heading}\n\n{body}\n"
    assert T.tools_named(text) == ["atom"]
    got = read(text).records
    assert [r.tool for r in got] == ["atom"] * len(rates)
    assert [r.accept_length for r in got] == pytest.approx(
        [1 + k * round(r / 10000, 4) for r in rates], abs=1e-6
    )
    assert all(r.bonus.value == "included" for r in got)


@settings(max_examples=examples(20), deadline=None)
@given(
    shares=st.lists(st.integers(100, 4000), min_size=3, max_size=5),
    rate=st.integers(2000, 9000),
    lead=st.sampled_from(["", "gsm8k 5-shot, bs 64. ", "[rank0] "]),
)
def test_the_quoted_distribution_names_atom(
    read: Read, shares: list[int], rate: int, lead: str
) -> None:
    dist = ", ".join(f"{i}: '{s / 100:.2f}%'" for i, s in enumerate(shares))
    text = f"{lead}Acceptance rate: {rate / 100:.2f}%, Accepted tokens distribution: {{{dist}}}\n"
    assert T.tools_named(text) == ["atom"]
    got = read(text).records
    assert got and {r.tool for r in got} == {"atom"}


@pytest.mark.parametrize(
    "text",
    [
        # the word, another package's modules, a checkout's path, the editor
        "Each atom of the search tree holds one drafted token.",
        "python -m atom.api --help",
        "from atom.catom import Member",
        "cd ~/src/atom && python run.py",
        "Opened atom.io's docs; the entrypoints. were missing.",
        # a distribution printed otherwise: a table under the words, shares unquoted
        "Accepted tokens distribution:\n  tokens count share\n  0 12 14.2%",
        "Accepted tokens distribution: {0: 14.40%, 1: 12.00%, 2: 73.60%}",
        "accepted tokens distribution: [0.14, 0.12, 0.74]",
    ],
)
def test_near_misses_name_nothing(text: str) -> None:
    assert "atom" not in T.tools_named(text)


def test_another_tools_rate_keeps_no_length(read: Read) -> None:
    # the k of ATOM's launch does not decide a rate the paste gives to SGLang
    text = (
        "python -m atom.entrypoints.openai_server --model m --num-speculative-tokens 3\n\n"
        "SGLang run for comparison: accept rate 0.62 (steps=3, topk=1, draft_tokens=4)\n"
    )
    got = read(text).records
    assert all(r.accept_length is None for r in got if r.tool == "sglang")
