"""Reading a rule file's text from disk, with its refusals, and without the parser.

``parse_file`` reads through this, and so does ``rulespec.load`` when it only needs the text's hash
to trust a committed engine: the text is exactly what the parser sees (CRLF read as LF, no
byte-order mark, a final line break), so the hash is the one the generator recorded.
"""

from __future__ import annotations

from pathlib import Path

from .errors import RuleError, SourceText
from ..lib.limits import LIMIT, refusal


def read_rule_text(path: str | Path) -> str:
    """The text of the rule file at ``path`` as the parser reads it (without the final line break it
    adds); a file that is missing, too big, not a regular file or not UTF-8 is a RuleError."""
    path = Path(path)
    try:
        size = path.stat().st_size
    except OSError:
        size = 0
    if size > LIMIT.file_bytes:
        raise RuleError([SourceText(str(path), "").diagnostic(
            1, 1, refusal("file_bytes", size), hint="split the game into smaller files, or shorten it")]) from None
    if path.exists() and not path.is_file():  # a folder, a device, a pipe: nothing to read, or no end to it
        raise RuleError([SourceText(str(path), "").diagnostic(
            1, 1, f"{path} is not a rule file (not a regular file)", hint="give the path of a .rules file")]) from None
    try:
        with path.open("rb") as file:
            data = file.read(LIMIT.file_bytes + 1)  # never more than the limit, whatever stat() said
        if len(data) > LIMIT.file_bytes:
            raise RuleError([SourceText(str(path), "").diagnostic(
                1, 1, refusal("file_bytes", f"more than {LIMIT.file_bytes:,}"),
                hint="split the game into smaller files, or shorten it")]) from None
        # CRLF line endings read as LF; a lone CR is kept, so that the parser refuses it where it is
        # (universal newlines would silently make it a line break that no editor may show).
        text = data.decode("utf-8").replace("\r\n", "\n")
        if text.startswith("\ufeff"):  # a byte-order mark, as some Windows editors write: not part of the text
            text = text[1:]
    except FileNotFoundError:
        raise RuleError([SourceText(str(path), "").diagnostic(1, 1, f"no rule file at {path}")]) from None
    except OSError as error:
        raise RuleError([SourceText(str(path), "").diagnostic(
            1, 1, f"{path} cannot be read: {error.strerror or error}")]) from None
    except UnicodeDecodeError as error:
        raise RuleError([SourceText(str(path), "").diagnostic(
            1, 1, f"the file is not UTF-8 text ({error.reason})")]) from None
    return text


def parsed_text(text: str) -> str:
    """The text a parsed rule file records (``RuleFile.text``): ``text`` with a final line break."""
    return text if text.endswith("\n") else text + "\n"
