"""A value opening a code span that holds more than the number (`` `1..k` ``, `` `2x_mode` ``)
is part of code, no figure; a number that is its code span's whole (`` `0.71` ``) is read."""

from __future__ import annotations

import pytest

from tests.unit.logs.paste.pipeline import Read


@pytest.mark.parametrize("span", ["`1..k`", "`1..num_draft_tokens`", "`2x_mode`"])
def test_a_number_inside_code_is_no_value(span: str, read: Read) -> None:
    text = f"- per-draft acceptance for slots {span}: one value a slot, decaying.\n"
    assert read(text).records == ()


def test_a_number_in_its_own_code_span_is_read(read: Read) -> None:
    got = read("- draft acceptance rate was `0.71` on the chat set.\n").records
    assert [r.printed_rate for r in got] == [0.71]
