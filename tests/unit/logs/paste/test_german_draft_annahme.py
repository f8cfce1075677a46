"""German `Draft-Annahme` (the draft's acceptance) names a draft acceptance rate, so a length
told beside it (`Akzeptanzlänge 1,8 bei 20 % Draft-Annahme`) meets its rate and the paste's k:
1 + k x rate decides the bonus. `Annahme` alone (as often 'assumption') stays as written."""

from __future__ import annotations

from hypothesis import assume, given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import eurowords as EW
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read


@settings(max_examples=examples(30), deadline=None)
@given(
    k=st.integers(2, 6),
    pct=st.integers(11, 60),
    word=st.sampled_from(["Draft-Annahme", "draft-Annahme", "Draft-annahme"]),
)
def test_a_length_beside_a_draft_annahme_rate_is_decided(
    read: Read, k: int, pct: int, word: str
) -> None:
    length = round(1 + k * pct / 100, 2)
    assume(length < k + 1)
    text = (
        f"Lauf mit k={k} Drafts je Schritt.\n\n"
        f"Akzeptanzlänge {str(length).replace('.', ',')} bei {pct} % {word} im Mittel.\n"
    )
    got = read(text).records
    assert [(r.printed_length, r.printed_rate) for r in got] == [(length, pct / 100)], text
    assert got[0].accept_length == length and got[0].bonus.value == "included", text


def test_annahme_alone_stays_as_written() -> None:
    assert EW.english(["unter der Annahme von 20 % Akzeptanz"]) == [
        "unter der Annahme von 20 % acceptance"
    ]
    assert EW.english(["Draft-Annahme 23 %"]) == ["draft acceptance 23 %"]
