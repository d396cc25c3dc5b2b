"""Whether a string is a URI reference (RFC 3986, section 4.1): the form of a ``$id``
of the tool-schema profile. The npm package builds the same expression from the same
parts (bindings/typescript/src/uriReference.ts), so both refuse the same ``$id``; the
grammar is jsonschema-rs's (0.61), which refuses every string it refuses."""

from __future__ import annotations

import re

__all__ = ["is_uri_reference"]

_PCT = "%[0-9A-Fa-f]{2}"
_PLAIN = "A-Za-z0-9\\-._~!$&'()*+,;="  # unreserved and sub-delims
_PCHAR = f"(?:[{_PLAIN}:@]|{_PCT})"
_H16 = "[0-9A-Fa-f]{1,4}"
_OCTET = "(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])"
_LS32 = f"(?:{_H16}:{_H16}|{_OCTET}(?:\\.{_OCTET}){{3}})"
_IPV6 = "|".join(
    (
        f"(?:{_H16}:){{6}}{_LS32}",
        f"::(?:{_H16}:){{5}}{_LS32}",
        f"(?:{_H16})?::(?:{_H16}:){{4}}{_LS32}",
        f"(?:(?:{_H16}:){{0,1}}{_H16})?::(?:{_H16}:){{3}}{_LS32}",
        f"(?:(?:{_H16}:){{0,2}}{_H16})?::(?:{_H16}:){{2}}{_LS32}",
        f"(?:(?:{_H16}:){{0,3}}{_H16})?::{_H16}:{_LS32}",
        f"(?:(?:{_H16}:){{0,4}}{_H16})?::{_LS32}",
        f"(?:(?:{_H16}:){{0,5}}{_H16})?::{_H16}",
        f"(?:(?:{_H16}:){{0,6}}{_H16})?::",
    )
)
_HOST = f"(?:\\[(?:{_IPV6}|v[0-9A-Fa-f]+\\.[{_PLAIN}:]+)\\]|(?:[{_PLAIN}]|{_PCT})*)"
_AUTHORITY = f"(?:(?:[{_PLAIN}:]|{_PCT})*@)?{_HOST}(?::[0-9]*)?"
_SEGMENTS = f"(?:/{_PCHAR}*)*"
_HIER = f"//{_AUTHORITY}{_SEGMENTS}|/(?:{_PCHAR}+{_SEGMENTS})?"
_QUERY_FRAGMENT = f"(?:\\?(?:{_PCHAR}|[/?])*)?(?:#(?:{_PCHAR}|[/?])*)?"
_URI_REFERENCE = re.compile(
    f"(?:[A-Za-z][A-Za-z0-9+\\-.]*:(?:{_HIER}|{_PCHAR}+{_SEGMENTS})?"
    f"|(?:{_HIER}|(?:[{_PLAIN}@]|{_PCT})+{_SEGMENTS})?){_QUERY_FRAGMENT}"
)


def is_uri_reference(text: str) -> bool:
    """``http://example.com/tool``, ``urn:x``, ``#``, ``a/b``: yes; ``http:// bad``,
    ``%zz``, ``é``: no (an IRI's characters are percent-encoded in a URI)."""
    return _URI_REFERENCE.fullmatch(text) is not None
