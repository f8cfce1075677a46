"""A shell script's comments are the author's prose, apart from its commands: an engine the
commands name (an environment variable, a process pattern) is what the script runs, not what
printed a figure the comments state; and a length said `vs` another run's (`2.4 accept length vs
1.3 for the stock draft`) is a record each."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from tests.unit.logs.paste.pipeline import Read

_SCRIPT = (
    "#!/usr/bin/env bash\n"
    "# Step 3: try the tuned drafter inside the training loop.\n"
    "# Measured apart from this loop it gets {a} accept length vs {b} for the stock draft.\n"
    "set -euo pipefail\n"
    "timeout -k 30 900 env SPEC=1 SGLANG_SOME_SWITCH=1 bash run_loop.sh > out.log 2>&1\n"
    'pkill -f "sglang::worker" || true\n'
)


def test_comment_figures_take_no_convention_of_the_commands(read: Read) -> None:
    got = read(_SCRIPT.format(a="2.4", b="1.3")).records
    assert [r.printed_length for r in got] == [2.4, 1.3]
    assert all(r.accept_length is None for r in got)
    assert all(("k", "30") not in r.labels for r in got)  # ('timeout -k 30': no draft depth)


def test_a_comment_naming_the_engine_still_decides(read: Read) -> None:
    text = _SCRIPT.replace("Measured apart from this loop", "Served by SGLang,")
    got = read(text.format(a="2.4", b="1.3")).records
    assert [r.accept_length for r in got] == [2.4, 1.3]


def test_the_code_under_the_comment_keeps_its_settings(read: Read) -> None:
    # (the code block opens on its own shell sign: an assignment there is still a setting)
    text = (
        "#!/usr/bin/env bash\n"
        "# Last week the draft reached 2.4 accept length.\n"
        "set -euo pipefail\n"
        "SPEC_DECODE_AL=2.83\n"
    )
    assert [r.printed_length for r in read(text).records] == [2.4]


def test_versus_another_measure_is_no_length(read: Read) -> None:
    text = "The tuned draft reaches 2.9 accept length vs 1.4x speedup.\n"
    assert [r.printed_length for r in read(text).records] == [2.9]
    text = "The tuned draft reaches 2.9 accept length vs 1.2 tok/s on the old box.\n"
    assert [r.printed_length for r in read(text).records] == [2.9]


@given(a=st.integers(min_value=101, max_value=799), b=st.integers(min_value=101, max_value=799))
def test_any_two_lengths_versus(read: Read, a: int, b: int) -> None:
    text = f"Our draft reaches ~{a / 100:.2f} accept length vs ~{b / 100:.2f} for the old one.\n"
    got = [r.printed_length for r in read(text).records]
    assert got == [round(a / 100, 2), round(b / 100, 2)]
