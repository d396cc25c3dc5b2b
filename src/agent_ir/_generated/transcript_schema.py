# DO NOT EDIT: generated from schemas/v1 by codegen/generate.py.
# Regenerate with `nox -s codegen`; `nox -s codegen_check` fails on any drift.

from __future__ import annotations

from typing import Annotated, TypeAlias
from msgspec import Meta
from agent_ir._base import Absent, IRStruct, ToolDefinitionStruct
from . import message_schema
from agent_ir._jsonobject import JsonObject


class ToolDefinition(ToolDefinitionStruct):
    """
    A function tool the model may call: a call (a toolCall block) names it, and its arguments must validate against its parameters. Hosted tools that the provider runs (web search, code execution) have no definition here; their calls are serverToolCall blocks.
    """

    name: Annotated[
        message_schema.NonEmptyString,
        Meta(
            description="The name calls use. Providers restrict it further (OpenAI: ^[a-zA-Z0-9_-]{1,64}$); check_wire_rules reports a name its provider refuses (INVALID_TOOL_NAME_FORMAT)."
        ),
    ]
    """
    The name calls use. Providers restrict it further (OpenAI: ^[a-zA-Z0-9_-]{1,64}$); check_wire_rules reports a name its provider refuses (INVALID_TOOL_NAME_FORMAT).
    """
    description: Absent[
        Annotated[str, Meta(description="What the tool does, for the model.")]
    ] = None
    """
    What the tool does, for the model.
    """
    parameters: Absent[
        Annotated[
            JsonObject,
            Meta(
                description="A JSON Schema (Draft 2020-12 unless its $schema names another draft) that a call's arguments object must validate against. Absent: the tool takes any arguments object. A $ref is resolved inside this schema only; nothing is ever fetched."
            ),
        ]
    ] = None
    """
    A JSON Schema (Draft 2020-12 unless its $schema names another draft) that a call's arguments object must validate against. Absent: the tool takes any arguments object. A $ref is resolved inside this schema only; nothing is ever fetched.
    """
    strict: Absent[
        Annotated[
            bool,
            Meta(
                description="OpenAI's strict function calling: the model's arguments follow the parameters exactly (OpenAI then requires additionalProperties false and every property required). Carried, not checked."
            ),
        ]
    ] = None
    """
    OpenAI's strict function calling: the model's arguments follow the parameters exactly (OpenAI then requires additionalProperties false and every property required). Carried, not checked.
    """


Tools: TypeAlias = Annotated[
    tuple[ToolDefinition, ...],
    Meta(description="The tools of a transcript, each name at most once."),
]
"""
The tools of a transcript, each name at most once.
"""


Transcript: TypeAlias = Annotated[
    tuple[message_schema.Message, ...], Meta(description="An ordered array of messages.")
]
"""
An ordered array of messages.
"""


Model: TypeAlias = Annotated[
    Transcript,
    Meta(
        description="A conversation: an ordered array of messages (the root), and the line that holds one with the tools it may call (TranscriptRecord). Tool-call linkage rules, and a call's arguments against its tool's parameters, are checked by validate_transcript, not by this schema."
    ),
]
"""
A conversation: an ordered array of messages (the root), and the line that holds one with the tools it may call (TranscriptRecord). Tool-call linkage rules, and a call's arguments against its tool's parameters, are checked by validate_transcript, not by this schema.
"""


class TranscriptRecord(IRStruct):
    """
    One transcript as a dataset line holds it: its messages, the tools they may call and an id for reports (agent-ir validate reads a line in this form, or a bare array of messages).
    """

    messages: Annotated[Transcript, Meta(description="The messages, in order.")]
    """
    The messages, in order.
    """
    id: Absent[
        Annotated[str | int, Meta(description="Names the transcript in reports.")]
    ] = None
    """
    Names the transcript in reports.
    """
    tools: Absent[
        Annotated[
            Tools,
            Meta(
                description="The tools the messages may call; absent: calls are not checked against definitions."
            ),
        ]
    ] = None
    """
    The tools the messages may call; absent: calls are not checked against definitions.
    """
