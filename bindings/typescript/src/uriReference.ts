// Whether a string is a URI reference (RFC 3986, section 4.1): the form of a $id of the
// tool-schema profile, built from the parts Python builds it from
// (src/agent_ir/validation/_uri_reference.py), so that both refuse the same $id.

const PCT = "%[0-9A-Fa-f]{2}";
const PLAIN = "A-Za-z0-9\\-._~!$&'()*+,;="; // unreserved and sub-delims
const PCHAR = `(?:[${PLAIN}:@]|${PCT})`;
const H16 = "[0-9A-Fa-f]{1,4}";
const OCTET = "(?:25[0-5]|2[0-4][0-9]|1[0-9]{2}|[1-9]?[0-9])";
const LS32 = `(?:${H16}:${H16}|${OCTET}(?:\\.${OCTET}){3})`;
const IPV6 = [
  `(?:${H16}:){6}${LS32}`,
  `::(?:${H16}:){5}${LS32}`,
  `(?:${H16})?::(?:${H16}:){4}${LS32}`,
  `(?:(?:${H16}:){0,1}${H16})?::(?:${H16}:){3}${LS32}`,
  `(?:(?:${H16}:){0,2}${H16})?::(?:${H16}:){2}${LS32}`,
  `(?:(?:${H16}:){0,3}${H16})?::${H16}:${LS32}`,
  `(?:(?:${H16}:){0,4}${H16})?::${LS32}`,
  `(?:(?:${H16}:){0,5}${H16})?::${H16}`,
  `(?:(?:${H16}:){0,6}${H16})?::`,
].join("|");
const HOST = `(?:\\[(?:${IPV6}|v[0-9A-Fa-f]+\\.[${PLAIN}:]+)\\]|(?:[${PLAIN}]|${PCT})*)`;
const AUTHORITY = `(?:(?:[${PLAIN}:]|${PCT})*@)?${HOST}(?::[0-9]*)?`;
const SEGMENTS = `(?:/${PCHAR}*)*`;
const HIER = `//${AUTHORITY}${SEGMENTS}|/(?:${PCHAR}+${SEGMENTS})?`;
const QUERY_FRAGMENT = `(?:\\?(?:${PCHAR}|[/?])*)?(?:#(?:${PCHAR}|[/?])*)?`;
const URI_REFERENCE = new RegExp(
  `^(?:(?:[A-Za-z][A-Za-z0-9+\\-.]*:(?:${HIER}|${PCHAR}+${SEGMENTS})?` +
    `|(?:${HIER}|(?:[${PLAIN}@]|${PCT})+${SEGMENTS})?)${QUERY_FRAGMENT})$`,
);

/** `http://example.com/tool`, `urn:x`, `#`, `a/b`: true; `http:// bad`, `%zz`, `é`: false. */
export function isUriReference(text: string): boolean {
  return URI_REFERENCE.test(text);
}
