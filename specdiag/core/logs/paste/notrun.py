"""Lines whose figures are no run's measurement: a setting (an assignment in a shell script, an
env file, a YAML config, a command line's flag) and illustrative counts in prose about what code
does (`a value that ... had 1/48 tokens accepted`, `suppose a draft of 5 where 3 are accepted`),
and figures quoted as what a failure prints (`-- signature `accept len: 1.00``).

Each reader returns the words that mark a line, or None; the caller drops the records read from
marked lines and shows them as not understood, with the mark. Pure: text in, words out.
"""

from __future__ import annotations

import re

from specdiag.core.logs.paste import cells as C
from specdiag.core.logs.paste.vocab import FIRST_PERSON

# the mark of a setting (the caller words its reason from it)
SETTING = "a setting"

_ACCEPT = re.compile(r"accept|\bAL\b|\bAR\b|\btau\b", re.I)
# the tokens a step emits named (a length, the target's token counted: 'tokens per step', 'a
# verify step emits 2.1 tokens'): a supposition's figure where no acceptance word is written
_TOKENS_A_STEP = re.compile(
    r"\btok(?:en)?s?\s*(?:/|per|a|each)\s*(?:verify\s+)?(?:step|round|cycle)|"
    r"\b(?:step|round|cycle)\s+(?:emits|produces|yields|outputs|generates)\b",
    re.I,
)

# 'NAME=2.83', 'export NAME=2.83', 'readonly NAME=2.83  # comment': one assignment alone on its
# line, the value one bare number (quoted or not)
_ASSIGN_LEAD = r"^\s*(?:export\s+|readonly\s+|local\s+|declare\s+(?:-\w+\s+)?)?"
_SHELL_ASSIGN = re.compile(
    _ASSIGN_LEAD
    + r"(?P<name>[A-Za-z_][A-Za-z0-9_]*)=(?P<q>[\"']?)(?P<v>[-+]?\d+(?:\.\d+)?)(?P=q)\s*(?:#.*)?$"
)
# any shell assignment alone on its line ('MODEL=llama', 'PORT="8000"')
_ANY_ASSIGN = re.compile(_ASSIGN_LEAD + r"[A-Za-z_][A-Za-z0-9_]*=\S*\s*(?:#.*)?$")
_UPPER = re.compile(r"^[A-Z][A-Z0-9_]*$")
# what only a shell script has: a shebang, 'export', a test in brackets, 'fi' / 'then' / 'done',
# 'set -e', a parameter expansion, 'source'
_SHELL_SIGN = re.compile(
    r"^\s*(?:#!|export\s+\w+=|if\s+\[\[?|elif\s+\[\[?|fi\s*$|then\s*$|done\s*$|do\s*$|"
    r"set\s+-[euxo]|source\s+\S|for\s+\w+\s+in\s)|\$\{\w+|\$\(\s*\w",
    re.M,
)
# a comment line of a script or a config (a markdown heading is '# Title' too: a comment is
# counted only beside other signs)
_COMMENT = re.compile(r"^\s*#(?!#)(?:\s|$)")

# 'accept_length_target: 2.5' (YAML): an identifier key, a bare number, perhaps a comment
_YAML_NUM = re.compile(
    r"^\s*(?:-\s+)?(?P<name>[A-Za-z_][\w.-]*)\s*:\s+(?P<v>[-+]?\d+(?:\.\d+)?)\s*(?:#.*)?$"
)
_YAML_ANY = re.compile(r"^\s*(?:-\s+)?[A-Za-z_][\w.-]*\s*:(?:\s+\S.*)?$")
# a key that names a value to reach or to hold to, not one reached
_SETTING_NAME = re.compile(
    r"(?:^|[_.-])(?:target|targets|goal|threshold|thresh|expected|pinned?|golden|desired|"
    r"min|max|minimum|maximum|limit|floor|ceiling|default)(?:$|[_.-])",
    re.I,
)
# a command line's flag naming an acceptance figure, set to a value ('--speculative-accept-
# threshold 0.9', '--accept-len=3'), also opening a quote or a bracket in prose ('defaults to
# (--sim_accept_rate 1.0)'): what the program is given (a code span's: span_flag, below)
_ACCEPT_FLAG = re.compile(
    r"(?:^|[\s'\"(\[])--?[\w-]*(?:accept|acceptance)[\w-]*(?:=|\s+)[\"']?[-+]?\d+(?:\.\d+)?",
    re.I,
)

# a command line's flag whose name ends in an acceptance figure's own name, named with no value
# after it ('passed via `--sim-acceptance-length` (was `AL 2.9`)'): the line's figures are what
# the flag is given; a flag turning a report on ('--print-acceptance-rate') is none
_FIGURE_FLAG = re.compile(
    r"(?:^|[\s`(\[])--(?P<name>[\w-]*?accept(?:ance)?[-_](?:length|len|rate))(?![\w-])(?![`=\s]*[\"']?[-+]?\.?\d)",
    re.I,
)
_REPORT_VERB = re.compile(r"print|log|show|report|dump|track|collect|enable", re.I)


# a flag and its value written alone in a code span of prose, the flag naming an acceptance
# figure ('`--draft-accept-rate 0.45`'; reStructuredText's double ticks too, '``--x_accept_rate
# 1.0``'): a reader takes the span's opening tick and the flag as a field's name (its last word)
# and the value with the closing tick as its value
_SPAN_FLAG_NAME = re.compile(r"(?:^|\s)`{1,2}--?(?P<flag>[A-Za-z][\w-]*)$")
_SPAN_FLAG_VALUE = re.compile(r"^[-+]?\d+(?:\.\d+)?%?`{1,2}[,;.:]?$")


def span_flag(name: str, value: str) -> str | None:
    """The flag of a field read from a code span holding a command line's flag alone with its
    number (``_SPAN_FLAG_NAME``, ``_SPAN_FLAG_VALUE``), the flag naming an acceptance figure
    and turning no report on ('--print-acceptance-rate'): a value given to a program, a
    setting; None otherwise."""
    m = _SPAN_FLAG_NAME.search(name.strip())
    if m is None or _SPAN_FLAG_VALUE.match(value.strip()) is None:
        return None
    flag = m.group("flag")
    if not _ACCEPT.search(flag.replace("-", " ").replace("_", " ")) or _REPORT_VERB.search(flag):
        return None
    return "--" + flag


def shell_sign(line: str) -> bool:
    """Whether the line holds what only a shell script has (``_SHELL_SIGN``)."""
    return _SHELL_SIGN.search(line) is not None


def comment(line: str) -> bool:
    """Whether ``line`` is a script's or a config's comment ('# the draft arm ...')."""
    return _COMMENT.match(line) is not None


def _shell_block(lines: list[str]) -> bool:
    """Whether the lines read as a shell script or an env file: a sign only a script has, or
    comments or a command's flags beside two assignments alone on their lines, one of them
    naming an environment variable (lines of assignments alone may be a program's output)."""
    text = "\n".join(lines)
    if _SHELL_SIGN.search(text):
        return True
    assigns = [t for t in lines if _ANY_ASSIGN.match(t)]
    upper = [
        t
        for t in assigns
        if _UPPER.match(t.strip().removeprefix("export ").split("=", 1)[0].strip())
    ]
    comments = sum(1 for t in lines if comment(t))
    flags = any(re.search(r"(?:^|\s)--[a-z][\w-]+", t) for t in lines)
    return bool(upper) and len(assigns) >= 2 and (comments >= 1 or flags)


def _yaml_block(lines: list[str]) -> bool:
    """Whether the lines read as a YAML config: every line a key (with or without a value), a
    list item or a comment, at least two keys, and a comment among them or a key opening a
    nested mapping."""
    body = [t for t in lines if t.strip()]
    if len(body) < 2 or not all(_YAML_ANY.match(t) or comment(t) for t in body):
        return False
    nested = any(t.rstrip().endswith(":") and _YAML_ANY.match(t) for t in body)
    return nested or any(comment(t) for t in body)


def setting_marks(lines: list[str]) -> dict[int, str]:
    """The indexes of ``lines`` (one block) that set an acceptance figure instead of reporting
    one, each with its mark: an assignment alone on its line in a block that reads as a shell
    script or env file; a key naming a target or a threshold, or any key of a config with
    comments or nesting, in a block that reads as YAML; a command line's flag."""
    out: dict[int, str] = {}
    shell = yaml = None
    for i, t in enumerate(lines):
        if not _ACCEPT.search(t.replace("_", " ")):
            continue
        m = _SHELL_ASSIGN.match(t)
        if m is not None and _ACCEPT.search(m.group("name").replace("_", " ")):
            if shell is None:
                shell = _shell_block(lines)
            if shell:
                out[i] = f"{SETTING}: {m.group('name')}="
                continue
        y = _YAML_NUM.match(t)
        if y is not None and _ACCEPT.search(y.group("name").replace("_", " ")):
            if yaml is None:
                yaml = _yaml_block(lines)
            if yaml and ("_" in y.group("name") or _SETTING_NAME.search(y.group("name"))):
                out[i] = f"{SETTING}: {y.group('name')}:"
                continue
        f = _ACCEPT_FLAG.search(t)
        if f is not None:
            flag = f.group(0).strip().lstrip("'\"([").split("=")[0].split()[0]
            out[i] = f"{SETTING}: {flag}"
        elif "--" in t and (g := _FIGURE_FLAG.search(t)) and not _REPORT_VERB.search(g["name"]):
            out[i] = f"{SETTING}: --{g['name']}"
    for i, mk in settings_run_marks(lines).items():
        out.setdefault(i, mk)
    return out


# a line alone that heads a program's settings ('Settings:', 'Run config:', '  Parameters:',
# '**Options:**', '设置：', '参数:'): the key-value lines right under it are its inputs
_SETTINGS_HEAD = re.compile(
    r"^\s*(?:\*\*|__)?(?:[A-Za-z][\w-]*\s+){0,2}"
    r"(?:settings|config|configuration|parameters|params|options|arguments|args|"
    r"hyper-?parameters)(?:\*\*|__)?\s*[:：]\s*(?:\*\*|__)?\s*$"
    r"|^\s*(?:\*\*|__)?(?:设置|参数|配置|参数设置|运行参数)(?:\*\*|__)?\s*[:：]\s*(?:\*\*|__)?\s*$",
    re.I,
)
# one setting under it ('  Acceptance rate (γ): 0.80', '- k = 5', 'draft_len=5'): a key, then
# ':' or '=', then a value
_SETTING_ITEM = re.compile(r"^\s*(?:[-*•]\s+)?(?P<key>[^\s:=：][^:=：]{0,60}?)\s*[:=：]\s*\S")


def _indent(t: str) -> int:
    return len(t) - len(t.lstrip())


def settings_run_marks(lines: list[str]) -> dict[int, str]:
    """The indexes of ``lines`` (one block) that are key-value lines right under a heading line
    that names them settings ('Settings:' over '  Acceptance rate (γ): 0.80'), each with its
    mark: what a program was given, never what it measured (an acceptance rate there is an
    input). The run ends at the first line that is no key-value line, at a heading line, or,
    where its first item is indented under the heading, at a line indented no deeper than the
    heading ('Measured acceptance rate: 0.64' back at the margin)."""
    out: dict[int, str] = {}
    head: str | None = None
    margin = 0  # the heading's indentation
    indented: bool | None = None  # whether the run's first item is indented under it
    for i, t in enumerate(lines):
        if _SETTINGS_HEAD.match(t):
            head, margin, indented = t.strip().strip("*_").strip(), _indent(t), None
            continue
        if head is None:
            continue
        m = _SETTING_ITEM.match(t)
        if indented is None:
            indented = _indent(t) > margin
        if m is None or t.rstrip().endswith((":", "：")) or (indented and _indent(t) <= margin):
            head = None
            continue
        out[i] = f"{SETTING}: {m.group('key').strip()} (under {head!r})"
    return out


# a heading that says the paste's run is a simulation: a line alone ('Simulation (10
# generations):', '## Simulated run', '=== Simulation ===', '**模拟结果**') opening with the word
_SIMULATION_HEAD = re.compile(
    r"^\s*(?:#{1,6}\s+|=+\s*|-{2,}\s*|\*\*|__)?"
    r"(?:simulation|simulated\s+(?:run|runs|decoding|generation|generations|output|results?)|"
    r"simulating|模拟)"
    r"(?:[^\n]{0,60}?)(?:\*\*|__)?\s*(?:[:：]|=+|-{2,})?\s*$",
    re.I,
)
# a heading setting the simulation against a real run ('Simulation vs. measured on H100'): the
# paste holds both
_SET_AGAINST = re.compile(
    r"\b(?:vs\.?|versus|compared|against|real|measured|actual|hardware)\b|对比|实测|真实", re.I
)
SIMULATED = "a simulation's output (its heading says so), not a model's run: no record"
# a run's heading labelling its acceptance as simulated, the label alone in brackets
# ('SPECULATIVE: draft_quality=0.50 (simulated alpha)', '## Run B (simulated acceptance rate)')
_SIMULATED_LABEL = re.compile(
    r"\(\s*simulated\s+(?:alpha|α|acceptance(?:\s+rate)?|accept(?:ance)?\s+(?:rate|length)|"
    r"AL|tau|τ)\s*\)",
    re.I,
)


def simulation_heading(text: str) -> str | None:
    """The first heading line of ``text`` saying its run is a simulation ('Simulation (10
    generations):', '## Simulated run'), or labelling its acceptance as simulated, the label
    alone in brackets ('SPECULATIVE: k=4 (simulated alpha)'), or None. Such a paste's figures are what a simulator
    made up from its own settings (a set acceptance rate, a draft length), no measurement."""
    for t in text.split("\n"):
        if (
            len(t) <= 90
            and _SIMULATION_HEAD.match(t)
            and not _ACCEPT.search(t)
            and not _SET_AGAINST.search(t)
        ):
            return t.strip()
        if len(t) <= 90 and _SIMULATED_LABEL.search(t) and not _SET_AGAINST.search(t):
            return t.strip()
    return None


# a caption setting the acceptance its run is made to have ('with synthetic acceptance (0.9 0.8)',
# 'simulated accept mode', 'injected acceptance rates'): the table under it echoes the set
# rates, no measurement; never one setting it against a real run ('simulated vs measured')
_SET_ACCEPTANCE = re.compile(r"\b(?:synthetic|simulated|injected|forced)\s+accept\w*", re.I)


def set_acceptance(caption: str) -> str | None:
    """The words of a table's caption saying its acceptance was set, not measured, or None."""
    m = _SET_ACCEPTANCE.search(caption)
    return m.group(0) if m is not None and not _SET_AGAINST.search(caption) else None


def is_setting(mark: str) -> bool:
    return mark.startswith(SETTING + ":")


# an acceptance figure's name given a value with decimals on a setting's line ('--accept-len
# 3.25', 'SPEC_AL=2.83', 'accept_length_target: 2.5', 'FORCE_ACCEPT_RATE="0.75"')
_SET_VALUE = re.compile(
    r"(?:^|[\s`'\"(;])-{0,2}(?P<name>[A-Za-z_][\w.-]{0,60})(?:=|:\s+|\s+)[\"'`]?"
    r"(?P<v>\d+\.\d+)(?![\d.]*\d)"
)


def set_hinted(text: str) -> bool:
    """Whether ``text`` may set an acceptance figure (a cheap test before ``setting_marks``):
    an acceptance word and a value with decimals after '=', ':' or a flag."""
    return ("=" in text or ": " in text or "--" in text) and _ACCEPT.search(
        text.replace("_", " ")
    ) is not None


def set_values(line: str) -> list[str]:
    """The values with decimals that a setting's or a forcing knob's line gives an acceptance
    figure's name (as printed), none for any other name ('--temperature 0.7')."""
    return [
        m.group("v")
        for m in _SET_VALUE.finditer(line)
        if _ACCEPT.search(m.group("name").replace("_", " ").replace("-", " "))
    ]


def set_name(mark: str) -> str | None:
    """The name a setting's mark sets ('accept_len' of 'a setting: accept_len:'), or None."""
    if not is_setting(mark):
        return None
    name = mark.split(": ", 1)[1].rstrip(":=").strip()
    return name or None


# --- text of a program: a string literal continued over lines ---------------------------------

# the mark of a program's string literal (the caller words its reason)
LITERAL = "a string literal in code"

# a line that is one piece of a string literal ('    "improved throughput on long "'), then a
# line opening the next piece ('    "document Q&A by 9% ...",'), the words running on across the
# quotes (a space inside one of them): C's and Python's implicit concatenation, one literal over
# both lines (quoted log lines, one a line, break no sentence; a JSON array puts a comma
# between its strings)
_PIECE = re.compile(r'^\s*(?:[A-Za-z_]\w*\s*=\s*|\(\s*)?[rRbBuUfF]{0,2}"(?P<body>.*)"\s*\\?$')
_PIECE_OPEN = re.compile(r'^\s*(?:[A-Za-z_]\w*\s*=\s*|\(\s*)?[rRbBuUfF]{0,2}"(?P<lead>\s?)')


def literal_marks(lines: list[str]) -> dict[int, str]:
    """The indexes of ``lines`` (one block) inside a string literal written as pieces on
    consecutive lines with nothing between them, a sentence running on across them (a prompt, a
    message of a program), each with its mark: the text a program holds, never a measurement
    of the paste's run."""
    out: dict[int, str] = {}
    for i in range(len(lines) - 1):
        a = _PIECE.match(lines[i])
        b = _PIECE_OPEN.match(lines[i + 1])
        if a is None or b is None or '"' in a.group("body").replace('\\"', ""):
            continue
        if a.group("body").endswith((" ", "\\n")) or b.group("lead"):
            out[i] = out[i + 1] = LITERAL
    return out


# --- illustrative counts in prose about what code does -----------------------------------------

# (a colon opens a sentence before a capital, or before a supposition's word in lower case:
# 'Put in numbers: if a draft proposes 200 tokens ...' is a supposition as 'If ...' is)
_SENT = re.compile(
    r"(?<=[.!?:;])\s+(?=[A-Z*_`(\[\u4e00-\u9fff\u3040-\u30ff])|"
    r"(?<=:)\s+(?=(?:if|suppose|imagine|assuming|say)\b)"
)
# a sentence that opens with a supposition ('Suppose a draft of 5 where 3 are accepted', 'Imagine
# ...', 'Say a round drafts 4', 'E.g. if 2/4 tokens are accepted', 'For example, if ...')
_SUPPOSE = re.compile(
    r"^[*_`(\[\s-]*(?:(?:e\.g\.|for (?:example|instance)|say)[,:]?\s+)?"
    r"(?:(?P<w>suppose|supposing|imagine|assume|assuming|let'?s say|say|if)\b|"
    # (Chinese and Japanese: '假设 3 步 MTP 的接受率为 0.8', '仮に')
    r"(?P<zh>假设|假如|假定|设想|仮に|仮定))",
    re.I,
)
# a worked example: a sentence opening with an example's mark whose figure is the quotient of
# round counts it states ('For example, the acceptance rate is 90% when 90 of 100 drafts are
# accepted', '例如：Draft 预测 100 次，有 90 次被 Target 接受，接受率即为 90%'): the arithmetic of
# a definition, no run
_EXAMPLE_OPEN = re.compile(
    r"^[*_`(\[\s-]*(?P<w>e\.g\.|for (?:example|instance)|例如|比如|举例来说|举个例子|例えば)", re.I
)
_NAMED_RUN = re.compile(r"\b(?:run|trial|seed|job|experiment)\s*#?\d|\b\w+\s+accepted\s+\d", re.I)
_INT = re.compile(r"(?<![\d.])\d{1,5}(?![\d.%])")
_SHARE = re.compile(r"(?<![\d.])(\d+(?:\.\d+)?)\s*(%)?")


def _worked_example(s: str) -> str | None:
    """The example's mark where the sentence ``s`` opens with one and states round counts (a
    whole of 10, 100 or 1000) whose quotient is a share it also states; else None."""
    m = _EXAMPLE_OPEN.match(s)
    if m is None or _PAST.search(s) or _NAMED_RUN.search(s):
        return None  # a run told in the past or by its name ('For example, run 3 accepted ...')
    ints = [int(x) for x in _INT.findall(s)]
    wholes = [b for b in ints if b in (10, 100, 1000)]
    for v, pct in _SHARE.findall(s):
        share = float(v) / 100 if pct else float(v)
        if not pct and ("." not in v or share > 1):
            continue
        if any(a < b and abs(a / b - share) < 1e-9 for b in wholes for a in ints):
            return m.group("w")
    return None


# an example's value spelled out: a sentence opening with an example's mark whose subject, a value
# or a figure holding digits, is followed by what it means ('For example, `[2, 0, 7]` means 2 steps
# accepting none ...', 'e.g. a rate of 0.25 stands for one draft in four'): a format's or a field's
# meaning shown on a made-up value, no run
_EXAMPLE_MEANING = re.compile(
    r"[,:]?\s+(?P<val>[^\s.;!?](?:[^.;!?]|\.(?=\d)){0,79}?)\s+(?:would\s+)?(?P<verb>means?|stands?\s+for|"
    r"denotes?|represents?|corresponds?\s+to)\b",
    re.I,
)

# the example's mark opening the sentence or one of its clauses ('..., e.g. `[2, 0, 7]` means')
_EXAMPLE_AT = re.compile(
    r"(?:^|(?<=[.,;:(])\s)[*_`(\[\s-]*(?P<w>e\.g\.|for (?:example|instance))", re.I
)


def _example_meaning(s: str) -> str | None:
    """The example's mark where the sentence ``s`` or one of its clauses opens with one and says
    what a value holding digits means (``_EXAMPLE_MEANING``); a run told in the past or by its
    name is none."""
    if _PAST.search(s) or _NAMED_RUN.search(s):
        return None
    for m in _EXAMPLE_AT.finditer(s):
        v = _EXAMPLE_MEANING.match(s, m.end())
        if v is not None and any(c.isdigit() for c in v.group("val")):
            return f"{m.group('w')} ... {v.group('verb')}"
    return None


# a generic subject: an indefinite thing of the code, then a relative clause ('A value that
# appeared 10 times', 'An entry with 3 hits', 'One that ...')
_GENERIC = re.compile(
    r"(?:^|\b(?:over|than|to|from|against)\s+)[*_`(\[\s]*(?:an?|one|any|each|every)\s+"
    r"(?:(?:n-?gram|cached|draft|new|old|other|single|given|candidate)\s+)?"
    r"(?:value|candidate|key|entry|continuation|option|element|item|node|branch|path|slot|"
    r"prefix|suffix|match|one)s?\s+(?:that|which|whose|with)\b",
    re.I,
)
# unnamed things contrasted ('Some prompts reach 90% acceptance, others 30%', 'Some tasks see
# 2.8 tokens a step; others see 1.4'): a sentence opening with 'some' and a plural noun whose
# figure is set against 'others' in a later clause: the spread of a kind, no run of its own
_SOME_OTHERS = re.compile(
    r"^[*_`(\[\s-]*some\s+(?:[\w-]+\s+){0,2}?[\w-]+s\b[^.;!?]{0,200}?[;,]\s*"
    r"(?:(?:and|but|while|whereas)\s+)?others\b",
    re.I,
)
# one unnamed thing given an acceptance figure by an indefinite article ('a draft with 88%
# acceptance', 'an 0.6-acceptance head', 'a drafter with an acceptance of 0.7'): a kind of
# thing, no run of its own
_FIG = r"[~≈]?(?:\d+(?:\.\d+)?|\.\d+)(?:\s*%)?"
_INDEFINITE_FIGURE = (
    r"\ban?\s+(?:(?:[\w-]+\s+){0,3}?with\s+(?:an?\s+)?(?:"
    + _FIG
    + r"[\s-]+(?:[\w-]+\s+){0,2}?accept\w*|(?:[\w-]+\s+){0,2}?accept\w*(?:\s+rate)?\s+(?:of\s+)?"
    + _FIG
    + r")|"
    + _FIG
    + r"[\s-]+accept\w*(?:[\s-]+rate)?\s+[\w-]+)"
)
# two such things set against each other in one sentence that opens on the first ('A draft with
# 88% acceptance and 6% cost beats a draft with 72% acceptance and 1% cost'; '... loses to a 70%
# acceptance drafter'): a worked comparison of kinds, what a formula says, no run measured
_GENERIC_PAIR = re.compile(
    r"^[*_`(\[\s-]*(?P<a>"
    + _INDEFINITE_FIGURE
    + r")\b.{0,300}?\s(?P<b>"
    + _INDEFINITE_FIGURE
    + ")",
    re.I,
)


def _generic_pair(s: str) -> re.Match[str] | None:
    """The match of ``_GENERIC_PAIR`` on the sentence ``s``, unless it tells a run in the past
    ('A draft with 80% acceptance got ...')."""
    m = _GENERIC_PAIR.match(s)
    if m is None or _PAST.search(s) or _PAST_OUTCOME.search(s) or FIRST_PERSON.search(s):
        return None
    return m


# a run the sentence says someone measured: not illustrative
_MEASURED = re.compile(
    r"\b(?:we|I)\s+(?:\w+\s+)?(?:saw|got|see|get|measured|observed|recorded|ran|reached|hit)\b|"
    r"\b(?:measured|observed|recorded|in (?:our|my) (?:run|test|benchmark)s?)\b",
    re.I,
)
_PAST = re.compile(r"\b(?:was|were|got|reached|dropped|fell|rose|went|gave|showed)\b", re.I)
# counts or a figure of acceptance in the sentence
_COUNTS = re.compile(r"\d+\s*/\s*\d+|\d+(?:\.\d+)?\s*%|\b\d+(?:\.\d+)?\b", re.I)
# an outcome in the conditional ('with 60% acceptance a step would produce ~2.5 tokens', 'to
# break even it would need to emit 2.1 tokens a step'; never 'could', a past ability: 'my draft
# could only achieve 2.7'), or an acceptance figure set as a
# condition inside the sentence ('... speedup if the acceptance rate were 100%'; never 'even
# if'): what a figure would be, no run (a sentence told in the past or measured is kept)
# a run's outcome told in the past besides _PAST's verbs
_PAST_OUTCOME = re.compile(
    r"\b(?:achieved|measured|observed|recorded|saw|hit|scored|averaged|yielded|produced|"
    r"delivered|obtained|landed|managed|ran)\b",
    re.I,
)
_MODAL_OUTCOME = re.compile(
    r"\bwould\s+(?:\w+\s+){0,2}?(?:produce|need|require|give|yield|emit|"
    r"generate|achieve|deliver|reach|output)\b|"
    # (the contracted 'would' addressed to the reader: "with 4 drafts at 90% acceptance you'd
    # get 3.4x", "you’d see"): a tutorial's outcome, no run
    r"\byou['’]d\s+(?:\w+\s+)?(?:get|see|gain|produce|need|require|give|yield|emit|"
    r"generate|achieve|deliver|reach|output)\b|"
    r"(?<!\beven )\bif\s+(?:the\s+)?(?:[\w-]+\s+){0,3}?(?:accept\w*|AL|AR)(?:\s+(?:rate|length))?"
    r"\s*(?:=|is|were|was|of|at)(?=\s*[~≈]?\d)",
    re.I,
)
# a level put first as the sentence's condition, its outcome told to the reader ('At 0%
# acceptance, every guess is wasted and you run slower', 'At 30% draft acceptance, you break
# even'): what a level does, in a tutorial's second person; no run (a sentence told in the past
# or measured, or 'we' / 'I' after the comma, is kept: 'At 64% acceptance, we got 1.8x')
_AT_LEVEL_YOU = re.compile(
    r"^[*_`(\[\s-]*at\s+[~≈]?(?:\d+(?:\.\d+)?|\.\d+)\s*%\s*(?:draft\s+|token\s+)?"
    r"accept\w*(?:\s+rates?)?\s*,[^.;!?]{0,200}?\byou\b",
    re.I,
)


def _at_level_you(s: str) -> re.Match[str] | None:
    """The match of ``_AT_LEVEL_YOU`` on the sentence ``s``, unless it tells a run in the past
    or the writer's own ('we', 'I')."""
    m = _AT_LEVEL_YOU.match(s)
    if m is None or _PAST.search(s) or _PAST_OUTCOME.search(s) or FIRST_PERSON.search(s):
        return None
    return m


# a figure the design fixes, no run measured ('position 15 is wasted with guaranteed 0%
# acceptance', 'is by construction 100%', 'is guaranteed to be 1.0'): certainty words right
# before the figure (never after it: '100% acceptance is not guaranteed'); or 'by
# construction' / 'by definition' / 'by design' right after the figure ('are accepted 100% by
# construction'; never 'by design of ...', a cause named)
_BY_DESIGN = re.compile(
    r"\b(?:guaranteed(?:\s+to\s+be)?|necessarily|by\s+(?:construction|definition|design))"
    r"\s+[~≈]?\d+(?:\.\d+)?\s*%?|"
    r"(?<![\d.])[~≈]?\d+(?:\.\d+)?(?:\s?%)?\s+by\s+(?:construction|definition|design)\b"
    r"(?!\s+of\b)",
    re.I,
)


# a figure said never to be reached ('we will never get AR=1', 'you cannot reach 100%
# acceptance', "won't hit an accept length of 5"): a negation, at most two words, a verb of
# attaining, then the figure within a few words: a bound no run reaches, no run's figure. Read
# only where that figure is every number of its line (a measured value beside it: 'we never got
# 2.5, only 1.9' keeps the line as it was)
_UNATTAINED = re.compile(
    r"(?:\b(?:never|not|cannot)|n['’]t)\s+(?:\w+\s+){0,2}?"
    r"(?:get|got|gotten|reach|see|saw|seen|hit|achieve|attain|obtain)(?:s|es|ed)?\s+"
    r"(?:[A-Za-z_-]+\s+){0,4}?(?:[A-Za-z_-]+\s*[=:]\s*|of\s+|to\s+)?"
    r"[~≈]?\d+(?:\.\d+)?(?:\s*%)?",
    re.I,
)
_NUMBER = re.compile(r"\d+(?:\.\d+)?")


def _unattained(text: str) -> str | None:
    """The words of ``text`` saying its one figure is never reached (see ``_UNATTAINED``)."""
    m = _UNATTAINED.search(text)
    if m is None or len(_NUMBER.findall(text)) != len(_NUMBER.findall(m.group(0))):
        return None
    return m.group(0)


_ABBREVIATION = re.compile(r"^[*_`(\[\s-]*(?:e\.g\.|i\.e\.|for (?:example|instance):)$", re.I)


def _sentences(text: str) -> list[str]:
    """The sentences of ``text`` (``_SENT``), an example's mark split off as one ('E.g.' or 'For
    example:' before '`[2, 0, 7]` means ...') joined back to the sentence it opens."""
    out: list[str] = []
    for s in _SENT.split(text):
        if out and _ABBREVIATION.match(out[-1]):
            out[-1] = f"{out[-1]} {s}"
        else:
            out.append(s)
    return out


def illustrative_sentence(text: str) -> str | None:
    """The words of ``text`` that mark a sentence of it as an illustration of what code does,
    not a run (a supposition, a generic subject), where that sentence holds acceptance counts
    or a figure and says no one measured it; or None."""
    if not _ACCEPT.search(text):
        return _supposed_step(text) if _TOKENS_A_STEP.search(text) else None
    if ("never" in text or "not" in text or "n't" in text or "n’t" in text) and (
        u := _unattained(text)
    ) is not None:
        return u
    for s in _sentences(text):
        if not _ACCEPT.search(s) or not _COUNTS.search(s) or _MEASURED.search(s):
            continue
        if (w := _worked_example(s)) is not None:
            return w
        if (w := _example_meaning(s)) is not None:
            return w
        if (d := _BY_DESIGN.search(s)) is not None:
            return d.group(0)
        m = _supposition(s)
        m = m or _GENERIC.search(s) or _SOME_OTHERS.match(s) or _generic_pair(s)
        m = m or _at_level_you(s)
        if m is None and (o := _MODAL_OUTCOME.search(s)) is not None:
            # (its own 'were' is the condition's mood, no past run; 'achieved 90% acceptance,
            # just what the target would generate': a run told in the past)
            rest = s[: o.start()] + s[o.end() :]
            m = None if _PAST.search(rest) or _PAST_OUTCOME.search(rest) else o
        if m is not None:
            return m.group(0).strip(" *_`([-")
    return None


def _supposition(s: str) -> re.Match[str] | None:
    """The supposition ``s`` opens with (_SUPPOSE), or None; 'if' over a past outcome ('if we
    drop k to 3, it was 2.4'), or a bare 'if' over the writer's own setup ('If we enable
    EAGLE-3, the accept length is 3.2'), is a run: None."""
    m = _SUPPOSE.match(s)
    if (
        m is not None
        and (m.group("w") or "").lower() == "if"
        and (
            _PAST.search(s)
            or (not re.search("[A-Za-z]", s[: m.start("w")]) and FIRST_PERSON.search(s))
        )
    ):
        return None
    return m


def _supposed_step(text: str) -> str | None:
    """The supposition opening a sentence of ``text`` that names the tokens a step emits with a
    figure and no acceptance word ('If each verify step emits 1.2 tokens, ...'): what a length
    would be, no run; or None."""
    for s in _sentences(text):
        if (
            _TOKENS_A_STEP.search(s)
            and _COUNTS.search(s)
            and not _MEASURED.search(s)
            and (m := _supposition(s)) is not None
        ):
            return m.group(0).strip(" *_`([-")
    return None


def measured_beside(text: str, values: list[str]) -> bool:
    """Whether every one of ``values`` (a record's printed figures) is written in a sentence of
    ``text`` saying it was measured, apart from the sentence `illustrative_sentence` marks and
    never in it: a measured sentence kept beside a supposition on the same line ('... is ~3.2
    at k=5 (measured last week). If k=7 keeps that curve, decode could gain ...')."""
    if not values or _MEASURED.search(text) is None:
        return False
    sents = _SENT.split(text)
    if len(sents) < 2:
        return False
    marked = [s for s in sents if illustrative_sentence(s) is not None]
    kept = [s for s in sents if _MEASURED.search(s) and illustrative_sentence(s) is None]
    return (
        bool(marked)
        and bool(kept)
        and all(any(v in s for s in kept) and not any(v in s for s in marked) for v in values)
    )


# --- forced acceptance -------------------------------------------------------------------------

# the mark of a line that forces the acceptance its run shows (the caller words its reason)
FORCED = "a forced acceptance"

# words that make an acceptance figure's name a knob that forces it, not a reading of it:
# SGLang's SGLANG_SIMULATE_ACC_LEN, a bench's 'synthetic acceptance rate', a 'Requested AL'
# column, a 'forced accept length' (never 'target' or 'fixed': the target model, a fixed k;
# nor 'simulated', 'mock', 'fake': a figure predicted or made up, which is no knob and is not
# read as a figure at all)
_FORCING = re.compile(
    r"(?<![a-z])(?:simulates?|simulating|synthetic|forced|forcing|force|requested|injected|"
    r"pinned)(?![a-z])",
    re.I,
)
# of those, the words that also describe data ('synthetic' prompts) or a simulator: a name in
# plain words holding only these is a knob only where its column says it was off somewhere
WEAK_FORCING = re.compile(r"(?<![a-z])(?:simulates?|simulating|synthetic)(?![a-z])", re.I)
# the figures such a knob may force
_FORCEABLE = frozenset((C.LENGTH, C.TOK_PER_STEP, C.ACC_PER_STEP, C.RATE, C.ACCEPT_RATIO))
# a knob's value that leaves it off: the run beside it is a real one ('unset', 'off', a dash)
_OFF = re.compile(
    r"^(?:unset|not set|off|none|no|disabled?|false|default|baseline|real|natural|"
    r"[-\u2013\u2014])(?:\s*[(\[].*)?$",
    re.I,
)
_ON_NUMBER = re.compile(r"^[~≈]?\s*(?P<v>[-+]?\d+(?:\.\d+)?)\s*%?$")
# 'SGLANG_SIMULATE_ACC_LEN=4', 'export SYNTHETIC_ACCEPT_RATE=0.8', '--synthetic-accept-rate 0.8'
_FORCED_ASSIGN = re.compile(
    r"(?:^|[\s`'\"(;])(?:--?)?(?P<name>[A-Za-z_][\w.-]{2,60})(?:=|:\s*|\s+(?=[-+]?\d))"
    r"[\"'`]?(?P<v>[^\s\"'`,;)|]+)"
)


# a knob named in plain words by a strong forcing word, then its value ('a forced acceptance
# length of 2.5', 'requested AL = 3', 'the injected accept rate set to 0.8'); never 'synthetic'
# or 'simulate' in plain words (the prompts, a simulator)
_FORCED_PHRASE = re.compile(
    r"(?<![A-Za-z])(?P<name>(?:forced|forcing|force|requested|injected|pinned)\s+"
    r"(?:[A-Za-z][\w-]*\s+){0,3}?[A-Za-z][\w-]*)\s*(?:of|at|set\s+to|to|=|:)\s*[`*]{0,2}"
    r"(?P<v>[~≈]?\d+(?:\.\d+)?\s*%?)(?![\d.])",
    re.I,
)


def forced_name(name: str) -> str | None:
    """The figure a knob's name forces ('SGLANG_SIMULATE_ACC_LEN': the accept length, 'Requested
    AL', 'synthetic acceptance rate'), as a metric of cells.py; or None when the name is no such
    knob (a forcing word and, without it, an acceptance figure's name)."""
    low = C._MARKUP.sub("", name).replace("_", " ").replace("-", " ").strip()
    if not _FORCING.search(low):
        return None
    rest = re.sub(r"\s+", " ", _FORCING.sub(" ", low)).strip()
    if not rest:
        return None
    metric = C.key(rest).metric
    return metric if metric in _FORCEABLE else None


def forced_on(value: str) -> bool | None:
    """Whether a forcing knob's value turns it on (a number above 0: the figure is forced), off
    ('unset', 'off', 'none', a dash: the run is a real one), or neither told (None: a zero or a
    negative number, whose meaning differs between tools, or any other word)."""
    v = C._MARKUP.sub("", value).strip()
    if _OFF.match(v):
        return False
    m = _ON_NUMBER.match(v)
    if m is not None and float(m.group("v")) > 0:
        return True
    return None


def forced_marks(lines: list[str]) -> dict[int, str]:
    """The indexes of ``lines`` that set a forcing knob on ('SGLANG_SIMULATE_ACC_LEN=4 python
    -m ...', '--synthetic-accept-rate 0.8'), each with its mark: the figures such a line
    prints echo the knob's value, and measure nothing. A table's row is left to the table
    reader, which tells the knob's rows and columns apart (forced.py)."""
    out: dict[int, str] = {}
    for i, t in enumerate(lines):
        if not _FORCING.search(t.replace("_", " ")) or t.lstrip()[:1] in ("|", "│", "┃", "║"):
            continue
        for m in _FORCED_ASSIGN.finditer(t):
            if forced_name(m.group("name")) is not None and forced_on(m.group("v")):
                out[i] = f"{FORCED}: {m.group('name')}={m.group('v')}"
                break
        else:
            for m in _FORCED_PHRASE.finditer(t):
                if forced_name(m.group("name")) is not None and forced_on(m.group("v")):
                    out[i] = f"{FORCED}: {m.group('name')} {m.group('v')}"
                    break
    return out


# a paste about a knob that forces acceptance: a strong forcing word right before an acceptance
# figure's name ('forced-acceptance target', 'could already force acceptance', 'the requested
# AL'), or an identifier joining a forcing word to one ('SGLANG_SIMULATE_ACC_LEN',
# 'synthetic_acceptance_length': never 'synthetic' or 'simulated' in plain words)
_FORCING_TOPIC = re.compile(
    r"(?<![A-Za-z])(?:forc(?:e|ed|ing)|requested|injected|pinned)[\s-]+(?:[A-Za-z]+[\s-]+)?"
    r"(?:accept\w*|acc[\s-]+len\w*|AL)(?![A-Za-z])|"
    r"\b\w*(?:simulate|synthetic|forced?)_\w*?(?:acc|accept)\w*",
    re.I,
)
# a sentence opening with an acceptance figure as its condition ('At AL 3.5 over 4 draft
# slots:', 'With an acceptance length of 2.8, ...', 'Under a 70% acceptance rate')
_CONDITION_LEAD = re.compile(
    r"(?:^|(?<=[.!?;]\s))\s*(?:[-*]\s+)?(?:at|with|under)\s+(?:an?\s+|the\s+)?"
    r"(?:(?P<pv>[~≈]?\d+(?:\.\d+)?\s*%?)\s+)?"
    r"(?P<name>(?:[A-Za-z][\w-]*\s+){0,2}?[A-Za-z][\w-]*)"
    r"(?(pv)|\s*(?:of|=|:)?\s*[`*]{0,2}[~≈]?\d+(?:\.\d+)?\s*%?(?![\d.]))",
    re.I,
)


_FORCING_WORDS = ("forc", "requested", "injected", "pinned", "simulate", "synthetic")


def forcing_topic(text: str) -> bool:
    """Whether the paste names a knob forcing acceptance (``_FORCING_TOPIC``; one search of the
    whole paste, after a cheap test for its words)."""
    low = text.lower()
    return any(w in low for w in _FORCING_WORDS) and _FORCING_TOPIC.search(text) is not None


def condition_marks(lines: list[str], forcing: bool) -> dict[int, str]:
    """The indexes of ``lines`` whose sentence opens with an acceptance figure as its condition
    ('At AL 3.5 over 4 draft slots:'), in a paste about a knob forcing acceptance (``forcing``:
    ``forcing_topic`` of the paste): the figure is the value the knob was set to, which the runs
    below replay, no measurement. Elsewhere such a sentence is left to the other rules (a run's
    own figure may open a sentence too)."""
    if not forcing:
        return {}
    out: dict[int, str] = {}
    for i, t in enumerate(lines):
        for m in _CONDITION_LEAD.finditer(t):
            if C.key(m.group("name")).metric in _FORCEABLE:
                out[i] = f"{FORCED}: the condition '{m.group(0).strip()}'"
                break
    return out


# an example of an acceptance figure given after 'e.g.' or 'for example' ('so set it to AL minus
# 1, e.g. AL 3.5 -> 2.5', 'for instance an accept rate of 0.7'): in a paste about a knob forcing
# acceptance, a value one may set the knob to, told to show its use; the line names no run of
# the writer's ('we measured', 'I got')
_EXAMPLE_LEAD = re.compile(
    r"(?<![\w.])(?:e\.\s?g\.|eg\.|for\s+(?:example|instance))[,:]?\s+(?:an?\s+|the\s+)?"
    r"(?P<name>(?:[A-Za-z][\w-]*\s+){0,2}?[A-Za-z][\w-]*)\s*(?:of|=|:)?\s*[`*]{0,2}"
    r"[~≈]?\d+(?:\.\d+)?\s*%?(?![\d.])(?P<rest>[^.;!?]*(?:\.\d[^.;!?]*)*)",
    re.I,
)


_EXAMPLE_WORDS = ("e.g", "eg.", "for example", "for instance")


def example_marks(lines: list[str], forcing: bool) -> dict[int, str]:
    """The indexes of ``lines`` giving an acceptance figure as an example after 'e.g.' or 'for
    example' (``_EXAMPLE_LEAD``), in a paste about a knob forcing acceptance (``forcing``:
    ``forcing_topic`` of the paste): a value the knob may be set to, shown for its use, no
    measurement; never where the line names the writer's own run or a measurement
    (``_MEASURED``, a first person: its figures are all dropped with it). Elsewhere an example may be a run's figure
    ('acceptance is high on code, e.g. AL 3.4 on the coding set') and is left to the other
    rules."""
    if not forcing:
        return {}
    out: dict[int, str] = {}
    for i, t in enumerate(lines):
        low = t.lower()
        if not any(w in low for w in _EXAMPLE_WORDS):
            continue
        for m in _EXAMPLE_LEAD.finditer(t):
            if C.key(m.group("name")).metric not in _FORCEABLE:
                continue
            # (the line's figures all go: a run the writer tells on it keeps the line read)
            if _MEASURED.search(t) or FIRST_PERSON.search(t):
                break
            out[i] = f"{FORCED}: the example '{t[m.start() : m.start('rest')].strip()}'"
            break
    return out


# a sentence opening with several values of an acceptance figure joined by '/' as its condition
# ('At accept 2.0 / 2.5 / 3.0 tokens/step -> ...', 'Assuming an AL of 2.5/3.5, ...'): a sweep of
# what-ifs, each an input to a worked estimate
_SWEEP_LEAD = re.compile(
    r"(?:^|(?<=[.!?;:]\s))\s*(?:[-*]\s+)?(?:at|with|assuming|given|if)\s+(?:an?\s+|the\s+)?"
    r"(?P<name>(?:[A-Za-z][\w-]*\s+){0,2}?[A-Za-z][\w-]*)\s*(?:of|=|:)?\s*"
    r"[~≈]?\d+(?:\.\d+)?%?(?:\s*/\s*[~≈]?\d+(?:\.\d+)?%?)+(?![\d.])(?P<rest>[^.;!?]*)",
    re.I,
)
# what follows such a condition in its sentence: an outcome worked from it (an arrow) or hedged
_WORKED = re.compile(r"→|->|=>|⇒|\b(?:would|could|might|gives?|yields?)\b|[~≈]", re.I)


def sweep_marks(lines: list[str]) -> dict[int, str]:
    """The indexes of ``lines`` whose sentence opens with several values of an acceptance figure
    joined by '/' as its condition, then works an outcome from them (an arrow, 'would',
    'gives'): what-ifs put into an estimate, no run's measurement."""
    out: dict[int, str] = {}
    for i, t in enumerate(lines):
        if "/" not in t or not _ACCEPT.search(t):
            continue
        for m in _SWEEP_LEAD.finditer(t):
            if _ACCEPT.search(m.group("name")) and _WORKED.search(m.group("rest")):
                cond = t[m.start() : m.start("rest")].strip(" -*")
                out[i] = f"an estimate over the what-ifs '{cond}'"
                break
    return out


# --- acceptance configured as simulated -------------------------------------------------------

# an acceptance figure named as simulated or synthetic, the adjectives right before its name
# ('with simulated acceptance', 'a synthetic acceptance rate', 'simulated synthetic AL'): the
# run's acceptance is made up by a simulator, its figures the values it was configured with
_SIMULATED_FIGURE = re.compile(
    r"(?<![A-Za-z-])(?:simulated|synthetic)(?:\s+(?:simulated|synthetic))?\s+"
    r"(?:acceptance|accept(?:ed)?|acc\.?|AL|AR|α|alpha)(?![A-Za-z])"
    # (never a synthetic data set or test named after acceptance: 'the synthetic acceptance
    # benchmark', a workload the run measured on)
    r"(?!\s+(?:bench(?:mark)?s?|data(?:set)?s?|sets?|suites?|tests?|tasks?|workloads?|"
    r"prompts?|traces?)\b)"
    # (in Chinese, the adjective joined to the name: '合成接受长度', '模拟的接受率'; the paste's
    # text gives the name in English, '合成 accept length')
    r"|(?:合成|模拟)的?\s*(?:接受|接收|accept(?:ance|ed)?(?![A-Za-z])|AL\b)",
    re.I,
)
# the figure's own value right after its name's last words ('synthetic acceptance length 2.78',
# 'synthetic AL 2.78', '合成接受长度 2.78'): the simulated figure's value, whatever follows
_OWN_VALUE = re.compile(
    r"\s*(?:(?:length|len|rate|ratio|长度|率)\s*)?(?:[:=]|of\s|is\s|was\s|at\s)?\s*[`*]{0,2}"
    r"[~≈]?\d",
    re.I,
)
# the simulation turned off or set against a measurement in the same sentence ('without
# simulated acceptance', 'simulated acceptance off', 'vs the measured 2.41')
_SIMULATION_OFF = re.compile(
    r"\b(?:without|no|disabled?|off|unset|measured|observed|actual|real|vs\.?|versus|"
    r"compared)\b|w/o",
    re.I,
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z`*(\[])")
_FIGURE_NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?%?(?![\w.])")


def simulated_marks(lines: list[str]) -> dict[int, str]:
    """The indexes of ``lines`` (prose, no table row) whose acceptance figures all stand in
    sentences naming the acceptance as simulated or synthetic before them ('EAGLE draft with
    simulated acceptance: the short arms use AL 3.10'), or whose simulated figure's own value
    follows its name ('synthetic acceptance length 2.78', '合成接受长度 2.78'): the values a simulator was set to, no
    measurement. Not where such a sentence turns the simulation off or sets a measurement
    beside it, nor where another sentence of the line names an acceptance figure."""
    out: dict[int, str] = {}
    for i, t in enumerate(lines):
        low = t.lower()
        if (
            "simulated" not in low
            and "synthetic" not in low
            and "合成" not in t
            and "模拟" not in t
        ) or t.lstrip()[:1] in "|│┃║":
            continue
        hit: str | None = None
        for sent in _SENTENCE.split(t):
            m = _SIMULATED_FIGURE.search(sent)
            if m is None:
                if _ACCEPT.search(sent) and _FIGURE_NUMBER.search(sent):
                    hit = None  # an acceptance figure the simulation does not cover
                    break
                continue
            if _SIMULATION_OFF.search(sent) or _ACCEPT.search(sent[: m.start()]):
                hit = None
                break
            if (
                _ACCEPT.search(sent[m.end() :]) and _FIGURE_NUMBER.search(sent[m.end() :])
            ) or _OWN_VALUE.match(sent, m.end()):
                hit = m.group(0)
        if hit is not None:
            out[i] = f"{FORCED}: figures of the '{hit}' a simulator was set to"
    return out


# --- a failure's signature quoted ---------------------------------------------------------------

# the mark of figures quoted as what a failure prints (the caller words its reason)
# --- an unchecked item of a task list --------------------------------------------------------

TODO = "an unchecked task-list item (a thing to do or check, not done)"
# an item of a markdown task list left unticked ('- [ ] compare: acceptance ~60%', '* [ ]',
# '1. [ ]'): what is still to be done or checked, so its figures are values to reach or to
# compare the run's against, never a measurement; a ticked item ('- [x]') is read as before
_TODO_ITEM = re.compile(r"^\s*(?:[-*+]|\d{1,3}[.)])\s+\[ \]\s")


def todo_marks(lines: list[str]) -> dict[int, str]:
    """The indexes of ``lines`` (one block) that are unticked task-list items naming an
    acceptance figure, each with its mark (see _TODO_ITEM)."""
    return {
        i: TODO
        for i, t in enumerate(lines)
        if "[ ]" in t and _TODO_ITEM.match(t) and _ACCEPT.search(t) and _DIGITS.search(t)
    }


SYMPTOM = "a failure's signature"

# words that introduce figures as what a failure or a bug prints ('... makes the model loop --
# signature `accept len: 1.00, accept rate: 0.00`', 'the symptom: accept rate 0.00', 'it shows up
# as accept len 1.00', 'the tell is acceptance 0%'): a pattern to recognise, no run; 'looks like'
# and 'shows up as' only in a sentence about a failure not told as fixed (a run of one's own
# looks like figures too)
_SIGN_WORD = re.compile(
    r"(?<![A-Za-z])(?:(?:its|the|a|this|that|typical|telltale|tell-tale|classic|known|same)\s+)?"
    r"(?:signature|symptoms?|(?:failure|bug|error)\s+pattern)(?:\s+(?:is|being))?"
    r"|(?<![A-Za-z])the\s+tell\s+is",
    re.I,
)
_SIGN_SOFT = re.compile(
    r"(?<![A-Za-z])(?:looks?\s+like|shows?\s+up\s+as|shows?\s+up\s+in\s+(?:the\s+)?logs?\s+as)",
    re.I,
)
_FAILURE = re.compile(
    r"(?<![A-Za-z])(?:bug|failure|fail(?:s|ed|ing)?|broken|breaks?|loops?|looping|hangs?|"
    r"degenerat\w*|collaps\w*|regression|issue|crash\w*|garbage|stuck)(?![A-Za-z])",
    re.I,
)
# a failure told as over: what the sentence shows then is a run after it ('the bug is gone and
# the run looks like ...')
_FIXED = re.compile(
    r"(?<![A-Za-z])(?:fix(?:ed|es)?|gone|resolved|patched|solved)(?![A-Za-z])", re.I
)
# (a signature that 'was' the figure is one someone saw: 'the only visible symptom was
# `accept_len: 1.00` in server logs', a run of theirs; the figure regex never passes a 'was')
# right after the words: a connector, then the figure's name (quoted or not) and its value
_SIGN_FIGURE = re.compile(
    r"^\s*(?:[:\u2014\u2013-]+\s*)?(?:of\s+|being\s+)?[`*_\"'(\[]*\s*(?:an?\s+|the\s+)?"
    r"[\w .-]{0,24}?(?:accept|acceptance|\bAL\b|\btau\b)[\w .-]{0,24}?[:=]?\s*[`*]*\d",
    re.I,
)


def _sign_at(s: str) -> bool:
    """Whether the sentence ``s`` introduces acceptance figures with a failure's signature
    words, the figure right after them."""
    for m in _SIGN_WORD.finditer(s):
        if _SIGN_FIGURE.match(s[m.end() :]):
            return True
    if _FAILURE.search(s) and not _FIXED.search(s):
        for m in _SIGN_SOFT.finditer(s):
            if _SIGN_FIGURE.match(s[m.end() :]):
                return True
    return False


def symptom_marks(lines: list[str]) -> dict[int, str]:
    """The indexes of ``lines`` (one block) whose acceptance figures are quoted as what a failure
    prints (a signature, a symptom, what it looks like or shows up as), each with its mark: the
    words come right before the figures, on the line or ending the line above; never a sentence
    that says someone measured it ('the symptom we saw: accept len 1.00' is a run)."""
    out: dict[int, str] = {}
    for i, t in enumerate(lines):
        if not _ACCEPT.search(t.replace("_", " ")) or not _DIGITS.search(t):
            continue
        sentences = [s for s in _FULL_STOP.split(t) if not _MEASURED.search(s)]
        if any(_sign_at(s) for s in sentences):
            out[i] = SYMPTOM
            continue
        if i > 0:
            above = _FULL_STOP.split(lines[i - 1])[-1]
            if not _MEASURED.search(above) and _sign_at(above.rstrip() + " " + t.lstrip()):
                out[i] = SYMPTOM
    return out


_DIGITS = re.compile(r"\d")
# sentences split at a full stop (never a colon: 'the symptom: accept len 1.00' is one)
_FULL_STOP = re.compile(r"(?<=[.!?;])\s+(?=[A-Z*_`(\[\u4e00-\u9fff])")


# a unit test mocking the model ('mock_model.return_value', 'side_effect = [...]', MagicMock,
# monkeypatch) and asserting an acceptance figure ('assert result.acceptance_rate[0] == 0.8')
_MOCK = re.compile(r"\b(?:mock\w*|Mock\w*|MagicMock|side_effect|monkeypatch|patch\.object)\b")
_ASSERTED = re.compile(
    r"^[+\s]*(?:assert|self\.assert\w*\()[^\n=]*?(?:accept|\bAL\b|\bAR\b|\btau\b)[^\n=]*"
    r"(?:==|,)\s*(?:pytest\.approx\()?(?P<v>\d+(?:\.\d+)?)\b",
    re.I,
)


def mocked_test(lines: list[str]) -> tuple[set[int], set[float]]:
    """A mocked unit test's lines (1-based) and the acceptance figures it asserts: a run of
    non-blank lines holding a mock and an assert on an acceptance figure. Its figures are what
    the mock was set to give, no run; the same value elsewhere restates the test's expectation."""
    at: set[int] = set()
    values: set[float] = set()
    start = 0
    for i in range(len(lines) + 1):
        if i < len(lines) and lines[i].strip() not in ("", "```", "```diff", "```python"):
            continue
        run = lines[start:i]
        if any(_MOCK.search(t) for t in run):
            asserted = [float(m.group("v")) for t in run if (m := _ASSERTED.match(t))]
            if asserted:
                values.update(asserted)
                at.update(range(start + 1, i + 1))
        start = i + 1
    return at, values


# --- a worked example supposed above, then worked out -------------------------------------------

# a line that opens by supposing a case and introduces what follows with a colon ('Suppose one
# request streams three chunks:', '假设一个请求分 3 次返回:'): the lines after it are the case
# (a bare 'if' or 'say' is no such opening)
_SUPPOSED_CASE = re.compile(
    r"^[*_`(\[\s-]*(?:(?:e\.g\.|for (?:example|instance))[,:]?\s+)?"
    r"(?:suppose|supposing|imagine|assume|assuming|let'?s say|假设|假如|假定|设想|仮に|仮定)"
    r"[^\n]{0,200}[:：]\s*$",
    re.I,
)
# a line that turns back to that case to work a figure out of it ('For the example above:', 'In
# this example,', '对于上面的例子:', '上例中', '上の例では'; never 'in this case', a run's words
# as often)
_BACK_TO_EXAMPLE = re.compile(
    r"\b(?:for|in|with|from|using)\s+(?:the|this|that|our)\s+(?:(?:above|previous|preceding)\s+)?"
    r"(?:example|scenario)\b(?:\s+above)?|"
    r"(?:上面|上述|以上|前面|这个|该)的?(?:例子|示例|例)|上例|(?:上|この|上記の)例",
    re.I,
)
_MEASURED_AGAIN = re.compile(
    r"\b(?:we|I)\s+(?:measured|got|saw|observed|ran)\b|"
    r"\b(?:my|our)\s+(?:real|actual|measured|own)\s+(?:numbers|figures|values|results|runs?)\b|"
    r"实测|实际测",
    re.I,
)
_MD_HEADING = re.compile(r"^\s*#{1,6}\s")
# a list item ('- p_1 = 0.8', '* rate: 70%', '1. k = 4'): under a supposing line, one of the
# values the case supposes
_ITEM = re.compile(r"^\s*(?:[-*+•]|\d{1,2}[.)])\s+\S")
# (a gate: the words of an example or of a supposition, one of which the paste must hold)
SUPPOSED_WORDS = (
    "例",
    "example",
    "scenario",
    "suppos",
    "assum",
    "imagine",
    "假设",
    "假如",
    "假定",
    "设想",
    "仮",
)


def worked_case_marks(lines: list[tuple[int, str]]) -> dict[int, str]:
    """Per line number, the words turning back to a supposed case: where a line opens by
    supposing a case and introduces it with a colon (_SUPPOSED_CASE), a later line turning back
    to that example (_BACK_TO_EXAMPLE) and every line after it, to a markdown heading or a line
    saying a run was measured, work the case out: their figures are the example's arithmetic,
    no run. The list items right under the supposing line (blank lines between allowed) state
    the case's values ('假设 ... 的接受率分别为:' over '- p_1 = 0.8'): no run either, unless the
    supposing line says a run was measured. One pass over the paste."""
    out: dict[int, str] = {}
    supposed, back = False, None
    lead: str | None = None  # the supposing line whose list of items follows, if one does
    for ln, t in lines:
        if back is not None:
            if _MD_HEADING.match(t) or _MEASURED_AGAIN.search(t):
                supposed, back = False, None
            else:
                out[ln] = back
                continue
        if lead is not None:
            # the list right under the supposing line states the case's values: no run's
            if _ITEM.match(t):
                out[ln] = lead
                continue
            lead = None if t.strip() else lead
        if not supposed:
            c = _SUPPOSED_CASE.match(t)
            supposed = c is not None
            if c is not None and not _MEASURED_AGAIN.search(t):
                lead = c.group(0).strip()
        elif (m := _BACK_TO_EXAMPLE.search(t)) is not None:
            back = m.group(0)
            out[ln] = back
    return out
