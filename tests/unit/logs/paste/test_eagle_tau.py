"""A τ attributed to EAGLE by name ('EAGLE τ', "EAGLE-3's τ", 'τ (EAGLE)') is EAGLE's accept
length: tokens per drafting-verification cycle, the target's own token counted. A τ alone
decides no convention (cells._EAGLE_TAU)."""

from __future__ import annotations

import pytest

from tests.unit.logs.paste.pipeline import Read


@pytest.mark.parametrize("name", ["EAGLE τ", "EAGLE-3's τ", "τ (EAGLE)", "eagle3 τ"])
def test_eagles_tau_counts_the_targets_token(read: Read, name: str) -> None:
    text = (
        "Draft trained for two epochs, served single-stream at temperature 0.\n\n"
        f"Accept length ({name}) is 3.1 on the chat set, 2.7 on the code set.\n"
    )
    got = read(text).records
    assert [r.accept_length for r in got] == [3.1, 2.7]
    assert all(r.bonus.value == "included" for r in got)


def test_a_table_column_named_eagles_tau(read: Read) -> None:
    text = "| Draft | EAGLE τ |\n| --- | ---: |\n| ours | 3.42 |\n| baseline head | 2.95 |\n"
    assert [r.accept_length for r in read(text).records] == [3.42, 2.95]


def test_tau_alone_decides_nothing(read: Read) -> None:
    text = (
        "Draft trained for two epochs, served single-stream at temperature 0.\n\n"
        "Accept length (τ) is 3.1 on the chat set, 2.7 on the code set.\n"
    )
    got = read(text).records
    assert [r.printed_length for r in got] == [3.1, 2.7]
    assert all(r.accept_length is None for r in got)
