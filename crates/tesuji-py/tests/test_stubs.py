"""The type stubs of the extension module name what it has, and the package documents
every public name."""

import ast
import inspect
from pathlib import Path

import tesuji
from tesuji import _tesuji

STUB = Path(tesuji.__file__).with_name("_tesuji.pyi")


def stub_names():
    tree = ast.parse(STUB.read_text())
    top, classes = set(), {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            top.add(node.name)
        if isinstance(node, ast.ClassDef):
            classes[node.name] = {
                n.name if isinstance(n, ast.FunctionDef) else n.target.id
                for n in node.body
                if isinstance(n, (ast.FunctionDef, ast.AnnAssign))
            }
        elif isinstance(node, ast.AnnAssign):
            top.add(node.target.id)
        elif isinstance(node, ast.Assign):
            top.update(t.id for t in node.targets)
    return top, classes


def public(names):
    return {n for n in names if not n.startswith("__")}


def test_the_stub_matches_the_module():
    top, classes = stub_names()
    top = public(top) - {"Move", "Size"}  # type aliases of the stub only
    runtime = public(dir(_tesuji))
    assert runtime == top, f"not in the stub: {runtime - top}; only in the stub: {top - runtime}"
    for name, members in classes.items():
        cls = getattr(_tesuji, name)
        have = public(dir(cls)) | ({"__init__"} if name == "Game" else set())
        wanted = public(members) | ({"__init__"} & members)
        assert public(have) >= public(wanted), f"{name}: only in the stub: {wanted - have}"
        assert public(have) - {"__init__"} <= public(members), f"{name}: not in the stub: {public(have) - public(members)}"


def test_every_public_name_has_a_docstring():
    for name in tesuji.__all__:
        obj = getattr(tesuji, name)
        if name.isupper():
            continue
        assert inspect.getdoc(obj), name
        if inspect.isclass(obj):
            for attr, value in vars(obj).items():
                if attr.startswith("_") or not callable(value):
                    continue
                assert inspect.getdoc(value), f"{name}.{attr}"
