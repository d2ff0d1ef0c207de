"""Escaping for every text a rule file puts on the site: one helper per place a text can land.

A rule file's texts (the game's title, option and ruling titles, ruling texts, action templates,
``shown as`` templates, outcome texts, example and invariant titles, item labels, file names) are
the author's, and a site built from a rule file someone sent must show them as they are written,
never run them: ``<script>``, ``<img onerror=...>``, ``[x](javascript:...)``, ``*stars*``,
``{: onclick=... }`` (attr_list), a backtick run that would close a code span or a fence, a ``|``
that would split a table cell, ``<!--`` and ``&lt;`` must all come out as those characters.

The generated prose is Markdown that interleaves such texts with Markdown of its own (links,
emphasis, lists), so a text is escaped where it is inserted, by the helper for that place:

``md_text``   a text inside Markdown prose, a heading, a link's text, an image's alt text, a table
              cell, an admonition's or a content tab's title (Python-Markdown reads its
              backslash escapes and character references in all of those places)
``md_code``   an inline code span that holds the text exactly, whatever backticks are in it
``fenced``    a fenced code block (``` or longer: longer than any backtick run in the text)
``tab_title`` the title of a pymdownx content tab or an admonition (``=== "..."``, ``!!! note "..."``)
``html_text`` / ``html_attr``  HTML written directly (MkDocs' configuration: the theme prints the
              site name without escaping it)
``xml_text`` / ``xml_attr``    the text and the attributes of an SVG picture
``yaml_str``  a scalar in a YAML file (mkdocs.yml)
"""

from __future__ import annotations

import json
import re
from html import escape as _html_escape

# Characters that start Markdown syntax anywhere in a line, written with Python-Markdown's backslash
# escapes (\X), and characters that have none there (`\<` shows the backslash), written as character
# references, which Markdown passes through as they are. `-`, `+`, `=`, `!`, `?`, `~`, `:` and a
# number's `.` only mean something at the start of a line (a list, a rule, a setext heading, an
# admonition, a details block, a content tab, a ~~~ fence): escaped there.
_BACKSLASHED = set("\\`*_{}[]|#")
_REFERENCES = {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}
_START_ESCAPES = {"-": "\\-", "+": "\\+", ".": "\\.", "!": "\\!", ")": "&#41;", "=": "&#61;", "?": "&#63;",
                  "~": "&#126;", ":": "&#58;"}
_LINE_START = re.compile(r"^(\s*)(\d+[.)]|[-+=!.?~:])")
_WORD = re.compile(r"\w")
_LINE_BREAKS = re.compile(r"[\r\n\u2028\u2029\x0b\x0c\x85]+")
# What XML 1.0 does not allow in a document at all (an SVG with one of these does not load).
_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]")


def _one_line(text: object) -> str:
    return _LINE_BREAKS.sub(" ", str(text))


def md_text(text: object) -> str:
    """``text`` as literal inline Markdown: every character that could start Markdown syntax, raw
    HTML, a character reference or an attribute list is escaped, so it shows exactly as written."""
    text = _one_line(text).replace("\t", " ")
    out = []
    for i, ch in enumerate(text):
        if ch == "_" and _inside_a_word(text, i):
            out.append(ch)  # a_name: Markdown never reads an underscore between letters as emphasis
        elif ch in _BACKSLASHED:
            out.append("\\" + ch)
        else:
            out.append(_REFERENCES.get(ch, ch))
    said = "".join(out)
    # the text may begin a line (a heading, a wrapped line of a ruling's text): no list, rule or heading
    return _LINE_START.sub(lambda m: m.group(1) + m.group(2)[:-1] + _START_ESCAPES[m.group(2)[-1]], said)


def _inside_a_word(text: str, i: int) -> bool:
    """Whether the run of underscores at ``i`` has a letter or digit on both sides (within ``text``: its
    ends count as the edges of a word, since the text may be put next to anything)."""
    start, end = i, i
    while start > 0 and text[start - 1] == "_":
        start -= 1
    while end < len(text) and text[end] == "_":
        end += 1
    return 0 < start and end < len(text) and bool(_WORD.match(text[start - 1])) and bool(_WORD.match(text[end]))


def tab_title(text: object) -> str:
    """The text between the quotes of ``=== "..."`` or ``!!! note "..."`` (no quote can end it early)."""
    return md_text(text)


def _longest_backtick_run(text: str) -> int:
    return max((len(run) for run in re.findall(r"`+", text)), default=0)


def md_code(text: object) -> str:
    """``text`` as an inline code span: delimited by more backticks than any run inside it, and padded
    with a space where it starts or ends with a backtick (Markdown strips that space again)."""
    text = _one_line(text)
    if not text.strip():
        return "` `" if text else ""
    fence = "`" * (_longest_backtick_run(text) + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def fenced(text: str, lang: str = "", indent: str = "") -> list[str]:
    """``text`` as a fenced code block (its lines, each indented by ``indent``): the fence is longer
    than any backtick run in the text, so no line of it can close the block."""
    fence = "`" * max(3, _longest_backtick_run(text) + 1)
    lines = [f"{indent}{fence}{lang}"]
    lines += [indent + line if line.strip() or not indent else "" for line in text.splitlines()]
    lines.append(f"{indent}{fence}")
    return lines


def html_text(text: object) -> str:
    """``text`` as the content of an HTML element."""
    return _html_escape(str(text), quote=False)


def html_attr(text: object) -> str:
    """``text`` inside a quoted HTML attribute (both quote characters escaped)."""
    return _html_escape(str(text), quote=True)


def xml_text(text: object) -> str:
    """``text`` as the content of an SVG element: escaped, without the characters XML forbids."""
    return _NOT_XML.sub("", _html_escape(str(text), quote=False))


def xml_attr(text: object) -> str:
    """``text`` inside a quoted SVG attribute."""
    return _NOT_XML.sub("", _html_escape(str(text), quote=True))


def yaml_str(text: object) -> str:
    """``text`` as a YAML scalar (a JSON string is a double-quoted YAML scalar)."""
    return json.dumps(str(text), ensure_ascii=True)
