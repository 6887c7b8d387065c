"""A compiled game kept whole between runs, so a command that loads a ruleset compiled before
starts in milliseconds, without importing the compiler's libraries (PyYAML, pydantic, lark).

An entry lives in `games-<interpreter>/` of rulekit's cache directory (RULEKIT_CACHE_DIR= turns it
off, as it does the other caches), named by the SHA-256 of the ruleset's path and text, the
variant and the engine's own files (their names, sizes and times): a change to any of them makes
another name, so a stale entry is never found. It lists the files the ruleset extends with the
hash of each, checked before use. An entry is kept through `lang.cache`: like Python's own
__pycache__, it is read only from a directory of the user's that others cannot write, and it is
sealed by an HMAC under the user's secret key, so an entry rulekit did not write (damaged,
forged, left by another program) is ignored and written anew before any byte of it is
unpickled; and only rulekit's own classes and functions unpickle from it.

What the pickle holds: the Game, its compiled closures rebuilt from their code objects (marshal)
with the globals they name, and the checked ruleset pickled apart, read only when asked
(Rules.spec). The generated module's listing is not kept: `rulekit compile` compiles afresh.
"""

from __future__ import annotations

import dis
import functools
import hashlib
import io
import marshal
import os
import pickle
import sys
from collections.abc import Callable
from types import CellType, CodeType, FunctionType, ModuleType
from typing import Any

from .data.files import read_text
from .errors import RulekitError
from .lang.cache import Entry, digest, read, ruleset_file, write
from .lang.codegen import SAFE_NAMES
from .rules.game import RULE_FAILURES
from .runtime.game import Game

FORMAT = 1  # the layout of an entry; a new layout changes every entry's name
_ENGINE = os.path.dirname(os.path.abspath(__file__))
# what an entry may name besides rulekit's own classes and functions: the builtins a generated
# module sees and the Python errors the rules catch (the only ones a compiled game holds)
_BUILTINS = SAFE_NAMES | {e.__name__ for e in RULE_FAILURES if e.__module__ == "builtins"}
_STDLIB = {"collections": {"deque"}}


@functools.cache
def engine_stamp() -> str:
    """What identifies this engine's code: its files' names, sizes and modification times."""
    found = []
    for folder, dirs, files in os.walk(_ENGINE):
        dirs[:] = [d for d in dirs if d != "__pycache__"]
        for name in files:
            if name.endswith((".py", ".lark")):
                st = os.stat(os.path.join(folder, name))
                found.append(f"{os.path.relpath(folder, _ENGINE)}/{name}\0{st.st_size}\0"
                             f"{st.st_mtime_ns}\0")
    return hashlib.sha256(f"{FORMAT}\0{sys.version}\0{''.join(sorted(found))}".encode()).hexdigest()


def _entry_file(file: str, text: str, variant: str | None) -> Entry | None:
    key = f"{variant}\0{engine_stamp()}\0{text}"
    return ruleset_file(f"games-{sys.implementation.cache_tag}", os.path.abspath(file), key,
                        ".pickle")


def fetch(file: str, text: str, variant: str | None,
          compile_again: Callable[[], Game]) -> Game | None:
    """The game compiled earlier from file (whose text is text) and variant, or None.

    compile_again compiles the file afresh: the game's ruleset is read from the cache when
    first asked, and compiled again in the rare case the cache's copy cannot be read."""
    entry = _entry_file(file, text, variant)
    kept = None if entry is None else read(entry)  # None unless rulekit wrote it, sealed
    if kept is None:
        return None
    try:
        bases, game_bytes, spec_bytes = marshal.loads(kept)
        for base, hashed in bases:
            if digest(read_text(base)) != hashed:
                return None  # a file it extends has changed since
        game = _Unpickler(io.BytesIO(game_bytes)).load()
        if not isinstance(game, Game):
            return None
    except (OSError, EOFError, ValueError, TypeError, RulekitError, pickle.UnpicklingError,
            AttributeError, ImportError, IndexError, KeyError, RecursionError):
        return None  # missing, damaged or from elsewhere: compiled again and written anew
    # the ruleset was left out (persistent_id): its holder reads it when first asked
    game.source.loader = functools.partial(_spec, spec_bytes, compile_again)
    return game


def keep(game: Game, file: str, text: str, variant: str | None) -> None:
    """Keep game, compiled from file (whose text is text) and variant, for later runs."""
    entry = _entry_file(file, text, variant)
    if entry is None:
        return
    try:
        bases = [(base, digest(read_text(base))) for base in game.base_files]
        buffer = io.BytesIO()
        _Pickler(buffer, game).dump(game)
        game_bytes, spec_bytes = buffer.getvalue(), pickle.dumps(game.spec, protocol=5)
    except (RulekitError, pickle.PicklingError, TypeError, AttributeError, ValueError,
            RecursionError):
        return  # a game that cannot be kept is compiled again next time
    write(entry, marshal.dumps((bases, game_bytes, spec_bytes)))


def _spec(data: bytes, compile_again: Callable[[], Game]) -> Any:
    """The checked ruleset of a game taken from the cache (pydantic is imported now)."""
    from .data import schema  # noqa: F401  (the classes it names)

    try:
        return _Unpickler(io.BytesIO(data)).load()
    except (pickle.UnpicklingError, EOFError, ValueError, TypeError, AttributeError,
            ImportError, IndexError, KeyError):
        # sealed whole, so only another pydantic's pickle gets here
        return compile_again().spec


class _Pickler(pickle.Pickler):
    """Pickles a Game: rulekit's functions by their code, the ruleset and listing left out."""

    def __init__(self, file: io.BytesIO, game: Game):
        super().__init__(file, protocol=5)
        self._left_out = {id(game.source.held): "spec", id(game.generated): "generated"}
        self._globals: dict[str, dict[str, Any]] = {}  # module -> the globals its functions use

    def persistent_id(self, obj: Any) -> str | None:
        if obj is None:
            return None
        return self._left_out.get(id(obj))

    def reducer_override(self, obj: Any) -> Any:
        kind = type(obj)
        if kind is FunctionType:
            return self._function(obj)
        if kind is CodeType:
            return _code, (marshal.dumps(obj),)
        if kind is ModuleType:
            raise pickle.PicklingError(f"a module ({obj.__name__}) in a compiled game")
        return NotImplemented

    def _function(self, fn: FunctionType) -> Any:
        code = fn.__code__
        if fn in _REBUILDERS:
            return NotImplemented  # by name: what rebuilds the others
        if code.co_filename == "<rulekit generated>":
            globs, used = fn.__globals__, None  # the generated module's namespace, whole
        elif (fn.__module__ or "").startswith("rulekit."):
            # one dict per module stands for its globals, filled with the names used
            globs = self._globals.setdefault(fn.__module__, {})
            used = {n: fn.__globals__[n] for n in _global_names(code) if n in fn.__globals__}
        else:
            return NotImplemented  # the standard library's: by name
        cells = [_cell(c) for c in fn.__closure__ or ()]
        return (_function, (marshal.dumps(code), globs, fn.__name__, len(cells)),
                (fn.__qualname__, fn.__defaults__, fn.__kwdefaults__, cells, used,
                 fn.__dict__ or None), None, None, _fill)


class _Unpickler(pickle.Unpickler):
    """Makes only rulekit's classes and functions and a few harmless built-ins."""

    def find_class(self, module: str, name: str) -> Any:
        if module == "builtins" and name in _BUILTINS:
            return super().find_class(module, name)
        if name in _STDLIB.get(module, ()):
            return super().find_class(module, name)
        if module.startswith("rulekit.") and not name.startswith("__"):
            found = super().find_class(module, name)
            if callable(found):  # a class or a function, never a module's data
                return found
        raise pickle.UnpicklingError(f"{module}.{name} is not part of a compiled game")

    def persistent_load(self, pid: Any) -> Any:
        if pid in ("spec", "generated"):
            return None  # read from its own pickle when asked / made by `rulekit compile`
        raise pickle.UnpicklingError(f"unknown reference {pid!r}")


def _cell(c: CellType) -> tuple[Any, ...] | None:
    """What a closure's cell holds, as a 1-tuple; None for a cell that holds no value yet."""
    try:
        return (c.cell_contents,)
    except ValueError:
        return None


def _global_names(code: CodeType) -> set[str]:
    """The global names code (and the code nested in it) reads or writes."""
    names = {i.argval for i in dis.get_instructions(code)
             if i.opname in ("LOAD_GLOBAL", "STORE_GLOBAL", "DELETE_GLOBAL", "LOAD_NAME")}
    for const in code.co_consts:
        if isinstance(const, CodeType):
            names |= _global_names(const)
    return names


def _code(data: bytes) -> CodeType:
    code = marshal.loads(data)
    if not isinstance(code, CodeType):
        raise pickle.UnpicklingError("not a code object")
    return code


def _function(data: bytes, globs: dict[str, Any], name: str, n_cells: int) -> FunctionType:
    closure = tuple(CellType() for _ in range(n_cells)) or None
    return FunctionType(_code(data), globs, name, None, closure)


def _fill(fn: FunctionType, state: tuple[Any, ...]) -> None:
    qualname, defaults, kwdefaults, cells, used, attrs = state
    fn.__qualname__ = qualname
    fn.__defaults__ = defaults
    fn.__kwdefaults__ = kwdefaults
    for cell, held in zip(fn.__closure__ or (), cells, strict=True):
        if held is not None:
            cell.cell_contents = held[0]
    if used:
        fn.__globals__.update(used)
    if attrs:
        fn.__dict__.update(attrs)


_REBUILDERS = (_function, _fill, _code)
