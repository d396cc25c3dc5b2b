"""Transcripts around a provider's media limits (``ProviderSpec.media``: images and
documents per user turn, bytes per block), in JSON form, shared by the rule's tests
(``tests/rules/test_media_limits.py``) and the cross-language corpus
(``tests/js/write_corpus.py``)."""

from __future__ import annotations

import base64
import random
from typing import Any

from agent_ir.wire._spec import MediaLimits

PNG = "iVBORw0KGgo="  # 8 bytes
PDF = "JVBERi0xLjQK"  # 9 bytes


# Images made by Pillow 13.0.0 (Image.new, then save), 8000 pixels wide and 8001 high: the
# largest side Bedrock takes, and one pixel over it, in each format whose header
# agent_ir._image_size reads. (format, media type, width, height, base64)
SIDED: tuple[tuple[str, str, int, int, str], ...] = (
    (
        "png",
        "image/png",
        8000,
        1,
        "iVBORw0KGgoAAAANSUhEUgAAH0AAAAABCAAAAAB2CMfGAAAAHElEQVR4nO3BAQEAAACAkP6v7ggKAAAA"
        "AAAAAGgfQQABwNe7owAAAABJRU5ErkJggg==",
    ),
    (
        "png",
        "image/png",
        1,
        8001,
        "iVBORw0KGgoAAAANSUhEUgAAAAEAAB9BCAAAAACksH0eAAAAJUlEQVR4nO3BAQEAAACAkP6v7ggKAAAA"
        "AAAAAAAAAAAAAAAAqgY+ggABFUKGmgAAAABJRU5ErkJggg==",
    ),
    (
        "gif",
        "image/gif",
        8000,
        1,
        "R0lGODdhQB8BAIEAAAAAAAAAAAAAAAAAACwAAAAAQB8BAAAIkAABCBxIsKDBgwgTKlzIsKHDhxAjSpxI"
        "saLFixgzatzIsaPHjyBDihxJsqTJkyhTqlzJsqXLlzBjypxJs6bNmzhz6tzJs6fPn0CDCh1KtKjRo0iT"
        "Kl3KtKnTp1CjSp1KtarVq1izat3KtavXr2DDih1LtqzZs2jTql3Ltq3bt3Djyp1Lt67du3jz6t3Lt2/f"
        "gAA7",
    ),
    (
        "gif",
        "image/gif",
        1,
        8001,
        "R0lGODdhAQBBH4EAAAAAAAAAAAAAAAAAACwAAAAAAQBBHwAIkAABCBxIsKDBgwgTKlzIsKHDhxAjSpxI"
        "saLFixgzatzIsaPHjyBDihxJsqTJkyhTqlzJsqXLlzBjypxJs6bNmzhz6tzJs6fPn0CDCh1KtKjRo0iT"
        "Kl3KtKnTp1CjSp1KtarVq1izat3KtavXr2DDih1LtqzZs2jTql3Ltq3bt3Djyp1Lt67du3jz6t3Lt6/f"
        "gAA7",
    ),
    (
        "webp-lossless",
        "image/webp",
        8000,
        1,
        "UklGRiAAAABXRUJQVlA4TBQAAAAvPx8AAAcQEf0PAAnh/30lov+pOQ==",
    ),
    (
        "webp-lossless",
        "image/webp",
        1,
        8001,
        "UklGRiIAAABXRUJQVlA4TBYAAAAvAADQBwcQEf0PACjS//8U0f/Q/0AD",
    ),
    (
        "webp-lossy",
        "image/webp",
        8000,
        1,
        "UklGRhgBAABXRUJQVlA4IAwBAAAQHgCdASpAHwEAPtFosVMoJiSioCgBABoJaW7hd2EbQAnsA99snIe+"
        "2TkPfbJyHvtk5D32ych77ZOQ99snIe+2TkPfbJyHvtk5D32ych77ZOQ99snIe+2TkPfbJyHvtk5D32yc"
        "h77ZOQ99snIe+2TkPfbJyHvtk5D32ych77ZOQ99snIe+2TkPfbJyHvtk5D32ych77ZOQ99snIe+2TkPf"
        "bJyHvtk5D32ych77ZOQ99snIe+2TkPfbJyHvtk5D32ych77ZOQ99snIe+2TkPfbJyHvtk5D32ych77ZO"
        "Q99snIe+2TkPfbJyHvtk5D32ych77ZOQ99snH8AA/v/GBgAAAAAAAAAAAAAAAAAA",
    ),
    (
        "webp-lossy",
        "image/webp",
        1,
        8001,
        "UklGRhoBAABXRUJQVlA4IA4BAAAwHgCdASoBAEEfPtFosVMoJiSioCgBABoJaW7hd2EbQAnsA99snIe+"
        "2TkPfbJyHvtk5D32ych77ZOQ99snIe+2TkPfbJyHvtk5D32ych77ZOQ99snIe+2TkPfbJyHvtk5D32yc"
        "h77ZOQ99snIe+2TkPfbJyHvtk5D32ych77ZOQ99snIe+2TkPfbJyHvtk5D32ych77ZOQ99snIe+2TkPf"
        "bJyHvtk5D32ych77ZOQ99snIe+2TkPfbJyHvtk5D32ych77ZOQ99snIe+2TkPfbJyHvtk5D32ych77ZO"
        "Q99snIe+2TkPfbJyHvtk5D32ych77ZOQ99snIbwAAP7/xgYAAAAAAAAAAAAAAAAAAAA=",
    ),
    (
        "jpeg",
        "image/jpeg",
        8000,
        1,
        "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAFA3PEY8MlBGQUZaVVBfeMiCeG5uePWvuZHI////////////"
        "////////////////////////////////////////wAALCAABH0ABAREA/8QAHwAAAQUBAQEBAQEAAAAA"
        "AAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEI"
        "I0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1"
        "dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi"
        "4+Tl5ufo6erx8vP09fb3+Pn6/9oACAEBAAA/AKVFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFf/"
        "2Q==",
    ),
    (
        "jpeg",
        "image/jpeg",
        1,
        8001,
        "/9j/4AAQSkZJRgABAQAAAQABAAD/2wBDAFA3PEY8MlBGQUZaVVBfeMiCeG5uePWvuZHI////////////"
        "////////////////////////////////////////wAALCB9BAAEBAREA/8QAHwAAAQUBAQEBAQEAAAAA"
        "AAAAAAECAwQFBgcICQoL/8QAtRAAAgEDAwIEAwUFBAQAAAF9AQIDAAQRBRIhMUEGE1FhByJxFDKBkaEI"
        "I0KxwRVS0fAkM2JyggkKFhcYGRolJicoKSo0NTY3ODk6Q0RFRkdISUpTVFVWV1hZWmNkZWZnaGlqc3R1"
        "dnd4eXqDhIWGh4iJipKTlJWWl5iZmqKjpKWmp6ipqrKztLW2t7i5usLDxMXGx8jJytLT1NXW19jZ2uHi"
        "4+Tl5ufo6erx8vP09fb3+Pn6/9oACAEBAAA/AKVFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF"
        "FFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFf"
        "/9k=",
    ),
)


def data_of(size: int) -> str:
    """Standard padded base64 of ``size`` bytes."""
    return base64.b64encode(b"\x00" * size).decode("ascii")


def image(data: str = PNG) -> dict[str, Any]:
    return {"type": "image", "source": {"type": "base64", "mediaType": "image/png", "data": data}}


def document(data: str = PDF) -> dict[str, Any]:
    source = {"type": "base64", "mediaType": "application/pdf", "data": data}
    return {"type": "document", "source": source}


def url_image(url: str = "s3://bucket/huge.png") -> dict[str, Any]:
    return {"type": "image", "source": {"type": "url", "url": url}}


def file_document(file_id: str = "file-huge") -> dict[str, Any]:
    return {"type": "document", "source": {"type": "file", "fileId": file_id}}


def text(value: str = "look") -> dict[str, Any]:
    return {"type": "text", "text": value}


def user(id: str, *blocks: dict[str, Any]) -> dict[str, Any]:
    return {"role": "user", "id": id, "content": [*blocks, text()]}


def assistant(id: str, *blocks: dict[str, Any]) -> dict[str, Any]:
    return {"role": "assistant", "id": id, "content": [*blocks] or [text("seen")]}


def call(call_id: str) -> dict[str, Any]:
    return {"type": "toolCall", "id": call_id, "name": "shot", "arguments": {}}


def result(id: str, call_id: str, *blocks: dict[str, Any]) -> dict[str, Any]:
    return {
        "role": "toolResult",
        "id": id,
        "toolCallId": call_id,
        "toolName": "shot",
        "content": [*blocks, text("done")],
        "isError": False,
    }


def system(id: str) -> dict[str, Any]:
    return {"role": "system", "id": id, "content": "be brief"}


def count_cases(images: int, documents: int) -> list[tuple[str, list[Any]]]:
    """Transcripts at and one over ``images`` images and ``documents`` documents a user
    turn, the blocks in one message or split over a turn's messages (user messages,
    tool results, a system message between them), and turns that an assistant message
    or a malformed message ends (small blocks: no size limit is near)."""
    at, over = [image()] * images, [image()] * (images + 1)
    docs, docs_over = [document()] * documents, [document()] * (documents + 1)
    half = images // 2
    return [
        ("images at the limit in one message", [user("u", *at)]),
        ("images one over the limit in one message", [user("u", *over)]),
        ("documents at the limit", [user("u", *docs)]),
        ("documents one over the limit", [user("u", *docs_over)]),
        ("both kinds one over", [user("u", *over, *docs_over)]),
        (
            "images one over, split over a turn's user messages and a system message",
            [user("u1", *at[:half]), system("s"), user("u2", *over[half:])],
        ),
        (
            "an assistant message ends the turn: each turn at the limit",
            [user("u1", *at), assistant("a"), user("u2", *at)],
        ),
        (
            "a malformed message ends the turn",
            [user("u1", *at), {"role": "assistant", "id": "bad"}, user("u2", image())],
        ),
        (
            "tool results' images are not counted, the user message after them is",
            [
                user("u1"),
                assistant("a", call("c1")),
                result("r1", "c1", *over),
                user("u2", *at),
            ],
        ),
        (
            "documents one over, split over two user messages in a row",
            [user("u1", *docs[:1]), user("u2", *docs_over[1:])],
        ),
    ]


def textless_cases() -> list[tuple[str, list[Any]]]:
    """User turns holding a document, with and without text that is not blank."""

    def bare(id: str, *blocks: dict[str, Any]) -> dict[str, Any]:
        return {"role": "user", "id": id, "content": [*blocks]}

    return [
        ("a document alone", [bare("u", document())]),
        ("a document beside blank text", [bare("u", text(" \n"), document())]),
        (
            "a document, and text in the turn's next user message",
            [bare("u1", document()), bare("u2", text("what is it?"))],
        ),
        (
            "a document, and string content in the turn's next user message",
            [bare("u1", document()), {"role": "user", "id": "u2", "content": "what is it?"}],
        ),
        (
            "an assistant message between the document and the text",
            [bare("u1", document()), assistant("a"), bare("u2", text("what is it?"))],
        ),
        (
            "a tool result's text does not count",
            [user("u1"), assistant("a", call("c1")), result("r1", "c1"), bare("u2", document())],
        ),
        ("an image alone needs no text", [bare("u", image())]),
    ]


def size_cases(media: MediaLimits) -> list[tuple[str, list[Any]]]:
    """Transcripts with blocks at, around and over the record's byte limits (for the
    images every padding: sizes of each remainder modulo 3), a tool result's image over
    the limit, and URL and file sources, whose size is not known."""
    found: list[tuple[str, list[Any]]] = []
    kinds = (("image", image, media.images), ("document", document, media.documents))
    for noun, block, limit in kinds:
        if limit is None or limit.largest_bytes is None:
            continue
        largest = limit.largest_bytes
        # every padding for the images; the documents' count as the images' do
        sizes = (
            (largest - 1, largest, largest + 1, largest + 2)
            if noun == "image"
            else (largest, largest + 1)
        )
        for size in sizes:
            found.append((f"one {noun} of {size} bytes", [user("u", block(data_of(size)))]))
    if media.images is not None and media.images.largest_bytes is not None:
        big = image(data_of(media.images.largest_bytes + 1))
        found.append(
            (
                "a tool result's image over the size limit",
                [user("u"), assistant("a", call("c1")), result("r1", "c1", big)],
            )
        )
    found.append(
        ("URL and file sources: no size is known", [user("u", url_image(), file_document())])
    )
    return found


def sided_image(name: str, height: int) -> dict[str, Any]:
    """The image of ``SIDED`` named ``name`` (png, gif, webp-lossless, webp-lossy, jpeg)
    that is ``height`` pixels high (1: 8000 wide; 8001)."""
    for found, media, _, high, data in SIDED:
        if found == name and high == height:
            source = {"type": "base64", "mediaType": media, "data": data}
            return {"type": "image", "source": source}
    raise KeyError(name)


def side_cases() -> list[tuple[str, list[Any]]]:
    """Each image of ``SIDED`` alone in a user message, and one in a tool result."""
    found: list[tuple[str, list[Any]]] = []
    for name, _, width, height, _ in SIDED:
        transcript = [user("u", sided_image(name, height))]
        found.append((f"a {name} of {width} x {height} pixels", transcript))
    over = sided_image("png", 8001)
    found.append(
        (
            "a tool result's image over the side limit",
            [user("u"), assistant("a", call("c1")), result("r1", "c1", over)],
        )
    )
    return found


def header_cases(count: int, seed: int) -> list[tuple[str, list[Any]]]:
    """``count`` images whose bytes are those of ``SIDED`` cut, changed or padded at
    random (seeded), each alone in a user message: headers cut short, wrong chunk names,
    markers broken, fill bytes; what the two languages must read alike."""
    rng = random.Random(seed)
    images = [base64.b64decode(data) for *_, data in SIDED]
    found: list[tuple[str, list[Any]]] = []
    for number in range(count):
        raw = bytearray(rng.choice(images)[: rng.randint(1, 160)])
        for _ in range(rng.randint(0, 3)):
            raw[rng.randrange(len(raw))] = rng.choice((0x00, 0x01, 0xFF, 0xC0, 0xDA, 0x2F, 0x9D))
        if rng.random() < 0.3:
            raw += bytes(rng.randrange(256) for _ in range(rng.randint(0, 30)))
        if rng.random() < 0.2 and raw[:2] == b"\xff\xd8":
            raw[2:2] = b"\xff\xff\xc0\x00\x11\x08\x1f\x41\x00\x01"
        data = base64.b64encode(bytes(raw)).decode("ascii")
        found.append((f"image header {number}", [user("u", image(data))]))
    return found


def hostile_cases(count: int) -> list[tuple[str, list[Any]]]:
    """``count`` images in one message, and ``count`` one-image user messages in one
    turn (tool results between them)."""
    many: list[Any] = [user("u0")]
    for index in range(count):
        many.append(assistant(f"a{index}", call(f"c{index}")))
        many.append(result(f"r{index}", f"c{index}"))
        many.append(user(f"u{index + 1}", image()))
    return [
        (f"{count} images in one message", [user("u", *[image()] * count)]),
        (f"{count} images in alternating turns", many),
        (f"{count} images in one turn", [user(f"u{index}", image()) for index in range(count)]),
    ]
