"""The provider tests run offline, and the fixture adapter imports no networking module."""

from __future__ import annotations

import ast
import socket
from pathlib import Path

import pytest
import pytest_socket

import agent_ir.replies
import agent_ir.replies.fixture

NETWORK_MODULES = frozenset(
    {
        "socket", "ssl", "http", "urllib", "urllib3", "httpx", "requests", "aiohttp",
        "asyncio.streams", "ftplib", "smtplib", "poplib", "imaplib", "telnetlib",
        "xmlrpc", "socketserver", "websockets", "select", "selectors",
    }
)  # fmt: skip


def imported_modules(path: Path) -> set[str]:
    """Every module an ``import`` or ``from ... import`` statement of the file names."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module is not None:
            names.add(node.module)
            names.update(f"{node.module}.{alias.name}" for alias in node.names)
    return names


def is_network(module: str) -> bool:
    return any(module == name or module.startswith(name + ".") for name in NETWORK_MODULES)


@pytest.mark.filterwarnings("ignore:A test tried to use socket.socket")
def test_creating_an_internet_socket_raises() -> None:
    with pytest.raises(pytest_socket.SocketBlockedError):
        socket.socket(socket.AF_INET, socket.SOCK_STREAM)


def test_fixture_py_imports_no_networking_module() -> None:
    modules = imported_modules(Path(agent_ir.replies.fixture.__file__))
    assert "json" in modules
    assert sorted(filter(is_network, modules)) == []


def test_no_provider_module_imports_a_networking_module() -> None:
    package = Path(agent_ir.replies.__file__).parent
    found = {
        path.name: sorted(filter(is_network, imported_modules(path)))
        for path in package.glob("*.py")
    }
    assert "fixture.py" in found
    assert {name: modules for name, modules in found.items() if modules} == {}


def test_the_import_scan_finds_a_networking_import() -> None:
    sample = Path(__file__)
    assert "socket" in imported_modules(sample)
    assert is_network("urllib.request")
    assert not is_network("socketish")
