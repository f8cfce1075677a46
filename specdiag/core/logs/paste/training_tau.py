"""A draft's training log with its simulated acceptance length on every step's line.

Draft trainers (EAGLE-3 recipes, their tqdm bars) print a simulated or estimated accept length
per logged step beside the loss (``epoch=0 step=14 train_loss=9.117 train_acc=0.0262
train_tau_sim=1.0385 lr=9.3e-05``, tqdm's ``acc=0.0262, loss=9.12, tau=1.04``). The other
figures of a training loop are no serving measurement (``reader.py`` sets them aside); this
reader keeps one record per such line:

- the line is a training loop's (a loss beside a learning rate or an epoch) and holds a
  key whose name is the accept length: ``tau``, ``τ``, ``acc_len``, ``accept_len``,
  ``accept_length``, ``acceptance_length``, with a split prefix (``train_``, ``eval_``,
  ``val_``) and an estimate's suffix (``_sim``, ``_est``, ``_mean``). A bare ``tau`` is read
  only where the paste speaks of drafts or acceptance elsewhere, or a named key on the line
  restates it (a temperature ``tau=0.5`` in a sampling or distillation config is none), and
  never another tau (``kendall_tau``, ``tau_temp``: the name must be one of those above);
- the same figure twice on the line (tqdm's ``tau=1.04`` restating ``train_tau_sim=1.0385``
  at its rounding) is one record, the most precise; two figures that disagree are none;
- the bonus is included where, on some line of the log, the value is at least 1 while the
  draft's accuracy on that line (``acc``, ``train_acc``, a fraction) is below 1/16: the
  accepted drafts alone would be at most k x accuracy < 1 for any k up to 16 drafts a step,
  so the figure counts the target's token. Then every line's figure of that name counts it.
  Otherwise the convention is unknown and no normalised length is given.

Pure: lines in, records out.
"""

from __future__ import annotations

import dataclasses
import re

from specdiag.core.logs.paste.model import (
    BONUS_UNKNOWN,
    INCLUDED,
    SUMMARY,
    UNDECIDED,
    Decision,
    PasteRecord,
    blank_record,
)

Line = tuple[int, str]

_PAIR = re.compile(
    r"(?<![\w.])(?P<key>[A-Za-zτ][\w.]*)\s*[=:]\s*(?P<val>[-+]?\d+(?:\.\d+)?)(?![\w.])"
)
_LENGTH_NAME = re.compile(
    r"^(?:(?:train(?:ing)?|eval|val|valid|validation|test)_)?"
    r"(?P<name>tau|τ|acc_len|accept_len|accept_length|acceptance_length)"
    r"(?:_(?P<est>sim|simulated|est|estimated|mean|avg))?$",
    re.I,
)
_ACCURACY_NAME = re.compile(
    r"^(?:(?:train(?:ing)?|eval|val|valid)_)?(?:acc|accuracy|top1_acc)$", re.I
)
# the paste speaks of drafts or acceptance: a bare 'tau' there is the accept length
_SPECULATIVE = re.compile(r"speculat|\bdraft|\beagle|\bmtp\b|medusa|accept|hass\b|dflash", re.I)
MAX_K = 16  # the most drafts a training step is taken to simulate
RULE = "a draft's training log: the simulated acceptance length of each logged step"


def _digits(text: str) -> int:
    return len(text.partition(".")[2])


def _same(a: tuple[float, str], b: tuple[float, str]) -> bool:
    """Whether two printed values are one figure at the coarser one's rounding."""
    half = 0.5 * 10.0 ** -min(_digits(a[1]), _digits(b[1]))
    return abs(a[0] - b[0]) <= half + 1e-9


def _figures(text: str, bare_tau: bool) -> tuple[str, float, str, float | None] | None:
    """(name, value, printed value, accuracy) of a training line's one accept-length figure."""
    found: list[tuple[str, float, str]] = []
    acc: float | None = None
    named = False
    for m in _PAIR.finditer(text):
        key, val = m.group("key"), m.group("val")
        if (lm := _LENGTH_NAME.match(key)) is not None:
            plain = lm.group("name").lower() in ("tau", "τ") and key.lower() in ("tau", "τ")
            named = named or not plain
            found.append((key, float(val), val))
        elif _ACCURACY_NAME.match(key) and 0.0 <= float(val) <= 1.0 and acc is None:
            acc = float(val)
    if not found:
        return None
    if not named and not bare_tau:
        return None  # a bare 'tau' where nothing speaks of drafts: a temperature as often
    best = max(found, key=lambda f: _digits(f[2]))
    if any(not _same((f[1], f[2]), (best[1], best[2])) for f in found):
        return None  # two different figures: which is the accept length is not told
    if best[1] <= 0:
        return None
    return best[0], best[1], best[2], acc


def records(training: list[Line], paste: str) -> list[PasteRecord]:
    """One record per training line holding a simulated accept length (module rules)."""
    bare_tau = _SPECULATIVE.search(paste) is not None
    got = [(ln, t, f) for ln, t in training if (f := _figures(t, bare_tau)) is not None]
    # the bonus proven by a line whose figure is at least 1 at a draft accuracy below 1/MAX_K
    proven = {
        _LENGTH_NAME.match(f[0]).group("name").lower()  # type: ignore[union-attr]
        for _, _, f in got
        if f[3] is not None and f[1] >= 1.0 and f[3] * MAX_K < 1.0
    }
    out = []
    for ln, text, (key, value, printed, _) in got:
        name = _LENGTH_NAME.match(key).group("name").lower()  # type: ignore[union-attr]
        decided = name in proven and value >= 1.0
        bonus = (
            Decision(
                INCLUDED,
                f"a length of at least 1 at a draft accuracy below 1/{MAX_K} on a line of this "
                f"log: accepted drafts alone are at most k x accuracy < 1 (k up to {MAX_K})",
            )
            if decided
            else UNDECIDED
        )
        labels = tuple(
            (m.group("key"), m.group("val"))
            for m in _PAIR.finditer(text)
            if m.group("key").lower() in ("step", "epoch", "global_step")
        )
        out.append(
            dataclasses.replace(
                blank_record(
                    SUMMARY,
                    "unknown",
                    RULE,
                    "key-value",
                    (ln, ln),
                    labels=labels,
                    fields=((key, printed),),
                    notes=()
                    if decided
                    else (f"{BONUS_UNKNOWN}: no normalised accept length is given",),
                ),
                printed_length=value,
                accept_length=round(value, 6) if decided else None,
                bonus=bonus,
            )
        )
    return out
