# DO NOT EDIT: generated from schemas/v1 by codegen/generate.py.
# Regenerate with `nox -s codegen`; `nox -s codegen_check` fails on any drift.

from __future__ import annotations

from typing import Annotated, Any, TypeAlias, Union
from msgspec import Meta
from agent_ir._base import IRStruct
from agent_ir._jsonobject import JsonObject


JsonValue: TypeAlias = Union[
    Annotated[
        Union[str, float, int, bool, tuple["JsonValue", ...], JsonObject],
        Meta(
            description="Any JSON value: string, number, integer, boolean, null, array or object."
        ),
    ],
    None,
]
"""
Any JSON value: string, number, integer, boolean, null, array or object.
"""


Model: TypeAlias = Annotated[
    Any,
    Meta(
        description="Arbitrary JSON values, as carried by tool-call arguments and fixture payloads."
    ),
]
"""
Arbitrary JSON values, as carried by tool-call arguments and fixture payloads.
"""
