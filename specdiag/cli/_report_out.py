"""Writing a report page/summary or an acceptance profile: shared by `report`, `profile` and
the --report / --export-profile flags of doctor, probe, logs, fleet and expected-accept.

A file is written whole to a temporary name beside it and renamed, so a reader never sees half
a page; an output that names an input is refused before anything runs (core.paths).
"""

from __future__ import annotations

import json
import os
import stat
import sys
import time
from collections.abc import Mapping, Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any

from specdiag.errors import InputError

if TYPE_CHECKING:
    from specdiag.cli._output import Output


def write_text(path: str | os.PathLike[str], text: str, what: str) -> int:
    """Write ``text`` to ``path`` atomically; the number of bytes written. A path that is a
    device, FIFO or socket (``/dev/stdout``, ``/dev/null``) is written in place: renaming a
    temporary file over it would replace the device itself with a regular file."""
    p = Path(path)
    data = text.encode("utf-8")
    try:
        mode = os.stat(p).st_mode
    except OSError:
        mode = None
    if mode is not None and stat.S_ISDIR(mode):
        raise InputError(f"cannot write {what} {p}: it is a directory", hint="name a file")
    if mode is not None and not stat.S_ISREG(mode):
        try:
            with open(p, "wb") as fh:
                fh.write(data)
        except OSError as exc:
            raise _cannot_write(what, p, exc) from None
        return len(data)
    import tempfile  # (loads random and hashlib: only when a file is written)

    try:
        fd, tmp = tempfile.mkstemp(prefix=f".{p.name}.", dir=p.parent if str(p.parent) else ".")
    except OSError as exc:
        raise _cannot_write(what, p, exc) from None
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, p)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise _cannot_write(what, p, exc) from None
    return len(data)


def _cannot_write(what: str, path: Path, exc: OSError) -> InputError:
    return InputError(
        f"cannot write {what} {path}: {exc.strerror or exc}",
        hint=f"give {what} a path in a writable directory",
    )


def read_json_document(path: str, hint: str) -> object:
    """A JSON document named on the command line (``-``: stdin), read within the text cap (a FIFO
    nobody writes to or ``/dev/zero`` ends with a clear error; see docs/reliability.md). A path
    that cannot be read, or text that is not UTF-8 or not JSON, is an error naming it."""
    from specdiag.core.files import FileKind, read_bounded, read_stream_bounded

    try:
        if path == "-":
            stdin = read_stream_bounded(sys.stdin.buffer, what="stdin", kind=FileKind.TEXT)
            text = stdin.decode("utf-8")
        else:
            text = read_bounded(path, what="document", kind=FileKind.TEXT).decode("utf-8")
    except OSError as exc:
        raise InputError(
            f"cannot read {path}: {exc.strerror or exc}", hint="check the path and permissions"
        ) from None
    except UnicodeDecodeError:
        raise InputError(f"{path} is not UTF-8 text", hint=hint) from None
    try:
        return json.loads(text)
    except ValueError as exc:
        raise InputError(f"{path} is not JSON: {exc}", hint=hint) from None


def render_report(
    documents: Sequence[tuple[str, object]],
    fmt: str,
    *,
    extra_provenance: Sequence[tuple[str, str]] = (),
    title: str | None = None,
    limit: int | None = None,
) -> tuple[str, Any, float]:
    """(text, report model, seconds) for ``documents`` in ``fmt`` (html or markdown)."""
    from specdiag import __version__
    from specdiag.cli._report_render import GITHUB_LIMIT, render_html, render_markdown
    from specdiag.core.report.build import build_report

    t0 = time.perf_counter()
    report = build_report(
        documents,
        generated_at=datetime.now(timezone.utc).strftime("%Y-%m-%d %H:%M:%S UTC"),
        specdiag_version=__version__,
        extra_provenance=extra_provenance,
        title=title,
    )
    if fmt == "markdown":
        text = render_markdown(report, limit or GITHUB_LIMIT)
    else:
        text = render_html(report)
    return text, report, time.perf_counter() - t0


def write_extras(
    out: Output,
    document: Mapping[str, object],
    *,
    name: str,
    report: str | None = None,
    profile: str | None = None,
    extra_provenance: Sequence[tuple[str, str]] = (),
) -> None:
    """After a command printed its document: the --report page and the --export-profile file
    it asked for, each said on stderr."""
    if report is not None:  # the page; a .md name: the markdown summary
        fmt = "markdown" if report.lower().endswith((".md", ".markdown")) else "html"
        text, _, _ = render_report([(name, document)], fmt, extra_provenance=extra_provenance)
        size = write_text(report, text, "--report")
        out.note(f"report written to {report} ({size / 1024:.0f} KiB)")
    if profile is not None:
        from specdiag.core.accprofile import profile_document, read_profile

        prof = read_profile(document)
        write_text(profile, json.dumps(profile_document(prof), indent=1) + "\n", "--export-profile")
        out.note(
            f"acceptance profile written to {profile} ({prof.steps} positions, accept length "
            f"{prof.accept_length:.3f}); replay it with `specdiag profile {profile} --for ENGINE`"
        )
