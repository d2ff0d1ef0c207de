"""Texts shown to players: when two of them look alike, which ones are refused, and how a terminal shows them.

A player tells actions and components apart by their texts, so two texts must differ in what they
show. :func:`skeleton` is what a text shows: Unicode's compatibility form (NFKC: fullwidth `ｔ` is `t`,
a no-break space a space), invisible characters dropped, runs of spaces one space, and the Cyrillic,
Greek and Armenian letters that look like Latin ones written as those. Every comparison of shown texts
goes through it. :func:`shown_text_problem` refuses, in one text, what makes it look like another:
an invisible character, a word that mixes alphabets (`tаke`, Cyrillic `а`), a letter written twice
over (not in composed form, NFC), a combining mark with no letter under it, fullwidth or styled letters.
A whole word in Greek, Japanese or accented Latin (`café`) is plain text.

:func:`terminal_safe` shows control and invisible characters escaped (``\\u200b``), as `repr` does.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from typing import Iterable, Optional, TypeVar

T = TypeVar("T")

# Unicode's Default_Ignorable_Code_Point ranges (DerivedCoreProperties.txt): shown as nothing by design.
# Most are of category Cf; the rest (fillers, variation selectors, the combining grapheme joiner, reserved
# code points) are listed here so that an older or newer unicodedata changes nothing.
_DEFAULT_IGNORABLE = (
    (0x00AD, 0x00AD), (0x034F, 0x034F), (0x061C, 0x061C), (0x115F, 0x1160), (0x17B4, 0x17B5),
    (0x180B, 0x180F), (0x200B, 0x200F), (0x202A, 0x202E), (0x2060, 0x206F), (0x3164, 0x3164),
    (0xFE00, 0xFE0F), (0xFEFF, 0xFEFF), (0xFFA0, 0xFFA0), (0xFFF0, 0xFFF8), (0x1BCA0, 0x1BCA3),
    (0x1D173, 0x1D17A), (0xE0000, 0xE0FFF),
)
_INVISIBLE_CATEGORIES = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})

# Letters of other alphabets that look like Latin ones, written as those in a skeleton. Not Unicode's
# whole confusables list (UTS #39): the alphabets a look-alike of a Latin text is made from.
_LOOK_ALIKE = str.maketrans({
    # Cyrillic
    "а": "a", "е": "e", "ё": "ë", "һ": "h", "і": "i", "ї": "ï", "ј": "j", "о": "o", "р": "p", "с": "c",
    "ԁ": "d", "ѕ": "s", "у": "y", "х": "x", "ԛ": "q", "ԝ": "w", "ӏ": "l", "ү": "y", "ɡ": "g",
    "А": "A", "В": "B", "Е": "E", "Ѐ": "È", "Ё": "Ë", "І": "I", "Ї": "Ï", "Ј": "J", "К": "K", "М": "M",
    "Н": "H", "О": "O", "Р": "P", "С": "C", "Ѕ": "S", "Т": "T", "У": "Y", "Х": "X", "Ү": "Y", "Ԛ": "Q",
    "Ԝ": "W", "Ӏ": "I",
    # Greek
    "α": "a", "ο": "o", "ρ": "p", "ν": "v", "υ": "u", "ι": "i", "κ": "k", "χ": "x", "γ": "y", "ϲ": "c",
    "ϳ": "j", "Α": "A", "Β": "B", "Ε": "E", "Ζ": "Z", "Η": "H", "Ι": "I", "Κ": "K", "Μ": "M", "Ν": "N",
    "Ο": "O", "Ρ": "P", "Τ": "T", "Υ": "Y", "Χ": "X", "Ϲ": "C", "Ϳ": "J",
    # Armenian, and Latin letters that stand for others
    "օ": "o", "ս": "u", "հ": "h", "ո": "n", "զ": "q", "Օ": "O", "Ս": "U",
    "ı": "i", "ɑ": "a", "ɩ": "i",
})

# Alphabets with letters that look like Latin ones: a word may not mix two of them. Other scripts mix in
# words as they are written (Japanese kanji with kana, a Latin letter before katakana).
_ALPHABETS = frozenset({"LATIN", "GREEK", "CYRILLIC", "ARMENIAN", "CHEROKEE", "COPTIC"})
_MARKS_ON_ONE_LETTER = 3  # Vietnamese, Thai or pointed Hebrew put at most this many marks on a letter
_FIELD = re.compile(r"\{[^{}]*\}")


def is_invisible(char: str) -> bool:
    """Whether ``char`` shows nothing, or only a space that is not the space: a control or format
    character (category Cc, Cf), a space other than U+0020, a line or paragraph separator, a default
    ignorable code point (a variation selector, a filler)."""
    category = unicodedata.category(char)
    if category in _INVISIBLE_CATEGORIES or (category == "Zs" and char != " "):
        return True
    code = ord(char)
    return any(low <= code <= high for low, high in _DEFAULT_IGNORABLE)


def _is_blank(char: str) -> bool:
    return char == "\t" or unicodedata.category(char) == "Zs"


def skeleton(text: str, casefold: bool = False) -> str:
    """What ``text`` shows: two texts with the same skeleton look alike to a player."""
    kept = "".join(" " if _is_blank(c) else "" if is_invisible(c) else c for c in text)
    shown = unicodedata.normalize("NFKC", kept).translate(_LOOK_ALIKE)
    shown = " ".join("".join(c for c in shown if not is_invisible(c)).split())
    return shown.casefold() if casefold else shown


def escape(char: str) -> str:
    """``char`` as a repr escape: ``\\x1b``, ``\\u200b``, ``\\U000e0041``."""
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


_ASCII_CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f]")
_NOT_PLAIN = re.compile("[^\t\n\x20-\x7e]")


def terminal_safe(text: str) -> str:
    """``text`` with every control and invisible character but tab and line break shown escaped."""
    if text.isascii():
        return _ASCII_CONTROL.sub(lambda found: escape(found.group()), text)
    return _NOT_PLAIN.sub(lambda found: escape(found.group()) if is_invisible(found.group()) else found.group(), text)


def has_hidden(text: str) -> bool:
    """Whether :func:`terminal_safe` would change ``text``."""
    return terminal_safe(text) != text


def describe_char(char: str) -> str:
    """`U+0430 CYRILLIC SMALL LETTER A`."""
    name = unicodedata.name(char, "") or ("a tab" if char == "\t" else "a control character")
    return f"U+{ord(char):04X} {name}"


@dataclass(frozen=True)
class TextProblem:
    offset: int  # where in the text, from 0
    message: str
    hint: str


def shown_text_problem(text: str) -> Optional[TextProblem]:
    """The first thing in ``text`` (an action's template or a component's label; `{...}` fields stand for
    plain words) that could make it look like another text, or None."""
    # A field is a word of its own alphabet-neutral letters: `{n}х` reads as `3х`, a word with a Cyrillic х.
    plain = _FIELD.sub(lambda found: "a" * len(found.group()), text)
    for check in (_invisible_problem, _styled_problem, _mark_problem):
        problem = check(plain)
        if problem is not None:
            return problem
    return _mixed_problem(plain, text)


def _invisible_problem(text: str) -> Optional[TextProblem]:
    for offset, char in enumerate(text):
        if is_invisible(char):
            hint = ("write a plain space" if _is_blank(char) else
                    "delete it: two texts that differ only by it look the same to a player")
            return TextProblem(offset, f"{describe_char(char)} is invisible in a text shown to players", hint)
    return None


def _styled_problem(text: str) -> Optional[TextProblem]:
    """A fullwidth, halfwidth or mathematical-styled form of a letter or digit: another way of writing it."""
    for offset, char in enumerate(text):
        tag = unicodedata.decomposition(char).split(" ", 1)[0]
        if tag not in ("<wide>", "<narrow>", "<font>"):
            continue
        plain = unicodedata.normalize("NFKC", char)
        if plain.isalnum() and (tag == "<font>" or plain.isascii()):
            return TextProblem(offset, f"{describe_char(char)} is a styled way of writing `{plain}`",
                               f"write `{plain}`: a player cannot tell the two apart")
    return None


def _mark_problem(text: str) -> Optional[TextProblem]:
    """Combining marks: a letter written as letter and marks where it has one form of its own (not NFC),
    a mark with no letter or digit under it, or more marks on one letter than any language puts there."""
    start = 0
    while start < len(text):
        end = start + 1
        while end < len(text) and unicodedata.category(text[end]).startswith("M"):
            end += 1
        cluster = text[start:end]
        base = cluster[0]
        if unicodedata.category(base).startswith("M") or (len(cluster) > 1 and not base.isalnum()):
            at = start if unicodedata.category(base).startswith("M") else start + 1
            return TextProblem(at, f"{describe_char(text[at])} is a combining mark with no letter under it",
                               "delete it, or put it right after the letter it marks")
        if len(cluster) - 1 > _MARKS_ON_ONE_LETTER:
            return TextProblem(start + 1, f"{len(cluster) - 1} combining marks are stacked on `{base}`",
                               "write the letter with the marks its language gives it")
        composed = unicodedata.normalize("NFC", cluster)
        if composed != cluster:
            return TextProblem(start + 1, f"`{base}` and {describe_char(text[start + 1])} are written as two "
                                          f"characters where `{composed}` is one",
                               f"write `{composed}` as one character (the composed form, NFC), as a keyboard does")
        start = end
    return None


def _alphabet(char: str) -> Optional[str]:
    if not unicodedata.category(char).startswith("L"):
        return None
    alphabet = unicodedata.name(char, "").split(" ", 1)[0]
    return alphabet if alphabet in _ALPHABETS else None


def _mixed_problem(text: str, written: str) -> Optional[TextProblem]:
    """A word (a run of letters and marks) with letters of two of the alphabets that look alike (``text``
    is ``written`` with its fields as letters)."""
    start, first = 0, None
    for offset, char in enumerate(text):
        if not unicodedata.category(char).startswith(("L", "M")):
            start, first = offset + 1, None
            continue
        alphabet = _alphabet(char)
        if alphabet is None:
            continue
        if first is None:
            first = alphabet
        elif alphabet != first:
            end = offset
            while end < len(text) and unicodedata.category(text[end]).startswith(("L", "M")):
                end += 1
            return TextProblem(offset, f"{describe_char(char)} in \"{written[start:end]}\" mixes "
                                       f"{alphabet.title()} and {first.title()} letters in one word",
                               "write the word in one alphabet: a letter of another that looks alike "
                               "makes two texts look the same")
    return None


def look_alikes(texts: Iterable[tuple[str, T]]) -> list[tuple[tuple[str, T], tuple[str, T]]]:
    """Pairs (the first, a later one) of ``(text, where)`` entries whose texts differ but look alike;
    each later text is paired once, with the first text of its look."""
    first: dict[str, tuple[str, T]] = {}
    pairs, reported = [], set()
    for text, where in texts:
        seen = first.setdefault(skeleton(text), (text, where))
        if seen[0] != text and text not in reported:
            reported.add(text)
            pairs.append((seen, (text, where)))
    return pairs


def difference(text: str, other: str) -> str:
    """Where two texts that look alike differ, said with the characters' names."""
    for offset, (mine, theirs) in enumerate(zip(text, other)):
        if mine != theirs:
            return f"{describe_char(mine)} where the other has {describe_char(theirs)}"
    longer, shorter = (text, other) if len(text) > len(other) else (other, text)
    extra = longer[len(shorter)]
    return f"{'it' if longer is text else 'the other'} goes on with {describe_char(extra)}"
