import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { HelpContent } from '../../src/modules/help/content.js';
import { Campaigns } from '../../src/modules/rewards/campaigns.js';
import { renderMarkdown } from '../../src/shared/content-files.js';

function dirWith(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'help-content-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}

const article = (slug: string, id: number, extra = '') =>
  `---\nid: ${id}\nslug: ${slug}\ntitle: "T ${id}"\nsummary: "S"\ncategory: maintenance\npublishDate: "2025-01-0${id} 10:00"\n${extra}---\nBody of ${slug}.\n`;

describe('content files', () => {
  it('renders Markdown with raw HTML as text and unsafe links dropped', () => {
    const html = renderMarkdown('Hi <script>alert(1)</script> [x](javascript:alert(1)) [y](/help/a) [z](https://example.com) ![i](https://e.com/a.png)\n\n<img src=x onerror=alert(1)>');
    expect(html).not.toMatch(/<script|<img|javascript:/i);
    expect(html).toContain('&lt;script&gt;');
    expect(html).toContain('<a href="/help/a">y</a>');
    expect(html).toContain('rel="noopener noreferrer"');
  });

  it('loads a folder and computes path, day and reading time', () => {
    const content = HelpContent.load(dirWith({ 'a-one.md': article('a-one', 1), 'b-two.md': article('b-two', 2, 'readTime: 7\n') }));
    const page = content.page('announcements', 1);
    expect(page.items.map((i) => i.slug)).toEqual(['b-two', 'a-one']);
    expect(page.items[0]).toMatchObject({ path: '/help/b-two', publishDate: '2025-01-02', time: '2025-01-02 10:00', readTime: 7, language: 'en' });
    expect(page.items[1]?.readTime).toBe(1);
    // A file says its language when it is not English; the web labels the items a reader's language lacks.
    const spanish = HelpContent.load(dirWith({ 'c-three.md': article('c-three', 3, 'language: es\n') }));
    expect(spanish.article('c-three')?.language).toBe('es');
    expect(() => HelpContent.load(dirWith({ 'c-three.md': article('c-three', 3, 'language: klingon\n') }))).toThrow(/c-three\.md: language/);
    expect(content.article('a-one')?.html).toContain('Body of a-one');
  });

  it('stops on a malformed file, naming it', () => {
    expect(() => HelpContent.load(dirWith({ 'bad.md': 'no front matter' }))).toThrow(/bad\.md: no front matter/);
    expect(() => HelpContent.load(dirWith({ 'a-one.md': article('a-one', 1).replace('maintenance', 'gossip') }))).toThrow(/a-one\.md: category/);
    expect(() => HelpContent.load(dirWith({ 'other.md': article('a-one', 1) }))).toThrow(/slug must be the file name/);
    expect(() => HelpContent.load(dirWith({ 'a-one.md': article('a-one', 1), 'b-two.md': article('b-two', 1) }))).toThrow(/share an id/);
  });

  it('shows the campaigns running on a day, the newcomer gift only with a grant', () => {
    const on = Campaigns.load({ demoGrantUsdt: '2500' });
    const gift = on.active(new Date('2026-01-01T00:00:00Z')).find((c) => c.slug === 'newcomer-gift');
    expect(gift?.reward).toBe('2,500 demo USDT');
    expect(on.active(new Date('2024-12-31T00:00:00Z'))).toEqual([]);
    const off = Campaigns.load({ demoGrantUsdt: '0' });
    expect(off.active(new Date('2026-01-01T00:00:00Z')).map((c) => c.slug)).not.toContain('newcomer-gift');
  });
});
