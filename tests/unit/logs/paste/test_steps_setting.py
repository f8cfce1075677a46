"""Rows labelled by a word and a number ('fixed4') where the prose above names the steps setting
after that word ('a fixed `num_steps` wastes drafts'): each row the run at that depth, so a
length above N counts the bonus token (steps_setting.py). A label of more words, another word,
the setting named only below the table, or no word before it leave the rows no k."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.support.pastes import pipe_table

_WORDS = ["static", "fixed", "Constant", "frozen"]
_SETTINGS = ["`num_steps`", "num_steps", "`--speculative-num-steps`", "**num-steps**"]
_GLUES = ["", "-", "_", " "]
_STEPS = st.lists(st.integers(1, 9), min_size=2, max_size=4, unique=True)
_EXTRA = st.lists(st.integers(5, 95), min_size=4, max_size=4)


def _lengths(steps: list[int], extra: list[int]) -> list[float]:
    """Each row's length: its steps and a fraction above them (hundredths from ``extra``)."""
    return [round(n + e / 100, 2) for n, e in zip(steps, extra[: len(steps)], strict=True)]


def _table(labels: list[str], lengths: list[float], plain: bool) -> str:
    """A table of runs: a plain decoding row first where ``plain``, then one row a label."""
    rows = [["plain", "410.2", "nan"]] if plain else []
    rows += [
        [lab, f"{500 + 61 * i:.1f}", f"{v:.2f}"]
        for i, (lab, v) in enumerate(zip(labels, lengths, strict=True))
    ]
    return pipe_table(["Run", "tok/s", "Mean accepted length"], rows)


def _sentence(word: str, setting: str) -> str:
    return f"Acceptance drifts as the load shifts, so a {word} {setting} leaves speed unused."


@settings(max_examples=examples(30), deadline=None)
@given(
    steps=_STEPS,
    extra=_EXTRA,
    word=st.sampled_from(_WORDS),
    setting=st.sampled_from(_SETTINGS),
    glue=st.sampled_from(_GLUES),
    lower=st.booleans(),
    plain=st.booleans(),
    apart=st.booleans(),
)
def test_rows_named_by_the_settings_word_take_its_depth(
    steps: list[int],
    extra: list[int],
    word: str,
    setting: str,
    glue: str,
    lower: bool,
    plain: bool,
    apart: bool,
) -> None:
    labels = [f"{word.lower() if lower else word.capitalize()}{glue}{n}" for n in steps]
    # (the sentence right above, or a paragraph and a list item before the table)
    between = "\n\n- A second point on drafting costs.\n\n" if apart else "\n\n"
    paste = _sentence(word, setting) + between + _table(labels, _lengths(steps, extra), plain)
    got = read_paste(paste).records
    want = _lengths(steps, extra)
    assert [r.printed_length for r in got] == want
    assert [r.accept_length for r in got] == want
    assert all(r.bonus.value == "included" for r in got)


@settings(max_examples=examples(30), deadline=None)
@given(
    steps=_STEPS,
    extra=_EXTRA,
    word=st.sampled_from(_WORDS),
    setting=st.sampled_from(_SETTINGS),
    glue=st.sampled_from(_GLUES),
    miss=st.sampled_from(["more words", "other word", "below", "no word"]),
    plain=st.booleans(),
)
def test_other_labels_or_prose_leave_the_rows_no_k(
    steps: list[int],
    extra: list[int],
    word: str,
    setting: str,
    glue: str,
    miss: str,
    plain: bool,
) -> None:
    labels = [f"{word}{glue}{n}" for n in steps]
    above = _sentence(word, setting)
    below = ""
    if miss == "more words":
        labels = [f"{lab} warm" for lab in labels]
    elif miss == "other word":
        labels = [f"adaptive{glue}{n}" for n in steps]
    elif miss == "below":
        above, below = "Runs on the shared box.", "\n" + above + "\n"
    else:
        above = f"Acceptance drifts as the load shifts, so {setting} set once leaves speed unused."
    paste = above + "\n\n" + _table(labels, _lengths(steps, extra), plain) + below
    got = read_paste(paste).records
    assert [r.printed_length for r in got] == _lengths(steps, extra)
    assert all(r.accept_length is None for r in got)
