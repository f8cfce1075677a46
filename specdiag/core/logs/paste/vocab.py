"""Words several paste readers share, spelled once.

- ``LENGTH_NAME``: the accept length's name (``accept length``, ``acceptance_len``,
  ``acc len``, ``AL``, ``τ``), not inside a longer word or a hyphenated one. ``AL`` only in
  capitals: 'et al.' names no length.
- ``SPECULATIVE``: words that speak of speculative decoding (speculative, draft, MTP, EAGLE,
  Medusa, DFlash, lookahead, n-gram, spec decode, and the Chinese 投机 / 推测解码, 草稿, 预测头,
  多 token 预测, 大小模型). Each word is specific to speculation; a reader that takes wider
  context (``verify``, ``accept``) adds its own words to these, never to this set.
- ``DRAFT_MAX``: a draft MAXIMUM set to a number (``--spec-draft-n-max 3``, ``--draft-max 4``,
  ``n_max=2``, ``max_draft_len: 3``): at most N drafts a verify step, perhaps fewer, so N bounds
  a length without the bonus from above and is no k to multiply a rate by. The number in group
  ``max``; never one of a list or a range (``n_max=1/2``, ``--draft-max 2-4``).
- ``GOAL_WORDS``: a figure set, pinned or aimed at rather than measured (``target``, ``goal``,
  ``golden``, ``expected``, ``目标``): such a word before a figure's name or value means no
  record (thresholds.py, interpret.py).
- ``BOUND_WORDS``: a comparison right before a value (``at least``, ``above``, ``over``,
  ``exceeds``, ``crosses``, ``tops``, ``surpasses``, ``breaks``, ``north of``, ``upwards of``,
  ``≥``): the value bounds the figure, no measurement of it (interpret.py). A value reached
  (``reached 80%``, ``hit 80%``) is a measurement and no bound.
- ``FIRST_PERSON``: the writer's own voice in English (``I``, ``we``, ``our``, ``my``, ``me``,
  ``us``, ...), any case at a sentence's start (``We``, ``Our``); ``I`` and ``us`` case-exact
  (``i`` an index, ``US`` a country). ``ANY_FIRST_PERSON`` adds the other languages the readers
  read (Vietnamese, Chinese, Japanese, Korean).
"""

from __future__ import annotations

import re

# the accept length's name; ``AL`` case-exact ('et al.', 'al-Farabi' are no lengths)
LENGTH_NAME_RE = (
    r"(?<![\w-])(?:accept(?:ance|ed)?[ _-]?len(?:gth)?s?|acc[ _-]?len|(?-i:AL)|τ)(?![\w-])"
)
LENGTH_NAME = re.compile(LENGTH_NAME_RE, re.I)

# speculative decoding named; an English word not glued to letters before it (a Chinese
# character or '_' may be: 'MTP采纳率', 'use_mtp')
SPECULATIVE_RE = (
    r"投机|推测(?:解码|采样|式)|草稿|预测头|多\s*token\s*预测|大小模型|speculat"
    r"|(?<![A-Za-z])(?:draft|mtp(?![A-Za-z])|eagle|medusa|dflash|lookahead|n-?gram|"
    r"spec[-_ ]?dec)"
)
SPECULATIVE = re.compile(SPECULATIVE_RE, re.I)

# A draft MAXIMUM's names, checked against each tool's own arguments:
# - llama.cpp: '--spec-draft-n-max' and the older aliases of that one flag, '--draft-max',
#   '--draft-n', '--draft' (common_speculative_params.n_draft, "max drafted tokens": drafting
#   stops early where the draft is unsure, p_min); the n-gram drafter's '--spec-ngram-mod-n-max';
#   the server's 'speculative.n_max' and '--spec-type mtp:n_max=3'; tables' 'draft-max=4';
# - TensorRT-LLM's 'max_draft_len': fixed for the one-model MTP / EAGLE-3 paths, a maximum for
#   draft-target and dynamic draft lengths; the name alone does not tell which, so a maximum.
# Never a maximum: llama.cpp's '-md' ('--model-draft', the draft model's file), '--draft-min' /
# '--spec-draft-n-min' / 'n_min' (a minimum), '--spec-draft-p-min' (a probability). Fixed k
# (every step drafts exactly k; interpret's _K_IN_LABEL and _K_FLAG read them): vLLM's
# 'num_speculative_tokens', MLX's '--num-draft-tokens', 'k', 'gamma'; SGLang's
# '--speculative-num-steps' (a tree's depth) and '--speculative-num-draft-tokens' (its size)
# are neither: a tree may hold several drafts a step.
DRAFT_MAX_NAME_RE = (
    r"(?:--)?(?:spec[-_])?(?:draft|ngram[-_]mod)[-_ ](?:n[-_])?max"
    r"|--draft(?:-n)?(?![\w-])|n[-_ ]?max|max[-_ ]draft[-_ ]len"
)


def draft_max_set_to(value: str, alone: bool = True) -> str:
    """A draft maximum set to ``value`` (a regex of the number): its name (perhaps quoted, a
    flag's dashes), '=', ':' or a space, the value, never a decimal ('n_max=2.5'); with
    ``alone``, never one of a list or a range either ('n_max=1/2', 'draft-max 2-4', 'n_max=2
    or 3')."""
    tail = r"\b(?![.,]\d)"
    if alone:
        tail += r"(?!\s*(?:[/,\-–]|→|->|=>|\b(?:and|or|to)\b)\s*\d)"
    return (
        r"(?<![\w-])[\"'`]?(?:"
        + DRAFT_MAX_NAME_RE
        + r")[\"'`]?\s*(?:[=:]\s*|\s)\s*`?"
        + value
        + tail
    )


# the names of the draft tokens per step a figure's bracketed setting uses ('AL (k=4) = 3.1',
# 'acceptance length [nst=3]: 2.9', 'τ (gamma=5)')
AT_K_NAMES = r"(?:k|gamma|γ|nst|n[_ ]?spec|num[_ ]spec[_ ]tokens|depth|d)"


# a draft maximum set to one number, alone (group 'max')
DRAFT_MAX_RE = draft_max_set_to(r"(?P<max>\d{1,3})")
DRAFT_MAX = re.compile(DRAFT_MAX_RE, re.I)

# A figure set, pinned or aimed at rather than measured: a goal, a target, an expected value, a
# golden or pinned one a recipe commits to ('golden AL 2.78', 'target acceptance rate: 70%',
# '黄金接受长度 2.78'). One family for every reader that drops such figures: a goal word before
# a figure's name (thresholds.py) or before a value printed ahead of its name (interpret.py,
# which adds verbs of wanting). ('target' before 'model' is the target model, no goal.) A
# configured figure ('configured acceptance length: 4.7', a simulator's knob) is set too, no
# run.
GOAL_WORDS = (
    r"(?:\b(?:target(?!\s+(?:model|llm|verifier|network|net)s?\b)|targeted|goals?|expected|"
    r"golden|pinned|committed|desired|intended|aimed|configured|sweet[ -]spot|ideal)\b|黄金|目标|预期|期望|既定)"
)

# A comparison right before a value: the value bounds the figure, it is not what was measured
# ('at >= 60% acceptance', 'at least 2.5 accept length', 'acceptance above 70%', 'crosses 80%
# acceptance', 'tops 3.0', 'north of 70%'). One list for every reader that drops bounds
# (interpret.py). A verb of going beyond ('crosses', 'surpassed the 80% mark') may have 'the'
# before the value; an arrow ('-> 80%', '=>') is none, and neither is a value reached
# ('reached 80%', 'hit 80%': a measurement).
BOUND_WORDS = (
    r"(?:[≥≤]|(?<![-=])>=?|<(?!-)=?|\b(?:at\s+least|at\s+most|above|below|over|under|"
    r"more\s+than|less\s+than|greater\s+than|fewer\s+than|up\s+to|in\s+excess\s+of|"
    r"north\s+of|south\s+of|upwards?\s+of|minimum(?:\s+of)?|maximum(?:\s+of)?|"
    r"(?:(?:exceed|surpass)(?:s|es|ed|ing)?|cross(?:es|ed|ing)?|breaks?|breaking|broke|"
    r"top(?:s|ped|ping))(?:\s+the)?)\b)"
)


# Verbs reporting a run's figure in prose ('the new head gets 2.61', 'branch B reached 2.4',
# 'my draft could only achieve 2.815'): one list for the readers of a figure stated again
# without its name (interpret.py) and of a tool named as such a sentence's run (tools.py).
REPORT_VERBS = (
    r"(?:is|was|gets|got|reached|reaches|achieves?|achieved|printed|prints|gives|gave|"
    r"reported|reports|showed|shows|logged)"
)

# the arrow of a change, before -> after ('3.19→4.00', '37.2% -> 55.1%', 'x => y', 'a ⟶ b'): one
# alternation for every reader of such pairs (a group, usable inside a larger pattern or by re.split)
ARROW = r"(?:->|→|=>|⟶)"
ARROW_RE = re.compile(ARROW)

# the writer's own voice ('We measured', 'our box'); 'I' and 'us' case-exact
FIRST_PERSON_RE = r"\b(?:I|I'm|I've|I'd|[Uu]s)\b|(?i:\b(?:we|we've|we're|our|ours|my|mine|me)\b)"
FIRST_PERSON = re.compile(FIRST_PERSON_RE)
ANY_FIRST_PERSON = re.compile(
    FIRST_PERSON_RE + r"|(?i:\b(?:tôi|mình)\b)|我|私|僕|我々|우리|저는|제가"
)
