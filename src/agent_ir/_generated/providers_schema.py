# DO NOT EDIT: generated from schemas/v1 by codegen/generate.py.
# Regenerate with `nox -s codegen`; `nox -s codegen_check` fails on any drift.

from __future__ import annotations

from typing import Annotated, TypeAlias
from msgspec import Meta, field
from agent_ir._base import Absent, IRStruct


CharacterClass: TypeAlias = Annotated[
    str,
    Meta(
        description="The body of a regular-expression character class (what goes between [ and ]): ASCII letters and digits, ranges between them (a-z), and the characters _ . : - (a hyphen last stands for itself). It means the same in Python's re, ECMA-262 and RE2.",
        pattern="^[A-Za-z0-9_.:-]+\\Z",
    ),
]
"""
The body of a regular-expression character class (what goes between [ and ]): ASCII letters and digits, ranges between them (a-z), and the characters _ . : - (a hyphen last stands for itself). It means the same in Python's re, ECMA-262 and RE2.
"""


ModelNameFragment: TypeAlias = Annotated[
    str,
    Meta(
        description="A piece of a model's name, lowercase, compared with the name as it is read (after its last /, lowercased).",
        min_length=1,
    ),
]
"""
A piece of a model's name, lowercase, compared with the name as it is read (after its last /, lowercased).
"""


class ProviderIdRule(IRStruct):
    """
    The tool-call ids a provider takes: at least shortest and at most longest characters and, when characters is given, only those. The whole-id pattern is derived: [characters]{shortest,longest} ({n} when both are n), or [characters]{shortest,} without a limit ([characters]+ when shortest is 1). An object without any key takes any id.
    """

    shortest: Absent[
        Annotated[
            int,
            Meta(
                description="The fewest characters (Unicode code points) an id may have (Mistral: exactly 9). Absent: 1. normalize_tool_call_ids pads a shorter id with replacement (the record gives characters and replacement with it).",
                ge=1,
            ),
        ]
    ] = None
    """
    The fewest characters (Unicode code points) an id may have (Mistral: exactly 9). Absent: 1. normalize_tool_call_ids pads a shorter id with replacement (the record gives characters and replacement with it).
    """
    longest: Absent[
        Annotated[
            int,
            Meta(
                description="The most characters (Unicode code points) an id may have. Absent: no limit is known, none is checked.",
                ge=1,
            ),
        ]
    ] = None
    """
    The most characters (Unicode code points) an id may have. Absent: no limit is known, none is checked.
    """
    characters: Absent[
        Annotated[
            CharacterClass,
            Meta(description="The characters an id may hold. Absent: any character."),
        ]
    ] = None
    """
    The characters an id may hold. Absent: any character.
    """
    replacement: Absent[
        Annotated[
            str,
            Meta(
                description="The character normalize_tool_call_ids writes in place of each character outside characters (given with characters, and only with it).",
                pattern="^[A-Za-z0-9_.:-]\\Z",
            ),
        ]
    ] = None
    """
    The character normalize_tool_call_ids writes in place of each character outside characters (given with characters, and only with it).
    """


class ProviderModelRule(IRStruct):
    """
    Which models a rule applies to, read from the model's name after its last / (models/x, publishers/p/models/x), lowercased. A model not given (not known) is judged as the current models: the rule applies. A name that does not start with prefix: it does not. A name that holds one of exempt: it does not. A name with a version right after prefix (<major>, <major>.<minor> or <major>-<minor>, then a hyphen or the end): the rule applies from major fromMajor on. A name with no version there (an alias that follows the newest release): the rule applies.
    """

    prefix: Annotated[
        ModelNameFragment,
        Meta(description="How the names of the provider's own models start."),
    ]
    """
    How the names of the provider's own models start.
    """
    from_major: Annotated[
        int, Meta(description="The first major version the rule applies to.", ge=0)
    ] = field(name="fromMajor")
    """
    The first major version the rule applies to.
    """
    exempt: Annotated[
        tuple[ModelNameFragment, ...],
        Meta(
            description="Pieces of a name that exempt a model of the family (an empty array: none)."
        ),
    ]
    """
    Pieces of a name that exempt a model of the family (an empty array: none).
    """


ProviderName: TypeAlias = Annotated[
    str,
    Meta(
        description="A provider's name: lowercase ASCII letters and digits in words joined by single hyphens.",
        pattern="^[a-z0-9]+(?:-[a-z0-9]+)*\\Z",
    ),
]
"""
A provider's name: lowercase ASCII letters and digits in words joined by single hyphens.
"""


class ProviderRecord(IRStruct):
    """
    One provider: its name and label, the tool-call ids and tool names it takes, how it reads the order and content of messages, the signatures it wants back on tool calls, and the keys of its request.
    """

    name: Annotated[
        ProviderName,
        Meta(
            description="The provider's name as the public API and the command spell it (check_wire_rules' provider, --format, --provider-rules)."
        ),
    ]
    """
    The provider's name as the public API and the command spell it (check_wire_rules' provider, --format, --provider-rules).
    """
    label: Annotated[
        str,
        Meta(
            description="The provider's name for a person (the HTML report, the documentation, a diagnostic about a model).",
            min_length=1,
        ),
    ]
    """
    The provider's name for a person (the HTML report, the documentation, a diagnostic about a model).
    """
    ids: Annotated[
        ProviderIdRule,
        Meta(
            description="The tool-call ids it takes (INVALID_TOOL_CALL_ID_FORMAT; normalize_tool_call_ids renames the others)."
        ),
    ]
    """
    The tool-call ids it takes (INVALID_TOOL_CALL_ID_FORMAT; normalize_tool_call_ids renames the others).
    """
    turns: Annotated[
        ProviderTurnRules,
        Meta(description="How it reads the order and content of messages."),
    ]
    """
    How it reads the order and content of messages.
    """
    request: Annotated[
        ProviderRequestKeys,
        Meta(
            description="The keys of a request line in the object form, as agent-ir validate --format reads it."
        ),
    ]
    """
    The keys of a request line in the object form, as agent-ir validate --format reads it.
    """
    tool_names: Absent[
        Annotated[
            ProviderToolNameRule,
            Meta(
                description="The tool names it takes, of tool definitions and tool calls alike (INVALID_TOOL_NAME_FORMAT). Absent: no rule is known, none is checked."
            ),
        ]
    ] = field(name="toolNames", default=None)
    """
    The tool names it takes, of tool definitions and tool calls alike (INVALID_TOOL_NAME_FORMAT). Absent: no rule is known, none is checked.
    """
    signatures: Absent[
        Annotated[
            ProviderSignatureRule,
            Meta(
                description="The opaque signatures it wants back on the tool calls of the current turn (MISSING_THOUGHT_SIGNATURE). Absent: none."
            ),
        ]
    ] = None
    """
    The opaque signatures it wants back on the tool calls of the current turn (MISSING_THOUGHT_SIGNATURE). Absent: none.
    """
    cache_breakpoints: Absent[
        Annotated[
            int,
            Meta(
                description="The most cache breakpoints (cacheControl on blocks and messages) a request may hold; retarget keeps the last ones and reports the others. Absent: no limit is known.",
                ge=0,
            ),
        ]
    ] = field(name="cacheBreakpoints", default=None)
    """
    The most cache breakpoints (cacheControl on blocks and messages) a request may hold; retarget keeps the last ones and reports the others. Absent: no limit is known.
    """


class ProviderRecords(IRStruct):
    """
    Every provider's record, in the order the registry lists them (PROVIDERS in TypeScript, provider_names() in Python).
    """

    providers: Annotated[
        tuple[ProviderRecord, ...],
        Meta(
            description="The records, one per provider, each name once.", min_length=1
        ),
    ]
    """
    The records, one per provider, each name once.
    """


Model: TypeAlias = Annotated[
    ProviderRecords,
    Meta(
        description="The records of the providers agent-ir knows (providers.json beside this file): for each, the facts check_wire_rules, repair_transcript, normalize_tool_call_ids and the command read, stated once as data. The Python registry (agent_ir.wire) and the TypeScript package (bindings/typescript/src/providers.ts, generated) both read them; how each rule is applied is each language's code."
    ),
]
"""
The records of the providers agent-ir knows (providers.json beside this file): for each, the facts check_wire_rules, repair_transcript, normalize_tool_call_ids and the command read, stated once as data. The Python registry (agent_ir.wire) and the TypeScript package (bindings/typescript/src/providers.ts, generated) both read them; how each rule is applied is each language's code.
"""


class ProviderRequestKeys(IRStruct):
    """
    The keys of a provider's request that agent-ir validate --format reads from a line in the object form ({"<messages>": [...], ...}).
    """

    messages: Annotated[RequestKey, Meta(description="The key holding the messages.")]
    """
    The key holding the messages.
    """
    switches: Annotated[
        tuple[RequestKey, ...],
        Meta(
            description="The line's other keys the format defines as booleans: each, when present, must be true or false (an empty array: none)."
        ),
    ]
    """
    The line's other keys the format defines as booleans: each, when present, must be true or false (an empty array: none).
    """
    system: Absent[
        Annotated[
            RequestKey,
            Meta(
                description="The key holding the system prompt. Absent: the format keeps it among the messages."
            ),
        ]
    ] = None
    """
    The key holding the system prompt. Absent: the format keeps it among the messages.
    """
    tools: Absent[
        Annotated[
            RequestKey,
            Meta(
                description="The key holding the tool definitions. Absent: the format has none."
            ),
        ]
    ] = None
    """
    The key holding the tool definitions. Absent: the format has none.
    """


class ProviderSignatureRule(IRStruct):
    """
    The opaque signatures a provider wants back: for each model that models says requires them, the first tool call of each step of the current turn must carry one (MISSING_THOUGHT_SIGNATURE). The current turn is everything after the last user message; a step is a run of consecutive assistant messages.
    """

    placeholders: Annotated[
        tuple[SignaturePlaceholder, ...],
        Meta(
            description="The values accepted in place of a signature (each also as the base64 of its bytes); repair_transcript writes the first of them on a call that lacks one.",
            min_length=1,
        ),
    ]
    """
    The values accepted in place of a signature (each also as the base64 of its bytes); repair_transcript writes the first of them on a call that lacks one.
    """
    models: Annotated[
        ProviderModelRule, Meta(description="Which models require the signatures.")
    ]
    """
    Which models require the signatures.
    """


class ProviderToolNameRule(IRStruct):
    """
    The tool names a provider takes: 1 to longest characters, each in characters, and, when first is given, the first of them in first. The whole-name pattern is derived: [characters]{1,longest}, or [first][characters]{0,longest-1}.
    """

    longest: Annotated[
        int, Meta(description="The most characters a name may have.", ge=1)
    ]
    """
    The most characters a name may have.
    """
    characters: Annotated[
        CharacterClass, Meta(description="The characters a name may hold.")
    ]
    """
    The characters a name may hold.
    """
    first: Absent[
        Annotated[
            CharacterClass,
            Meta(
                description="The characters a name may start with. Absent: any of characters."
            ),
        ]
    ] = None
    """
    The characters a name may start with. Absent: any of characters.
    """


class ProviderTurnRules(IRStruct):
    """
    How a provider reads the order and content of messages; every rule is stated, true or false (all false: only what validate_transcript asks).
    """

    results_follow_call: Annotated[
        bool,
        Meta(
            description="The results of an assistant message's calls come directly after it (RESULT_NOT_IMMEDIATE)."
        ),
    ] = field(name="resultsFollowCall")
    """
    The results of an assistant message's calls come directly after it (RESULT_NOT_IMMEDIATE).
    """
    assistant_turns_join: Annotated[
        bool,
        Meta(
            description="Consecutive assistant messages are one turn, so the results may follow the run of them."
        ),
    ] = field(name="assistantTurnsJoin")
    """
    Consecutive assistant messages are one turn, so the results may follow the run of them.
    """
    user_turn_first: Annotated[
        bool,
        Meta(
            description="The first message after the system messages is a user turn (INVALID_ROLE_ORDER)."
        ),
    ] = field(name="userTurnFirst")
    """
    The first message after the system messages is a user turn (INVALID_ROLE_ORDER).
    """
    calls_follow_user_turn: Annotated[
        bool,
        Meta(
            description="An assistant turn holding tool calls comes after a user turn (a user message or tool results), never first after the system messages (INVALID_ROLE_ORDER; weaker than userTurnFirst)."
        ),
    ] = field(name="callsFollowUserTurn")
    """
    An assistant turn holding tool calls comes after a user turn (a user message or tool results), never first after the system messages (INVALID_ROLE_ORDER; weaker than userTurnFirst).
    """
    content_required: Annotated[
        bool,
        Meta(
            description="User and assistant content must not be empty or only whitespace, a text block not empty, and a whitespace-only text block not the only thing its message says (EMPTY_CONTENT)."
        ),
    ] = field(name="contentRequired")
    """
    User and assistant content must not be empty or only whitespace, a text block not empty, and a whitespace-only text block not the only thing its message says (EMPTY_CONTENT).
    """
    ids_reusable_after_result: Annotated[
        bool,
        Meta(
            description="A tool-call id may be used again once its call was answered, which validate_transcript refuses on purpose (DUPLICATE_TOOL_CALL_ID) and check_wire_rules then accepts."
        ),
    ] = field(name="idsReusableAfterResult")
    """
    A tool-call id may be used again once its call was answered, which validate_transcript refuses on purpose (DUPLICATE_TOOL_CALL_ID) and check_wire_rules then accepts.
    """


RequestKey: TypeAlias = Annotated[
    str, Meta(description="A key of a request line in the object form.", min_length=1)
]
"""
A key of a request line in the object form.
"""


SignaturePlaceholder: TypeAlias = Annotated[
    str,
    Meta(
        description="A value a provider documents as accepted in place of a signature it made, as written on the wire.",
        min_length=1,
    ),
]
"""
A value a provider documents as accepted in place of a signature it made, as written on the wire.
"""
