"""Acceptance named in German, French, Spanish, Portuguese, Russian, Vietnamese or Turkish,
with decimal commas (eurowords.py): read as the English names are; a comma before three digits,
a list of numbers and an acceptance word of another meaning stay as they are."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import eurowords as EW
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

# (rate names, length names, the table's header)
_LANGS = {
    "de": (
        ["Akzeptanzrate", "Draft-Akzeptanzrate", "Ø Akzeptanzquote"],
        ["Ø Akzeptanzlänge", "Akzeptanzlänge"],
        "| Metrik | Wert |",
    ),
    "fr": (
        ["Taux d'acceptation", "taux d’acceptation MTP"],
        ["Longueur d'acceptation", "Longueur moyenne d'acceptation"],
        "| Métrique | Valeur |",
    ),
    "es": (
        ["Tasa de aceptación"],
        ["Longitud de aceptación", "Longitud media de aceptación"],
        "| Métrica | Valor |",
    ),
    "pt": (
        ["Taxa de aceitação"],
        ["Comprimento de aceitação", "Comprimento médio de aceitação"],
        "| Métrica | Valor |",
    ),
    "ru": (
        ["Доля принятия", "Коэффициент принятия"],
        ["Длина принятия", "Средняя длина принятия"],
        "| Метрика | Значение |",
    ),
    "vi": (["Tỷ lệ chấp nhận"], ["Độ dài chấp nhận"], "| Metric | Value |"),
    "tr": (["Kabul oranı"], ["Kabul uzunluğu", "Ortalama kabul uzunluğu"], "| Metric | Value |"),
}


@settings(max_examples=examples(80), deadline=None)
@given(
    st.sampled_from(sorted(_LANGS)),
    st.data(),
    st.integers(min_value=11, max_value=99),
    st.integers(min_value=1, max_value=9),
    st.integers(min_value=110, max_value=490),
    st.booleans(),
    st.booleans(),
)
def test_a_rate_and_a_length_with_decimal_commas(
    read: Read,
    lang: str,
    data: st.DataObject,
    whole: int,
    tenth: int,
    hundredths: int,
    table: bool,
    spaced_percent: bool,
) -> None:
    rates, lengths, header = _LANGS[lang]
    rn, ln = data.draw(st.sampled_from(rates)), data.draw(st.sampled_from(lengths))
    rate = f"{whole},{tenth}" + (" %" if spaced_percent else "%")
    length = f"{hundredths // 100},{hundredths % 100:02d}"
    if table:
        text = f"EAGLE draft, MTP\n\n{header}\n|---|---|\n| {rn} | {rate} |\n"
        text += f"\n{header}\n|---|---|\n| {ln} | {length} |\n"
    else:
        text = f"EAGLE draft, MTP\n\n{rn}: {rate}\n\n{ln}: {length}\n"
    recs = read(text).records
    rates_read = [r.printed_rate for r in recs if r.printed_rate is not None]
    lengths_read = [r.printed_length for r in recs if r.printed_length is not None]
    assert rates_read and abs(rates_read[0] - (whole + tenth / 10) / 100) < 1e-9
    assert lengths_read and abs(lengths_read[0] - hundredths / 100) < 1e-9


@settings(max_examples=examples(60), deadline=None)
@given(
    st.integers(min_value=1, max_value=999),
    st.integers(min_value=0, max_value=999),
    st.sampled_from(["Akzeptanz", "acceptation", "aceptación", "принятие"]),
)
def test_three_digits_after_a_comma_and_lists_stay(whole: int, three: int, word: str) -> None:
    assert EW.named(f"{word} 1")
    kept = [
        f"{whole},{three:03d}",
        f"k={whole % 9 + 1},{three % 9 + 1},8",
        f"{whole},{three:03d},5",
    ]
    for t in kept:
        assert EW.english([f"{word}: {t}"]) == [EW.english([f"{word}:"])[0] + f" {t}"]


def test_an_acceptance_word_of_another_meaning_gives_no_record(read: Read) -> None:
    assert read("Die Akzeptanz der Nutzer liegt bei 80,5 %.\n").records == ()
    assert read("Le taux d'acceptation des candidatures est de 12,5 %.\n").records == ()
    assert read("La tasa de aceptación de solicitudes fue 7,5 %.\n").records == ()


def test_an_english_paste_keeps_its_commas() -> None:
    assert not EW.named("acceptance rate 12,5%")


def test_a_count_of_another_and_a_count_of_cards() -> None:
    assert EW.english(["aceptó 92 de 116 propuestas"]) == ["accepted 92 of 116 proposals"]
    assert EW.english(["27 tok/s (vs 23-32 sur 2×L4)"]) == ["27 tok/s (vs 23-32 sur 2×L4)"]


@settings(max_examples=examples(30), deadline=None)
@given(
    st.sampled_from(["acceptation", "taux d'acceptation", "tasa de aceptación", "aceitação"]),
    st.sampled_from(["MTP", "EAGLE-3", "DFlash"]),
    st.integers(min_value=50, max_value=95),
)
def test_the_method_after_the_noun(read: Read, name: str, method: str, hundredths: int) -> None:
    text = f"Bench: 41 tok/s, KV cache 251k tokens, {name} {method} 0,{hundredths} en usage réel.\n"
    recs = read(text).records
    assert len(recs) == 1 and recs[0].printed_rate is not None
    assert abs(recs[0].printed_rate - hundredths / 100) < 1e-9


def test_the_drafts_acceptance_in_russian_genitive_and_a_bare_length() -> None:
    # ('принятие черновика': the draft's acceptance, the draft after it; 'средняя длина': the
    # mean length)
    got = EW.english(["| принятие черновика | 61,5%, средняя длина 1,62 |"])
    assert got == ["| draft acceptance | 61.5%, mean length 1.62 |"]
