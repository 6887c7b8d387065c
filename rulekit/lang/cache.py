"""rulekit's cache directory and every file kept in it: which directory is trusted, and how an
entry is written, sealed and read back (the grammar's tables, the parsed texts, the compiled code
and the compiled games all go through here).

The directory is RULEKIT_CACHE_DIR (empty turns caching off), else XDG_CACHE_HOME/rulekit, else
~/.cache/rulekit. As Python's __pycache__ and ssh's ~/.ssh are, it and each folder rulekit makes
in it (0700) are used only when they are real directories (not symbolic links) of the current
user that neither group nor others can write; otherwise that cache is off, with one warning per
process naming the directory and the fix. Every file is opened relative to its checked folder
without following links: written under a fresh name (O_EXCL) and renamed into place, read back
only when it is a regular file of the user's that others cannot write, and the oldest past
MAX_FILES are dropped without following links either. Each entry is sealed by an HMAC-SHA256 of
its name and bytes under a secret key kept beside it (KEY_FILE: 32 random bytes, 0600), so an
entry rulekit did not write (forged, copied, damaged) is ignored and written anew: it is never
unpickled or unmarshalled. Where the system lacks O_NOFOLLOW or dir_fd (Windows), nothing is
cached.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import os
import secrets
import shlex
import stat
import warnings
from collections.abc import Iterator
from dataclasses import dataclass

MAX_FILES = 64  # entries kept per folder: the oldest written are dropped past it
MAGIC = b"rulekit-cache 1\n"  # the first line of every entry
KEY_FILE = "seal-key"  # in the directory itself
KEY_SIZE = 32
_SEAL_SIZE = 32  # an HMAC-SHA256

SUPPORTED = (hasattr(os, "O_NOFOLLOW") and hasattr(os, "O_DIRECTORY") and hasattr(os, "geteuid")
             # os.rename stands for os.replace (the same renameat)
             and {os.open, os.mkdir, os.rename, os.unlink, os.link, os.stat} <= os.supports_dir_fd
             and os.scandir in os.supports_fd)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
_OPEN_DIR = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | _NOFOLLOW
# O_NONBLOCK: a fifo planted under an entry's name cannot hang the read (a file ignores it)
_OPEN_FILE = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | _NOFOLLOW
_CREATE_FILE = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW

_warned: set[str] = set()  # the directories refused so far: each is named once per process


@dataclass(frozen=True)
class Entry:
    """One file of the cache: its name in folder (a folder of root, or "" for root itself)."""

    root: str
    folder: str
    name: str

    @property
    def path(self) -> str:
        """Where the file lies."""
        return os.path.join(self.root, self.folder, self.name)


def cache_dir() -> str | None:
    """rulekit's cache directory, made if need be; None when caching is turned off, the
    directory cannot be made, or it is refused (with a warning: not the user's own, a symbolic
    link, or writable by others)."""
    chosen = os.environ.get("RULEKIT_CACHE_DIR")
    if chosen == "" or not SUPPORTED:
        return None
    if chosen is None:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        chosen = os.path.join(base, "rulekit")
    with contextlib.suppress(OSError):  # one that cannot be made is reported by the check below
        os.makedirs(chosen, mode=0o700, exist_ok=True)
    fd = _open_dir(chosen, chosen, None, create=False)
    if fd is None:
        return None
    os.close(fd)
    return chosen


def digest(text: str) -> str:
    """The SHA-256 of text, in hex (any text: unpaired surrogates included)."""
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def ruleset_file(folder: str, file: str, text: str, suffix: str) -> Entry | None:
    """The entry, in folder of the cache directory, of the ruleset file with this text; None
    when caching is off."""
    base = cache_dir()
    if base is None:
        return None
    return Entry(base, folder, digest(f"{file}\0{text}") + suffix)


def root_file(name: str) -> Entry | None:
    """The entry called name in the cache directory itself; None when caching is off."""
    base = cache_dir()
    return None if base is None else Entry(base, "", name)


def read(entry: Entry) -> bytes | None:
    """What rulekit wrote to entry, or None: missing, refused, damaged or not sealed by this
    user's key (then it is written anew)."""
    with _folder(entry, create=False) as (root_fd, fd):
        if fd is None:
            return None
        key = _key(root_fd, create=False)
        data = None if key is None else _read_file(entry.name, fd)
    if key is None or data is None or not data.startswith(MAGIC):
        return None
    start = len(MAGIC) + _SEAL_SIZE
    if len(data) < start or not hmac.compare_digest(
            data[len(MAGIC):start], _seal(key, entry, memoryview(data)[start:])):
        return None
    return data[start:]


def write(entry: Entry, payload: bytes) -> None:
    """Write payload to entry, sealed, whole or not at all (a reader never sees half of it),
    then drop the oldest entries of its kind in its folder past MAX_FILES. A read-only,
    crowded or refused cache leaves it as it was: the work is done again next time."""
    with _folder(entry, create=True) as (root_fd, fd):
        if fd is None:
            return
        key = _key(root_fd, create=True)
        if key is None:
            return
        head = MAGIC + _seal(key, entry, payload)
        if _put(fd, entry.name, (head, payload)) and entry.folder:
            _prune(fd, os.path.splitext(entry.name)[1])


def _seal(key: bytes, entry: Entry, payload: bytes | memoryview) -> bytes:
    """The HMAC of entry's name and payload: an entry moved to another name fails it too."""
    mac = hmac.new(key, f"{entry.folder}/{entry.name}\0".encode("utf-8", "surrogatepass"),
                   hashlib.sha256)
    mac.update(payload)
    return mac.digest()


@contextlib.contextmanager
def _folder(entry: Entry, create: bool) -> Iterator[tuple[int, int | None]]:
    """The checked root's descriptor (-1 when refused) and the checked folder's (None when
    refused or, unless create, missing); both closed after the block."""
    opened: list[int] = []
    try:
        root_fd = _open_dir(entry.root, entry.root, None, create=False)
        if root_fd is None:
            yield -1, None
            return
        opened.append(root_fd)
        if not entry.folder:
            yield root_fd, root_fd
            return
        fd = _open_dir(entry.folder, os.path.join(entry.root, entry.folder), root_fd, create)
        if fd is not None:
            opened.append(fd)
        yield root_fd, fd
    finally:
        for fd in opened:
            os.close(fd)


def _open_dir(name: str, shown: str, parent: int | None, create: bool) -> int | None:
    """A descriptor of directory name (in parent's, made 0700 if create and missing) when it
    passes the checks; None when missing or refused (warned once)."""
    if create:
        with contextlib.suppress(OSError):  # an existing one is checked below
            os.mkdir(name, 0o700, dir_fd=parent)
    try:
        fd = os.open(name, _OPEN_DIR, dir_fd=parent)  # a symbolic link fails here
    except OSError:
        try:
            st = os.stat(name, dir_fd=parent, follow_symlinks=False)
        except OSError:
            return None  # missing, or cannot be made (a read-only disk): nothing cached
        why = _fault(st, stat.S_IFDIR)
        if why is not None:
            _refuse(shown, why, parent is not None)
        return None
    why = _fault(os.fstat(fd), stat.S_IFDIR)
    if why is None:
        return fd
    os.close(fd)
    _refuse(shown, why, parent is not None)
    return None


def _fault(st: os.stat_result, kind: int) -> str | None:
    """Why a file or directory with this status is not to be trusted, or None."""
    if stat.S_ISLNK(st.st_mode):
        return "it is a symbolic link"
    if stat.S_IFMT(st.st_mode) != kind:
        return "it is not a directory" if kind == stat.S_IFDIR else "it is not a regular file"
    if st.st_uid != os.geteuid():
        return f"it belongs to another user (uid {st.st_uid})"
    if st.st_mode & (stat.S_IWGRP | stat.S_IWOTH):
        return f"other users can write to it (mode {stat.S_IMODE(st.st_mode):o})"
    return None


def _refuse(path: str, why: str, folder: bool) -> None:
    """Say once per process that path is not used, why, and how to mend it."""
    if path in _warned:
        return
    _warned.add(path)
    if why.startswith("other users"):
        fix = f"run `chmod 700 {shlex.quote(path)}`, or set"
    elif folder:
        fix = "remove it (rulekit makes it anew), or set"
    else:
        fix = "set"
    warnings.warn(f"rulekit runs without its cache: {path} is not used, as {why}. To mend it, "
                  f"{fix} RULEKIT_CACHE_DIR to a directory of your own (empty: no cache)",
                  RuntimeWarning, stacklevel=2)


def _read_file(name: str, dir_fd: int) -> bytes | None:
    """The bytes of regular file name in dir_fd's folder if it is the user's and others
    cannot write it; None otherwise (a symbolic link is not followed)."""
    try:
        fd = os.open(name, _OPEN_FILE, dir_fd=dir_fd)
    except OSError:
        return None
    with os.fdopen(fd, "rb", buffering=0) as f:
        if _fault(os.fstat(fd), stat.S_IFREG) is not None:
            return None
        try:
            return f.readall()
        except OSError:
            return None


def _fresh_file(dir_fd: int, parts: tuple[bytes, ...]) -> str | None:
    """The name of a new temporary file (only this user may read it) in dir_fd's folder
    holding parts, or None if it could not be written whole (nothing is left behind)."""
    tmp = f".tmp-{secrets.token_hex(8)}"
    try:
        fd = os.open(tmp, _CREATE_FILE, 0o600, dir_fd=dir_fd)
    except OSError:
        return None
    try:
        with os.fdopen(fd, "wb") as f:
            for part in parts:
                f.write(part)
        return tmp
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(tmp, dir_fd=dir_fd)
        return None


def _put(dir_fd: int, name: str, parts: tuple[bytes, ...]) -> bool:
    """Write parts to name in dir_fd's folder through a fresh temporary file; whether done."""
    tmp = _fresh_file(dir_fd, parts)
    if tmp is None:
        return False
    try:
        os.replace(tmp, name, src_dir_fd=dir_fd, dst_dir_fd=dir_fd)  # replaces a link, never
        return True  # follows it
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(tmp, dir_fd=dir_fd)
        return False


def _prune(dir_fd: int, suffix: str) -> None:
    """Drop the oldest regular files ending in suffix in dir_fd's folder past MAX_FILES."""
    try:
        with os.scandir(dir_fd) as found:
            files = sorted((e.stat(follow_symlinks=False).st_mtime, e.name) for e in found
                           if e.name.endswith(suffix) and e.is_file(follow_symlinks=False))
        for _, name in files[:-MAX_FILES]:
            os.unlink(name, dir_fd=dir_fd)
    except OSError:
        pass  # another process pruned first: what is left is pruned next time


def _key(root_fd: int, create: bool) -> bytes | None:
    """This user's secret key in the cache directory (made if create and missing or bad).
    Read each time, not kept: a few microseconds, and never another directory's key."""
    return _read_key(root_fd) or (_make_key(root_fd) if create else None)


def _read_key(root_fd: int) -> bytes | None:
    """The key in the cache directory, if it is whole, the user's and no one else can read it."""
    try:
        fd = os.open(KEY_FILE, _OPEN_FILE, dir_fd=root_fd)
    except OSError:
        return None
    with os.fdopen(fd, "rb", buffering=0) as f:
        st = os.fstat(fd)
        if _fault(st, stat.S_IFREG) is not None or st.st_mode & 0o077:
            return None  # a secret others can read seals nothing: made anew
        key = f.read(KEY_SIZE + 1)
    return key if len(key) == KEY_SIZE else None


def _make_key(root_fd: int) -> bytes | None:
    """A new key, put in place whole (linked, so that a process racing this one reads either
    none or all of it); the one another process put there first wins."""
    key = secrets.token_bytes(KEY_SIZE)
    tmp = _fresh_file(root_fd, (key,))
    if tmp is None:
        return None
    try:
        try:
            os.link(tmp, KEY_FILE, src_dir_fd=root_fd, dst_dir_fd=root_fd, follow_symlinks=False)
        except FileExistsError:
            first = _read_key(root_fd)
            if first is not None:
                return first
            os.replace(tmp, KEY_FILE, src_dir_fd=root_fd, dst_dir_fd=root_fd)  # a bad one
        except OSError:  # no hard links here
            os.replace(tmp, KEY_FILE, src_dir_fd=root_fd, dst_dir_fd=root_fd)
        return key
    except OSError:
        return None
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp, dir_fd=root_fd)
