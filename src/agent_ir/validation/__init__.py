"""The validation room: every check of a transcript, in three floors.

```text
_conductor            check, check_text, diagnose: asks the fast engine for the verdict,
                      the explaining engine only about the messages that failed, then
                      closes with the linkage and the order of the diagnostics
_fast    _explain     the engines. _fast: the verdict of a whole transcript in one pass
         _reference   over twins of the message types, and which messages fail (by
         _codes       halving); fast_messages, chunks kept as IR. _explain: one message
                      read once and every problem with it (_reference: the jsonschema
                      explanation, imported on first use; _codes: a problem's code)
_checks  _convert     what both engines use, below them: the hand-checked values and
_twins   _linkage     where the JSON objects are; the conversion into the generated
_diagnostics          types; the verdict's twins; the tool-call linkage rules; building
                      and ordering diagnostics
```

Each floor imports only from its own floor or the floors below; the two engines never
import each other (``tests/test_layers.py``). The package's public face for all of it
is ``agent_ir.transcript`` (``validate_transcript``, ``validate_json``,
``parse_transcript``, ``loads``); nothing here is public.
"""
