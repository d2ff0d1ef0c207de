"""Lines of input read with a timeout: a person racing bots types while the bots' claims come due.

A reader thread moves each line of a stream into a queue as it is typed, so that waiting for a line
can stop at a deadline on every platform and for any stream (a terminal, a pipe). Only the one
reader thread ever reads the stream: every line of a session must come through the same TimedLines.

A line is read at most MAX_LINE_CHARS characters at a time (bounded_line): a longer one is dropped to
its end and read as TOO_LONG, which the prompt refuses and asks again, so a pasted megabyte costs no
more memory than an answer.
"""

from __future__ import annotations

import queue
import sys
import threading
from typing import IO, Optional

TIMED_OUT = None  # what readline returns when the deadline passed first
MAX_LINE_CHARS = 10_000  # the longest answer read: an action's text is one line of a rule file and its labels
TOO_LONG = "\0(a line longer than MAX_LINE_CHARS)\n"  # what such a line reads as (compared by identity)


def bounded_line(stream: IO[str]) -> str:
    """The next line of ``stream`` (with its newline), "" at its end, or TOO_LONG for a line of more than
    MAX_LINE_CHARS characters, whose rest is read and dropped a bounded piece at a time."""
    line = stream.readline(MAX_LINE_CHARS + 1)
    if len(line) <= MAX_LINE_CHARS or line.endswith("\n"):
        return line
    while True:
        rest = stream.readline(MAX_LINE_CHARS)
        if rest == "" or rest.endswith("\n"):
            return TOO_LONG


class TimedLines:
    def __init__(self, stream: IO[str]):
        self.stream = stream
        self.lines: "queue.Queue[str]" = queue.Queue()
        self.reader = threading.Thread(target=self._read, name="rulespec-timed-input", daemon=True)
        self.reader.start()

    def _read(self) -> None:
        while True:
            try:
                line = bounded_line(self.stream)
            except (OSError, ValueError):  # the stream closed under the reader
                line = ""
            self.lines.put(line)
            if line == "":  # end of input: readline gives "" from now on
                return

    def readline(self, timeout: Optional[float] = None) -> Optional[str]:
        """The next line (with its newline), "" at the end of input, or TIMED_OUT once ``timeout``
        seconds have passed without a whole line (None: wait as long as it takes)."""
        try:
            line = self.lines.get(timeout=None if timeout is None else max(timeout, 0.0))
        except queue.Empty:
            return TIMED_OUT
        if line == "":
            self.lines.put("")  # stays at the end
        return line

    def discard_typed(self) -> list[str]:
        """Drop what was typed but is now too late: a half-typed line on a terminal (the kernel's line
        buffer) and whole lines not read yet; returns the whole lines dropped."""
        try:
            import termios
            if self.stream.isatty():
                termios.tcflush(self.stream.fileno(), termios.TCIFLUSH)
        except (ImportError, OSError, ValueError, AttributeError):
            pass  # not a terminal, or not POSIX: there is no half-typed line to drop
        dropped = []
        while True:
            try:
                line = self.lines.get_nowait()
            except queue.Empty:
                return dropped
            if line == "":
                self.lines.put("")
                return dropped
            dropped.append(line)


_STDIN: Optional[TimedLines] = None


def stdin_lines() -> TimedLines:
    """The one TimedLines of this process's standard input (made on first use)."""
    global _STDIN
    if _STDIN is None or _STDIN.stream is not sys.stdin:
        _STDIN = TimedLines(sys.stdin)
    return _STDIN
