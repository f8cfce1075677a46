"""UTF-8 read as Windows-1253 (Greek), its undefined bytes as Windows-1252: a web page's '—'
shown as 'β€”', '≈' as 'β‰ˆ', '×' as 'Γ—', 'τ' as 'Ο„' (text._MOJIBAKE_GREEK) is read back
before any reader. Greek words, and a Greek letter beside punctuation that reads back as no
UTF-8, stay as written."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import text as TX
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

# the bytes Windows-1253 leaves undefined (read as Windows-1252 instead)
_UNDEFINED_1253 = frozenset((0x81, 0x88, 0x8A, 0x8C, 0x8D, 0x8E, 0x8F, 0x90, 0x98, 0x9A, 0x9C))
_UNDEFINED_1253 |= frozenset((0x9D, 0x9E, 0x9F, 0xAA, 0xD2, 0xFF))


def _greek_mangled(s: str) -> str:
    return "".join(
        bytes([b]).decode("cp1252" if b in _UNDEFINED_1253 else "cp1253") for b in s.encode("utf-8")
    )


@settings(max_examples=examples(50), deadline=None)
@given(
    sym=st.sampled_from(["≈", "~"]),
    dash=st.sampled_from(["—", "–", "×", "τ", "±"]),
    tenths=st.integers(12, 59),
)
def test_mangled_symbols_read_back(read: Read, sym: str, dash: str, tenths: int) -> None:
    line = (
        f"The draft {dash} our second try {dash} reaches an acceptance length {sym} {tenths / 10}."
    )
    mangled = _greek_mangled(line)
    assert mangled != line or all(ord(c) < 128 for c in line)
    assert TX._MOJIBAKE_GREEK.sub(TX._unmangle_greek, mangled) == line
    (r,) = read(mangled + "\n").records
    assert r.printed_length == pytest.approx(tenths / 10)


@pytest.mark.parametrize(
    "text",
    [
        "Ο ρυθμός αποδοχής είναι σταθερός",  # Greek words
        "τ” is the symbol",  # a Greek letter then a quote: no UTF-8 of its bytes
        "Ά Έ Ή βΆ",
    ],
)
def test_greek_text_stays(text: str) -> None:
    assert TX._MOJIBAKE_GREEK.sub(TX._unmangle_greek, text) == text


def test_no_telltale_no_repair(read: Read) -> None:
    # a Greek letter before a degree sign, and no mangled punctuation anywhere: left as written
    text = "GPU Δ°C stayed low; acceptance length 2.4 on the chat set.\n"
    assert TX._GREEK_TELLTALE.search(text) is None
    (r,) = read(text).records
    assert r.printed_length == pytest.approx(2.4)
