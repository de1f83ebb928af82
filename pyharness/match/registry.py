"""Engine specs (`kind:items`) and the registry of engine kinds that parses
and builds them (fsf, naive, random, ref, asm are registered here)."""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable

from ..engines import SearchEngine
from ..limits import DEPTH_MIN, FRAMES_MAX, NODES_MAX, level_count
from ..reference.levels import MAX_DEPTH
from ..reference.search_types import SearchRules
from .errors import EngineUnavailableError, SpecError
from .players import FsfPlayer, NaivePlayer, Player, RandomPlayer, SearchPlayer


@dataclass(frozen=True)
class EngineSpec:
    """A parsed engine spec: kind and integer parameters; `text` is canonical."""

    kind: str
    params: tuple[tuple[str, int], ...]

    @property
    def options(self) -> dict[str, int]:
        """The parameters as a dict."""
        return dict(self.params)

    @property
    def text(self) -> str:
        """Canonical spec text, e.g. "fsf:depth=3" or "ref:L4"."""
        items = [f"L{v}" if k == "level" else f"{k}={v}" for k, v in self.params]
        return f"{self.kind}:{','.join(items)}" if items else self.kind

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class ParamRule:
    """Allowed range of one integer parameter."""

    low: int
    high: int
    help: str = ""


@dataclass(frozen=True)
class EngineKind:
    """A registered engine kind: its parameters, how to check and build it.

    `factory(options)` returns a Player. `exclusive` lists groups of parameters of
    which at most one may be given; `required` groups need exactly one.
    `check(options)` runs in the parent process before a match and raises
    EngineUnavailableError when the engine cannot run here.
    """

    name: str
    summary: str
    params: dict[str, ParamRule]
    factory: Callable[[dict[str, int]], Player]
    defaults: dict[str, int] = field(default_factory=dict)
    required: tuple[tuple[str, ...], ...] = ()
    exclusive: tuple[tuple[str, ...], ...] = ()
    check: Callable[[dict[str, int]], None] | None = None


_REGISTRY: dict[str, EngineKind] = {}


_ITEM_RE = re.compile(r"^(?:L(\d+)|([a-z_]+)=(-?\d+))$")


def register_engine(kind: EngineKind, replace: bool = False) -> None:
    """Add an engine kind to the registry (replace=True to swap an existing one)."""
    if kind.name in _REGISTRY and not replace:
        raise ValueError(f"engine kind {kind.name!r} is already registered")
    _REGISTRY[kind.name] = kind


def engine_kinds() -> dict[str, EngineKind]:
    """The registered engine kinds by name."""
    return dict(_REGISTRY)


def parse_spec(text: str) -> EngineSpec:
    """Parse and validate an engine spec such as "fsf:depth=3"; raise SpecError."""
    if not isinstance(text, str) or not text.strip():
        raise SpecError("empty engine spec (want e.g. fsf:depth=3, naive:depth=3, ref:L4)")
    kind_name, _, rest = text.strip().partition(":")
    kind = _REGISTRY.get(kind_name.lower())
    if kind is None:
        raise SpecError(f"unknown engine {kind_name!r} in spec {text!r} "
                        f"(known: {', '.join(sorted(_REGISTRY))})")
    given: dict[str, int] = {}
    for item in filter(None, (i.strip() for i in rest.split(","))) if rest else ():
        m = _ITEM_RE.match(item)
        if not m:
            raise SpecError(f"bad item {item!r} in spec {text!r} (want key=integer or L<n>)")
        key, value = ("level", m.group(1)) if m.group(1) is not None else m.group(2, 3)
        if key not in kind.params:
            allowed = ", ".join("L<n>" if k == "level" else f"{k}=" for k in kind.params)
            raise SpecError(f"{kind.name} does not take {key!r} in spec {text!r} "
                            f"(it takes: {allowed or 'nothing'})")
        if key in given:
            raise SpecError(f"{key!r} given twice in spec {text!r}")
        rule = kind.params[key]
        number = int(value)
        if not rule.low <= number <= rule.high:
            raise SpecError(f"{key}={number} out of range {rule.low}..{rule.high} "
                            f"in spec {text!r}")
        given[key] = number
    for group in kind.exclusive:
        if sum(k in given for k in group) > 1:
            raise SpecError(f"give at most one of {', '.join(group)} in spec {text!r}")
    for group in kind.required:
        if not any(k in given for k in group):
            raise SpecError(f"{kind.name} needs one of {', '.join(group)} "
                            f"(e.g. {kind.name}:{group[0]}=3) in spec {text!r}")
    options = {**kind.defaults, **given}
    order = list(kind.params)
    return EngineSpec(kind.name, tuple(sorted(options.items(), key=lambda kv: order.index(kv[0]))))


def check_spec(spec: EngineSpec) -> None:
    """Raise EngineUnavailableError when the engine of `spec` cannot run here."""
    kind = _REGISTRY[spec.kind]
    if kind.check is not None:
        kind.check(spec.options)


def make_player(spec: EngineSpec) -> Player:
    """Build a Player for `spec` (raises EngineUnavailableError when it cannot run)."""
    return _REGISTRY[spec.kind].factory(spec.options)


def _check_fsf(options: dict[str, int]) -> None:
    from .uci import EngineMissingError, find_binary
    try:
        find_binary()
    except EngineMissingError as exc:
        raise EngineUnavailableError(str(exc)) from exc


def _make_fsf(options: dict[str, int]) -> Player:
    from .uci import UciError
    try:
        return FsfPlayer(depth=options.get("depth"), nodes=options.get("nodes"))
    except UciError as exc:      # missing, or not a UCI engine (silent, dead, babbling)
        raise EngineUnavailableError(f"fsf: {exc}") from exc


def _open_asm() -> SearchEngine:
    """The asm engine (the ROM built and loaded); EngineUnavailableError if it cannot."""
    from .. import engines
    try:
        return engines.AsmSearchEngine()
    except engines.EngineUnavailableError as exc:
        raise EngineUnavailableError(f"asm: {exc} (use ref: for its Python twin)") from exc


#: the spec keys of the search rules (ref:, asm:): key -> SearchRules field
RULE_KEYS = {"null": "null_move", "lmr": "lmr", "iir": "iir", "delta": "qs_delta",
             "ttdp": "tt_deep", "rfp": "rfp", "qsrc": "qs_recap", "see": "qs_see",
             "bcap": "bad_caps", "lmrd": "lmr_depth", "lmrm": "lmr_move", "lmrx": "lmr_deep",
             "cxl": "ext_limit", "tmg": "plan_changed", "tmk": "plan_kept", "prt": "partial",
             "qchk": "qs_checks", "ncyc": "node_cycles"}


def rule_params(names=None) -> dict[str, ParamRule]:
    """The ParamRules of the rule keys (of the SearchRules fields in `names`; all when
    None), their ranges and help taken from SearchRules."""
    spans, docs = SearchRules.spans(), SearchRules.docs()
    return {key: ParamRule(*spans[name], docs[name]) for key, name in RULE_KEYS.items()
            if names is None or name in names}


def search_player(engine: SearchEngine, options: dict[str, int]) -> Player:
    """A SearchPlayer of `engine` with a spec's options: the limits as they are, the rule
    keys (RULE_KEYS) as one SearchRules."""
    rules = SearchRules.of(**{RULE_KEYS[k]: v for k, v in options.items() if k in RULE_KEYS})
    limits = {k: v for k, v in options.items() if k not in RULE_KEYS}
    return SearchPlayer(engine, rules=rules, **limits)


def _make_ref(options: dict[str, int]) -> Player:
    from ..engines import RefEngine
    return search_player(RefEngine(), options)


def _make_asm(options: dict[str, int]) -> Player:
    return search_player(_open_asm(), options)


_LEVEL = ParamRule(1, level_count(), f"difficulty level 1..{level_count()}")


_DEPTH = ParamRule(DEPTH_MIN, MAX_DEPTH, "fixed search depth")


_NODES = ParamRule(1, NODES_MAX, "node budget")


_FRAMES = ParamRule(1, FRAMES_MAX, "frame budget (60 a second)")


register_engine(EngineKind(
    "fsf", "Fairy-Stockfish over UCI (one thread, Skill Level 20)",
    {"depth": ParamRule(1, 64), "nodes": ParamRule(1, 10**9)}, _make_fsf,
    required=(("depth", "nodes"),), exclusive=(("depth", "nodes"),), check=_check_fsf))


register_engine(EngineKind(
    "naive", "material-only fixed-depth negamax", {"depth": ParamRule(1, 8)},
    lambda o: NaivePlayer(o["depth"]), defaults={"depth": 3}))


register_engine(EngineKind(
    "random", "uniform random legal mover", {"seed": ParamRule(0, 2**31 - 1)},
    lambda o: RandomPlayer(o["seed"]), defaults={"seed": 0}))


register_engine(EngineKind(
    "ref", "the Python twin of the asm engine",
    {"level": _LEVEL, "depth": _DEPTH, "nodes": _NODES, "frames": _FRAMES, **rule_params()},
    _make_ref,
    required=(("level", "depth", "nodes", "frames"),), exclusive=(("level", "depth"),)))


register_engine(EngineKind(
    "asm", "the 6502 engine under py65",
    {"level": _LEVEL, "depth": _DEPTH, "nodes": _NODES, "frames": _FRAMES,
     **rule_params(SearchRules.asm_plays())},
    _make_asm,
    required=(("level", "depth", "nodes", "frames"),), exclusive=(("level", "depth"),),
    check=lambda o: _open_asm() and None))


def _make_xq65uci(options: dict[str, int]) -> Player:
    from .xq65uci import ProtocolClientError, Xq65UciPlayer
    try:
        return Xq65UciPlayer(**options)
    except ProtocolClientError as exc:
        raise EngineUnavailableError(f"xq65uci: {exc}") from exc


register_engine(EngineKind(
    "xq65uci", "`xq65 uci` in a subprocess, over the protocol (ref=1: the twin; ucci=1)",
    {"level": _LEVEL, "depth": _DEPTH, "nodes": _NODES,
     "ref": ParamRule(0, 1, "search with the Python twin instead of the ROM's"),
     "ucci": ParamRule(0, 1, "speak UCCI instead of UCI")},
    _make_xq65uci,
    required=(("level", "depth", "nodes"),), exclusive=(("level", "depth", "nodes"),)))
