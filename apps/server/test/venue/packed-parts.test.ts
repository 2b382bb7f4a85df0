import { describe, expect, it } from 'vitest';
import { EVERYONE, packParts, unpackParts, type Part } from '../../src/venue/packed-parts.js';

const parts: Part[] = [
  { key: EVERYONE, text: '{"trades":1}' },
  { key: 'alice', text: '{"orders":"ä€😀"}' },
  { key: 'bob', text: '{"orders":2}' },
  { key: 'alice', text: '{"fills":3}' },
];
const keep = (...users: string[]) => (key: string) => users.includes(key);
const asText = (text: string) => text;

describe('a batch packed in parts', () => {
  it('gives a reader the parts for everyone and for the users it wants, in their order, and parses no other', () => {
    const [packed, ...more] = packParts(parts, 1_000_000);
    expect(more).toEqual([]);
    expect(unpackParts(packed as string, keep('alice'), asText)).toEqual(['{"trades":1}', '{"orders":"ä€😀"}', '{"fills":3}']);
    expect(unpackParts(packed as string, keep(), asText)).toEqual(['{"trades":1}']);
    const parsed: string[] = [];
    unpackParts(packed as string, keep('bob'), (text) => parsed.push(text));
    expect(parsed).toEqual(['{"trades":1}', '{"orders":2}']);
  });

  it('fills as few texts as fit within the byte limit, keeping every part and its order', () => {
    const many: Part[] = Array.from({ length: 50 }, (_, i) => ({ key: `user-${i % 7}`, text: JSON.stringify({ n: i, pad: 'x'.repeat(40 + i) }) }));
    const limit = 600;
    const texts = packParts(many, limit);
    expect(texts.length).toBeGreaterThan(5);
    for (const text of texts) expect(Buffer.byteLength(text)).toBeLessThanOrEqual(limit);
    const everything = texts.flatMap((text) => unpackParts(text, () => true, (t) => JSON.parse(t) as { n: number }));
    expect(everything.map((p) => p.n)).toEqual(many.map((_, i) => i));
  });

  it('sends a part bigger than the limit alone, and nothing for no parts', () => {
    const big = { key: 'alice', text: JSON.stringify({ pad: 'y'.repeat(2_000) }) };
    const texts = packParts([parts[0] as Part, big, parts[2] as Part], 500);
    expect(texts).toHaveLength(3);
    expect(unpackParts(texts[1] as string, keep('alice'), asText)).toEqual([big.text]);
    expect(packParts([], 500)).toEqual([]);
  });

  it('refuses a text it did not pack', () => {
    const [packed] = packParts(parts, 1_000_000) as [string];
    expect(() => unpackParts('{"trades":1}', keep(), asText)).toThrow(/no index/);
    expect(() => unpackParts(`${packed}x`, keep(), asText)).toThrow(/not as long/);
    expect(() => unpackParts(packed.slice(0, -1), keep(), asText)).toThrow(/not as long/);
    expect(() => unpackParts('[["", -1]]\n', keep(), asText)).toThrow();
    expect(() => unpackParts('{"a":1}\n{}', keep(), asText)).toThrow();
  });
});
