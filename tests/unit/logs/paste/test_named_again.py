"""A later sentence naming one record's figure again by its whole name and value (`- Mean Draft
Acceptance: 71%`, then `... reaches a mean draft acceptance of 71%, ...`): the field told again,
one record (named_again.py). A sentence of another name, another number in the sentence, a value
at other decimals, a third telling or two lines of fields keep the records."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

# names of one acceptance figure, qualified by a word or two
_NAMES = st.sampled_from(
    [
        "Mean Draft Acceptance",
        "Average Acceptance Rate",
        "Overall accept rate",
        "Draft token acceptance rate",
        "Mean acceptance length",
    ]
)
_SENTENCES = st.sampled_from(
    [
        "In our evaluation the head delivers {a} {name} {link} {v}{mark}, which makes it worth "
        "serving.",
        "The checkpoint gives steady gains with {a} {name} {link} {v}{mark} on chat prompts.",
        "It reaches {a} {name} {link} {v}{mark} and keeps the output unchanged.",
    ]
)


def _value(name: str, whole: int) -> tuple[str, str]:
    """A value of the name's figure as printed, and its mark ('71', '%'; '2.41', '')."""
    if "length" in name.lower():
        return f"{1 + whole / 50:.2f}", ""
    return str(whole), "%"


def _card(name: str, v: str, mark: str, sentence: str, bullet: str, gap: int) -> str:
    return (
        "Draft head for a small chat model\n\n"
        "Training\n\n"
        f"{bullet}Base: a 7B chat model\n"
        f"{bullet}Data: 40k chat turns\n"
        f"{bullet}{name}: {v}{mark}\n" + "\n" * gap + "Results\n\n" + sentence + "\n"
    )


@settings(max_examples=examples(40), deadline=None)
@given(
    name=_NAMES,
    sentence=_SENTENCES,
    whole=st.integers(31, 96),
    bullet=st.sampled_from(["- ", "* ", "  • "]),
    link=st.sampled_from(["of", "at", "is"]),
    article=st.sampled_from(["an", "a", "the"]),
    lower=st.booleans(),
    gap=st.integers(1, 3),
)
def test_the_sentence_names_the_field_again(
    read: Read,
    name: str,
    sentence: str,
    whole: int,
    bullet: str,
    link: str,
    article: str,
    lower: bool,
    gap: int,
) -> None:
    v, mark = _value(name, whole)
    said = name.lower() if lower else name
    text = _card(
        name, v, mark, sentence.format(a=article, name=said, link=link, v=v, mark=mark), bullet, gap
    )
    recs = read(text).records
    assert len(recs) == 1
    assert any("named again" in n for n in recs[0].notes)


@settings(max_examples=examples(40), deadline=None)
@given(
    name=_NAMES,
    whole=st.integers(31, 96),
    miss=st.sampled_from(["other name", "other number", "decimals", "third", "fields"]),
)
def test_near_misses_keep_both(read: Read, name: str, whole: int, miss: str) -> None:
    v, mark = _value(name, whole)
    said = f"the {name.lower()} of {v}{mark}"
    extra = ""
    if miss == "other name":
        said = f"a held-out {' '.join(name.split()[-2:]).lower()} of {v}{mark}"
    elif miss == "other number":
        said = f"after 3 more epochs, the {name.lower()} of {v}{mark}"
    elif miss == "decimals":
        more = f"{v}0" if "." in v else f"{v}.0"
        said = f"the {name.lower()} of {more}{mark}"
    elif miss == "third":
        extra = f"On code prompts it measured the {name.lower()} of {v}{mark} as well.\n"
    sentence = f"The checkpoint shows {said}, a clear gain.\n" + extra
    if miss == "fields":
        sentence = f"- {name}: {v}{mark}\n"
    text = _card(name, v, mark, sentence, "- ", 1)
    recs = read(text).records
    assert len(recs) == (3 if miss == "third" else 2)
    assert not any("named again" in n for r in recs for n in r.notes)
