"""Structure rules where a header alone does not say the metric, each with pastes written here
in the shape of real ones (never the third-party text): a bare 'Accept' column of percentages, a
'Rate' column beside accepted and drafted counts, tables inside HTML <details>, headers whose
UTF-8 was read as Windows-1252 ('Ï„' for 'τ'), a sentence naming the table's figure, and a tool
named only in a note on its own behaviour."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from specdiag.core.logs.paste.text import prepare

_RATES = st.lists(st.integers(min_value=50, max_value=999), min_size=1, max_size=5)


@settings(max_examples=40, deadline=None)
@given(_RATES, st.sampled_from(["Accept", "Acc", "accept"]), st.booleans())
def test_a_bare_accept_column_of_percentages_is_a_rate(
    tenths: list[int], name: str, details: bool
) -> None:
    rows = "".join(f"| {i + 2} | {100 + i} | {t / 10:.1f}% |\n" for i, t in enumerate(tenths))
    table = f"| K | tok/s | {name} |\n|---|---|---|\n{rows}"
    if details:
        table = f"<details>\n<summary>EAGLE-3 runs</summary>\n\n{table}\n</details>\n"
    got = read_paste(table).records
    assert [round(r.printed_rate or -1, 6) for r in got] == [round(t / 1000, 6) for t in tenths]
    assert all(r.accept_length is None for r in got)


def test_a_bare_accept_column_of_plain_numbers_is_not_guessed() -> None:
    text = "| K | Accept |\n|---|---|\n| 3 | 2.41 |\n| 4 | 2.77 |\n"
    assert read_paste(text).records == ()


@settings(max_examples=40, deadline=None)
@given(
    st.lists(
        st.tuples(
            st.integers(min_value=20, max_value=400), st.integers(min_value=0, max_value=100)
        ),
        min_size=1,
        max_size=4,
    ),
    st.booleans(),
)
def test_accepted_and_drafted_counts_with_a_bold_rate_column(
    rows: list[tuple[int, int]], bold: bool
) -> None:
    body = ""
    for i, (drafted, pct) in enumerate(rows):
        accepted = drafted * pct // 100
        rate = f"{100 * accepted / drafted:.1f}%"
        rate = f"**{rate}**" if bold else rate
        body += f"| prompt_{i} | {drafted} | {accepted} | {rate} |\n"
    text = "| Prompt | Drafted | Accepted | Rate |\n| --- | --- | --- | --- |\n" + body
    got = read_paste(text).records
    assert len(got) == len(rows)
    for r, (drafted, pct) in zip(got, rows, strict=True):
        assert r.accept_length is None
        assert r.printed_rate is not None
        assert abs(r.printed_rate - (drafted * pct // 100) / drafted) < 0.0006


def _as_cp1252(text: str) -> str:
    """UTF-8 bytes shown as Windows-1252 (bytes it leaves undefined shown as Latin-1)."""
    undefined = {0x81, 0x8D, 0x8F, 0x90, 0x9D}
    return "".join(
        chr(b) if b in undefined else bytes([b]).decode("cp1252") for b in text.encode("utf-8")
    )


@settings(max_examples=60, deadline=None)
@given(
    st.text(alphabet="τ±≈–—éüß→…αλ", min_size=1, max_size=6),
    st.text(alphabet="abc XYZ 0.9|:()café naïve", max_size=20),
)
def test_mojibake_is_read_back(word: str, plain: str) -> None:
    """UTF-8 read as Windows-1252 is repaired; text that is no mojibake is kept as it was."""
    assert prepare(f"{plain} {_as_cp1252(word)} x")[0][1] == f"{plain} {word} x"
    assert prepare(plain + " x")[0][1] == plain + " x"


def test_a_tau_table_under_a_sentence_title_with_mojibake() -> None:
    text = (
        "Mean acceptance length (Ï„) measured on our eval mix with K = 5:\n"
        "| Setup | Temp 0 | Temp 1 |\n"
        "|---|---|---|\n"
        "| draft A | 3.91 | 3.62 |\n"
        "| draft B | 4.07 | 3.80 |\n"
        "\n"
        "| Checkpoint | MT-bench (Ï„) | GSM8K (Ï„) |\n"
        "|---|---|---|\n"
        "| baseline | 2.64 | 3.12 |\n"
        "Note: the current vLLM implementation drafts greedily at any temperature.\n"
    )
    got = read_paste(text).records
    assert [r.printed_length for r in got] == [3.91, 3.62, 4.07, 3.80, 2.64, 3.12]
    assert all(r.tool == "unknown" and r.accept_length is None for r in got)


def test_a_tool_named_beside_the_figures_still_counts() -> None:
    text = (
        "vLLM 0.9 serve, EAGLE-3:\n"
        "| Checkpoint | MT-bench (τ) |\n"
        "|---|---|\n"
        "| ours | 2.64 |\n"
        "Note: vLLM drafts greedily at any temperature.\n"
    )
    got = read_paste(text).records
    assert [r.tool for r in got] == ["vllm"]
