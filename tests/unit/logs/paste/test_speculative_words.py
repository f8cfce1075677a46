"""The readers' speculative words built on vocab.SPECULATIVE: a baseline row named by any
method it runs without, a document's draft no speculation, a method's name speculation."""

from __future__ import annotations

import pytest

from specdiag.core.logs.paste import read_paste
from tests.support.pastes import pipe_table


@pytest.mark.parametrize(
    "base",
    [
        "no spec",
        "nospec",
        "no-draft",
        "no EAGLE",
        "no DFlash",
        "no n-gram",
        "w/o Medusa-2",
        "without MTP",
        "without lookahead",
        "w/o EAGLE-3",
        "without sd",
    ],
)
def test_a_row_run_without_the_method_prints_one_token_a_step(base: str) -> None:
    text = "Results\n\n" + pipe_table(["method", "accept"], [[base, "1.00"], ["ours", "3.10"]])
    assert [r.accept_length for r in read_paste(text).records] == [3.1]


@pytest.mark.parametrize("base", ["no tuning", "without cache", "no data"])
def test_a_row_without_something_else_is_no_baseline(base: str) -> None:
    text = "Results\n\n" + pipe_table(["method", "accept"], [[base, "1.00"], ["ours", "3.10"]])
    assert all(r.accept_length is None for r in read_paste(text).records)


@pytest.mark.parametrize(
    "text",
    [
        "Draft release notes: the acceptance criteria passed, 12/12.\n",
        "Drafting the release notes. Acceptance rate of reviewers 92% (23/25).\n",
        "The drafted PR got acceptance 92% from reviewers.\n",
    ],
)
def test_a_documents_draft_is_no_speculation(text: str) -> None:
    got = read_paste(text)
    assert not got.records and not got.unread


@pytest.mark.parametrize("method", ["Draft model", "DFlash", "投机解码", "EAGLE-3", "use_mtp"])
def test_a_methods_name_is_speculation(method: str) -> None:
    assert [r.printed_rate for r in read_paste(f"{method} acceptance 92%.\n").records] == [0.92]
