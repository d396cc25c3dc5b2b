"""botocore, offline, as the Bedrock Converse tests' oracle: the Bedrock runtime service
model that ships with botocore (``bedrock-runtime/2023-09-30/service-2.json``, read
from the installed package, no network), its parameter validation of a request, its
rest-json parser of a ``Converse`` reply, and its event-stream parser of a
``ConverseStream`` body built here byte for byte (AWS's binary event stream: prelude,
headers, payload, CRC32s), as boto3 yields the events of a real stream."""

from __future__ import annotations

import binascii
import functools
import json
import struct
from collections.abc import Iterator
from typing import Any

import botocore.session
from botocore.model import OperationModel, ServiceModel
from botocore.parsers import create_parser
from botocore.validate import ParamValidator

MODEL_ID = "anthropic.claude-sonnet-4-20250514-v1:0"


@functools.cache
def service_model() -> ServiceModel:
    return botocore.session.get_session().get_service_model("bedrock-runtime")


def operation(name: str) -> OperationModel:
    return service_model().operation_model(name)


def validation_errors(fields: dict[str, Any], name: str = "Converse") -> str:
    """botocore's report of ``fields`` (with a model id) as the input of operation
    ``name``; "" when it finds nothing wrong."""
    report = ParamValidator().validate({"modelId": MODEL_ID, **fields}, operation(name).input_shape)
    return report.generate_report() if report.has_errors() else ""


def parsed_reply(body: dict[str, Any]) -> dict[str, Any]:
    """What boto3's ``client.converse()`` returns for a reply whose JSON body is
    ``body``: botocore's rest-json parser on the bytes (blobs decoded to ``bytes``,
    ``ResponseMetadata`` added)."""
    response = {
        "body": json.dumps(body).encode("utf-8"),
        "headers": {"x-amzn-requestid": "req-1", "content-type": "application/json"},
        "status_code": 200,
    }
    parsed: dict[str, Any] = create_parser("rest-json").parse(
        response, operation("Converse").output_shape
    )
    return parsed


class _Body:
    """A raw HTTP body as botocore's EventStream reads it (``stream()``)."""

    def __init__(self, data: bytes, chunk: int) -> None:
        self._data = data
        self._chunk = chunk
        self.closed = False

    def stream(self) -> Iterator[bytes]:
        for start in range(0, len(self._data), self._chunk):
            yield self._data[start : start + self._chunk]

    def close(self) -> None:
        self.closed = True


def event_stream(events: list[dict[str, Any]], *, chunk: int = 7) -> Any:
    """boto3's ``client.converse_stream(...)["stream"]`` for ``events`` (each a dict of
    one key, the event's name, whose value is its JSON payload): the events encoded as
    AWS event-stream messages (an exception event's name ending in ``Exception`` as an
    exception message), the bytes fed in ``chunk``-byte pieces to botocore's own
    rest-json parser, which gives the ``EventStream`` boto3 returns."""
    data = b"".join(_message(*next(iter(event.items()))) for event in events)
    response = {
        "body": _Body(data, chunk),
        "headers": {"x-amzn-requestid": "req-1"},
        "status_code": 200,
        "context": {"operation_name": "ConverseStream"},
    }
    parsed = create_parser("rest-json").parse(response, operation("ConverseStream").output_shape)
    return parsed["stream"]


def _message(name: str, payload: Any) -> bytes:
    exception = name.endswith("Exception")
    headers = {
        ":message-type": "exception" if exception else "event",
        ":exception-type" if exception else ":event-type": name,
        ":content-type": "application/json",
    }
    encoded_headers = b"".join(_header(key, value) for key, value in headers.items())
    body = json.dumps(payload).encode("utf-8")
    total = 12 + len(encoded_headers) + len(body) + 4
    prelude = struct.pack(">II", total, len(encoded_headers))
    prelude += struct.pack(">I", binascii.crc32(prelude))
    message = prelude + encoded_headers + body
    return message + struct.pack(">I", binascii.crc32(message))


def _header(name: str, value: str) -> bytes:
    key = name.encode("utf-8")
    text = value.encode("utf-8")
    return struct.pack(">B", len(key)) + key + b"\x07" + struct.pack(">H", len(text)) + text
