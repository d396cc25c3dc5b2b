"""``check_wire_rules``' media limits: TOO_MANY_IMAGES, TOO_MANY_DOCUMENTS and
MEDIA_TOO_LARGE, from the limits a provider's record declares (``media`` in
``schemas/v1/providers.json``; Bedrock Converse's are the only ones recorded).

* where Bedrock's numbers come from: the installed botocore's Bedrock runtime service
  model (``Message.content``'s documentation), read here and compared with the record;
* counts: at the limit passes, one over fails at the first block beyond it, once per
  user turn (a run of user and tool-result messages, which the writer sends as one user
  message; a system message does not end it, an assistant or malformed message does),
  tool results' images not counted;
* sizes: the decoded bytes of base64 data (at the limit passes, one byte over fails),
  for every padding, a tool result's image too; a URL or file source has no known size
  and is never reported;
* pixels: an image's width and height from its header (PNG, GIF, WebP, JPEG, made by
  Pillow), 8000 a side passing and 8001 failing; what cannot be read is not checked;
* another provider declaring its own limits gets them checked (the rule is generic);
* ``repair_transcript`` adds a text block beside a document that has none
  (ADDED_DOCUMENT_TEXT) and changes nothing for the counts and sizes (no repair keeps
  the content), and hostile counts take linear time.
"""

from __future__ import annotations

import base64
import dataclasses
import gzip
import json
import re
from pathlib import Path
from types import MappingProxyType
from typing import Any

import botocore
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agent_ir import Diagnostic, TextBlock, check_wire_rules, parse_message, repair_transcript
from agent_ir._image_size import image_size
from agent_ir.cli import main
from agent_ir.rules import decoded_size
from agent_ir.wire import _registry, to_bedrock_converse
from agent_ir.wire._registry import REGISTRY
from agent_ir.wire._spec import MediaLimit, MediaLimits

from support.bedrock import validation_errors
from support.deadline import deadline, supported
from support.media import (
    SIDED,
    assistant,
    call,
    count_cases,
    data_of,
    document,
    file_document,
    hostile_cases,
    image,
    result,
    side_cases,
    sided_image,
    size_cases,
    system,
    textless_cases,
    url_image,
    user,
)

BEDROCK = REGISTRY["bedrock-converse"]
Located = tuple[str, int, str]


def located(diagnostics: tuple[Diagnostic, ...]) -> list[Located]:
    return [(str(d.code), d.message_index, d.path) for d in diagnostics]


def wire(transcript: Any, provider: Any = "bedrock-converse") -> list[Located]:
    return located(check_wire_rules(transcript, provider))


# --- the record and where its numbers come from -------------------------------------------


def _message_content_documentation() -> str:
    """``Message.content``'s documentation in the installed botocore's service model."""
    folder = sorted((Path(botocore.__file__).parent / "data" / "bedrock-runtime").iterdir())[-1]
    packed = folder / "service-2.json.gz"
    raw = (
        gzip.decompress(packed.read_bytes())
        if packed.exists()
        else (folder / "service-2.json").read_bytes()
    )
    model = json.loads(raw)
    text: str = model["shapes"]["Message"]["members"]["content"]["documentation"]
    return re.sub(r"<[^>]+>", "", text)


def test_bedrock_s_record_holds_the_limits_the_service_model_documents() -> None:
    """botocore's bedrock-runtime service model (2023-09-30), Message.content: "You can
    include up to 20 images. Each image's size, height, and width must be no more than
    3.75 MB, 8000 px, and 8000 px, respectively." and "You can include up to five
    documents. Each document's size must be no more than 4.5 MB." MB is read as 10**6
    bytes, the stricter reading (2**20 would allow more)."""
    said = _message_content_documentation()
    assert "You can include up to 20 images." in said
    assert "no more than 3.75 MB, 8000 px, and 8000 px, respectively" in said
    assert "You can include up to five documents." in said
    assert "Each document's size must be no more than 4.5 MB." in said
    assert BEDROCK.media == MediaLimits(
        images=MediaLimit(most_per_turn=20, largest_bytes=3_750_000, largest_side=8000),
        documents=MediaLimit(most_per_turn=5, largest_bytes=4_500_000),
        documents_need_text=True,
    )
    # and: "If you include a ContentBlock with a document field in the array, you must
    # also include a ContentBlock with a text field."
    assert "with a document field in the array, you must also include a" in said


def test_no_other_provider_declares_media_limits() -> None:
    assert [name for name, spec in REGISTRY.items() if spec.media is not None] == [
        "bedrock-converse"
    ]


# --- counts --------------------------------------------------------------------------------

COUNTS: dict[str, list[Located]] = {
    "images at the limit in one message": [],
    "images one over the limit in one message": [("TOO_MANY_IMAGES", 0, "/0/content/20")],
    "documents at the limit": [],
    "documents one over the limit": [("TOO_MANY_DOCUMENTS", 0, "/0/content/5")],
    "both kinds one over": [
        ("TOO_MANY_IMAGES", 0, "/0/content/20"),
        ("TOO_MANY_DOCUMENTS", 0, "/0/content/26"),
    ],
    "images one over, split over a turn's user messages and a system message": [
        ("TOO_MANY_IMAGES", 2, "/2/content/10")
    ],
    "an assistant message ends the turn: each turn at the limit": [],
    "a malformed message ends the turn": [("INVALID_MESSAGE", 1, "/1/content")],
    "tool results' images are not counted, the user message after them is": [],
    "documents one over, split over two user messages in a row": [
        ("TOO_MANY_DOCUMENTS", 1, "/1/content/4")
    ],
}


@pytest.mark.parametrize(("name", "transcript"), count_cases(20, 5), ids=lambda x: str(x)[:40])
def test_counts_per_user_turn(name: str, transcript: list[Any]) -> None:
    assert wire(transcript) == COUNTS[name]


def test_the_count_sentences_name_the_limit_its_number_and_the_turn() -> None:
    transcript = [user("u1", image()), system("s"), user("u2", *[image()] * 20, *[document()] * 6)]
    found = check_wire_rules(transcript, "bedrock-converse")

    assert [d.message for d in found] == [
        "this is image 21 of the user turn that starts at message 0: bedrock-converse takes "
        "at most 20 images in one user message (consecutive user and tool-result messages "
        "are sent as one)",
        "this is document 6 of the user turn that starts at message 0: bedrock-converse "
        "takes at most 5 documents in one user message (consecutive user and tool-result "
        "messages are sent as one)",
    ]
    assert located(found) == [
        ("TOO_MANY_IMAGES", 2, "/2/content/19"),
        ("TOO_MANY_DOCUMENTS", 2, "/2/content/25"),
    ]


def test_each_user_turn_over_the_limit_is_reported_once() -> None:
    over = [image()] * 30
    transcript = [user("u1", *over), assistant("a"), user("u2", *over)]

    assert wire(transcript) == [
        ("TOO_MANY_IMAGES", 0, "/0/content/20"),
        ("TOO_MANY_IMAGES", 2, "/2/content/20"),
    ]


def test_the_writer_sends_a_turn_s_messages_as_the_one_message_the_count_is_of() -> None:
    """What the rule calls a user turn is one Bedrock message in to_bedrock_converse's
    request: the 21 images of the split case land in one message's content."""
    name, transcript = count_cases(20, 5)[5]
    assert name.startswith("images one over, split")
    request = to_bedrock_converse(transcript, binary="base64").fields

    (message,) = request["messages"]
    assert sum("image" in block for block in message["content"]) == 21


def test_urls_and_file_ids_count_as_images_and_documents() -> None:
    """A URL or file source has no known size, but it is a block: it counts."""
    transcript = [user("u", *[url_image()] * 20, image(), *[file_document()] * 6)]

    assert wire(transcript) == [
        ("TOO_MANY_IMAGES", 0, "/0/content/20"),
        ("TOO_MANY_DOCUMENTS", 0, "/0/content/26"),
    ]


# --- a document needs text ---------------------------------------------------------------

TEXTLESS: dict[str, list[Located]] = {
    "a document alone": [("DOCUMENT_WITHOUT_TEXT", 0, "/0/content/0")],
    "a document beside blank text": [("DOCUMENT_WITHOUT_TEXT", 0, "/0/content/1")],
    "a document, and text in the turn's next user message": [],
    "a document, and string content in the turn's next user message": [],
    "an assistant message between the document and the text": [
        ("DOCUMENT_WITHOUT_TEXT", 0, "/0/content/0")
    ],
    "a tool result's text does not count": [("DOCUMENT_WITHOUT_TEXT", 3, "/3/content/0")],
    "an image alone needs no text": [],
}


@pytest.mark.parametrize(("name", "transcript"), textless_cases(), ids=lambda x: str(x)[:40])
def test_a_user_turn_holding_a_document_holds_text(name: str, transcript: list[Any]) -> None:
    assert wire(transcript) == TEXTLESS[name]


def test_a_turn_with_text_does_not_end_the_search_for_later_turns() -> None:
    """Each user turn is judged on its own: a document beside text in one turn is fine,
    and a document alone in a later turn is still reported."""
    transcript = [
        {"role": "user", "id": "u1", "content": [document(), {"type": "text", "text": "a?"}]},
        assistant("a"),
        {"role": "user", "id": "u2", "content": [document()]},
    ]
    assert wire(transcript) == [("DOCUMENT_WITHOUT_TEXT", 2, "/2/content/0")]


def test_the_document_sentence_names_the_turn_and_the_rule() -> None:
    transcript = [user("u1"), assistant("a"), {"role": "user", "id": "u2", "content": [document()]}]
    [found] = check_wire_rules(transcript, "bedrock-converse")

    assert found.message == (
        "the user turn that starts at message 2 holds a document but no text: "
        "bedrock-converse requires a text block beside a document in a user message "
        "(consecutive user and tool-result messages are sent as one)"
    )


# --- sizes ---------------------------------------------------------------------------------


def test_sizes_at_the_limit_pass_and_one_byte_over_fails_for_every_padding() -> None:
    found = {name: wire(transcript) for name, transcript in size_cases(BEDROCK.media)}  # type: ignore[arg-type]
    over = [("MEDIA_TOO_LARGE", 0, "/0/content/0")]

    assert found == {
        "one image of 3749999 bytes": [],
        "one image of 3750000 bytes": [],
        "one image of 3750001 bytes": over,
        "one image of 3750002 bytes": over,
        "one document of 4500000 bytes": [],
        "one document of 4500001 bytes": over,
        "a tool result's image over the size limit": [("MEDIA_TOO_LARGE", 2, "/2/content/0")],
        "URL and file sources: no size is known": [],
    }


def test_the_size_sentence_names_the_decoded_bytes_and_the_limit() -> None:
    transcript = [user("u", image(data_of(3_750_001)), document(data_of(4_500_001)))]
    found = check_wire_rules(transcript, "bedrock-converse")

    assert [d.message for d in found] == [
        "the image's base64 data decodes to 3750001 bytes: bedrock-converse takes images of "
        "at most 3750000 bytes",
        "the document's base64 data decodes to 4500001 bytes: bedrock-converse takes "
        "documents of at most 4500000 bytes",
    ]
    assert located(found) == [
        ("MEDIA_TOO_LARGE", 0, "/0/content/0"),
        ("MEDIA_TOO_LARGE", 0, "/0/content/1"),
    ]


def test_the_decoded_bytes_are_counted_not_the_base64_characters() -> None:
    """3,750,000 bytes are 5,000,000 base64 characters: over the limit as characters,
    at it as bytes."""
    data = data_of(3_750_000)
    assert len(data) == 5_000_000

    assert wire([user("u", image(data))]) == []


@settings(max_examples=50)
@given(st.binary(min_size=1, max_size=64))
def test_decoded_size_is_the_length_of_the_decoded_bytes(raw: bytes) -> None:
    assert decoded_size(base64.b64encode(raw).decode("ascii")) == len(raw)


# --- pixels ------------------------------------------------------------------------------


@pytest.mark.parametrize(("name", "transcript"), side_cases(), ids=lambda x: str(x)[:40])
def test_a_side_of_8000_pixels_passes_and_8001_fails_in_every_format(
    name: str, transcript: list[Any]
) -> None:
    """Images Pillow made (tests/support/media.py, SIDED), read from their headers."""
    if "8001" not in name and "over" not in name:
        assert wire(transcript) == []
        return
    at = 2 if "tool result" in name else 0
    found = check_wire_rules(transcript, "bedrock-converse")
    assert located(found) == [("MEDIA_TOO_LARGE", at, f"/{at}/content/0")]
    assert found[0].message == (
        "the image is 1 x 8001 pixels: bedrock-converse takes images of at most 8000 pixels a side"
    )


def test_image_size_reads_each_format_s_header() -> None:
    for name, _, width, height, data in SIDED:
        assert image_size(data) == (width, height), name


def test_image_size_is_none_for_what_it_cannot_read() -> None:
    png = base64.b64decode(SIDED[0][4])
    jpeg = base64.b64decode(next(data for name, *_, data in SIDED if name == "jpeg"))
    for raw in (
        b"plain text",
        png[:20],  # cut inside the IHDR chunk
        png[:12] + b"IHDX" + png[16:],
        b"GIF89a\x01",
        b"RIFF\x00\x00\x00\x00WEBPVP8Z" + bytes(20),
        b"\xff\xd8\xff\xda\x00\x08" + bytes(10),  # a scan before any frame
        b"\xff\xd8\x00\x00",  # no marker where one must be
        jpeg[:30],
    ):
        assert image_size(base64.b64encode(raw).decode("ascii")) is None, raw[:16]


@pytest.mark.skipif(not supported(), reason="deadlines need SIGALRM")
def test_a_jpeg_of_a_million_tiny_segments_is_read_in_linear_time() -> None:
    """Each segment moves the walk forward: 4 MB of 4-byte segments, then a frame."""
    raw = b"\xff\xd8" + b"\xff\xfe\x00\x02" * 1_000_000 + b"\xff\xc0\x00\x11\x08\x1f\x41\x00\x07"
    with deadline(20, "a million JPEG segments"):
        assert image_size(base64.b64encode(raw).decode("ascii")) == (7, 8001)


def test_other_providers_do_not_check_media() -> None:
    transcript = [user("u", image(data_of(3_750_001)), *[image()] * 20, *[document()] * 6)]
    assert len(wire(transcript)) == 3

    for provider in REGISTRY:
        if provider != "bedrock-converse":
            assert wire(transcript, provider) == [], provider


# --- another provider's limits ----------------------------------------------------------


def test_a_provider_declaring_its_own_limits_gets_them_checked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The rule reads the record: a provider with 2 images of 8 bytes and no document
    limit is held to exactly those."""
    limits = MediaLimits(images=MediaLimit(most_per_turn=2, largest_bytes=8))
    spec = dataclasses.replace(REGISTRY["mistral"], media=limits)
    monkeypatch.setattr(_registry, "REGISTRY", MappingProxyType({**REGISTRY, "mistral": spec}))
    transcript = [
        user("u", image(data_of(8)), image(data_of(9)), image(), *[document(data_of(99))] * 9)
    ]

    assert wire(transcript, "mistral") == [
        ("MEDIA_TOO_LARGE", 0, "/0/content/1"),
        ("TOO_MANY_IMAGES", 0, "/0/content/2"),
    ]


def test_a_kind_with_no_limit_before_one_with_a_limit_leaves_its_count_alone(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Documents limited, images not: the images before the documents are passed over,
    and the documents are still counted."""
    limits = MediaLimits(documents=MediaLimit(most_per_turn=1))
    spec = dataclasses.replace(REGISTRY["mistral"], media=limits)
    monkeypatch.setattr(_registry, "REGISTRY", MappingProxyType({**REGISTRY, "mistral": spec}))
    transcript = [user("u", *[image()] * 3, document(data_of(9)), document(data_of(9)))]

    assert wire(transcript, "mistral") == [("TOO_MANY_DOCUMENTS", 0, "/0/content/4")]


def test_pixels_are_checked_for_images_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """``largest_side`` is an image's limit: a record giving documents one has it
    ignored, and images with no ``largest_side`` have no header read (an 8000-pixel-wide
    PNG passes both ways)."""
    limits = MediaLimits(images=MediaLimit(), documents=MediaLimit(largest_side=1))
    spec = dataclasses.replace(REGISTRY["mistral"], media=limits)
    monkeypatch.setattr(_registry, "REGISTRY", MappingProxyType({**REGISTRY, "mistral": spec}))
    wide = sided_image("png", 1)
    transcript = [user("u", wide, document(wide["source"]["data"]))]

    assert wire(transcript, "mistral") == []
    assert image_size(wide["source"]["data"]) == (8000, 1)


def test_a_message_of_string_content_does_not_end_the_count_of_its_turn() -> None:
    """A user message whose content is a string holds no media; the messages after it
    in the same user turn are still counted and measured."""
    transcript = [
        {"role": "user", "id": "u0", "content": "look at these"},
        user("u1", *[image()] * 21),
        user("u2", image(data_of(3_750_001))),
    ]

    assert wire(transcript) == [
        ("TOO_MANY_IMAGES", 1, "/1/content/20"),
        ("MEDIA_TOO_LARGE", 2, "/2/content/0"),
    ]


# --- repair, the command -----------------------------------------------------------------


def test_repair_keeps_the_media_and_check_wire_rules_still_reports_them() -> None:
    """No repair meets a count or size limit without losing content: repair_transcript leaves
    the blocks as they are (and says nothing), check_wire_rules still reports them."""
    transcript = [user("u", *[image()] * 21)]
    repaired = repair_transcript(transcript, provider="bedrock-converse")

    assert repaired.actions == ()
    assert wire(repaired.transcript) == [("TOO_MANY_IMAGES", 0, "/0/content/20")]


@pytest.mark.parametrize(("name", "transcript"), textless_cases(), ids=lambda x: str(x)[:40])
def test_repair_adds_text_beside_a_document_that_has_none(name: str, transcript: list[Any]) -> None:
    """One ADDED_DOCUMENT_TEXT per turn check_wire_rules reports, at the content of the
    message holding the turn's first document (in the input); the text block is added
    after that message's blocks; then check_wire_rules passes."""
    reported = [row for row in wire(transcript) if row[0] == "DOCUMENT_WITHOUT_TEXT"]
    repaired = repair_transcript(transcript, provider="bedrock-converse")

    added = [(a.code, a.message_index, a.path) for a in repaired.actions]
    assert added == [
        ("ADDED_DOCUMENT_TEXT", index, f"/{index}/content") for _, index, _ in reported
    ]
    assert wire(repaired.transcript) == []
    for _, index, _ in reported:
        message = repaired.transcript[index]
        assert message.content[-1] == TextBlock(text="(A document is attached.)")  # type: ignore[union-attr]
        assert message.content[:-1] == parse_message(transcript[index]).content  # type: ignore[union-attr]


def test_repair_adds_no_text_where_the_turn_has_some_or_for_another_provider() -> None:
    transcript = [{"role": "user", "id": "u", "content": [document()]}]

    assert repair_transcript(transcript, provider="anthropic").actions == ()
    assert repair_transcript(transcript).actions == ()
    assert repair_transcript([user("u", document())], provider="bedrock-converse").actions == ()


def test_the_command_reports_the_media_limits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    line = {"messages": [user("u", *[image()] * 21)]}
    path = tmp_path / "lines.jsonl"
    path.write_text(json.dumps(line) + "\n", encoding="utf-8")

    assert main(["validate", str(path), "--provider-rules", "bedrock-converse"]) == 1
    assert "TOO_MANY_IMAGES" in capsys.readouterr().out
    assert main(["explain", "MEDIA_TOO_LARGE"]) == 0
    assert "4.5 MB" in capsys.readouterr().out


def test_a_request_at_every_limit_passes_botocore_s_validation() -> None:
    """The writer's request for a turn at both count limits is one botocore accepts
    (botocore checks shapes, not these limits: the rule is what catches them)."""
    transcript = [user("u", *[image()] * 20, *[document()] * 5)]
    assert wire(transcript) == []

    request = to_bedrock_converse(transcript).fields
    assert validation_errors(request) == ""
    over = to_bedrock_converse([user("u", *[image()] * 21)]).fields
    assert validation_errors(over) == ""


# --- hostile counts ----------------------------------------------------------------------


@pytest.mark.skipif(not supported(), reason="deadlines need SIGALRM")
def test_thousands_of_images_take_linear_time() -> None:
    for name, transcript in hostile_cases(20_000):
        with deadline(20, name):
            found = wire(transcript)
        expected = [] if "alternating" in name else [("TOO_MANY_IMAGES", 0, "/0/content/20")]
        if "in one turn" in name:
            expected = [("TOO_MANY_IMAGES", 20, "/20/content/0")]
        assert found == expected, name


def test_a_tool_result_holding_many_images_is_not_counted() -> None:
    transcript = [user("u"), assistant("a", call("c1")), result("r1", "c1", *[image()] * 50)]

    assert wire(transcript) == []
