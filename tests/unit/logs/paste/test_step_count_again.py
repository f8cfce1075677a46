"""A tool's log lines, one a request, each printing its step count and its accepted of drafted
tokens under the same keys ('cycles=68 accept=58/68 (85.3%)' on one line, then the next
request's line alike): a step count coming again under the same key on a later line than all the
run's figures, after its acceptance, opens the next run, its counts to follow. So each line is a record of its
own, 1 + accepted / steps, even where two requests print the very same counts (the same counts
under the same names are two runs, never one told twice). A step count printed twice on one
line of one run stays that run's, and one under another key opens nothing; the first line reads
as before."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import Read

_STEP_KEYS = ("cycles", "rounds")
_ACCEPT_KEYS = ("accept", "accepted")
_PREFIXES = (
    "2026-05-06 20:12:{s:02d},019 - srv.spec.batch_generator - INFO - MTP[{i}] finish=length ",
    "[worker {i}] spec: ",
    "req={i} ",
)


@st.composite
def _run(draw: st.DrawFn) -> tuple[int, int, int, int]:
    """(tokens, steps, accepted, drafted) of one request drafting k tokens a step."""
    steps = draw(st.integers(min_value=20, max_value=400))
    k = draw(st.integers(min_value=1, max_value=3))
    drafted = steps * k
    accepted = draw(st.integers(min_value=1, max_value=drafted - 1))
    return steps + accepted, steps, accepted, drafted


def _line(prefix: str, i: int, run: tuple[int, int, int, int], sk: str, ak: str) -> str:
    tokens, steps, accepted, drafted = run
    head = prefix.format(i=i + 1, s=10 + i)
    return (
        f"{head}tokens={tokens} {sk}={steps} {ak}={accepted}/{drafted} "
        f"({100 * accepted / drafted:.1f}%) timing[backbone={1300 + i}.3ms]"
    )


@settings(max_examples=examples(60), deadline=None)
@given(
    st.lists(_run(), min_size=2, max_size=4),
    st.booleans(),
    st.sampled_from(_PREFIXES),
    st.sampled_from(_STEP_KEYS),
    st.sampled_from(_ACCEPT_KEYS),
)
def test_each_request_line_is_a_run(
    read: Read,
    runs: list[tuple[int, int, int, int]],
    same: bool,
    prefix: str,
    sk: str,
    ak: str,
) -> None:
    if same:
        runs = [runs[0]] * len(runs)  # (two requests printing the very same counts)
    text = (
        "Acceptance with the MTP head, one request after another:\n```\n"
        + "\n".join(_line(prefix, i, r, sk, ak) for i, r in enumerate(runs))
        + "\n```\n"
    )
    got = read(text).records
    assert len(got) == len(runs), text
    for r, (_, steps, accepted, _) in zip(got, runs, strict=True):
        assert r.steps == steps, text
        assert r.accept_length is not None, text
        assert abs(r.accept_length - (1 + accepted / steps)) < 1e-5, text


@settings(max_examples=examples(40), deadline=None)
@given(_run(), st.sampled_from(_STEP_KEYS), st.sampled_from(_ACCEPT_KEYS))
def test_a_step_count_twice_on_one_line_is_one_run(
    read: Read, run: tuple[int, int, int, int], sk: str, ak: str
) -> None:
    """The near miss: one run's line naming its step count again after its counts (a summary
    field at its end) is one record, its length from its own counts."""
    tokens, steps, accepted, drafted = run
    text = (
        "Acceptance with the MTP head:\n```\n"
        f"done tokens={tokens} {sk}={steps} {ak}={accepted}/{drafted} "
        f"({100 * accepted / drafted:.1f}%) total_{sk}={steps}\n```\n"
    )
    got = read(text).records
    assert len(got) == 1, text
    assert got[0].accept_length is not None, text
    assert abs(got[0].accept_length - (1 + accepted / steps)) < 1e-5, text


@settings(max_examples=examples(40), deadline=None)
@given(_run(), st.sampled_from(_STEP_KEYS), st.sampled_from(_ACCEPT_KEYS))
def test_a_step_count_line_without_acceptance_after_it_adds_no_run(
    read: Read, run: tuple[int, int, int, int], sk: str, ak: str
) -> None:
    """The near miss: a run's counts, then a line of its step count alone (no acceptance of its
    own after it): no second record, and the run keeps its length."""
    tokens, steps, accepted, drafted = run
    text = (
        "Acceptance with the MTP head:\n```\n"
        f"tokens={tokens} {sk}={steps} {ak}={accepted}/{drafted} "
        f"({100 * accepted / drafted:.1f}%)\n"
        f"{sk}={steps}\n```\n"
    )
    got = read(text).records
    assert len(got) == 1, text
    assert got[0].accept_length is not None, text
    assert abs(got[0].accept_length - (1 + accepted / steps)) < 1e-5, text


@settings(max_examples=examples(40), deadline=None)
@given(_run(), _run(), st.sampled_from(_ACCEPT_KEYS))
def test_a_step_count_under_another_key_opens_nothing(
    read: Read, a: tuple[int, int, int, int], b: tuple[int, int, int, int], ak: str
) -> None:
    """The near miss: the next line counts its steps under another key ('rounds=' after
    'cycles='): not the same printer's line, read as before (that count no step count of the
    second record)."""
    text = (
        "Acceptance with the MTP head, one request after another:\n```\n"
        + _line("req={i} ", 0, a, "cycles", ak)
        + "\n"
        + _line("req={i} ", 1, b, "rounds", ak)
        + "\n```\n"
    )
    got = read(text).records
    assert got, text
    assert got[0].steps == a[1], text
    assert all(r.steps is None for r in got[1:]), text
