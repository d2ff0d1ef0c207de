"""Every file rulespec writes or deletes goes through an :class:`OutputFolder`: a folder the user named
(or a command's default) and paths inside it. Nothing leaves the folder, by construction:

- a path is relative to the folder and is refused (:class:`UnsafePath`) if it is absolute, climbs out
  (``..``), or passes through or ends at a symbolic link inside the folder;
- the folder itself is no symbolic link; a folder named by a relative path is reached through none
  (an absolute path may pass through links above the folder: the user spelled it out);
- a file is written to a temporary file beside it, then moved onto its name (``os.replace``): a link
  put in the way is replaced, never followed;
- only regular files are deleted, and a folder is emptied only when rulespec wrote it (it holds the
  command's marker file) or the caller says so (``force``), else :class:`ForeignFolder`.

Standard library only, so that any layer may import it.
"""

from __future__ import annotations

import os
import shutil
import stat
import tempfile
from pathlib import Path
from typing import IO, Optional, Union

PathLike = Union[str, Path]
_NO_FOLLOW = getattr(os, "O_NOFOLLOW", 0)  # POSIX; elsewhere the lstat checks below stand alone


class UnsafePath(ValueError):
    """A path that would leave the output folder, or a link in the way: nothing is written or deleted."""

    def __init__(self, path: PathLike, folder: PathLike, why: str, doing: str = "writes and deletes"):
        self.path, self.folder, self.why = str(path), str(folder), why
        super().__init__(f"refused {self.path}: {why}; rulespec {doing} only inside {self.folder}")


class ForeignFolder(UnsafePath):
    """An existing folder that rulespec did not write (no marker file) and would empty or overwrite."""

    def __init__(self, folder: PathLike, hint: str = "pass force=True to replace them"):
        super().__init__(folder, folder, "it holds files rulespec did not write")
        self.args = (f"{self.folder} holds files rulespec did not write: nothing written; choose another "
                     f"folder, or {hint}",)


def _is_link(path: Path) -> bool:
    return os.path.islink(path)


def _check_folder_path(folder: Path) -> None:
    """The output folder is no link; named relative to the current folder, it is reached through none."""
    if _is_link(folder):
        raise UnsafePath(folder, folder, "the output folder is a symbolic link (give the folder it points to)")
    if folder.is_absolute():
        return
    step = Path()
    for part in folder.parts[:-1]:
        step = step / part
        if part not in (".", "..") and _is_link(step):
            raise UnsafePath(folder, step, f"{step} is a symbolic link (give the folder it points to)")


def _file_mode() -> int:
    """The mode a new file gets from open() under the current umask (mkstemp makes 0600)."""
    mask = os.umask(0o022)
    os.umask(mask)
    return 0o666 & ~mask


class OutputFolder:
    """A folder rulespec writes into (made if missing); see the module's notes."""

    def __init__(self, root: PathLike):
        self.root = Path(root)
        _check_folder_path(self.root)
        if self.root.exists() and not self.root.is_dir():
            raise UnsafePath(self.root, self.root, "it is a file, not a folder")
        self.root.mkdir(parents=True, exist_ok=True)
        _check_folder_path(self.root)  # made just now: still no link

    def inside(self, relative: PathLike) -> Path:
        """The path of ``relative`` in the folder, or UnsafePath if it leaves it or meets a link."""
        text = str(relative)
        given = Path(text)
        if not text or "\0" in text or given.is_absolute() or given.drive or given.root:
            raise UnsafePath(text, self.root, "not a relative path inside the folder")
        if ".." in given.parts:
            raise UnsafePath(text, self.root, "it climbs out of the folder (..)")
        parts = [part for part in given.parts if part != "."]
        if not parts:
            raise UnsafePath(text, self.root, "it names the folder itself, not a file in it")
        target = self.root
        for part in parts:
            target = target / part
            if _is_link(target):
                raise UnsafePath(text, self.root, f"{target} is a symbolic link")
        return target

    def is_file(self, relative: PathLike) -> bool:
        """Whether ``relative`` is a regular file in the folder (not a link, not a folder)."""
        try:
            return stat.S_ISREG(os.lstat(self.inside(relative)).st_mode)
        except (OSError, UnsafePath):
            return False

    def read_bytes(self, relative: PathLike) -> Optional[bytes]:
        """A regular file's bytes (None if it is missing); never read through a link."""
        target = self.inside(relative)
        try:
            handle = os.open(target, os.O_RDONLY | _NO_FOLLOW)
        except FileNotFoundError:
            return None
        with os.fdopen(handle, "rb") as stream:
            if not stat.S_ISREG(os.fstat(stream.fileno()).st_mode):
                raise UnsafePath(relative, self.root, "not a regular file")
            return stream.read()

    def read_text(self, relative: PathLike) -> Optional[str]:
        data = self.read_bytes(relative)
        return None if data is None else data.decode("utf-8", errors="replace")

    def write_bytes(self, relative: PathLike, data: bytes) -> bool:
        """Write ``data`` to ``relative`` (its folders made); False if it already held exactly that."""
        target = self.inside(relative)
        if self.is_file(relative) and self.read_bytes(relative) == data:
            return False
        self._make_folders(target.parent)
        handle, temporary = tempfile.mkstemp(dir=target.parent, prefix=".rulespec-", suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as stream:
                stream.write(data)
            os.chmod(temporary, _file_mode())
            self.inside(relative)  # no link appeared on the way meanwhile
            os.replace(temporary, target)  # a link at the target is replaced, not followed
        except BaseException:
            if os.path.lexists(temporary):
                os.unlink(temporary)
            raise
        return True

    def write_text(self, relative: PathLike, text: str) -> bool:
        return self.write_bytes(relative, text.encode("utf-8"))

    def open_append(self, relative: PathLike) -> IO[str]:
        """``relative`` opened to append text (made if missing), never through a link."""
        target = self.inside(relative)
        self._make_folders(target.parent)
        handle = os.open(target, os.O_WRONLY | os.O_APPEND | os.O_CREAT | _NO_FOLLOW, 0o666)
        stream = os.fdopen(handle, "a", encoding="utf-8")
        if not stat.S_ISREG(os.fstat(handle).st_mode):
            stream.close()
            raise UnsafePath(relative, self.root, "not a regular file")
        return stream

    def delete(self, relative: PathLike) -> bool:
        """Delete the regular file ``relative`` (False if it is missing); anything else is refused."""
        target = self.inside(relative)
        try:
            mode = os.lstat(target).st_mode
        except FileNotFoundError:
            return False
        if not stat.S_ISREG(mode):
            raise UnsafePath(relative, self.root, "not a regular file")
        os.unlink(target)
        return True

    def remove_empty_folders(self) -> None:
        """Remove the empty folders below the root (never following a link)."""
        for here, folders, files in os.walk(self.root, topdown=False):
            for name in folders:
                path = Path(here) / name
                if not _is_link(path) and not any(path.iterdir()):
                    path.rmdir()

    def empty(self) -> None:
        """Remove everything in the folder: links themselves (not what they point to), files, folders.
        Only for a folder :func:`claim_folder` let through."""
        for entry in self.root.iterdir():
            if _is_link(entry) or not entry.is_dir():
                entry.unlink()
            else:
                shutil.rmtree(entry)  # does not follow links inside

    def mark(self, marker: str, text: str = "") -> None:
        """Leave the marker file that makes the folder rulespec's for :func:`claim_folder`."""
        self.write_text(marker, text or "This folder is written by rulespec; it may empty and rewrite it.\n")

    def _make_folders(self, folder: Path) -> None:
        folder.mkdir(parents=True, exist_ok=True)
        if folder != self.root:
            self.inside(folder.relative_to(self.root))  # none of them was a link


def claim_folder(root: PathLike, marker: str, force: bool = False,
                 hint: str = "pass force=True to replace them") -> OutputFolder:
    """The output folder ``root``, which the caller will empty or overwrite as its own: allowed when it
    is missing, empty or holds rulespec's ``marker`` (a regular file), or with ``force``; else
    ForeignFolder (``hint`` says how to force it). A link as the folder is refused even with force."""
    root = Path(root)
    _check_folder_path(root)
    if root.is_dir() and any(root.iterdir()) and not force:
        marked = root / marker
        if _is_link(marked) or not marked.is_file():
            raise ForeignFolder(root, hint)
    return OutputFolder(root)


def output_file(path: PathLike) -> tuple[OutputFolder, str]:
    """A single file the user named (``--save FILE``): its folder (made if missing) and its name in it."""
    path = Path(path)
    if not path.name or path.name in (".", ".."):
        raise UnsafePath(path, path.parent, "not a file name")
    return OutputFolder(path.parent), path.name
