"""One error hierarchy for the whole tool.

Core packages raise these; the CLI catches them in one place and turns each into a one-line
message plus a hint on stderr and an exit code: 0 ok, 1 a check failed, 2 usage, 3 could not
run, 130 Ctrl-C and 143 SIGTERM (what was gathered is reported first).

Every error carries a hint: the raise site gives one (``tests/contract/test_framework.py`` walks every
raise site and fails on one without), and a class-level ``default_hint`` stands in for errors
built elsewhere (subclasses, third-party callers), so the boundary never prints an error alone.

:func:`scrub` is the one secret scrubber: every error text that can carry an HTTP header, a URL
or a key goes through it (the boundary applies it to every message it prints).
"""

from __future__ import annotations

import re
import threading
from collections.abc import Iterable

EXIT_OK = 0
EXIT_CHECK_FAILED = 1
EXIT_USAGE = 2
EXIT_COULD_NOT_RUN = 3
EXIT_INTERRUPTED = 130
EXIT_TERMINATED = 143

EXIT_CODES = frozenset(
    {EXIT_OK, EXIT_CHECK_FAILED, EXIT_USAGE, EXIT_COULD_NOT_RUN, EXIT_INTERRUPTED, EXIT_TERMINATED}
)


class SpecdiagError(Exception):
    """Base class of every error specdiag reports: ``message`` one line saying what went wrong,
    ``hint`` what to do next (the class's ``default_hint`` when the raise site gives none)."""

    exit_code: int = EXIT_COULD_NOT_RUN
    default_hint: str = "rerun with SPECDIAG_DEBUG=1 to see where it failed"

    def __init__(self, message: str, *, hint: str | None = None) -> None:
        message = scrub(message)
        super().__init__(message)
        self.message = message
        self.hint = scrub(hint) if hint else self.default_hint


class UsageError(SpecdiagError):
    """Bad flag values or combinations (exit code 2)."""

    exit_code = EXIT_USAGE
    default_hint = "see `specdiag COMMAND --help` for the flags and the values they take"


class InputError(SpecdiagError):
    """Input that exists but cannot be used: unreadable, malformed, wrong shape (exit code 3)."""

    default_hint = "check the file named above: its path, permissions and format"


class ServerError(SpecdiagError):
    """A server that is unreachable, refuses, or answers garbage (exit code 3)."""

    default_hint = "check the server's own log and that the URL points at its root"


class CheckFailed(SpecdiagError):
    """A requested check did not pass (exit code 1). The report is printed before this is raised."""

    exit_code = EXIT_CHECK_FAILED
    default_hint = "the report above shows the figures the check was made on"


# --------------------------------------------------------------------------- secrets

_lock = threading.Lock()
_secrets: set[str] = set()

# credentials that can appear in a text whether or not they were registered: the value of an
# Authorization-like header, a URL's user:password, a query parameter named like a key
_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (  # "Authorization: Bearer KEY", "x-api-key=KEY" (not the flag --api-key)
        re.compile(
            r"(?i)((?<![\w-])(?:authorization|proxy-authorization|x-api-key|api-key)['\"]?"
            r"\s*[:=]\s*['\"]?)(?:(?:bearer|basic|token)\s+)?[^\s'\",;)]{6,}"
        ),
        r"\1***",
    ),
    (re.compile(r"(?i)\b(bearer\s+)[^\s'\",;)*]+"), r"\1***"),
    (re.compile(r"(?i)(\b[a-z][a-z0-9+.-]*://)[^\s/@:]*:[^\s/@]*@"), r"\1***@"),
    (
        re.compile(
            r"(?i)([?&](?:api[_-]?key|key|token|access[_-]?token|auth|password|secret|sig)=)"
            r"[^&\s#'\"]+"
        ),
        r"\1***",
    ),
)


def register_secrets(values: Iterable[str | None]) -> None:
    """Remember secrets (API keys, header values, URL passwords) for every later :func:`scrub`;
    values under 4 characters are not (masking them would garble text; no one can reuse them)."""
    with _lock:
        for v in values:
            if v and len(v) >= 4:
                _secrets.add(v)
                for piece in v.split():
                    if len(piece) >= 8:  # "Bearer KEY": a server may echo KEY alone
                        _secrets.add(piece)


def forget_secrets() -> None:
    """Drop the registered secrets (the boundary calls this when a command ends)."""
    with _lock:
        _secrets.clear()


def scrub(text: str, extra: Iterable[str] = ()) -> str:
    """``text`` with every registered secret (and ``extra``), credential-looking header values,
    URL passwords and key-like query values replaced by ``***``; also their ``repr`` forms
    (``b'Bearer sk-\\n...'`` as an HTTP library quotes them)."""
    with _lock:
        known = set(_secrets)
    known.update(s for s in extra if s)
    for s in sorted(known, key=len, reverse=True):  # longest first
        text = text.replace(s, "***")
        r = repr(s)[1:-1]
        if r != s:
            text = text.replace(r, "***")
    for pat, repl in _PATTERNS:
        text = pat.sub(repl, text)
    return text


# --------------------------------------------------------------------------- terminals

# What a terminal would act on rather than show: escape sequences (CSI, OSC, DCS, ...), the other
# C0 controls but line feed and tab, DEL, the C1 controls, and the bidirectional overrides that
# reorder what is shown. SGR (colour) sequences may be kept: rich writes them on a terminal.
_ESCAPES = re.compile(
    r"\x1b\[[0-?]*[ -/]*[@-~]"  # CSI ... final byte (SGR included)
    r"|\x1b[\]PX^_][^\x07\x1b]*(?:\x07|\x1b\\)?"  # OSC, DCS, SOS, PM, APC ... terminator
    r"|\x1b[ -/]*[0-~]?"  # any other escape
    r"|[\x00-\x08\x0b-\x1f\x7f\x80-\x9f\u202a-\u202e\u2066-\u2069]"
)
_SGR = re.compile(r"\x1b\[[0-9;:]*m")


def terminal_safe(text: str, *, keep_colour: bool = False) -> str:
    """``text`` with everything a terminal would act on removed (see ``_ESCAPES``); with
    ``keep_colour``, colour sequences (SGR) are kept. For text bound for a terminal or a log; a
    JSON document carries the text verbatim (its encoder escapes control characters)."""
    if keep_colour:
        return _ESCAPES.sub(lambda m: m.group() if _SGR.fullmatch(m.group()) else "", text)
    return _ESCAPES.sub("", text)
