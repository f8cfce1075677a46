"""Acceptance written in German, French, Spanish, Portuguese, Russian, Vietnamese or Turkish
(`Ø Akzeptanzlänge 4,09`, `taux d'acceptation 71,5 %`, `tasa de aceptación`, `длина принятия`,
`tỷ lệ chấp nhận`, `kabul oranı`): the names of the figures, the accepted tokens and the
statistics read as the English words, and the decimal commas of such a paste as points, so the
structure readers read the paste as they read English (as text.py does with Chinese, Japanese
and Korean).

A paste is read so only where it names acceptance in one of these languages (one search per
paste). A comma is a decimal comma only between digits with one, two or four digits or more
after it, no comma or point right before or after the number: `1,234` (a thousands separator in
English, or a decimal in these languages: the paste cannot tell) and lists (`1,2,4`, `k=1,2`
where another comma follows) stay as written; so do thousands points (`17.960`: a decimal in
English).

Pure: lines in, lines out.
"""

from __future__ import annotations

import re

# (the words, longest first within a language; what they are read as)
_WORDS: tuple[tuple[str, str], ...] = (
    # German ('Ø Akzeptanzlänge', 'Draft-Akzeptanzrate', 'MTP-Akzeptanz', 'akzeptierte Tokens')
    ("durchschnittliche akzeptanzlänge", "mean acceptance length"),
    ("akzeptanzlänge", "acceptance length"),
    ("annahmelänge", "acceptance length"),
    ("akzeptanzrate", "acceptance rate"),
    ("akzeptanzquote", "acceptance rate"),
    ("annahmerate", "acceptance rate"),
    ("annahmequote", "acceptance rate"),
    # ('Annahme' alone is as often 'assumption': only a draft's acceptance, 'Draft-Annahme')
    ("draft-annahme", "draft acceptance"),
    ("akzeptanz", "acceptance"),
    ("akzeptierten", "accepted"),
    ("akzeptierte", "accepted"),
    ("akzeptiert", "accepted"),
    ("durchschnittlich", "mean"),
    ("durchschnitt", "mean"),
    ("mittelwert", "mean"),
    # (verbs of a change's amount and the hedge 'only': 'kostet nur ~5 % Akzeptanz')
    ("kostet", "costs"),
    ("verliert", "loses"),
    ("gewinnt", "gains"),
    ("nur", "only"),
    ("coûte", "costs"),
    ("perd", "loses"),
    ("gagne", "gains"),
    ("seulement", "only"),
    ("cuesta", "costs"),
    ("pierde", "loses"),
    ("gana", "gains"),
    ("sólo", "only"),
    # (the average sign German tables print before a name: 'Ø Länge', 'Ø Draft-Akzeptanzrate')
    ("ø", "mean"),
    ("länge", "length"),
    ("metrik", "metric"),
    ("wert", "value"),
    ("statistik", "statistic"),
    # (the prepositions a title qualifies its figure by: 'Akzeptanzrate über alle Requests')
    ("über", "over"),
    ("für", "for"),
    # French ("longueur moyenne d'acceptation", "taux d'acceptation", 'tokens acceptés')
    ("longueur moyenne d'acceptation", "mean acceptance length"),
    ("longueur d'acceptation", "acceptance length"),
    ("taux d'acceptation", "acceptance rate"),
    ("acceptation", "acceptance"),
    ("acceptées", "accepted"),
    ("acceptés", "accepted"),
    ("acceptée", "accepted"),
    ("accepté", "accepted"),
    ("moyenne", "mean"),
    ("médiane", "median"),
    ("métrique", "metric"),
    ("valeur", "value"),
    # Spanish ('longitud media de aceptación', 'tasa de aceptación', 'tokens aceptados')
    ("longitud media de aceptación", "mean acceptance length"),
    ("longitud de aceptación", "acceptance length"),
    ("tasa de aceptación", "acceptance rate"),
    ("aceptación", "acceptance"),
    ("aceptados", "accepted"),
    ("aceptadas", "accepted"),
    ("aceptado", "accepted"),
    ("aceptó", "accepted"),
    ("promedio", "mean"),
    ("por propuesta", "per proposal"),
    ("propuestas", "proposals"),
    ("mediana", "median"),
    ("métrica", "metric"),
    ("medición", "metric"),
    ("valor", "value"),
    # Portuguese ('taxa de aceitação', 'comprimento de aceitação', 'tokens aceitos')
    ("comprimento médio de aceitação", "mean acceptance length"),
    ("comprimento de aceitação", "acceptance length"),
    ("taxa de aceitação", "acceptance rate"),
    ("aceitação", "acceptance"),
    ("aceitos", "accepted"),
    ("aceitas", "accepted"),
    ("aceitou", "accepted"),
    ("por proposta", "per proposal"),
    ("propostas", "proposals"),
    # (Spanish and Portuguese)
    ("média", "mean"),
    ("media", "mean"),
    # Russian ('средняя длина принятия', 'доля принятых токенов', 'принято')
    ("средняя длина принятия", "mean acceptance length"),
    ("длина принятия", "acceptance length"),
    ("доля принятия", "acceptance rate"),
    ("процент принятия", "acceptance rate"),
    ("коэффициент принятия", "acceptance rate"),
    ("уровень принятия", "acceptance rate"),
    # (the draft in the genitive after the figure it qualifies: 'принятие черновика', the draft's
    # acceptance; the length alone, 'средняя длина 1,87')
    ("принятие черновика", "draft acceptance"),
    ("принятия черновика", "draft acceptance"),
    ("принятия", "acceptance"),
    ("принятие", "acceptance"),
    ("принятых", "accepted"),
    ("принятые", "accepted"),
    ("принято", "accepted"),
    ("среднее", "mean"),
    ("средняя", "mean"),
    ("длина", "length"),
    ("медиана", "median"),
    ("метрика", "metric"),
    ("значение", "value"),
    # Vietnamese ('tỷ lệ chấp nhận', 'độ dài chấp nhận trung bình')
    ("tỷ lệ chấp nhận", "acceptance rate"),
    ("tỉ lệ chấp nhận", "acceptance rate"),
    ("độ dài chấp nhận", "acceptance length"),
    ("được chấp nhận", "accepted"),
    ("trung bình", "mean"),
    # Turkish ('kabul oranı', 'ortalama kabul uzunluğu', 'kabul edilen token')
    ("ortalama kabul uzunluğu", "mean acceptance length"),
    ("kabul uzunluğu", "acceptance length"),
    ("kabul oranı", "acceptance rate"),
    ("kabul edilen", "accepted"),
    ("ortalama", "mean"),
    ("medyan", "median"),
)
_MEANING = dict(_WORDS)
# a word whole (letters of any script on neither side; a German compound's hyphen is a side:
# 'Draft-Akzeptanz'), the apostrophe typed either way
_WORD = re.compile(
    r"(?<![^\W\d_])(?:"
    + "|".join(
        re.escape(w).replace("'", "['’]") for w, _ in sorted(_WORDS, key=lambda p: -len(p[0]))
    )
    + r")(?![^\W\d_])",
    re.I,
)
# what marks such a paste: acceptance named in one of the languages (searched once a paste)
_NAMED = re.compile(
    r"akzeptanz|akzeptiert|acceptation|accepté|aceptaci[oó]n|aceptad|acept[oó]\b|aceita[çc]|"
    r"aceit[oa]s\b|принят|chấp nhận|kabul (?:oran|uzunlu|edil)",
    re.I,
)
# a decimal comma ('4,17', '94,01 %', '0,0581'): never three digits after it, nor a list
_DECIMAL_COMMA = re.compile(r"(?<![\d.,])(\d+),(\d{1,2}|\d{4,})(?![\d,]|\.\d)")
# a count of another ('92 de 116', '35 sur 73', '69 von 72', '5 из 8'): 'of'
# (never a count of cards or machines: '23-32 sur 2×L4' is 'on 2 x L4')
_OF = re.compile(r"(?<=\d) (?:de|sur|von|из|trên) (?=\d+(?![\d×xX]))")
# the method named after the figure's noun, as French, Spanish and Portuguese place it
# ('acceptation MTP 0,88', 'tasa de aceptación EAGLE'): before it, as English does
_NOUN_FIRST = re.compile(
    r"\b(acceptance(?: rate| length)?) (MTP|EAGLE-?\d?|DFlash\d?|Medusa|n-?gram|draft)\b", re.I
)
# a hyphen joining a word to the translated name ('Draft-acceptance rate'): a space
_JOINED = re.compile(r"(?<=[^\W\d_])-(?=(?:mean )?accept)")


# pieces of those words, either case of their first letter left out: a cheap test first (a
# held server log of 250 KiB is searched by none of the pattern)
_PIECES = ("kzept", "ceptation", "ceptaci", "ceptad", "ceptó", "ceit", "ринят", "hấp nhận", "abul ")


def named(text: str) -> bool:
    """Whether ``text`` names acceptance in one of the languages read here."""
    return any(p in text for p in _PIECES) and _NAMED.search(text) is not None


def _english(m: re.Match[str]) -> str:
    return _MEANING[m.group(0).lower().replace("’", "'")]


def english(lines: list[str]) -> list[str]:
    """``lines`` (of a paste that ``named``) with the words read as English and decimal commas
    as points."""
    out = []
    for ln in lines:
        if "," in ln:
            ln = _DECIMAL_COMMA.sub(r"\1.\2", ln)
        new = _OF.sub(" of ", _WORD.sub(_english, ln))
        if new != ln:
            new = _NOUN_FIRST.sub(r"\2 \1", _JOINED.sub(" ", new))
        out.append(new)
    return out
