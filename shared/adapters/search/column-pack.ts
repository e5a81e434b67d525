/**
 * The word ranker's stored columns (./doc-columns.ts) narrowed for storage: a new container fetches them
 * whole before its first answer can be ranked (issue 36.5; 11 MB at 350,000 bills as the ranker holds them),
 * so each is stored at the narrowest width its largest value fits (1, 2 or 4 bytes a value: the codes of
 * chamber, type and status are small, a Congress fits a byte), or, when no narrower width fits and it has
 * at most 65,536 distinct values (a date, a length), as 2-byte codes into a sorted table of its values. A
 * column is read back at the width it was stored from, so the ranker's arrays and loops are those of
 * before. Lossless for any bytes: a value that is not an array column (the dictionary) is kept as it is.
 *
 * Layout: an 8-byte header (format, the width read back, two zero bytes, the count of values as a
 * little-endian u32), then the values; a table's own count at bytes 8-11, the table from byte 16 (4-byte
 * aligned), its codes after it.
 */

const HEADER = 8;
const TABLE_AT = 16;
/** The header's format byte: the stored width, AS_IS for bytes kept as they are, TABLE for codes into a table. */
const AS_IS = 0;
const TABLE = 16;
const CODES_MAX = 65_536;

type Width = 1 | 2 | 4;
type Values = Uint8Array | Uint16Array | Uint32Array;

const arrayOf = (width: Width, n: number): Values => (width === 1 ? new Uint8Array(n) : width === 2 ? new Uint16Array(n) : new Uint32Array(n));

/** The values of `bytes` read at `width`, over a copy when they are not aligned for it. */
function valuesOf(bytes: Uint8Array, width: Width): Values {
  const b = bytes.byteOffset % width === 0 ? bytes : bytes.slice();
  const n = b.byteLength / width;
  return width === 1 ? b : width === 2 ? new Uint16Array(b.buffer, b.byteOffset, n) : new Uint32Array(b.buffer, b.byteOffset, n);
}

function header(format: number, width: number, n: number, bodyBytes: number): { out: Uint8Array; view: DataView } {
  const out = new Uint8Array(HEADER + bodyBytes);
  const view = new DataView(out.buffer);
  out[0] = format;
  out[1] = width;
  view.setUint32(4, n, true);
  return { out, view };
}

/**
 * `bytes` for storage: an array of values `width` bytes each (the ranker's column) narrowed, or, without a
 * width (or bytes that are no whole number of values), the bytes as they are.
 */
export function packColumn(bytes: Uint8Array, width?: Width): Uint8Array {
  if (!width || bytes.byteLength % width !== 0) {
    const { out } = header(AS_IS, 1, bytes.byteLength, bytes.byteLength);
    out.set(bytes, HEADER);
    return out;
  }
  const values = valuesOf(bytes, width);
  const n = values.length;
  let max = 0;
  for (let i = 0; i < n; i++) if ((values[i] ?? 0) > max) max = values[i] ?? 0;
  const fits: Width = max < 0x100 ? 1 : max < 0x10000 ? 2 : 4;
  if (fits < width && fits !== 4) {
    const { out } = header(fits, width, n, n * fits);
    const narrow = arrayOf(fits, n);
    narrow.set(values);
    out.set(new Uint8Array(narrow.buffer), HEADER);
    return out;
  }
  if (width === 4) {
    const table = Uint32Array.from(new Set(values)).sort();
    if (table.length <= CODES_MAX) {
      const codeOf = new Map<number, number>();
      for (let i = 0; i < table.length; i++) codeOf.set(table[i] ?? 0, i);
      const codes = new Uint16Array(n);
      for (let i = 0; i < n; i++) codes[i] = codeOf.get(values[i] ?? 0) ?? 0;
      const { out, view } = header(TABLE, width, n, TABLE_AT - HEADER + table.byteLength + codes.byteLength);
      view.setUint32(HEADER, table.length, true);
      out.set(new Uint8Array(table.buffer), TABLE_AT);
      out.set(new Uint8Array(codes.buffer), TABLE_AT + table.byteLength);
      return out;
    }
  }
  const { out } = header(width, width, n, bytes.byteLength);
  out.set(bytes, HEADER);
  return out;
}

/** The bytes packColumn was given, as a fresh buffer (a typed array of the width read back can view them in place). */
export function unpackColumn(packed: Uint8Array): Uint8Array {
  const p = packed.byteOffset % 4 === 0 ? packed : packed.slice();
  if (p.byteLength < HEADER) throw new Error(`A packed column of ${p.byteLength} bytes has no header`);
  const view = new DataView(p.buffer, p.byteOffset, p.byteLength);
  const format = p[0] ?? AS_IS;
  const width = (p[1] ?? 1) as Width;
  const n = view.getUint32(4, true);
  if (format === AS_IS) return p.slice(HEADER, HEADER + n);
  const out = arrayOf(width, n);
  if (format === TABLE) {
    const t = view.getUint32(HEADER, true);
    const table = new Uint32Array(p.buffer, p.byteOffset + TABLE_AT, t);
    const codes = new Uint16Array(p.buffer, p.byteOffset + TABLE_AT + 4 * t, n);
    for (let i = 0; i < n; i++) out[i] = table[codes[i] ?? 0] ?? 0;
  } else {
    const body = p.subarray(HEADER, HEADER + n * format);
    out.set(valuesOf(body, format as Width));
  }
  return new Uint8Array(out.buffer);
}
