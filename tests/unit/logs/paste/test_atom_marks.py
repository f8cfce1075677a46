"""AMD's ROCm ATOM named by its marks (tools.py): its logger's prefix on a server line (`[atom
HH:MM:SS]`) or its name with its owner (`ROCm ATOM`, `ROCm/ATOM`). A bare `atom` (an English
word, a chemistry paste, the editor) names no tool."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from specdiag.core.logs.paste import tools as T
from tests.unit.logs.paste.pipeline import Read

_CLOCK = st.tuples(st.integers(0, 23), st.integers(0, 59), st.integers(0, 59))


def _line(clock: tuple[int, int, int], rate: int) -> str:
    h, m, s = clock
    return (
        f"[atom {h:02d}:{m:02d}:{s:02d}] [Spec Stats] Average toks/fwd: {1 + rate / 100:.2f}, "
        f"Acceptance rate: {rate:.2f}%\n"
    )


@given(clock=_CLOCK, rate=st.integers(10, 95), numbered=st.booleans())
def test_the_logger_prefix_names_atom(
    read: Read, clock: tuple[int, int, int], rate: int, numbered: bool
) -> None:
    line = ("20417:" if numbered else "") + _line(clock, rate)
    text = f"server log of the gsm8k run:\n{line}"
    assert T.tools_named(text) == ["atom"]
    got = read(text).records
    assert [r.tool for r in got] == ["atom"]
    assert [r.accept_length for r in got] == [round(1 + rate / 100, 2)]


def test_the_name_with_its_owner() -> None:
    assert T.tools_named("Served with ROCm/ATOM on an MI300X.") == ["atom"]
    assert T.tools_named("Served with ROCm ATOM on an MI300X.") == ["atom"]


@given(
    text=st.sampled_from(
        [
            "Each atom of the draft tree is one token.",
            "Opened the log in Atom and grepped it.",
            "[atom] drafted 3 tokens",
            "[atomic 12:00:01] step done",
        ]
    )
)
def test_a_bare_atom_names_nothing(text: str) -> None:
    assert "atom" not in T.tools_named(text)
