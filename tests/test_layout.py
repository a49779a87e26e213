"""The layout: no import cycle between the project's modules, and no stage imports a stage downstream of it."""

from __future__ import annotations

import ast

from vocab.config import PROJECT_ROOT

PACKAGES = ("vocab", "spark_etl", "graph", "mapping", "store", "server", "bbkg")
# The order data flows in: a package may import only those before it (vocab is at the bottom, bbkg on top).
ORDER = {name: i for i, name in enumerate(PACKAGES)}


def _modules() -> dict[str, set[str]]:
    """Each module of the project -> the project's modules it imports (anywhere in it, functions included)."""
    known = {f"{package}.{path.stem}" for package in PACKAGES for path in (PROJECT_ROOT / package).glob("*.py")}
    imports: dict[str, set[str]] = {}
    for package in PACKAGES:
        for path in (PROJECT_ROOT / package).glob("*.py"):
            found: set[str] = set()
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = []
                if isinstance(node, ast.ImportFrom) and node.module:
                    names = [node.module, *(f"{node.module}.{alias.name}" for alias in node.names)]
                elif isinstance(node, ast.Import):
                    names = [alias.name for alias in node.names]
                found |= {name for name in names if name in known}
            imports[f"{package}.{path.stem}"] = found - {f"{package}.{path.stem}"}
    return imports


def test_no_module_imports_itself_back_through_others() -> None:
    imports = _modules()
    cycles = []

    def reach(start: str, node: str, seen: set[str]) -> None:
        for nxt in imports.get(node, ()):
            if nxt == start:
                cycles.append((start, node))
            elif nxt not in seen:
                seen.add(nxt)
                reach(start, nxt, seen)

    for module in imports:
        reach(module, module, set())
    assert cycles == []


def test_no_stage_reaches_back_upstream() -> None:
    upstream = [(module, imported) for module, found in _modules().items() for imported in found
                if ORDER[imported.split(".")[0]] > ORDER[module.split(".")[0]]]
    assert upstream == []


def test_the_server_imports_at_the_top_or_says_why() -> None:
    """A function-local import in server/ hides what a module needs; one is allowed where the line above says why."""
    unexplained = []
    for path in sorted((PROJECT_ROOT / "server").glob("*.py")):
        lines = path.read_text(encoding="utf-8").splitlines()
        for function in ast.walk(ast.parse("\n".join(lines))):
            if not isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            for node in ast.walk(function):
                if isinstance(node, (ast.Import, ast.ImportFrom)):
                    above = node.lineno - 2  # the line above the import and the imports it leads
                    while above > 0 and lines[above].strip().startswith(("import ", "from ")):
                        above -= 1
                    if not lines[above].strip().startswith("#"):
                        unexplained.append(f"{path.name}:{node.lineno}")
    assert not unexplained, f"function-local imports without a reason: {unexplained}"
