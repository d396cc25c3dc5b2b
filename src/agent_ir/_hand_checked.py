"""The message fields generated without their schema pattern, checked by hand instead.

These fields are the schema's ``NonEmptyString`` (at least one non-whitespace
character, ``"pattern": "\\S"``) on the hot path of every message: ids, tool names and
``toolCallId``. With the pattern, msgspec would call Python's ``re`` once per string,
measured at about 40% of validating a transcript. So ``codegen/generate.py`` types them
``agent_ir._base.NonBlankString`` (a plain ``str``) and the fast path
(``agent_ir.validation._checks.values_valid``) checks the rule by hand in the pass it makes anyway.

This table is the one list of them: codegen builds its type overrides from it, and
``tests/test_codegen.py`` asserts that exactly these fields are generated as
``NonBlankString`` and that a blank value in each is reported.

Pure data, no imports: codegen loads this file by path, without the package installed.
"""

__all__ = ["NON_BLANK_FIELDS"]

NON_BLANK_FIELDS: dict[str, tuple[str, ...]] = {
    "UserMessage": ("id",),
    "AssistantMessage": ("id",),
    "ToolResultMessage": ("id", "tool_call_id", "tool_name"),
    "SystemMessage": ("id",),
    "ToolCallBlock": ("id", "name"),
}
"""Generated class name -> the Python attribute names of its hand-checked fields."""
