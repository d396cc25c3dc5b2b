"""The API reference as built: signatures with their types, msgspec fields as a user
writes them, and no private name (issue 37: it showed no types, ``field(name=
'stopReason', default=None)`` and private bases such as ``_base.AssistantStruct``).

The rewriting is ``docsgen/griffe_fields.py``, a griffe extension; its rules are also
checked on a small module, without building the site."""

from __future__ import annotations

import html
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))  # docsgen/

_PRIVATE = re.compile(r"(?<![\w.])_[A-Za-z]\w*|\bagent_ir(?:\.\w+)*\._\w+")


def text_of(fragment: str) -> str:
    """What a reader sees of an HTML fragment, whitespace collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def dense(text: str) -> str:
    """``text`` without any whitespace (``field ( name =`` as ``field(name=``) nor the
    trailing commas of a signature formatted on several lines (when ruff is installed)."""
    return "".join(text.split()).replace(",)", ")").replace(",]", "]")


@pytest.fixture(scope="module")
def reference(site: Path) -> str:
    return (site / "reference.html").read_text(encoding="utf-8")


def signatures(page: str) -> dict[str, str]:
    """Each entry's signature as read (between its heading and the next), by its id."""
    found = {}
    starts = list(re.finditer(r'id="(agent_ir[\w.]*)"', page))
    for start, end in zip(starts, [*starts[1:], None], strict=True):
        part = page[start.end() : end.start() if end else None]
        signature = re.search(r'<div class="doc-signature highlight">(.*?)</div>', part, re.S)
        if signature:
            found.setdefault(start[1], text_of(signature[1]))
    return found


def test_no_msgspec_field_call_private_base_or_metadata_is_shown(reference: str) -> None:
    seen = dense(text_of(reference))
    for leak in ("field(name=", "Bases:", "_base.", "Annotated[", "Meta(", "Absent["):
        assert leak not in seen, leak


def test_no_signature_heading_or_tooltip_names_a_private_object(reference: str) -> None:
    found = signatures(reference)
    assert len(found) >= 150
    for entry, signature in found.items():
        assert not _PRIVATE.search(signature), (entry, signature)
    for heading in re.findall(r"<h[1-6][^>]*>(.*?)</h[1-6]>", reference, re.S):
        assert not _PRIVATE.search(text_of(heading)), heading
    for title in re.findall(r'title="([^"]*)"', reference):
        assert not _PRIVATE.search(title), title


def test_a_renamed_msgspec_field_reads_as_its_python_attribute_with_its_default(
    reference: str,
) -> None:
    found = signatures(reference)
    assert found["agent_ir.AssistantMessage.stop_reason"] == (
        "stop_reason : StopReason | None = None"
    )
    assert found["agent_ir.Base64Source.media_type"] == "media_type : str"
    constructor = dense(found["agent_ir.AssistantMessage"])
    assert constructor.startswith("AssistantMessage(*,id:str,content:tuple[TextBlock|")
    assert constructor.endswith(",usage:Usage|None=None,stop_reason:StopReason|None=None)")


def test_functions_show_their_parameter_and_return_types(reference: str) -> None:
    found = signatures(reference)
    assert dense(found["agent_ir.validate_transcript"]) == (
        "validate_transcript(value:object,*,tools:object=None,allow_pending:bool=False)"
        "->tuple[Diagnostic,...]"
    )
    # A private alias is shown as what it stands for; a private sentinel as "...".
    assert dense(found["agent_ir.JsonValueError"]).startswith(
        "JsonValueError(path:tuple[str|int,...],reason:str"
    )
    assert dense(found["agent_ir.JsonObject"]) == "JsonObject(value:object=...)"


_MODULE = '''
from typing import Annotated, TypeAlias
from msgspec import Meta, field
from agent_ir._base import Absent, IRStruct

Name: TypeAlias = Annotated[str, Meta(min_length=1)]

class Reply(IRStruct, frozen=True):
    """A reply."""
    stop_reason: Absent[Annotated[Name, Meta(description="Why.")]] = field(
        name="stopReason", default=None
    )
    """Why."""
    media_type: Annotated[str, Meta(description="The type.")] = field(name="mediaType")
    """The type."""
'''


def test_the_extension_writes_a_field_as_a_user_would() -> None:
    griffe = pytest.importorskip("griffe")
    from docsgen.griffe_fields import as_written, plain

    with griffe.temporary_visited_module(_MODULE) as module:
        reply = module["Reply"]
        stop_reason = reply["stop_reason"]
        as_written(stop_reason)
        assert str(stop_reason.annotation) == "Name | None"
        assert str(stop_reason.value) == "None"
        media_type = reply["media_type"]
        as_written(media_type)
        assert (str(media_type.annotation), media_type.value) == ("str", None)
        # With the public names known, the private alias is what it stands for.
        assert str(plain(stop_reason.annotation, frozenset({"Reply"}))) == "str | None"
