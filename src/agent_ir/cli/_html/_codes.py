"""The report's one line per diagnostic code: what it means (the table's "Meaning") and
what to do about it ("What to do", also listed once per code above each conversation).

Shorter than ``agent_ir.cli._code_texts`` (the page ``agent-ir explain CODE`` prints, a
paragraph per part, in Markdown) and not derived from it: a table cell holds one
clause, and a hint names the command's own options (``--format``, ``--allow-pending``,
``--model``) where they are the fix.
"""

from __future__ import annotations

__all__ = ["CODE_FIXES", "CODE_MEANINGS"]

CODE_MEANINGS = {
    "INVALID_TRANSCRIPT": "the line is not a transcript (not JSON, or not an array of messages)",
    "INVALID_MESSAGE": "a message does not have the shape of the schema",
    "EMPTY_TOOL_NAME": "a tool call has a blank name",
    "INVALID_TOOL_ARGUMENTS": "tool-call arguments are not a JSON object",
    "DUPLICATE_TOOL_CALL_ID": "two tool calls share one id",
    "DUPLICATE_TOOL_RESULT": "a tool call is answered twice",
    "ORPHAN_TOOL_RESULT": "a tool result answers no call of the transcript",
    "TOOL_RESULT_BEFORE_CALL": "a tool result comes before its call",
    "TOOL_NAME_MISMATCH": "a tool result names another tool than its call",
    "MISSING_TOOL_RESULT": "a tool call is never answered",
    "ORPHAN_SERVER_TOOL_RESULT": "a server-tool result answers no server-tool call",
    "UNDECLARED_TOOL": "a call names a tool the line does not declare",
    "TOOL_ARGUMENTS_MISMATCH": "a call's arguments break its tool's parameters (JSON Schema)",
    "INVALID_TOOL_DEFINITION": "a tool definition is malformed or its parameters no JSON Schema",
    "RESULT_NOT_IMMEDIATE": "a result does not directly follow its call (provider rule)",
    "INVALID_TOOL_CALL_ID_FORMAT": "a call id the provider refuses (provider rule)",
    "INVALID_ROLE_ORDER": "roles in an order the provider refuses (provider rule)",
    "EMPTY_CONTENT": "a message without content (provider rule)",
    "INVALID_TOOL_NAME_FORMAT": "a tool name the provider refuses (provider rule)",
    "MISSING_THOUGHT_SIGNATURE": "a tool call of the current turn lost its signature (provider rule)",
    "TOO_MANY_IMAGES": "more images in a user turn than the provider takes (provider rule)",
    "TOO_MANY_DOCUMENTS": "more documents in a user turn than the provider takes (provider rule)",
    "MEDIA_TOO_LARGE": "an image or document larger than the provider takes, in bytes or pixels (provider rule)",
    "DOCUMENT_WITHOUT_TEXT": "a user turn holds a document but no text (provider rule)",
}

CODE_FIXES = {
    "INVALID_TRANSCRIPT": "make each line a JSON array of messages or an object with "
    "\"messages\"; lines in a provider's or a dataset's format need --format",
    "INVALID_MESSAGE": "fix the field the pointer names to fit the message schema "
    "(agent-ir schema message)",
    "EMPTY_TOOL_NAME": "give the call the name of the tool it invoked (no repair can guess it)",
    "INVALID_TOOL_ARGUMENTS": "store the arguments as a JSON object: decode a string of JSON "
    "(json.loads) when the line is written",
    "DUPLICATE_TOOL_CALL_ID": "give each call its own id; repair_transcript renames the later "
    "call and the results after it",
    "DUPLICATE_TOOL_RESULT": "keep one result per call; repair_transcript keeps the first "
    '(duplicates="keep-first")',
    "ORPHAN_TOOL_RESULT": "restore the call it answers, or drop it: repair_transcript drops "
    'it (orphans="drop"); trim with trim_transcript, which keeps calls and results together',
    "TOOL_RESULT_BEFORE_CALL": "put the result after its call; repair_transcript drops it and "
    "answers the call with an error result",
    "TOOL_NAME_MISMATCH": "name the tool the call names; repair_transcript takes the call's name",
    "MISSING_TOOL_RESULT": "record the result after the call; repair_transcript adds an error "
    'result (missing="error-result") or drops the call ("drop-call"); an agent saved '
    "mid-turn: --allow-pending",
    "ORPHAN_SERVER_TOOL_RESULT": "keep the server-tool call before its result; repair_transcript "
    "drops the result block",
    "UNDECLARED_TOOL": 'declare the tool in the line\'s "tools", or call one that is declared',
    "TOOL_ARGUMENTS_MISMATCH": "make the arguments fit the tool's parameters (the pointer "
    "names the argument), or fix the parameters if the call was right",
    "INVALID_TOOL_DEFINITION": "give the tool a name and parameters that are a JSON Schema object",
    "RESULT_NOT_IMMEDIATE": "put the results right after their call's turn; "
    "repair_transcript(provider=...) moves them",
    "INVALID_TOOL_CALL_ID_FORMAT": "rewrite the ids in the provider's format: "
    "normalize_tool_call_ids, or repair_transcript(provider=...)",
    "INVALID_ROLE_ORDER": "order the turns as the provider requires; "
    "repair_transcript(provider=...) adds the user turn that must come first",
    "EMPTY_CONTENT": 'give the message content or drop it; repair_transcript(provider="anthropic")'
    " drops empty content",
    "INVALID_TOOL_NAME_FORMAT": "rename the tool (its definition, calls and results) to the "
    "provider's characters and length",
    "MISSING_THOUGHT_SIGNATURE": "keep the signature the model returned on the call; "
    'repair_transcript(provider="gemini") adds the documented placeholder; a Gemini 1.x or '
    "2.x model needs none: name it with --model",
    "TOO_MANY_IMAGES": "send fewer images in the turn, or spread them over turns (not repaired)",
    "TOO_MANY_DOCUMENTS": "send fewer documents in the turn, or their text as text (not repaired)",
    "MEDIA_TOO_LARGE": "downscale or split it, or send it by s3:// URL (not repaired)",
    "DOCUMENT_WITHOUT_TEXT": "add the user's question as text beside the document; "
    "repair_transcript(provider=...) adds a short text",
}
"""What to do about each diagnostic code: one short imperative hint, naming the
``repair_transcript`` option (or the command's option) that does it where there is
one. With ``CODE_MEANINGS`` (what each code means), the one table of both: the report
shows them, and the documentation can read them from here."""
