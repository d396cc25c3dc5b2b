# DO NOT EDIT: generated from schemas/v1 by codegen/generate.py.
# Regenerate with `nox -s codegen`; `nox -s codegen_check` fails on any drift.

from __future__ import annotations

from typing import Annotated, TypeAlias
from msgspec import Meta
from agent_ir._base import IRStruct
from . import message_schema


Transcript: TypeAlias = Annotated[
    tuple[message_schema.Message, ...], Meta(description="An ordered array of messages.")
]
"""
An ordered array of messages.
"""


Model: TypeAlias = Annotated[
    Transcript,
    Meta(
        description="A conversation: an ordered array of messages. Tool-call linkage rules are checked by validate_transcript, not by this schema."
    ),
]
"""
A conversation: an ordered array of messages. Tool-call linkage rules are checked by validate_transcript, not by this schema.
"""
