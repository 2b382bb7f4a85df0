import { z } from 'zod';

/** The key of a part every process takes; any other key is the user id whose rows the part holds. */
export const EVERYONE = '';

/** One encoded part of a batch and whom it is for. */
export interface Part {
  key: string;
  text: string;
}

/** Room for one index entry beside its key: the brackets, quotes, comma and length digits. */
const ENTRY_ROOM = 24;
/** An empty index and its newline: `[]\n`. */
const FRAME_BYTES = 3;

const partIndex = z.array(z.tuple([z.string().max(256), z.number().int().nonnegative()])).max(100_000);

/**
 * Parts in as few texts of at most `maxBytes` as they fit in, each `<index>\n<parts>`: the index
 * (JSON: `[key, length]` per part, lengths in string units) lets a reader slice out the parts it
 * wants and never parse the others. A part bigger than `maxBytes` by itself goes alone.
 */
export function packParts(parts: readonly Part[], maxBytes: number): string[] {
  const texts: string[] = [];
  let index: [string, number][] = [];
  let body: string[] = [];
  let bytes = FRAME_BYTES;
  const flush = () => {
    if (body.length > 0) texts.push(`${JSON.stringify(index)}\n${body.join('')}`);
    index = [];
    body = [];
    bytes = FRAME_BYTES;
  };
  for (const { key, text } of parts) {
    const size = Buffer.byteLength(text) + Buffer.byteLength(key) + ENTRY_ROOM;
    if (body.length > 0 && bytes + size > maxBytes) flush();
    index.push([key, text.length]);
    body.push(text);
    bytes += size;
  }
  flush();
  return texts;
}

/**
 * The parts of a packed text that are for everyone or for a key `wanted` accepts, in their order,
 * each through `decode`. Throws on a text `packParts` did not write (whoever reaches NATS can publish).
 */
export function unpackParts<T>(packed: string, wanted: (key: string) => boolean, decode: (text: string) => T): T[] {
  const newline = packed.indexOf('\n');
  if (newline < 0) throw new Error('a packed message has no index');
  const index = partIndex.parse(JSON.parse(packed.slice(0, newline)));
  let at = newline + 1;
  if (index.reduce((sum, [, length]) => sum + length, at) !== packed.length) throw new Error('a packed message is not as long as its index says');
  const out: T[] = [];
  for (const [key, length] of index) {
    if (key === EVERYONE || wanted(key)) out.push(decode(packed.slice(at, at + length)));
    at += length;
  }
  return out;
}
