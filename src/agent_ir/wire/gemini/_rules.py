"""Google Gemini (``generateContent``) as the generic rules, repair and the CLI read it.

A request holds ``contents`` (``user`` and ``model`` turns of parts), a separate
``systemInstruction`` and ``tools``. Where each rule comes from:

* **Function-call ids**: ``FunctionCall.id`` has no documented format or limit (the
  installed ``google-genai`` SDK: "The unique id of the function call. If populated,
  the client to execute the `function_call` and return the response with the matching
  `id`."), and most calls come without one; client-made ids are accepted by AI Studio
  and Vertex alike. No id rule is known, so none is checked (``IdRule(longest=None)``)
  and ``normalize_tool_call_ids`` renames nothing.
* **Function names** (of declarations and calls) match
  ``^[a-zA-Z_][a-zA-Z0-9_.:-]{0,63}$``. The SDK's ``FunctionDeclaration.name``: "Must
  start with a letter or an underscore. Must be a-z, A-Z, 0-9, or contain underscores,
  dots, colons and dashes, with a maximum length of 128"; the API's own 400 says 64:
  "Invalid function name. Must start with a letter or an underscore. Must be alphameric
  (a-z, A-Z, 0-9), underscores (_), dots (.), colons (:), or dashes (-), with a maximum
  length of 64." (github.com/kaitranntt/ccs/issues/25, cline/cline#7339). The
  enforced 64 is the rule chosen.
* **The function-response turn directly after its function-call turn**
  (RESULT_NOT_IMMEDIATE): "Please ensure that function response turn comes immediately
  after a function call turn." Consecutive ``model`` contents are one turn (the API reads
  consecutive contents of a role as one; ``to_gemini`` writes an IR message as a
  content of its own), so results may follow the run of assistant messages
  holding their call (``assistant_turns_join``).
* **As many function responses as calls in that turn**: "Please ensure that the number
  of function response parts is equal to the number of function call parts of the
  function call turn." ``validate_transcript``'s linkage codes say it: a call with no
  response is MISSING_TOOL_RESULT, a response no call has ORPHAN_TOOL_RESULT, a second
  one DUPLICATE_TOOL_RESULT, and one that comes later than the turn right after
  RESULT_NOT_IMMEDIATE.
* **A function-call turn after a user turn** (INVALID_ROLE_ORDER,
  ``calls_follow_user_turn``): "Please ensure that function call turn comes immediately
  after a user turn or after a function response turn.", seen when "the sent
  conversation history starts with a function call" (google-gemini/gemini-cli#11814).
  Once consecutive contents of a role are merged, the only call turn that can follow
  neither is one first in ``contents``.
* **Thought signatures** (MISSING_THOUGHT_SIGNATURE): Gemini 3 models refuse a request
  whose current turn has a function-call step without its signature: "Function call is
  missing a thought_signature in functionCall parts. This is required for tools to work
  correctly, and missing thought_signature may lead to degraded model performance.
  Additional data, function call `default_api:shell` , position 2. Please refer to
  https://ai.google.dev/gemini-api/docs/thought-signatures for more details."
  (manthanabc/paws#103). The thought-signatures page: of parallel calls the first
  functionCall part of a step is signed, of sequential steps each; the current turn
  starts at the last user message that is not function responses; Gemini 3 models
  "enforce stricter validation" and return a 400 without it, Gemini 2.5 does not; "Gemini
  3 Pro Image doesn't enforce this validation" (Vertex AI's thought-signatures page).
  Its FAQ names the dummy values accepted in place of a signature: "You can set the
  following dummy signatures of either "context_engineering_is_the_way_to_go" or
  "skip_thought_signature_validator"", and Vertex AI's "You can set thought_signature
  to skip_thought_signature_validator" (the one both accept, so the one
  ``repair_transcript`` writes, as the base64 of its bytes: the field holds bytes, and
  that form is what the SDK sends and pydantic-ai checked live; ``wire._spec.
  SignatureRule`` gives the evidence). Which models require it: the record's model rule
  (``signatures.models``, read by ``wire._spec.ModelRule``): names from ``gemini-3`` on
  (``gemini-3-pro-preview``, ``gemini-3.1-flash-lite``) and the aliases with no version
  (``gemini-flash-latest``; the retired 1.0 name ``gemini-pro`` reads as one too), not
  the image models (``-image`` in the name: Gemini 3 Pro Image does not enforce it), not
  ``gemini-1.5-*``, ``gemini-2.0-*``, ``gemini-2.5-*``, nor another family's
  (``gemma-3-27b-it``, open models that sign nothing); an unknown model is judged as
  the current ones.

What is not checked, and why:

* **A user turn first** (``user_turn_first``): the old "Please ensure that multiturn
  requests alternate between user and model" refusal is not today's API: recorded
  accepted requests send consecutive contents of one role (109 pairs in 816 recorded
  requests), and google/adk-go#1302 states that alternation "is not an API
  requirement". No accepted or refused request with a text-only ``model`` turn first
  was found, so only the documented rule for call turns is checked.
* **Empty contents and parts** (``content_required``): what ``to_gemini`` writes for
  empty IR content is its own choice; no rule is stated here.

The record (these facts as data) is this provider's entry of
``schemas/v1/providers.json``; this module adds what only Python has, the request
reader's ``convert``.
"""

from __future__ import annotations

from agent_ir.wire._common import WireMessages
from agent_ir.wire._records import spec_from_record

__all__ = ["GEMINI"]


def _from_request(contents: object, system: object, tools: object) -> WireMessages:
    # Imported when a line is read: the command starts without the readers.
    from agent_ir.wire.gemini._request import from_gemini

    return from_gemini(contents, system_instruction=system, tools=tools)


GEMINI = spec_from_record("gemini", convert=_from_request)
