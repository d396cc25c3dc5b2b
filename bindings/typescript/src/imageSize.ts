// An image's width and height in pixels, read from the header of its bytes
// (src/agent_ir/_image_size.py, step for step): PNG (its IHDR chunk), GIF (the logical
// screen), WebP (VP8, VP8L and VP8X) and JPEG (the first start-of-frame segment, found
// by walking the segments before it). Anything else, or a header cut short or
// malformed, gives null: the size is then not known. Only the bytes decide the format.

const ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const VALUES = new Int8Array(128).fill(-1);
for (let value = 0; value < 64; value += 1) VALUES[ALPHABET.charCodeAt(value)] = value;

/** Thrown by `Bytes.at` at a character that is not base64: the size is not known. */
class NotBase64 extends Error {}

/** The bytes of standard padded base64, decoded where they are read (a header is a few
 * bytes, a JPEG's walk touches a few bytes a segment): nothing else is decoded or kept.
 * The data of a message valid on its own is base64 (Base64Data); a character that is
 * not, where a byte is read, is NotBase64. */
class Bytes {
  readonly length: number;

  constructor(private readonly data: string) {
    const padding = data.endsWith("==") ? 2 : data.endsWith("=") ? 1 : 0;
    this.length = data.length % 4 === 0 ? (data.length / 4) * 3 - padding : 0;
  }

  at(index: number): number {
    const start = Math.floor(index / 3) * 4;
    let group = 0;
    for (let offset = 0; offset < 4; offset += 1) {
      const code = this.data.charCodeAt(start + offset);
      const value = code === 61 ? 0 : code < 128 ? VALUES[code] : -1;
      if (value < 0) throw new NotBase64();
      group = group * 64 + value;
    }
    return (group >> (16 - 8 * (index % 3))) & 0xff;
  }
}

const big = (raw: Bytes, at: number, count: number): number => {
  let value = 0;
  for (let index = at; index < at + count; index += 1) value = value * 256 + raw.at(index);
  return value;
};

const little = (raw: Bytes, at: number, count: number): number => {
  let value = 0;
  for (let index = at + count - 1; index >= at; index -= 1) value = value * 256 + raw.at(index);
  return value;
};

const startsWith = (raw: Bytes, at: number, text: string): boolean =>
  raw.length >= at + text.length && [...text].every((character, index) => raw.at(at + index) === character.charCodeAt(0));

// JPEG start-of-frame markers: C0-CF but C4 (DHT), C8 (JPG) and CC (DAC); markers that
// stand alone (no length): TEM, RST0-RST7, SOI
const START_OF_FRAME = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);
const STANDALONE = new Set([0x01, 0xd0, 0xd1, 0xd2, 0xd3, 0xd4, 0xd5, 0xd6, 0xd7, 0xd8]);

function png(raw: Bytes): [number, number] | null {
  if (raw.length < 24 || !startsWith(raw, 12, "IHDR")) return null;
  return [big(raw, 16, 4), big(raw, 20, 4)];
}

function gif(raw: Bytes): [number, number] | null {
  return raw.length < 10 ? null : [little(raw, 6, 2), little(raw, 8, 2)];
}

function webp(raw: Bytes): [number, number] | null {
  if (startsWith(raw, 12, "VP8X") && raw.length >= 30) return [1 + little(raw, 24, 3), 1 + little(raw, 27, 3)];
  if (startsWith(raw, 12, "VP8L") && raw.length >= 25 && raw.at(20) === 0x2f) {
    const bits = little(raw, 21, 4);
    return [(bits % 0x4000) + 1, (Math.floor(bits / 0x4000) % 0x4000) + 1];
  }
  if (startsWith(raw, 12, "VP8 ") && raw.length >= 30 && raw.at(23) === 0x9d && raw.at(24) === 0x01 && raw.at(25) === 0x2a) {
    return [little(raw, 26, 2) & 0x3fff, little(raw, 28, 2) & 0x3fff];
  }
  return null;
}

function jpeg(raw: Bytes): [number, number] | null {
  let at = 2;
  const size = raw.length;
  while (at + 1 < size) {
    if (raw.at(at) !== 0xff) return null;
    const marker = raw.at(at + 1);
    if (marker === 0xff) {
      at += 1; // a fill byte
      continue;
    }
    if (STANDALONE.has(marker)) {
      at += 2;
      continue;
    }
    if (at + 4 > size) return null;
    const length = big(raw, at + 2, 2);
    if (START_OF_FRAME.has(marker)) {
      if (length < 7 || at + 9 > size) return null;
      return [big(raw, at + 7, 2), big(raw, at + 5, 2)];
    }
    if (marker === 0xda || marker === 0xd9 || length < 2) return null; // a scan or the end before any frame
    at += 2 + length;
  }
  return null;
}

/** [width, height] of the image whose standard base64 is `data`; null when it is not a
 * PNG, GIF, WebP or JPEG whose header says its size. */
export function imageSize(data: string): [number, number] | null {
  const raw = new Bytes(data);
  try {
    if (startsWith(raw, 0, "\x89PNG\r\n\x1a\n")) return png(raw);
    if (startsWith(raw, 0, "GIF87a") || startsWith(raw, 0, "GIF89a")) return gif(raw);
    if (startsWith(raw, 0, "RIFF") && startsWith(raw, 8, "WEBP")) return webp(raw);
    if (raw.length >= 2 && raw.at(0) === 0xff && raw.at(1) === 0xd8) return jpeg(raw);
  } catch (error) {
    if (error instanceof NotBase64) return null;
    throw error;
  }
  return null;
}
