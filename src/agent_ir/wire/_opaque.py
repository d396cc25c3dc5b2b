"""Who may receive an opaque value: a thinking block's ``signature`` (a signature, the
data of redacted thinking, OpenAI's encrypted reasoning) goes back only to the wire
format that made it, which its readers record in ``signatureProvider``.

Every ``to_*`` that can carry a signature asks ``foreign_maker`` first: a signature
another format made is never written (FOREIGN_SIGNATURE_DROPPED), since only its maker
can check or decrypt it (Anthropic refuses a request whose thinking signature is not its
own). A signature with no maker recorded (a transcript written before makers were) is
judged as before, by its form alone. Gemini's ``thoughtSignature`` is a field of its own,
made by Gemini by definition, and written by ``to_gemini`` only (``warn_thought_signatures``
warns it everywhere else)."""

from __future__ import annotations

from agent_ir._generated.message_schema import ThinkingBlock
from agent_ir._text import quoted
from agent_ir.wire._common import ConversionWarningCode, Warnings


def foreign_maker(block: ThinkingBlock, target: str) -> str | None:
    """The format that made ``block``'s signature when it is recorded and is not
    ``target`` (a provider record's name: ``"anthropic"``); else None."""
    maker = block.signature_provider
    if block.signature is None or maker is None or maker == target:
        return None
    return maker


def warn_foreign_signature(
    warnings: Warnings,
    index: int,
    block_index: int,
    maker: str,
    target_label: str,
    *,
    block_sent: bool,
) -> None:
    """FOREIGN_SIGNATURE_DROPPED for thinking block ``block_index`` of message ``index``
    whose signature ``maker`` made: at the block when the block is not written either
    (the target refuses thinking without its own signature), else at its
    ``signature`` (the reasoning text is written without it)."""
    if block_sent:
        warnings.add(
            ConversionWarningCode.FOREIGN_SIGNATURE_DROPPED,
            index,
            block_index,
            f"the thinking's signature was made by {quoted(maker)}, which only it can "
            f"check: not sent to {target_label} (the reasoning text is)",
            field="signature",
        )
        return
    warnings.add(
        ConversionWarningCode.FOREIGN_SIGNATURE_DROPPED,
        index,
        block_index,
        f"the thinking's signature was made by {quoted(maker)}, which only it can check, "
        f"and {target_label} takes back only thinking it signed itself: not sent",
    )
