"""Variants: a ruleset as a base tree with small overlays merged over it.

Two forms share one merge rule. A ruleset may declare named variants,

    variants:
      short:
        description: First to 3 points.
        changes: {define: {target: 3}}

and a file may extend another (`extends: base.yaml`), its other top-level keys being the overlay.
Merging: a mapping merges into a mapping key by key; any other value (a number, a text, a list)
replaces the base's value whole; `null` removes the key. A key the base does not have is an error
unless it is written `+key`, which adds it. Every node of the merged tree remembers the file and
the path it came from, so a diagnostic points at the base's line or the overlay's.
"""

from __future__ import annotations

import copy
import dataclasses
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import Diagnostic, RulesetError, UnknownVariantError
from .files import read_text
from .spelling import did_you_mean
from .yamlsource import Pos, Source, YamlPath, format_path, parse_yaml

EXTENDS = "extends"
VARIANTS = "variants"
VARIANT_KEYS = ("description", "changes")
ADD = "+"
NAME = re.compile(r"^[^\W\d][\w-]*$")  # a word: a letter or '_', then letters, digits, '_', '-'
MAX_CHAIN = 32  # files extending files


@dataclass
class MergedSource(Source):
    """A ruleset tree built from several sources: each node maps to the file and path it came from.

    `origins` maps a path of the merged tree to (plain source, path in that source); a path not
    listed takes the entry of its nearest listed ancestor, with the rest of the path appended."""

    origins: dict[YamlPath, tuple[Source, YamlPath]] = field(default_factory=dict)

    def locate(self, path: YamlPath) -> tuple[Source, YamlPath]:
        """The plain source and the path in it where the merged node at path was written."""
        p = tuple(path)
        for i in range(len(p), -1, -1):
            hit = self.origins.get(p[:i])
            if hit is not None:
                return hit[0], hit[1] + p[i:]
        return Source(self.file, self.text, self.data, self.positions, self.key_positions), p

    def pos_of(self, path: YamlPath, key: bool = False) -> Pos | None:
        """The position of the node at path (or its key) in the file it came from."""
        src, where = self.locate(path)
        return src.pos_of(where, key=key)

    def diagnostic(
        self, message: str, path: YamlPath, *, key: bool = False,
        offset: tuple[int, int] | None = None, hint: str = "",
    ) -> Diagnostic:
        """A diagnostic located in the file (base or overlay) where the node at path was written."""
        src, where = self.locate(path)
        return src.diagnostic(message, where, key=key, offset=offset, hint=hint)


@dataclass
class Resolved:
    """A ruleset ready to compile: its tree, its declared variants and non-fatal problems."""

    source: Source
    variants: dict[str, str | dict[str, str]]  # name -> description (or one per language)
    diagnostics: list[Diagnostic]
    base_files: list[str]  # the files it extends, nearest first (rulekit.data.variants.extend)
    original: Source | None = None  # the file as loaded, before extends and variants
    variant: str | None = None  # the variant chosen (declared names joined by '+'), or None


def _origins(src: Source) -> dict[YamlPath, tuple[Source, YamlPath]]:
    if isinstance(src, MergedSource):
        return dict(src.origins)
    return {(): (src, ())}


def _located(src: Source, path: YamlPath) -> tuple[Source, YamlPath]:
    return src.locate(path) if isinstance(src, MergedSource) else (src, tuple(path))


class _Merger:
    """Merges one overlay (a mapping in `over` at `opath`) into a copy of a base tree."""

    def __init__(self, base: Source, over: Source, what: str):
        self.base = base
        self.over = over
        self.what = what  # who changes the base, for messages: "a variant", "this file"
        self.origins = _origins(base)
        self.errors: list[Diagnostic] = []

    def run(self, opath: YamlPath, skip: tuple[str, ...] = ()) -> Any:
        """The merged tree (a deep copy of the base's data with the overlay applied)."""
        data = copy.deepcopy(self.base.data)
        overlay = self.over._value_at(opath) if opath else self.over.data
        if isinstance(overlay, dict):
            overlay = {k: v for k, v in overlay.items() if k not in skip}
            self._merge(data, overlay, (), tuple(opath))
        return data

    def error(self, message: str, path: YamlPath, hint: str = "", key: bool = True) -> None:
        self.errors.append(self.over.diagnostic(message, path, key=key, hint=hint))

    def _graft(self, bpath: YamlPath, opath: YamlPath) -> None:
        """The merged node at bpath now comes from the overlay's node at opath."""
        n = len(bpath)
        for p in [p for p in self.origins if len(p) >= n and p[:n] == bpath]:
            del self.origins[p]
        self.origins[bpath] = _located(self.over, opath)
        if isinstance(self.over, MergedSource):  # keep finer origins inside the grafted value
            m = len(opath)
            for q, target in self.over.origins.items():
                if len(q) > m and q[:m] == opath:
                    self.origins[bpath + q[m:]] = target

    def _merge(self, base: dict[str, Any], over: dict[str, Any], bpath: YamlPath,
               opath: YamlPath) -> None:
        where = f"at {format_path(bpath)}" if bpath else "at the top level"
        for key, value in over.items():
            op = opath + (key,)
            if isinstance(key, str) and key.startswith(ADD):
                name = key[len(ADD):]
                if not name:
                    self.error(f"'{ADD}' alone adds nothing", op,
                               f"write '{ADD}name: ...' to add an entry called name")
                elif name in base:
                    self.error(f"'{key}' adds '{name}', but the base ruleset already has "
                               f"'{name}' {where}", op,
                               f"to change it, write '{name}' without '{ADD}'")
                elif value is None:
                    self.error(f"'{key}' adds nothing (its value is null)", op, key=False)
                elif self._plain(value, op):
                    base[name] = copy.deepcopy(value)
                    self._graft(bpath + (name,), op)
                continue
            if key not in base:
                close = did_you_mean(str(key), [k for k in base if isinstance(k, str)])
                add = f"to add a new entry, write '{ADD}{key}'"
                self.error(f"'{key}' is not in the base ruleset {where}: {self.what} can only "
                           "change what is there", op,
                           f"{close} Or, {add}" if close else add)
                continue
            if value is None:
                del base[key]
                n = len(bpath) + 1
                for p in [p for p in self.origins if len(p) >= n and p[:n] == bpath + (key,)]:
                    del self.origins[p]
            elif isinstance(value, dict) and isinstance(base[key], dict):
                self._merge(base[key], value, bpath + (key,), op)
            elif self._plain(value, op):
                base[key] = copy.deepcopy(value)
                self._graft(bpath + (key,), op)

    def _plain(self, value: Any, path: YamlPath) -> bool:
        """Whether a new or replacing value has no '+key' inside (all of it is new already)."""
        ok = True
        if isinstance(value, dict):
            for k, v in value.items():
                if isinstance(k, str) and k.startswith(ADD):
                    self.error(f"'{k}' is inside a value that is new as a whole, so there is "
                               "nothing to add to", path + (k,),
                               f"write '{k[len(ADD):]}' without '{ADD}'")
                    ok = False
                ok = self._plain(v, path + (k,)) and ok
        elif isinstance(value, list):
            for i, v in enumerate(value):
                ok = self._plain(v, path + (i,)) and ok
        return ok


def merged(base: Source, over: Source, opath: YamlPath, what: str,
           skip: tuple[str, ...] = ()) -> tuple[MergedSource, list[Diagnostic]]:
    """The base with the overlay at opath of `over` merged in, and the merge's errors."""
    m = _Merger(base, over, what)
    data = m.run(opath, skip)
    out = MergedSource(over.file, over.text, data, over.positions, over.key_positions, m.origins)
    return out, m.errors


# ---- extends ------------------------------------------------------------------------------
RULESET_SUFFIXES = (".yaml", ".yml")


def extend(src: Source, chain: tuple[tuple[Path | None, str], ...] = (),
           root: Path | None = None, read: list[str] | None = None) -> Source:
    """The ruleset src describes once its `extends` chain is followed (src itself if none);
    the base files read are appended to `read` (when given), nearest first.

    A ruleset may only extend a ruleset file (.yaml or .yml) inside the folder of the ruleset
    being loaded, or below it: a ruleset from a stranger must not reach any other file. A base
    that does not look like a ruleset is refused without quoting a line of it."""
    data = src.data
    if not isinstance(data, dict) or EXTENDS not in data:
        return src
    target = data[EXTENDS]
    path = (EXTENDS,)
    if not isinstance(target, str) or not target.strip():
        raise RulesetError([src.diagnostic(
            "'extends' names the ruleset file this one is based on, e.g. 'extends: base.yaml'",
            path, hint="the path is relative to this file")])
    here = _identity(src.file)
    if root is None:
        root = here.parent if here is not None else Path.cwd().resolve()
    chain = chain + ((here, src.file),)
    file = os.path.normpath(os.path.join(os.path.dirname(src.file), target))
    ident = _identity(file)
    outside = (os.path.isabs(target) or ident is None or not ident.is_relative_to(root))
    if outside:
        raise RulesetError([src.diagnostic(
            f"'extends: {target}' leaves the folder of the ruleset ({root})", path,
            hint="a ruleset may only extend a ruleset in its own folder or below it, named by "
                 "a relative path such as 'base.yaml' or 'bases/base.yaml'")])
    if not target.lower().endswith(RULESET_SUFFIXES):
        raise RulesetError([src.diagnostic(
            f"'extends: {target}' does not name a ruleset file (.yaml or .yml)", path)])
    names = [name for _, name in chain]
    if ident in [p for p, _ in chain]:
        start = [p for p, _ in chain].index(ident)
        cycle = " -> ".join(names[start:] + [names[start]])
        raise RulesetError([src.diagnostic(
            f"the rulesets extend each other in a cycle: {cycle}", path,
            hint="one file in the cycle must be a whole ruleset, without 'extends'")])
    if len(chain) >= MAX_CHAIN:
        raise RulesetError([src.diagnostic(
            f"more than {MAX_CHAIN} files extend each other in a chain", path)])
    try:
        text = read_text(file)
    except RulesetError as e:
        why = e.diagnostics[0].message if e.diagnostics else "it cannot be read"
        why = why.split(": ", 1)[-1] if why.startswith("cannot read") else why
        raise RulesetError([src.diagnostic(
            f"cannot read the base ruleset '{target}' ({file}): {why}", path,
            hint="the path is relative to the file that names it")]) from None
    except ValueError:  # e.g. a NUL character in the name
        raise RulesetError([src.diagnostic(
            f"'{target[:60]}' is not a usable file name", path)]) from None
    try:
        base_src = parse_yaml(text, file)
    except RulesetError:
        base_src = None
    if base_src is None or not _looks_like_ruleset(base_src.data):
        # quoting a file that is not a ruleset could print someone's secrets
        raise RulesetError([src.diagnostic(
            f"the base '{target}' is not a ruleset (its top level is not ruleset keys)", path,
            hint=f"run 'rulekit validate {file}' to check it on its own")])
    if read is not None:
        read.append(file)
    base = extend(base_src, chain, root, read)
    out, errors = merged(base, src, (), "this file", skip=(EXTENDS,))
    if errors:
        raise RulesetError(errors)
    return out


def base_files(file: str) -> list[str]:
    """The files the ruleset in file builds on through `extends`, nearest first ([] if none).

    The chain is checked by `extend` (same folder rules), so only files a load of this ruleset
    would read are named; raise RulesetError where the load would."""
    read: list[str] = []
    extend(parse_yaml(read_text(file), file), read=read)
    return read


def _looks_like_ruleset(data: Any) -> bool:
    """Whether data is a mapping of ruleset keys only (the whole of a ruleset, or an overlay)."""
    from .schema import Ruleset  # the schema's top-level keys; imported here to keep it lazy

    keys = set(Ruleset.model_fields) | {EXTENDS, VARIANTS}
    return isinstance(data, dict) and bool(data) and all(
        isinstance(k, str) and k.removeprefix(ADD) in keys for k in data)


def _identity(file: str) -> Path | None:
    try:
        return Path(file).resolve()
    except (OSError, ValueError, RuntimeError):
        return None


# ---- declared variants ----------------------------------------------------------------------
def _declared(src: Source) -> tuple[dict[str, str | dict[str, str]], list[Diagnostic]]:
    """The well-formed variants of src (name -> description) and the problems of the others."""
    data = src.data
    if not isinstance(data, dict) or VARIANTS not in data:
        return {}, []
    section = data[VARIANTS]
    errors: list[Diagnostic] = []
    out: dict[str, str | dict[str, str]] = {}
    if not isinstance(section, dict) or not section:
        errors.append(src.diagnostic(
            "'variants' is a mapping from each variant's name to its description and changes",
            (VARIANTS,), hint="e.g. variants: {short: {description: ..., changes: {...}}}"))
        return out, errors
    for name, entry in section.items():
        path: YamlPath = (VARIANTS, name)
        good = True
        if not isinstance(name, str) or not NAME.match(name):
            errors.append(src.diagnostic(
                f"a variant's name is one word (letters, digits, '_' or '-'), not {name!r}",
                path, key=True))
            good = False
        if not isinstance(entry, dict):
            errors.append(src.diagnostic(
                "a variant is a mapping with 'changes' (and an optional 'description')", path,
                hint="e.g. short: {description: First to 3 points., changes: {...}}"))
            continue
        for k in entry:
            if k not in VARIANT_KEYS:
                errors.append(src.diagnostic(
                    f"unknown key '{k}'", path + (k,), key=True,
                    hint=did_you_mean(str(k), VARIANT_KEYS) or
                    "a variant has 'description' and 'changes'"))
                good = False
        description = entry.get("description", "")
        if isinstance(description, dict) and description and all(
                isinstance(k, str) and isinstance(v, str) for k, v in description.items()):
            pass  # one text per language: {en: ..., fr: ...}
        elif not isinstance(description, str):
            errors.append(src.diagnostic(
                "expected a text value, or one text per language ({en: ..., fr: ...})",
                path + ("description",), hint="put it in quotes to make it text"))
            good = False
        if "changes" not in entry:
            good = False
            if not any(did_you_mean(str(k), ["changes"]) for k in entry):  # else: misspelt
                errors.append(src.diagnostic(
                    "missing key 'changes'", path,
                    hint=f"add 'changes: {{...}}' to variants.{name}: the parts of the ruleset "
                         "this variant changes"))
        elif not isinstance(entry["changes"], dict) or not entry["changes"]:
            errors.append(src.diagnostic(
                "'changes' is a mapping of what the variant changes, laid out as in the ruleset",
                path + ("changes",), hint="e.g. changes: {players: {max: 6}}"))
            good = False
        else:
            for k in entry["changes"]:
                if isinstance(k, str) and k.removeprefix(ADD) in (VARIANTS, EXTENDS):
                    errors.append(src.diagnostic(
                        f"a variant cannot change '{k.removeprefix(ADD)}'",
                        path + ("changes", k), key=True))
                    good = False
        if good:
            out[name] = description
    return out, errors


def resolve(src: Source, variant: str | None = None) -> Resolved:
    """Follow `extends`, check the declared variants, and apply the chosen one (if any).

    `variant` may combine declared variants with `+` (`"a+b"`): their changes are merged over
    the base one after the other, left to right, and two of them may not set one key
    differently."""
    bases: list[str] = []
    tree = extend(src, read=bases)
    declared, errors = _declared(tree)
    names = _combined(variant)
    if not isinstance(tree.data, dict) or VARIANTS not in tree.data:
        if variant is not None:
            raise _unknown(tree, names[0], declared, variant)
        return Resolved(tree, {}, [], bases, src, variant)
    base = dataclasses.replace(
        tree, data={k: v for k, v in tree.data.items() if k != VARIANTS})
    chosen: Source | None = base if variant is None else None
    for name in declared:
        out, merge_errors = merged(base, tree, (VARIANTS, name, "changes"), "a variant")
        errors += merge_errors
        if [name] == names and not merge_errors:
            chosen = out
    section = tree.data[VARIANTS]
    for name in names:
        if not (isinstance(section, dict) and name in section):
            raise _unknown(tree, name, declared, variant)
    if len(names) > 1 and not errors:
        chosen = _combine(base, tree, names, variant or "")
    if chosen is None:  # the chosen variant is broken (or is not well-formed): say why
        raise RulesetError(_ordered(errors, src.file))
    return Resolved(chosen, declared, errors, bases, src, variant)


COMBINE = "+"  # '--variant a+b': variant names never hold it (NAME)


def _combined(variant: str | None) -> list[str]:
    """The declared names a variant choice combines: 'a+b' -> ['a', 'b']."""
    return [] if variant is None else variant.split(COMBINE)


def _leaves(value: Any, path: YamlPath = ()) -> dict[YamlPath, Any]:
    """What an overlay sets: each path to a value it replaces, adds or removes (a mapping is
    merged key by key, so its keys are followed; '+' is dropped, as it names the same key)."""
    if not isinstance(value, dict) or not value:
        return {path: value}
    out: dict[YamlPath, Any] = {}
    for k, v in value.items():
        key = k[len(ADD):] if isinstance(k, str) and k.startswith(ADD) and k != ADD else k
        out.update(_leaves(v, path + (key,)))
    return out


def _combine(base: Source, tree: Source, names: list[str], variant: str) -> Source:
    """The base with the named variants' changes merged in, left to right; refused with
    located diagnostics when a name repeats or two variants set one key differently."""
    errors: list[Diagnostic] = []
    seen: dict[str, dict[YamlPath, Any]] = {}
    for name in names:
        here = (VARIANTS, name, "changes")
        if name in seen:
            errors.append(tree.diagnostic(
                f"'{variant}' names the variant '{name}' twice", (VARIANTS, name), key=True,
                hint="name each variant once"))
            continue
        leaves = _leaves(tree._value_at(here))
        for other, before in seen.items():
            for path, value in leaves.items():
                clash = _clash(path, value, before)
                if clash is None:
                    continue
                src, spot = _located(tree, (VARIANTS, other, "changes") + clash)
                where = src.pos_of(spot, key=True)
                at = f" at {src.file}:{where.line + 1}:{where.col + 1}" if where else ""
                shown = format_path(path) if len(path) >= len(clash) else format_path(clash)
                errors.append(tree.diagnostic(
                    f"the variants '{other}' and '{name}' cannot be combined: they set "
                    f"{shown} differently ('{other}' sets it{at})", here + path,
                    key=True, hint=f"choose one of '{other}' and '{name}', or declare a "
                                   "variant that combines them as you mean"))
                break
        seen[name] = leaves
    if errors:
        raise RulesetError(errors)
    out: Source = base
    for name in names:
        out, merge_errors = merged(out, tree, (VARIANTS, name, "changes"), "a variant")
        if merge_errors:
            raise RulesetError(merge_errors)
    return out


def _clash(path: YamlPath, value: Any, before: dict[YamlPath, Any]) -> YamlPath | None:
    """Where an earlier overlay's leaves (before) conflict with one leaf: the same path set to
    another value, or one path inside a value the other replaces or removes whole."""
    if path in before:
        return None if before[path] == value else path
    for p in before:
        if p[:len(path)] == path or path[:len(p)] == p:
            return p
    return None


def _unknown(src: Source, variant: str, declared: dict[str, Any],
             choice: str | None = None) -> UnknownVariantError:
    names = list(declared)
    within = f" (in '{choice}')" if choice is not None and choice != variant else ""
    if not names:
        diag = Diagnostic(f"no variant '{variant}'{within}: {src.file} declares no variants",
                          src.file,
                          hint="declare variants under 'variants:' (see the authoring guide)")
    else:
        diag = src.diagnostic(
            f"no variant '{variant}'{within}; the variants are: {', '.join(names)}",
            (VARIANTS,), key=True,
            hint=did_you_mean(variant, names) or
            (f"combine declared variants with '{COMBINE}', e.g. '{names[0]}{COMBINE}...'"
             if within else ""))
    return UnknownVariantError([diag], variant, names, choice)


@dataclass(frozen=True)
class Labels:
    """What a compiled game says of its variants (the Rules are built with them)."""

    variant: str | None
    variants: list[str]
    base_files: list[str]
    texts: dict[str, dict[str, str]]  # a variant's description per language, when given so
    descriptions: dict[str, str]  # a variant's description in the first language
    changes: dict[str, list[str]]  # the ruleset keys each variant sets


def compile_errors(resolved: Resolved, diags: list[Diagnostic]) -> list[Diagnostic]:
    """The diagnostics of compiling resolved's tree, with the variants' own problems, in order
    (a combination's problems say which combination made them)."""
    src = _original(resolved)
    if resolved.source is src:
        return diags  # a plain ruleset: exactly as it always compiled
    if len(_combined(resolved.variant)) > 1:  # made by the combination: say which, wherever it is
        diags = [dataclasses.replace(d, message=f"in variant '{resolved.variant}': {d.message}")
                 for d in diags]
    return _ordered(resolved.diagnostics + diags, src.file)


def labels(resolved: Resolved, languages: list[str]) -> Labels:
    """The variant labels of a game compiled from resolved; RulesetError when a variant's
    description is written in a language the ruleset does not have, or resolved has problems
    of its own."""
    src = _original(resolved)
    if resolved.source is not src and resolved.diagnostics:
        raise RulesetError(_ordered(resolved.diagnostics, src.file))
    texts: dict[str, dict[str, str]] = {}
    descriptions: dict[str, str] = {}
    bad: list[Diagnostic] = []
    for name, about in resolved.variants.items():
        if isinstance(about, dict):
            for lang in about:
                if lang not in languages:
                    bad.append(src.diagnostic(
                        f"'{lang}' is not one of the ruleset's languages "
                        f"({', '.join(languages)})", (VARIANTS, name, "description", lang),
                        key=True, hint=did_you_mean(lang, languages)))
            texts[name] = dict(about)
            about = about.get(languages[0]) or next(iter(about.values()))
        descriptions[name] = about
    if bad:
        raise RulesetError(bad)
    return Labels(resolved.variant, list(resolved.variants), list(resolved.base_files), texts,
                  descriptions, _changes(src, list(resolved.variants)))


def _original(resolved: Resolved) -> Source:
    assert resolved.original is not None, "resolve() records the file it was given"
    return resolved.original


def _changes(src: Source, names: list[str]) -> dict[str, list[str]]:
    """What each declared variant changes: the ruleset's keys it sets, two levels deep."""
    section = extend(src).data.get(VARIANTS) if isinstance(src.data, dict) else None
    out: dict[str, list[str]] = {}
    for name in names:
        entry = section.get(name) if isinstance(section, dict) else None
        changes = entry.get("changes") if isinstance(entry, dict) else None
        if not isinstance(changes, dict):
            out[name] = []
            continue
        keys = {".".join(str(k).removeprefix(ADD) for k in path[:2]) for path in _leaves(changes)}
        out[name] = sorted(keys)
    return out


def _ordered(diags: list[Diagnostic], top: str) -> list[Diagnostic]:
    """The loaded file's diagnostics first, then each base file's, each in line order."""
    files: list[str] = [top]
    for d in diags:
        if d.file not in files:
            files.append(d.file)
    return sorted(diags, key=lambda d: (files.index(d.file), d.line, d.col))
