"""Checks on the launch command line alone (parsed by :mod:`.server_args`)."""

from __future__ import annotations

from specdiag.core.doctor.context import Context
from specdiag.core.doctor.registry import Outcome, check, ev, fail, passed, skip, warn


@check("server-args")
def server_args(ctx: Context) -> Outcome:
    a = ctx.args
    if a is None:
        return skip("no --server-args")
    evs = [ev("server-args", "engine", f"{a.engine} (from {a.engine_from})")]
    for name, val in (
        ("method", a.method),
        ("draft", a.draft_path),
        ("target", a.target_path),
        ("steps", a.steps),
        ("topk", a.topk),
        ("num_draft_tokens", a.num_draft_tokens),
        ("max length", a.max_len),
    ):
        if val is not None:
            evs.append(ev("server-args", name, val))
    if a.problems:
        return fail(
            "; ".join(a.problems),
            evs,
            cause="launch-command-wrong",
            details={"notes": list(a.notes)},
        )
    if a.engine is None:
        return warn("; ".join(a.notes) or "engine unknown", evs, cause="engine-unknown")
    unread = [
        n for n in a.notes if "unknown" in n or "not read" in n or n.startswith("not understood")
    ]
    if not a.method and unread:  # e.g. TRT-LLM's options file: where the method would be
        return warn(
            f"{a.engine}: the speculative settings could not be read: " + "; ".join(unread),
            evs,
            cause="spec-settings-unread",
        )
    if not a.method:
        return warn(
            f"{a.engine}: no speculative method on the command line: the server does not speculate",
            evs,
            cause="no-speculation",
        )
    if a.warnings:
        return warn(
            "; ".join(a.warnings), evs, cause="removed-flags", details={"notes": list(a.notes)}
        )
    return passed(
        f"{a.engine} speculates with {a.method}" + (f"; {'; '.join(a.notes)}" if a.notes else ""),
        evs,
        details={"notes": list(a.notes)},
    )


@check("synthetic-acceptance")
def synthetic(ctx: Context) -> Outcome:
    from specdiag.core.doctor.field import forced_settings

    flag = ctx.args.synthetic if ctx.args else None
    evs = [ev("server-args", flag, "set")] if flag else []
    evs += forced_settings(ctx)
    if evs:
        return fail(
            "the server runs with forced or synthetic acceptance ("
            + "; ".join(e.value for e in evs[:2])
            + "): its accept length is the configured one, not the draft's, so nothing measured "
            "here judges the draft (TRT-LLM's knob counts drafts only: AL - 1)",
            evs,
            cause="forced-acceptance",
        )
    if ctx.args is None and ctx.logs is None:
        return skip("no --server-args and no --logs")
    return passed("no forced or synthetic acceptance in the launch command or logs")


# probe error kinds that say the URL is not a generation API we may use (wrong endpoint, an
# HTML page, no key), not that the engine fails to serve
_NOT_AN_API = frozenset({"invalid_json", "http_401", "http_403", "http_404", "http_405"})


@check("server-probe")
def server_probe(ctx: Context) -> Outcome:
    if ctx.server is None:
        return skip("no --server")
    if ctx.server.report is None:
        return skip(f"the server could not be probed: {ctx.server.error}")
    rep = ctx.server.report
    info = rep.main.server
    spec = info.spec
    settings = f"steps {spec.steps}, topk {spec.topk}, num_draft_tokens {spec.num_draft_tokens}"
    evs = [
        ev(
            "server",
            f"{info.url} ({info.detected_by})",
            f"{info.engine.value} {info.version or ''}".strip(),
        ),
        ev("server", f"speculative config ({spec.source})", f"method {spec.method}, {settings}"),
    ]
    results = rep.main.results
    failed = [r for r in results if not r.ok]
    why = (failed[0].detail or failed[0].error) if failed else ""
    if failed:
        evs.append(ev("server", "probe requests", f"{len(failed)} of {len(results)} failed: {why}"))
    dead = ctx.hits("engine-dead")
    evs += [h.evidence() for h in dead[:1]]
    if results and len(failed) == len(results) and all(r.error in _NOT_AN_API for r in failed):
        # a login page, a proxy's 404, a missing key: nothing about the speculative config
        return skip(
            f"the server could not be probed: every request was answered with "
            f"{why} (not an OpenAI-compatible endpoint, the "
            "wrong URL or path prefix, or it needs --api-key)"
        )
    if results and len(failed) == len(results):
        return fail(
            f"every probe request failed ({why})"
            + ("; the server log says its engine died" if dead else "")
            + ": the server cannot serve with this speculative configuration",
            evs,
            cause="probe-all-failed",
        )
    if spec.enabled is False:
        return warn(
            f"{info.engine.value} answers but does not speculate", evs, cause="not-speculating"
        )
    if failed:
        return warn(
            f"{len(failed)} of {len(results)} probe requests failed", evs, cause="probe-failures"
        )
    return passed(
        f"{info.engine.value} served {len(results)} probe requests"
        + (f" ({rep.main.accept.source} acceptance)" if rep.main.accept.source != "none" else ""),
        evs,
    )
