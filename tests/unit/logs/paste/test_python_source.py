"""A Python program pasted as source (a test's body, a self-check, their comments): the figures
it sets or asserts are no run, no record. The same figures printed by a program (lines of
key-values, an interpreter's output below its prompts, one assignment of a call alone) are read
as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste.python_code import code_lines
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_NAMES = st.sampled_from(["check_stats", "selfcheck", "test_roundtrip", "verify_case"])
_CLASSES = st.sampled_from(["RunStats", "DraftSummary", "SpecCounters", "Result"])
_LENGTHS = st.integers(110, 480).map(lambda v: v / 100)


@settings(max_examples=examples(40), deadline=None)
@given(
    name=_NAMES,
    cls=_CLASSES,
    length=_LENGTHS,
    steps=st.integers(3, 90),
    accepted=st.integers(1, 200),
    doc=st.booleans(),
    indent=st.sampled_from(["    ", "  ", "\t"]),
    fence=st.booleans(),
    gap=st.sampled_from(["\n", "\n\n"]),
)
def test_a_tests_body_gives_no_record(
    read: Read,
    name: str,
    cls: str,
    length: float,
    steps: int,
    accepted: int,
    doc: bool,
    indent: str,
    fence: bool,
    gap: str,
) -> None:
    i = indent
    body = (
        f"def {name}():\n"
        + (f'{i}"""The counters keep their figures."""\n' if doc else "")
        + f"{i}stats = {cls}(\n{i}{i}num_steps={steps},\n{i}{i}accepted_tokens={accepted},\n"
        f"{i}{i}acceptance_length={length},\n{i})\n{gap}"
        f'{i}assert stats.as_dict() == {{\n{i}{i}"acceptance_length": {length},\n'
        f'{i}{i}"accepted_tokens": {accepted},\n{i}}}\n'
    )
    text = f"```python\n{body}```\n" if fence else body
    assert read(text).records == ()


@settings(max_examples=examples(40), deadline=None)
@given(
    a=_LENGTHS,
    b=_LENGTHS,
    name=_NAMES,
    engines=st.sampled_from([("vllm", "sglang"), ("alpha", "beta"), ("eagle", "medusa")]),
    word=st.sampled_from(["accept length", "accept_length", "acceptance length", "AL"]),
)
def test_a_comment_of_constructed_inputs_gives_no_record(
    read: Read, a: float, b: float, name: str, engines: tuple[str, str], word: str
) -> None:
    e1, e2 = engines
    text = (
        "import os\n"
        f"def {name}():\n"
        f"    # built so that {e1} {word}={a} and {e2} {word}={b}\n"
        f'    for eng, acc in (("{e1}", {a}), ("{e2}", {b})):\n'
        "        os.makedirs(eng)\n"
    )
    assert read(text).records == ()


@settings(max_examples=examples(40), deadline=None)
@given(
    cls=_CLASSES,
    length=_LENGTHS,
    steps=st.integers(3, 90),
    accepted=st.integers(1, 200),
    shape=st.sampled_from(["keys", "prompts", "one_assignment", "printed_repr"]),
)
def test_negative_control_printed_figures_are_read(
    read: Read, cls: str, length: float, steps: int, accepted: int, shape: str
) -> None:
    kv = f"num_steps={steps}\naccepted_tokens={accepted}\nacceptance_length={length}\n"
    text = {
        # a program's printout of key-values
        "keys": "Stats of the last job:\n" + kv,
        # an interpreter's output below its prompts (the prompted lines are code)
        "prompts": ">>> import bench\n>>> stats = bench.run()\n>>> print(stats)\n"
        + kv.replace("=", ": "),
        # one kind of statement alone: no program
        "one_assignment": f"stats = {cls}(\n    num_steps={steps},\n    accepted_tokens="
        f"{accepted},\n    acceptance_length={length},\n)\n",
        # a repr printed in a log, no statement beside it
        "printed_repr": f"final: {cls}(num_steps={steps}, accepted_tokens={accepted}, "
        f"acceptance_length={length})\n",
    }[shape]
    got = read(text).records
    assert [r.printed_length for r in got] == [length]


def test_code_lines_of_a_program_and_its_output() -> None:
    lines = [
        ">>> from bench import run",
        ">>> for k in (2, 4):",
        "...     print(run(k))",
        "acceptance_length: 2.31",
        "acceptance_length: 2.87",
    ]
    assert code_lines(lines) == {1, 2, 3}
    assert code_lines(["x = 1", "y = 2", "print(x + y)"]) == set()
