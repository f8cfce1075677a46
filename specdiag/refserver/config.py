"""Configuration of the reference server: one frozen dataclass, validated on construction.

Only the standard library and :mod:`specdiag.core.accept` are imported here, so the CLI can
build and validate a configuration without importing numpy, starlette or uvicorn.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from enum import Enum
from typing import TYPE_CHECKING, TypedDict

from specdiag.core import accept
from specdiag.core.accept import AccKind
from specdiag.core.bounds import bounded, check_bounds
from specdiag.core.textenum import TextEnum
from specdiag.errors import UsageError

if TYPE_CHECKING:
    from typing_extensions import Unpack  # (typing's own from Python 3.11)


class Flavor(str, Enum):
    """Which engine's HTTP API, metrics and log format the server imitates."""

    SGLANG = "sglang"
    VLLM = "vllm"
    LLAMACPP = "llamacpp"


class PerRequestMetrics(str, Enum):
    """vLLM's ``--per-request-spec-decode-metrics``."""

    NONE = "none"
    SUMMARY = "summary"
    DETAILED = "detailed"


# Each engine's own default port, used by the CLI when --port is not given.
DEFAULT_PORTS = {Flavor.SGLANG: 30000, Flavor.VLLM: 8000, Flavor.LLAMACPP: 8080}

# Versions whose formats the server reproduces (see docs/reference-server.md).
ENGINE_VERSIONS = {Flavor.SGLANG: "0.5.23", Flavor.VLLM: "0.33.0", Flavor.LLAMACPP: "b1-0c1e570"}


class FaultMode(TextEnum):
    """What a faulted generation request gets (``--faults MODE=SHARE``)."""

    HTTP_500 = "500"
    HTTP_429 = "429"
    INVALID_JSON = "invalid-json"
    TRUNCATE = "truncate"
    RESET = "reset"
    STALL = "stall"


FAULT_MODES: tuple[FaultMode, ...] = tuple(FaultMode)
# --faults parameter -> the FaultConfig field it sets
FAULT_PARAMS = {
    "retry-after": "retry_after_s",
    "stall-seconds": "stall_s",
    "slow-start": "slow_start_s",
}
MAX_FAULT_S = 86_400.0  # a fault parameter longer than a day is a typo
MAX_STEPS = 64  # draft tokens per verify step the reference server drafts at most
DEFAULT_STEPS = 3


@dataclass(frozen=True)
class FaultConfig:
    """Deterministic fault injection: shares of generation requests answered with a fault.

    Which requests are hit depends only on ``seed`` and the request's serial number, so a run
    with the same requests in the same order hits the same ones.
    """

    shares: tuple[tuple[FaultMode, float], ...] = ()  # (mode, share) in FAULT_MODES order
    retry_after_s: float = 1.0  # Retry-After of the 429 answers
    stall_s: float = 30.0  # how long a stalled request waits before it answers
    slow_start_s: float = 0.0  # /health (and every API endpoint) answers 503 this long after start

    def __post_init__(self) -> None:
        for mode, _ in self.shares:
            if mode not in FAULT_MODES:
                raise UsageError(
                    f"unknown fault mode {mode!r}", hint=f"modes: {', '.join(FAULT_MODES)}"
                )
        # (in-process callers may give the modes as plain strings)
        object.__setattr__(self, "shares", tuple((FaultMode(m), v) for m, v in self.shares))
        for mode, share in self.shares:
            if not (0.0 <= share <= 1.0) or math.isnan(share):
                raise UsageError(
                    f"fault share {mode}={share:g} is outside [0, 1]",
                    hint="a share is the fraction of requests hit, e.g. 500=0.1 or 500=10%",
                )
        total = sum(share for _, share in self.shares)
        if total > 1.0 + 1e-9:
            raise UsageError(
                f"fault shares add up to {total:g} > 1",
                hint="each share is the fraction of requests answered with that fault",
            )
        for name, attr in FAULT_PARAMS.items():
            value = getattr(self, attr)
            if not 0 <= value <= MAX_FAULT_S:
                raise UsageError(
                    f"fault parameter {name} must be >= 0 and at most {MAX_FAULT_S:g} seconds, "
                    f"got {value:g}",
                    hint="e.g. --faults 429=0.1,retry-after=2",
                )


def parse_faults(text: str | None) -> FaultConfig:
    """Parse ``--faults``: comma-separated ``MODE=SHARE`` and ``PARAM=SECONDS`` items.

    Example: ``500=0.1,429=0.05,retry-after=2,truncate=0.05,reset=0.02,stall=0.02,
    stall-seconds=5,invalid-json=0.05,slow-start=3``. A share may be a percentage (``10%``).
    """
    if text is None or not text.strip():
        return FaultConfig()
    shares: dict[str, float] = {}
    params: dict[str, float] = {}
    for item in text.split(","):
        item = item.strip()
        if not item:
            continue
        name, sep, value = item.partition("=")
        name = name.strip().lower()
        if not sep:
            raise UsageError(
                f"--faults item {item!r} has no value",
                hint="e.g. --faults 500=0.1,429=0.05,retry-after=2,slow-start=3",
            )
        v = value.strip()
        try:
            number = float(v[:-1]) / 100.0 if v.endswith("%") else float(v)
        except ValueError:
            raise UsageError(
                f"--faults item {item!r}: {v!r} is not a number",
                hint="e.g. --faults 500=0.1,429=5%,retry-after=2",
            ) from None
        if name in FAULT_MODES:
            shares[name] = number
        elif name in FAULT_PARAMS:
            params[name] = number
        else:
            raise UsageError(
                f"unknown --faults item {name!r}",
                hint=f"modes: {', '.join(FAULT_MODES)}; parameters: {', '.join(FAULT_PARAMS)}",
            )
    return FaultConfig(
        shares=tuple((FaultMode(m), shares[m]) for m in FAULT_MODES if m in shares),
        **{FAULT_PARAMS[name]: value for name, value in params.items()},
    )


@dataclass(frozen=True)
class Speculation:
    """What the server drafts and what its acceptance profile predicts (``speculative`` in the
    start document and in the truth)."""

    enabled: bool
    steps: int
    topk: int
    num_draft_tokens: int
    acceptance_conditional: tuple[float, ...]
    acceptance_unconditional: tuple[float, ...]
    expected_accepted_drafts: float
    expected_accept_length: float


@dataclass(frozen=True)
class ReferenceServerConfig:
    """Everything that defines a reference server. Invalid values raise :class:`UsageError`.

    ``acceptance`` is the *conditional* acceptance per draft position (P(position i accepted |
    positions 1..i-1 accepted)), one value per draft step; build it from user input with
    :func:`make_config` (which also accepts unconditional rates and a single value for all
    positions). ``steps=0`` turns speculation off.
    """

    flavor: Flavor = Flavor.SGLANG
    host: str = "127.0.0.1"
    port: int = bounded(flag="--port", lo=0, hi=65535, default=0)  # 0: the OS picks a free one
    steps: int = bounded(flag="--steps", lo=0, hi=MAX_STEPS, default=3)
    topk: int = bounded(flag="--eagle-topk", lo=1, default=1)
    # SGLang verify width incl. the root; default steps+1
    num_draft_tokens: int | None = bounded(flag="--num-draft-tokens", lo=1)
    acceptance: tuple[float, ...] = (0.75, 0.75, 0.75)
    target_step_ms: float = bounded(flag="--target-step-ms", lo=0, hi=60_000, default=10.0)
    draft_step_ms: float = bounded(flag="--draft-step-ms", lo=0, hi=60_000, default=1.0)
    seed: int = bounded(flag="--seed", lo=0, hi=2**63 - 1, default=0)
    log: str | None = None  # None: no log lines; "-": stderr; else a file path (appended to)
    api_key: str | None = None
    faults: FaultConfig = field(default_factory=FaultConfig)
    model_name: str = "specdiag/reference-tiny"
    max_running_requests: int = bounded(flag="--max-running-requests", lo=1, default=256)
    max_model_len: int = bounded(flag="--max-model-len", lo=16, default=4096)
    # SGLang: one "Decode batch" line every N decode steps
    decode_log_interval: int = bounded(flag="--decode-log-interval", lo=1, default=40)
    log_interval_s: float = 10.0  # vLLM: one stats block every N seconds (VLLM_LOG_STATS_INTERVAL)
    per_request_metrics: PerRequestMetrics = PerRequestMetrics.NONE  # vLLM only

    def __post_init__(self) -> None:
        # accept plain strings for the enums (in-process callers)
        object.__setattr__(self, "flavor", Flavor(self.flavor))
        object.__setattr__(self, "per_request_metrics", PerRequestMetrics(self.per_request_metrics))
        object.__setattr__(self, "acceptance", tuple(float(a) for a in self.acceptance))
        check_bounds(self)
        if self.steps == 0:
            object.__setattr__(self, "acceptance", ())
        else:
            if len(self.acceptance) != self.steps:
                raise UsageError(
                    f"{len(self.acceptance)} acceptance values for {self.steps} draft steps",
                    hint="give one value for every position, or one value per position",
                )
            accept.profile(self.acceptance)  # validates each value is in [0, 1]
        if self.topk > 1 and self.flavor is not Flavor.SGLANG:
            raise UsageError(
                f"--eagle-topk {self.topk} (tree drafting) is only served by the sglang flavor",
                hint=f"{self.flavor.value} drafts a chain: use --eagle-topk 1",
            )
        ndt = self.resolved_num_draft_tokens
        if self.steps > 0 and self.num_draft_tokens is not None:
            lo, hi = self.steps + 1, self.steps * self.topk + 1
            if not lo <= ndt <= hi:
                raise UsageError(
                    f"--num-draft-tokens {ndt} does not fit {self.steps} steps with topk "
                    f"{self.topk} (valid: {lo}..{hi})",
                    hint="num_draft_tokens counts the verified root token: steps + 1 for a chain",
                )
        if math.isnan(self.log_interval_s) or self.log_interval_s <= 0:
            raise UsageError(
                f"--log-interval must be > 0 seconds, got {self.log_interval_s:g}",
                hint="seconds between vLLM stats lines, e.g. 10",
            )
        if self.api_key is not None and not self.api_key.strip():
            raise UsageError(
                "--api-key is empty", hint="leave --api-key out to serve without a key"
            )

    @property
    def speculative(self) -> bool:
        return self.steps > 0

    @property
    def resolved_num_draft_tokens(self) -> int:
        """SGLang's verify width incl. the root token (chain: steps + 1)."""
        if self.steps == 0:
            return 0
        if self.num_draft_tokens is not None:
            return self.num_draft_tokens
        return self.steps * self.topk + 1

    @property
    def proposed_per_step(self) -> int:
        """Draft tokens proposed (and verified) per request per verify step."""
        return max(0, self.resolved_num_draft_tokens - 1)

    def profile(self) -> accept.AcceptProfile | None:
        """The configured acceptance profile (the expected-accept core's view), or None."""
        return accept.profile(self.acceptance) if self.steps > 0 else None

    def speculation(self) -> Speculation:
        prof = self.profile()
        return Speculation(
            enabled=self.speculative,
            steps=self.steps,
            topk=self.topk,
            num_draft_tokens=self.resolved_num_draft_tokens,
            acceptance_conditional=self.acceptance,
            acceptance_unconditional=prof.unconditional if prof else (),
            expected_accepted_drafts=prof.expected_accepted_drafts if prof else 0.0,
            expected_accept_length=prof.expected_accept_length if prof else 1.0,
        )


def _check_steps(steps: int) -> None:
    if not 0 <= steps <= MAX_STEPS:
        raise UsageError(
            f"--steps must be in 0..{MAX_STEPS}, got {steps}",
            hint="draft tokens per verify step; 0 turns speculation off",
        )


class ServerSettings(TypedDict, total=False):
    """The :class:`ReferenceServerConfig` fields :func:`make_config` passes on as given (a test
    keeps this list equal to the dataclass's other fields)."""

    host: str
    port: int
    topk: int
    num_draft_tokens: int | None
    target_step_ms: float
    draft_step_ms: float
    seed: int
    log: str | None
    api_key: str | None
    model_name: str
    max_running_requests: int
    max_model_len: int
    decode_log_interval: int
    log_interval_s: float
    per_request_metrics: PerRequestMetrics


def make_config(
    *,
    flavor: Flavor | str = Flavor.SGLANG,
    steps: int | None = None,
    acceptance: str | tuple[float, ...] | list[float] | None = None,
    acc_kind: AccKind | str = AccKind.CONDITIONAL,
    accept_length: float | None = None,
    faults: str | FaultConfig | None = None,
    **kwargs: Unpack[ServerSettings],
) -> ReferenceServerConfig:
    """Build a config from user-facing values: ``acceptance`` as text ("0.8,0.7") or numbers,
    one value for every position or one per position, conditional or unconditional; or
    ``accept_length``: the i.i.d. acceptance whose expected accept length (bonus included) is
    that value (the expected-accept core's inverse).

    ``steps`` None: one draft step per ``acceptance`` value when there are several, else
    :data:`DEFAULT_STEPS` (the same rule as everywhere: :func:`specdiag.core.profile.resolve_profile`).
    """
    from specdiag.core.profile import resolve_profile

    kind = AccKind(acc_kind)
    if steps is not None:
        _check_steps(steps)
    if accept_length is not None and acceptance is not None:
        raise UsageError(
            "--accept-length and --acceptance are exclusive",
            hint="give the per-position acceptance, or the accept length it should produce",
        )
    values: tuple[float, ...] = ()
    if isinstance(acceptance, str):
        values = accept.parse_float_list(acceptance, "--acceptance")
    elif acceptance is not None:
        values = tuple(float(a) for a in acceptance)
    acc: tuple[float, ...] = ()
    if steps == 0:
        k = 0
    elif accept_length is not None:
        k = steps if steps is not None else DEFAULT_STEPS
        if math.isnan(accept_length) or not 1.0 <= accept_length <= k + 1:
            raise UsageError(
                f"--accept-length {accept_length:g} is impossible with {k} draft steps",
                hint=f"accept length counts the bonus token: 1..{k + 1}",
            )
        acc = accept.profile((accept.implied_acceptance(accept_length - 1.0, k),) * k, kind).acc
    else:
        values = values or (0.75,)
        if steps is None and len(values) == 1:
            steps = DEFAULT_STEPS
        if len(values) > MAX_STEPS:
            _check_steps(len(values))
        acc = resolve_profile(values, steps, None, kind=kind).profile.acc
        k = len(acc)
    fault_cfg = faults if isinstance(faults, FaultConfig) else parse_faults(faults)
    return ReferenceServerConfig(
        flavor=Flavor(flavor),
        steps=k,
        acceptance=acc,
        faults=fault_cfg,
        **kwargs,
    )
