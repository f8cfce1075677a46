"""A script's output commented out line by line (`# Time: ...`, `# Mean accepted: ...`, `# Memory:
...`, each under one `#` mark, three lines or more in a row) is fields, not markdown titles: a
run printing the same figure as a later run is its own record, not a title summarising it. And
one program's key-value line printed again for another run (`Mean accepted: 2.5` after `Mean
accepted: 2.4912...`) is a second run, not the first told again rounded. A real markdown
heading over a run still summarises it."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_KEY = st.sampled_from(["Mean accepted", "Avg accepted drafts", "mean_accepted"])


def _run(cmd: str, mark: str, key: str, value: str, extra: int) -> str:
    lines = [f"python bench.py --draft {cmd} --k 3"]
    lines.append(f"{mark} Wall time: {extra}.5 s")
    lines.append(f"{mark} {key}: {value}")
    lines.append(f"{mark} Peak memory: {extra + 10}.2 GB")
    return "\n".join(lines)


@settings(max_examples=examples(40), deadline=None)
@given(
    mark=st.sampled_from(["#", "##"]),
    key=_KEY,
    value=st.sampled_from(["0.8371", "0.9125", "0.77"]),
    gap=st.sampled_from(["\n", "\n\n"]),
)
def test_a_value_printed_twice_by_two_commented_runs_is_two_records(
    mark: str, key: str, value: str, gap: str
) -> None:
    text = (
        "Speculative decoding runs, draft vs target\n"
        + _run("small", mark, key, value, 3)
        + gap
        + _run("tiny", mark, key, value, 4)
        + "\n"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [float(value)] * 2


def test_two_commented_runs_through_the_logs(read: Read) -> None:
    text = (
        "Speculative decoding runs\n"
        + _run("small", "#", "Mean accepted", "0.6125", 3)
        + "\n"
        + _run("tiny", "#", "Mean accepted", "0.6125", 4)
        + "\n"
    )
    assert len(read(text).records) == 2


@settings(max_examples=examples(40), deadline=None)
@given(
    key=_KEY,
    coarse=st.sampled_from(["2.5", "2.75", "3.125"]),
    fine=st.sampled_from(["2.4987654321", "2.7512345678", "3.1249999012"]),
)
def test_one_key_printed_again_with_a_short_value_is_a_second_run(
    key: str, coarse: str, fine: str
) -> None:
    text = (
        "Speculative decoding runs, draft vs target\n"
        + _run("small", "#", key, fine, 3)
        + "\n"
        + _run("tiny", "#", key, coarse, 4)
        + "\n"
    )
    got = sorted(r.printed_length or 0 for r in read_paste(text).records)
    assert got == sorted([float(coarse), float(fine)])


def test_negative_control_a_heading_over_its_run_still_summarises_it() -> None:
    text = (
        "# Mean accepted 0.84\n"
        "\n"
        "Speculative decoding with the small draft, k=3:\n"
        "- mean accepted: 0.8413\n"
        "- wall time: 3.5 s\n"
    )
    assert [r.printed_length for r in read_paste(text).records] == [0.8413]


def test_negative_control_prose_rounding_a_figure_of_another_wording_goes() -> None:
    # (a sentence restating a key-value figure two decimals coarser: the figure told again)
    text = (
        "Speculative decoding with the small draft.\n"
        "\n"
        "- acceptance rate: 97.581%\n"
        "\n"
        "Later on the acceptance rate goes to 97.6% in my reruns of the same thing.\n"
    )
    assert [r.printed_rate for r in read_paste(text).records] == [pytest.approx(0.97581)]
