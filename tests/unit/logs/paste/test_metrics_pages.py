"""A pasted /metrics page (Prometheus text exposition, or its grep): the engines' speculation
counters are totals since the server started, read with probe's parser and names; the length
is computed from them (1 + accepted / verify steps), never printed."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core.logs.paste import read_paste
from tests.support.examples import examples
from tests.unit.logs.paste.pipeline import READERS, Read


def _page(prefix: str, steps: int, drafted: int, accepted: int, labels: str, typed: bool) -> str:
    out = []
    for name, v in (
        ("spec_decode_num_drafts_total", steps),
        ("spec_decode_num_draft_tokens_total", drafted),
        ("spec_decode_num_accepted_tokens_total", accepted),
    ):
        if typed:
            out += [f"# HELP {prefix}{name} Our help text.", f"# TYPE {prefix}{name} counter"]
        out.append(f"{prefix}{name}{labels} {v}.0")
    return "\n".join(out) + "\n"


@settings(max_examples=examples(40), deadline=None)
@given(
    steps=st.integers(1, 10**6),
    k=st.integers(1, 8),
    share=st.integers(0, 100),
    engine=st.sampled_from([("vllm:", "vllm", '{engine="0",model_name="m"}'), ("llamacpp:", "llamacpp", "")]),
    typed=st.booleans(),
    title=st.sampled_from(["", "$ curl -s host:8000/metrics | grep spec_decode\n", "counters now:\n"]),
    reader=st.sampled_from(READERS),
)  # fmt: skip
def test_a_metrics_page_gives_its_pooled_figures(
    steps: int,
    k: int,
    share: int,
    engine: tuple[str, str, str],
    typed: bool,
    title: str,
    reader: tuple[str, Read],
) -> None:
    prefix, tool, labels = engine
    drafted = steps * k
    accepted = drafted * share // 100
    (r,) = reader[1](title + _page(prefix, steps, drafted, accepted, labels, typed)).records
    assert r.tool == tool and r.structure == "prometheus" and r.printed_length is None
    assert r.accept_length is not None and abs(r.accept_length - (1 + accepted / steps)) < 1e-6
    assert r.accept_rate is not None and abs(r.accept_rate - accepted / drafted) < 1e-6


def test_per_position_counters_over_the_verify_steps() -> None:
    page = _page("vllm:", 200, 600, 330, "", False) + "\n".join(
        f'vllm:spec_decode_num_accepted_tokens_per_pos_total{{position="{i}"}} {v}'
        for i, v in enumerate((150, 110, 70))
    )
    (r,) = read_paste(page + "\n").records
    assert r.per_position == (0.75, 0.55, 0.35)


def test_a_v0_page_gives_the_rate_only() -> None:
    # no count of verify steps (V0 exports draft, accepted and emitted tokens): no length
    page = (
        'vllm:spec_decode_num_accepted_tokens_total{model_name="m"} 300.0\n'
        'vllm:spec_decode_num_draft_tokens_total{model_name="m"} 500.0\n'
        'vllm:spec_decode_num_emitted_tokens_total{model_name="m"} 420.0\n'
    )
    (r,) = read_paste(page).records
    assert r.accept_length is None and r.accept_rate == 0.6


def test_negative_controls_pages_without_speculation_counters() -> None:
    for page in (
        # an engine's page without speculation
        "# TYPE vllm:generation_tokens_total counter\nvllm:generation_tokens_total 4881.0\n",
        # SGLang's before any speculation: its gauge 0
        'sglang:spec_accept_length{model_name="m"} 0.0\nsglang:generation_tokens_total 9123.0\n',
        # no engine's names
        'app:requests_total{route="/x"} 120\napp:accepted_total{route="/x"} 80\n',
    ):
        assert read_paste(page).records == ()


@settings(max_examples=examples(30), deadline=None)
@given(
    length=st.integers(100, 900).map(lambda v: v / 100),
    rate=st.integers(0, 100).map(lambda v: v / 100),
    typed=st.booleans(),
    ranks=st.integers(1, 3),
)
def test_sglang_gauges_give_the_last_interval(
    length: float, rate: float, typed: bool, ranks: int
) -> None:
    """SGLang exports no accepted count; its gauges are the last logged interval's `accept
    len` (bonus included, as its Decode batch line) and `accept rate`: a record per rank."""
    head = "# TYPE sglang:spec_accept_length gauge\n" if typed else ""
    page = head + "".join(
        f'sglang:spec_accept_length{{model_name="m",dp_rank="{i}"}} {length}\n'
        f'sglang:spec_accept_rate{{model_name="m",dp_rank="{i}"}} {rate}\n'
        for i in range(ranks)
    )
    page += "sglang:spec_verify_calls_total 812.0\n"
    recs = read_paste(page).records
    assert len(recs) == ranks
    for i, r in enumerate(recs):
        assert r.tool == "sglang" and r.structure == "prometheus"
        assert r.printed_length == length and r.accept_length == length
        assert r.printed_rate == rate and r.labels == (("dp_rank", str(i)),)
        assert any("last logged interval" in n for n in r.notes)


def test_an_engine_page_without_its_figures_is_shown_unread() -> None:
    page = 'sglang:spec_accept_length{model_name="m"} 0.0\nsglang:spec_verify_calls_total 0.0\n'
    reading = read_paste(page)
    assert reading.records == ()
    (blk,) = reading.unread
    assert "/metrics page" in blk.reason and blk.lines[0].startswith("sglang:spec_accept_length")


@settings(max_examples=examples(20), deadline=None)
@given(digits=st.integers(310, 600))
def test_a_gauge_past_a_float_is_shown_unread_not_a_crash(digits: int) -> None:
    page = 'sglang:spec_accept_length{model_name="m",tp_rank="0"} ' + "9" * digits + "\n"
    got = read_paste(page)
    assert got.records == ()
    assert got.unread  # the page is shown as not understood
