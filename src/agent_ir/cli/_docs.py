"""Where each code's page of a documentation site is, when there is one: the links of
the command's text and JSON output, of the HTML report and of ``agent-ir explain``.

No site is published: the base is, first found, ``--docs-url``, the
``AGENT_IR_DOCS_URL`` environment variable (a site served or deployed somewhere), or
the site built in the current directory's checkout (``site/``, as ``nox -s docs``
writes it, recognised by its ``codes.json``) as a ``file://`` URL; else there is none
(``None``), and the command names ``agent-ir explain CODE`` instead, which prints the
same text offline. A code's page is ``<base>codes/<CODE>.html`` (the site is built with
``use_directory_urls: false``, so the same path works from a ``file://`` base, where a
browser shows a folder's listing, not its index).
"""

from __future__ import annotations

import os
from pathlib import Path

from agent_ir._generated.conversion_warning_schema import ConversionWarningCode
from agent_ir._generated.diagnostic_schema import DiagnosticCode

__all__ = ["ENVIRONMENT", "code_page", "code_url", "docs_base", "explained", "has_page"]

ENVIRONMENT = "AGENT_IR_DOCS_URL"
_MARKER = "codes.json"


def code_page(code: str) -> str:
    """The page of ``code`` inside the site: ``codes/<CODE>.html``."""
    return f"codes/{code}.html"


_PAGED = frozenset(
    code.value for codes in (DiagnosticCode, ConversionWarningCode) for code in codes
)


def has_page(code: str) -> bool:
    """Whether ``code`` is one the command reports and the site has a page for (every
    diagnostic and conversion-warning code)."""
    return code in _PAGED


def code_url(base: str, code: str) -> str:
    """The URL of the page of ``code`` under ``base`` (which ends with ``/``)."""
    return base + code_page(code)


def explained(code: str, base: str | None) -> str:
    """Where ``code`` is explained: its page under ``base``, else the command that
    prints it (``agent-ir explain CODE``)."""
    return f"agent-ir explain {code}" if base is None else code_url(base, code)


def docs_base(option: str | None = None, *, cwd: Path | None = None) -> str | None:
    """The base URL of the code pages, ending with ``/``: ``option`` (``--docs-url``),
    else ``$AGENT_IR_DOCS_URL``, else the built ``site/`` under ``cwd`` (default: the
    current directory) as a ``file://`` URL, else None: no site is known."""
    chosen = option or os.environ.get(ENVIRONMENT)
    if chosen:
        return chosen if chosen.endswith("/") else chosen + "/"
    site = (cwd or Path.cwd()) / "site"
    try:
        if (site / _MARKER).is_file():
            return site.resolve().as_uri() + "/"
    except OSError:  # an unreadable or vanished directory: no site, then
        pass
    return None
