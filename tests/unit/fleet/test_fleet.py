"""Unit tests of core/fleet: raw-sample arithmetic, grouping, pitfalls, outliers, trends, errors."""

from __future__ import annotations

import json
import math

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from specdiag.core import accept
from specdiag.core.fleet import names as N
from specdiag.core.fleet.analysis import AnalysisParams, analyse, bounds_of, kendall_tau
from specdiag.core.fleet.client import PrometheusClient, RawSeries, base_url
from specdiag.core.fleet.run import FleetConfig, parse_selector, run_fleet
from specdiag.core.fleet.series import adjust_resets, bucket_deltas
from specdiag.core.timespec import parse_duration, parse_instant
from specdiag.errors import InputError, ServerError, UsageError
from tests.support.examples import examples

T0 = 1_800_000_000.0


def counter(
    name: str, labels: dict[str, str], values: list[float], t0: float = T0, dt: float = 15.0
) -> RawSeries:
    return RawSeries(
        {"__name__": name, **labels},
        tuple(t0 + (i + 1) * dt for i in range(len(values))),
        tuple(values),
    )


def vllm_replica(
    instance: str,
    steps_per: float,
    acc_per: float,
    n: int = 40,
    *,
    prefix: str = "vllm:",
    extra: dict[str, str] | None = None,
) -> list[RawSeries]:
    lab = {"job": "vllm", "instance": instance, **(extra or {})}
    steps = [steps_per * i for i in range(n)]
    acc = [acc_per * i for i in range(n)]
    return [
        counter(f"{prefix}spec_decode_num_drafts_total", lab, steps),
        counter(f"{prefix}spec_decode_num_draft_tokens_total", lab, [3 * s for s in steps]),
        counter(f"{prefix}spec_decode_num_accepted_tokens_total", lab, acc),
        counter(
            f"{prefix}spec_decode_num_accepted_tokens_per_pos_total",
            {**lab, "position": "0"},
            [a * 0.5 for a in acc],
        ),
        counter(
            f"{prefix}spec_decode_num_accepted_tokens_per_pos_total",
            {**lab, "position": "1"},
            [a * 0.3 for a in acc],
        ),
        counter(
            f"{prefix}spec_decode_num_accepted_tokens_per_pos_total",
            {**lab, "position": "2"},
            [a * 0.2 for a in acc],
        ),
    ]


def params(n: int = 40, step: float = 60.0, **kw: object) -> AnalysisParams:
    return AnalysisParams(start=T0, end=T0 + n * 15.0, step=step, **kw)  # type: ignore[arg-type]


# ------------------------------------------------------------------ raw-sample arithmetic


@given(st.lists(st.floats(0, 1e9, allow_nan=False), min_size=1, max_size=60), st.integers(1, 12))
@settings(max_examples=examples(200), deadline=None)
def test_bucket_deltas_add_up_to_the_window_delta(values: list[float], nb: int) -> None:
    ts = [T0 + i for i in range(1, len(values) + 1)]
    adj, resets = adjust_resets(values)
    assert all(b >= a for a, b in zip(adj, adj[1:], strict=False))  # monotone after adjustment
    assert resets == sum(1 for a, b in zip(values, values[1:], strict=False) if b < a)
    bounds = bounds_of(T0, T0 + len(values) + 0.5, (len(values) + 0.5) / nb)
    d = bucket_deltas(ts, adj, adj[0], bounds)
    assert math.isclose(math.fsum(d), adj[-1] - adj[0], rel_tol=1e-9, abs_tol=1e-6)
    assert all(x >= -1e-6 for x in d)


def test_reset_adds_back_the_value_before_it() -> None:
    adj, n = adjust_resets([5, 10, 2, 7])
    assert n == 1 and adj.tolist() == [5, 10, 12, 17]


def test_accept_length_equals_the_counter_delta_exactly() -> None:
    raw = vllm_replica("a:1", 10, 17)
    a = analyse(raw, params())
    (r,) = a.replicas
    assert r.figures.source == "counters"
    assert r.figures.verify_steps == 390.0
    assert r.figures.accept_length == pytest.approx(1 + 17 / 10)
    assert r.figures.accept_rate == pytest.approx(17 / 30)
    assert r.figures.per_position_unconditional == pytest.approx((0.85, 0.51, 0.34))
    assert r.figures.per_position_conditional == pytest.approx((0.85, 0.6, 0.34 / 0.51))
    assert all(a == pytest.approx(2.7) for a in r.timeline.accept_length if a)
    assert len(r.timeline.ends) == 10


def test_counters_that_disagree_are_flagged_not_reported_as_fact() -> None:
    """More accepted than drafted (two processes merged, a lying exporter) is impossible."""
    raw = vllm_replica("a:1", 10, 25)  # 25 accepted per 10 steps of 30 drafted tokens: fine
    (ok,) = analyse(raw, params()).replicas
    assert not any("disagree" in w for w in ok.warnings)
    raw = vllm_replica("a:1", 10, 25)
    raw[1] = counter(raw[1].labels["__name__"], raw[1].labels, [1.0 * i for i in range(40)])
    (bad,) = analyse(raw, params()).replicas
    assert any("counters disagree" in w and "not trustworthy" in w for w in bad.warnings)


def test_counter_reset_is_handled_not_negative() -> None:
    lab = {"job": "j", "instance": "x"}
    steps = [0, 10, 20, 30, 5, 15, 25]  # restart after 30
    acc = [0, 8, 16, 24, 4, 12, 20]
    a = analyse(
        [
            counter("vllm:spec_decode_num_drafts_total", lab, steps),
            counter("vllm:spec_decode_num_accepted_tokens_total", lab, acc),
        ],
        params(7, 15),
    )
    (r,) = a.replicas
    assert r.figures.verify_steps == 55 and r.figures.accepted_drafts == 44
    assert r.resets == 2
    assert any("reset" in w for w in a.warnings)


def test_series_born_inside_the_window_counts_from_zero() -> None:
    # llama.cpp's per-position family appears only after the first speculative request
    lab = {"job": "llama", "instance": "l:1"}
    steps = [0, 0, 0, 10, 20, 30, 40, 50]
    acc = [0, 0, 0, 6, 12, 18, 24, 30]
    pos0 = RawSeries(
        {
            "__name__": "llamacpp:spec_decode_num_accepted_tokens_per_pos_total",
            **lab,
            "position": "0",
        },
        tuple(T0 + (i + 1) * 15 for i in range(3, 8)),
        (4.0, 8.0, 12.0, 16.0, 20.0),
    )
    a = analyse(
        [
            counter("llamacpp:spec_decode_num_drafts_total", lab, steps),
            counter("llamacpp:spec_decode_num_accepted_tokens_total", lab, acc),
            pos0,
        ],
        params(8, 15),
    )
    (r,) = a.replicas
    assert r.figures.accept_length == pytest.approx(1.6)
    assert r.figures.per_position_unconditional == pytest.approx((0.4,))


def test_exact_names_only_created_and_unknown_series_ignored() -> None:
    raw = vllm_replica("a:1", 10, 17)
    raw.append(
        counter(
            "vllm:spec_decode_num_drafts_created", {"job": "vllm", "instance": "a:1"}, [T0] * 40
        )
    )
    a = analyse(raw, params())
    assert a.series_unknown == 1
    assert a.replicas[0].figures.verify_steps == 390.0
    assert "vllm:spec_decode_num_drafts_created" not in N.name_regex().split("|")


def test_ray_reexports_are_read_in_both_spellings() -> None:
    raw = vllm_replica("r:1", 10, 10, prefix="ray_vllm_", extra={"ReplicaId": "r1"})
    raw += vllm_replica("r:2", 10, 5, prefix="ray_vllm:", extra={"ReplicaId": "r2"})
    a = analyse(raw, params())
    assert [(r.engine, round(r.figures.accept_length or 0, 3)) for r in a.replicas] == [
        ("ray_vllm", 2.0),
        ("ray_vllm", 1.5),
    ]


def test_vllm_dp_ranks_are_summed_and_reported_per_rank() -> None:
    raw = vllm_replica("a:1", 10, 20, extra={"engine": "0"}) + vllm_replica(
        "a:1", 10, 10, extra={"engine": "1"}
    )
    a = analyse(raw, params())
    (r,) = a.replicas
    assert r.figures.accept_length == pytest.approx(2.5)
    assert [round(k.figures.accept_length or 0, 3) for k in r.ranks] == [3.0, 2.0]


def test_sglang_counters_and_tp_duplicated_gauges_are_not_summed() -> None:
    lab = {"job": "sg", "instance": "s:1"}
    raw = [
        counter("sglang:spec_verify_calls_total", lab, [10.0 * i for i in range(20)]),
        counter("sglang:generation_tokens_total", lab, [25.0 * i for i in range(20)]),
    ]
    for tp in ("0", "1"):
        raw.append(counter("sglang:spec_accept_length", {**lab, "tp_rank": tp}, [2.4] * 20))
        raw.append(counter("sglang:num_running_reqs", {**lab, "tp_rank": tp}, [3.0] * 20))
    a = analyse(raw, params(20, 60))
    (r,) = a.replicas
    assert r.figures.source == "counters" and r.figures.accept_length == pytest.approx(2.5)
    assert {x for x in r.timeline.running_requests if x is not None} == {3.0}
    assert any("finished request" in w for w in r.warnings)


def test_sglang_gauge_only_gives_a_warning_and_is_averaged_over_ranks() -> None:
    lab = {"job": "sg", "instance": "s:2"}
    raw = [
        counter("sglang:spec_accept_length", {**lab, "dp_rank": "0", "tp_rank": "0"}, [2.0] * 20),
        counter("sglang:spec_accept_length", {**lab, "dp_rank": "1", "tp_rank": "0"}, [3.0] * 20),
        counter(
            "sglang:spec_accept_length",
            {**lab, "dp_rank": "0", "tp_rank": "1", "engine_type": "draft"},
            [9.0] * 20,
        ),
    ]
    a = analyse(raw, params(20, 60))
    (r,) = a.replicas
    assert r.figures.source == "gauge"
    assert r.figures.accept_length == pytest.approx(2.5)  # mean of ranks, never 5.0
    assert any("gauge" in w for w in a.warnings)
    assert any("engine_type" in n for n in a.notes)


def test_sglang_idle_window_never_shows_the_held_gauge() -> None:
    """The verify counter is scraped but does not move (an idle window, or requests still
    running): SGLang's gauge still holds the last logged interval, which is not the window's."""
    lab = {"job": "sg", "instance": "s:3"}
    raw = [
        counter("sglang:spec_verify_calls_total", lab, [500.0] * 20),
        counter("sglang:generation_tokens_total", lab, [1200.0] * 20),
        counter("sglang:spec_accept_length", {**lab, "tp_rank": "0"}, [2.0] * 20),
    ]
    a = analyse(raw, params(20, 60))
    (r,) = a.replicas
    assert r.figures.source == "none" and r.figures.accept_length is None
    assert r.figures.verify_steps == 0 and r.figures.gauge_samples == 20
    assert all(x is None for x in r.timeline.accept_length)
    (w,) = [w for w in r.warnings if "no verify step" in w]
    assert "2.00" in w and "last logged interval" in w and "finishes" in w


def test_trtllm_adp_duplicates_are_dropped_and_steps_come_from_position_zero() -> None:
    raw = []
    for rank in ("0", "1"):  # rank 1 repeats rank 0's spec stats
        lab = {"job": "trt", "instance": "t:1", "attention_dp_rank": rank}
        raw.append(
            counter(
                "trtllm_spec_decode_drafted_tokens_total",
                {**lab, "token_position": "0"},
                [10.0 * i for i in range(20)],
            )
        )
        raw.append(
            counter(
                "trtllm_spec_decode_drafted_tokens_total",
                {**lab, "token_position": "1"},
                [10.0 * i for i in range(20)],
            )
        )
        raw.append(
            counter(
                "trtllm_spec_decode_accepted_tokens_total",
                {**lab, "token_position": "0"},
                [8.0 * i for i in range(20)],
            )
        )
        raw.append(
            counter(
                "trtllm_spec_decode_accepted_tokens_total",
                {**lab, "token_position": "1"},
                [4.0 * i for i in range(20)],
            )
        )
    a = analyse(raw, params(20, 60))
    (r,) = a.replicas
    assert r.figures.accept_length == pytest.approx(2.2)
    assert r.figures.per_position_unconditional == pytest.approx((0.8, 0.4))
    assert any("duplicated across attention-DP" in n for n in a.notes)


def test_outlier_flagged_with_gap_and_since() -> None:
    raw = vllm_replica("a:1", 10, 17) + vllm_replica("b:1", 10, 16) + vllm_replica("c:1", 10, 18)
    lab = {"job": "vllm", "instance": "d:1"}
    acc = [17.0 * i if i <= 20 else 17.0 * 20 + 2.0 * (i - 20) for i in range(40)]
    raw += [
        counter("vllm:spec_decode_num_drafts_total", lab, [10.0 * i for i in range(40)]),
        counter("vllm:spec_decode_num_accepted_tokens_total", lab, acc),
    ]
    a = analyse(raw, params(40, 60))
    (o,) = a.outliers
    assert o.replica == "vllm/d:1"
    assert o.gap == pytest.approx(o.fleet_median - o.accept_length)
    assert o.since is not None and T0 + 15 * 20 - 60 <= o.since <= T0 + 15 * 22
    assert o.until is None


def test_no_outliers_with_fewer_than_three_replicas() -> None:
    a = analyse(vllm_replica("a:1", 10, 17) + vllm_replica("b:1", 10, 2), params())
    assert a.outliers == ()
    assert any("at least 3 replicas" in n for n in a.notes)


def test_monotone_decline_and_collapse() -> None:
    lab = {"job": "vllm", "instance": "x:1"}
    n = 120
    steps = [10.0 * i for i in range(n)]
    acc, total = [], 0.0
    for i in range(n):
        acc.append(total)
        total += 10.0 * max(0.05, 1.8 - 1.75 * i / n)  # accept length 2.8 -> ~1.05
    a = analyse(
        [
            counter("vllm:spec_decode_num_drafts_total", lab, steps),
            counter("vllm:spec_decode_num_accepted_tokens_total", lab, acc),
        ],
        AnalysisParams(start=T0, end=T0 + n * 15, step=150),
    )
    (r,) = a.replicas
    assert r.trend is not None and r.trend.declining and r.trend.slope_per_hour < 0
    assert r.collapses and r.collapses[-1].mean_accept_length <= 1.2
    assert kendall_tau([3, 2, 1]) == -1.0


def test_expected_against_observed() -> None:
    prof = accept.profile(accept.expand_acc((0.7,), 3))
    a = analyse(vllm_replica("a:1", 10, 4), params(profile=prof))
    (r,) = a.replicas
    assert r.expected is not None and r.expected.verdict == "below"
    assert r.expected.expected_accept_length == pytest.approx(prof.expected_accept_length)


# ------------------------------------------------------------------ flags and parsing


def test_selector_parsing() -> None:
    assert parse_selector(None) == [] and parse_selector("{}") == []
    assert parse_selector('{a="b", c=~"d.*",e!~\'x\'}') == ['a="b"', 'c=~"d.*"', "e!~'x'"]
    for bad in ("a=b", "vllm:x{a='b'}", "{a=b}", '{__name__="x"}'):
        with pytest.raises(UsageError):
            parse_selector(bad)


def test_durations_and_instants() -> None:
    assert parse_duration("1h30m", "--since") == 5400
    assert parse_duration("90", "--since") == 90
    assert parse_instant("2026-12-01T00:00:00Z", "--start") == parse_instant(
        "1796083200", "--start"
    )
    for bad in ("", "-5m", "5x", "nan"):
        with pytest.raises(UsageError):
            parse_duration(bad, "--since")


def test_base_url_strips_ui_and_api_paths() -> None:
    assert base_url("http://p:9090/graph").url == "http://p:9090"
    assert base_url("http://h/prometheus/api/v1/query").url == "http://h/prometheus"
    with pytest.raises(UsageError):
        base_url("ftp://x")


# ------------------------------------------------------------------ client errors


def _mock(handler: object) -> httpx.MockTransport:
    return httpx.MockTransport(handler)  # type: ignore[arg-type]


def _run(handler: object, **kw: object) -> object:
    return run_fleet(
        FleetConfig(url="http://prom:9090", since_s=600, **kw), transport=_mock(handler), now=T0
    )  # type: ignore[arg-type]


def _matrix_response(raw: list[RawSeries]) -> httpx.Response:
    """A Prometheus range-query answer (resultType matrix) holding these raw series."""
    result = [
        {
            "metric": dict(r.labels),
            "values": [[t, str(v)] for t, v in zip(r.timestamps, r.values, strict=True)],
        }
        for r in raw
    ]
    return httpx.Response(
        200, json={"status": "success", "data": {"resultType": "matrix", "result": result}}
    )


def test_not_prometheus_404() -> None:
    with pytest.raises(ServerError, match="not a Prometheus HTTP API") as e:
        _run(lambda req: httpx.Response(404, text="<html>not found</html>"))
    assert "base URL" in (e.value.hint or "")


def test_prometheus_timeout_error_body() -> None:
    body = {
        "status": "error",
        "errorType": "timeout",
        "error": "query timed out in expression evaluation",
    }
    with pytest.raises(ServerError, match="timed out"):
        _run(lambda req: httpx.Response(503, json=body))


def test_client_side_timeout() -> None:
    def boom(req: httpx.Request) -> httpx.Response:
        raise httpx.ReadTimeout("slow", request=req)

    with pytest.raises(ServerError, match="did not answer within"):
        _run(boom, timeout_s=1.0)


def test_bad_selector_rejected_by_prometheus_is_a_usage_error() -> None:
    body = {"status": "error", "errorType": "bad_data", "error": "parse error"}
    with pytest.raises(UsageError):
        _run(lambda req: httpx.Response(400, json=body))


def test_empty_result_explains_why() -> None:
    def handler(req: httpx.Request) -> httpx.Response:
        q = httpx.QueryParams(req.content.decode())["query"]
        if q.startswith("count(up)"):
            return httpx.Response(
                200,
                json={
                    "status": "success",
                    "data": {
                        "resultType": "vector",
                        "result": [{"metric": {}, "value": [T0, "3"]}],
                    },
                },
            )
        if q.startswith("count("):
            return httpx.Response(
                200, json={"status": "success", "data": {"resultType": "vector", "result": []}}
            )
        return httpx.Response(
            200, json={"status": "success", "data": {"resultType": "matrix", "result": []}}
        )

    with pytest.raises(InputError) as e:
        _run(handler, selector='{namespace="nope"}')
    assert "no series at all match the selector" in (e.value.hint or "")


@pytest.mark.parametrize(
    "count_result",
    [
        [{"metric": {}, "values": [[T0, "3"]]}],  # a matrix row where a vector was asked for
        [{"metric": {}}],
        [{"metric": {}, "value": [T0, "1e999"]}],
        "nonsense",
    ],
)
def test_empty_result_with_a_lying_count_answer_is_a_clear_error(count_result: object) -> None:
    """A non-Prometheus API answering count(up) with the wrong shape was an internal KeyError."""

    def handler(req: httpx.Request) -> httpx.Response:
        q = httpx.QueryParams(req.content.decode())["query"]
        rtype = "vector" if q.startswith("count(") else "matrix"
        result = count_result if rtype == "vector" else []
        return httpx.Response(
            200, json={"status": "success", "data": {"resultType": rtype, "result": result}}
        )

    with pytest.raises(InputError) as e:
        _run(handler)
    assert e.value.hint


def test_query_sent_matches_exact_names_and_the_selector() -> None:
    seen: list[str] = []

    def handler(req: httpx.Request) -> httpx.Response:
        seen.append(httpx.QueryParams(req.content.decode())["query"])
        return _matrix_response(vllm_replica("a:1", 10, 17))

    rep = run_fleet(
        FleetConfig(
            url="http://prom:9090", selector='{job="vllm"}', start=T0, end=T0 + 600, step_s=60
        ),
        transport=_mock(handler),
    )
    assert seen[0] == '{__name__=~"' + N.name_regex() + '",job="vllm"}[600000ms]'
    assert "increase(" not in seen[0]
    assert rep.analysis.replicas[0].figures.accept_length == pytest.approx(2.7)  # type: ignore[attr-defined]


def test_client_records_every_query() -> None:
    def handler(req: httpx.Request) -> httpx.Response:
        return httpx.Response(
            200, json={"status": "success", "data": {"resultType": "vector", "result": []}}
        )

    with PrometheusClient("http://p:9090", transport=_mock(handler)) as c:
        c.query("up", T0)
    assert c.queries == ["up"]
    assert json.dumps(c.queries)


def test_group_by_labels_defines_replicas_and_ranks() -> None:
    raw = vllm_replica("a:1", 10, 20, extra={"pod": "p0", "engine": "0"})
    raw += vllm_replica("a:2", 10, 10, extra={"pod": "p0", "engine": "1"})
    raw += vllm_replica("b:1", 10, 5, extra={"pod": "p1", "engine": "0"})
    a = analyse(raw, params(group_by=("pod",)))
    assert [(r.replica, round(r.figures.accept_length or 0, 3)) for r in a.replicas] == [
        ("p0", 2.5),
        ("p1", 1.5),
    ]
    assert [dict(k.rank) for k in a.replicas[0].ranks] == [{"engine": "0"}, {"engine": "1"}]
    b = analyse(raw, params(group_by=("pod", "engine")))
    assert len(b.replicas) == 3 and all(not r.ranks for r in b.replicas)


@given(
    st.lists(
        st.one_of(
            st.none(),
            st.integers(),
            st.text(max_size=5),
            st.dictionaries(
                st.sampled_from(["metric", "values"]),
                st.one_of(
                    st.none(),
                    st.integers(),
                    st.lists(
                        st.lists(st.one_of(st.floats(), st.text(max_size=4)), max_size=3),
                        max_size=3,
                    ),
                ),
            ),
        ),
        max_size=6,
    )
)
@settings(max_examples=examples(60), deadline=None)
def test_malformed_matrix_entries_never_crash(result: list[object]) -> None:
    body = json.dumps({"status": "success", "data": {"resultType": "matrix", "result": result}})

    def handler(req: httpx.Request) -> httpx.Response:
        return httpx.Response(
            200, content=body.encode(), headers={"content-type": "application/json"}
        )

    with PrometheusClient("http://p:9090", transport=_mock(handler)) as c:
        try:
            out = c.raw_samples('{x="y"}', T0 - 100, T0)
        except ServerError:  # not JSON at all (Infinity literals): a clean error, not a crash
            return
    for r in out:
        assert len(r.timestamps) == len(r.values) >= 1
    analyse(out, params())


def test_human_view_lists_ranks_and_flags(tmp_path: object) -> None:
    from specdiag.cli._output import make_console
    from specdiag.cli.fleet import render
    from specdiag.core.fleet.run import FleetReport

    raw = vllm_replica("a:1", 10, 20, extra={"engine": "0"}) + vllm_replica(
        "a:1", 10, 10, extra={"engine": "1"}
    )
    raw += vllm_replica("b:1", 10, 19) + vllm_replica("c:1", 10, 21) + vllm_replica("d:1", 10, 1)
    a = analyse(raw, params())
    rep = FleetReport("http://p:9090", None, T0, T0 + 600, 60, None, None, a, ("q",))
    import io
    import sys

    buf = io.StringIO()
    old = sys.stdout
    sys.stdout = buf
    try:
        render(make_console(), rep)
    finally:
        sys.stdout = old
    text = buf.getvalue()
    assert "engine=0" in text and "engine=1" in text
    assert "OUTLIER" in text and "vllm/d:1" in text


def test_acceptance_against_running_requests() -> None:
    lab = {"job": "vllm", "instance": "x:1"}
    n = 40
    acc, total = [], 0.0
    for i in range(n):
        acc.append(total)
        total += 10.0 * (2.0 - (i % 8) / 8)  # busier buckets accept less
    raw = [
        counter("vllm:spec_decode_num_drafts_total", lab, [10.0 * i for i in range(n)]),
        counter("vllm:spec_decode_num_accepted_tokens_total", lab, acc),
        counter("vllm:num_requests_running", lab, [float((i - 1) % 8) for i in range(n)]),
    ]
    (r,) = analyse(raw, params(n, 15)).replicas
    assert r.running_correlation is not None and r.running_correlation < -0.9


def test_non_finite_and_negative_counter_samples_are_left_out() -> None:
    lab = {"job": "vllm", "instance": "n:1"}
    steps = [0, 10, float("nan"), 30, 40]
    acc = [0, 8, 16, float("inf"), -5, 32][:5]
    a = analyse(
        [
            counter("vllm:spec_decode_num_drafts_total", lab, steps),
            counter("vllm:spec_decode_num_accepted_tokens_total", lab, acc),
        ],
        params(5, 15),
    )
    (r,) = a.replicas
    assert r.figures.verify_steps == 40 and r.figures.accepted_drafts == 16
    assert any("left out" in w for w in a.warnings)


def test_a_rank_far_below_its_replica_is_flagged() -> None:
    raw = vllm_replica("a:1", 10, 20, extra={"engine": "0"})
    raw += vllm_replica("a:1", 10, 19, extra={"engine": "1"})
    raw += vllm_replica("a:1", 10, 3, extra={"engine": "2"})
    (r,) = analyse(raw, params()).replicas
    assert [k.outlier for k in r.ranks] == [False, False, True]
    assert r.ranks[2].deficit == pytest.approx((2.9 - 1.3) / 1.9)
    assert any("rank engine=2" in x for x in r.warnings)


def test_each_rank_has_its_own_timeline_and_sparkline() -> None:
    """Ranks used to get window figures only: a rank that drops since some time was invisible."""
    raw = vllm_replica("a:1", 10, 20, extra={"engine": "0"})
    raw += vllm_replica("a:1", 10, 20, extra={"engine": "1"})
    # rank 1 accepts 20 per 10 steps for the first half, then 2
    acc = [20.0 * i if i < 20 else 400.0 + 2.0 * (i - 20) for i in range(40)]
    raw[-4] = counter(raw[-4].labels["__name__"], dict(raw[-4].labels), acc)  # accepted
    (r,) = analyse(raw, params()).replicas
    k0, k1 = r.ranks
    assert k0.timeline is not None and k1.timeline is not None
    assert len(k0.timeline.ends) == len(r.timeline.ends)
    assert all(a == pytest.approx(3.0) for a in k0.timeline.accept_length if a is not None)
    late = [a for a in k1.timeline.accept_length[-3:] if a is not None]
    assert late and all(a == pytest.approx(1.2) for a in late)
    # the rank timelines add up to the replica's: verify steps per bucket
    for s0, s1, s in zip(
        k0.timeline.verify_steps, k1.timeline.verify_steps, r.timeline.verify_steps, strict=True
    ):
        assert (s0 or 0) + (s1 or 0) == pytest.approx(s or 0)
    assert k0.sparkline and k1.sparkline and k0.sparkline != k1.sparkline


def test_rank_timelines_are_in_the_json(tmp_path: object) -> None:
    from specdiag.cli.fleet import _replica

    raw = vllm_replica("a:1", 10, 20, extra={"engine": "0"})
    raw += vllm_replica("a:1", 10, 19, extra={"engine": "1"})
    (r,) = analyse(raw, params()).replicas
    doc = _replica(r)
    assert set(doc["ranks"][0]["timeline"]) == set(doc["timeline"])
    assert len(doc["ranks"][1]["timeline"]["accept_length"]) == len(doc["timeline"]["ends_unix"])
    assert doc["ranks"][0]["sparkline"]


# ------------------------------------------------------------------ --by


def test_by_a_label_no_series_carries_is_a_usage_error_naming_the_labels() -> None:
    def handler(req: httpx.Request) -> httpx.Response:
        return _matrix_response(vllm_replica("a:1", 10, 17) + vllm_replica("b:1", 10, 16))

    with pytest.raises(UsageError) as e:
        _run(handler, group_by=("instance", "podd"))
    assert "no series read carries the label 'podd'" in e.value.message
    assert "instance, job, position" in e.value.message  # the labels they do carry
    assert e.value.hint and e.value.exit_code == 2
    rep = _run(handler, group_by=("instance",))  # a label they carry groups as before
    assert len(rep.analysis.replicas) == 2  # type: ignore[attr-defined]


def test_colon_names_escaped_by_the_scrape_are_read_alike() -> None:
    """prometheus_client's OpenMetrics exposition (as SGLang 0.5.23 ships it) turns
    ``sglang:spec_verify_calls_total`` into ``sglang_spec_verify_calls_total`` when Prometheus
    negotiates OpenMetrics: the same figures either way."""
    lab = {"job": "sg", "instance": "s:4"}
    colon = [
        counter("sglang:spec_verify_calls_total", lab, [10.0 * i for i in range(20)]),
        counter("sglang:generation_tokens_total", lab, [25.0 * i for i in range(20)]),
    ]
    escaped = [
        RawSeries(
            {**s.labels, "__name__": s.labels["__name__"].replace(":", "_")}, s.timestamps, s.values
        )
        for s in colon
    ]
    a, b = analyse(colon, params(20, 60)), analyse(escaped, params(20, 60))
    assert a.replicas[0].figures == b.replicas[0].figures
    assert b.replicas[0].engine == "sglang"
    assert "sglang_spec_verify_calls_total" in N.name_regex().split("|")
    assert "vllm_spec_decode_num_drafts_total" in N.name_regex().split("|")
