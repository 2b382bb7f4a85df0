import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import escapeHtml from 'escape-html';
import { Marked, type Tokens } from 'marked';
import { parse as parseYaml } from 'yaml';
import type { ZodType } from 'zod';

/** A Markdown file of the repo's content/ folder: its checked front matter and its body as HTML. */
export interface ContentFile<T> {
  /** The file name without `.md`. */
  name: string;
  meta: T;
  html: string;
  /** Words of the body, for a reading time. */
  words: number;
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)([\s\S]*)$/;

/** Links may leave for the web or stay on this site; anything else (javascript:, data:) becomes text. */
const SAFE_HREF = /^(https:\/\/|http:\/\/|mailto:|\/(?!\/)|#)/i;

/**
 * Content files are written by this project, yet a page must never carry HTML a file slipped in:
 * raw HTML is shown as text and unsafe link targets are dropped, so the answer is safe before the
 * web's sanitiser sees it.
 */
const markdown = new Marked({
  gfm: true,
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag): string {
      return escapeHtml(text);
    },
    link({ href, title, tokens }: Tokens.Link): string {
      const label = this.parser.parseInline(tokens);
      if (!SAFE_HREF.test(href)) return label;
      const external = /^https?:\/\//i.test(href);
      const titleAttr = title ? ` title="${escapeHtml(title)}"` : '';
      const rel = external ? ' rel="noopener noreferrer" target="_blank"' : '';
      return `<a href="${escapeHtml(href)}"${titleAttr}${rel}>${label}</a>`;
    },
    image({ text }: Tokens.Image): string {
      return escapeHtml(text);
    },
  },
});

export function renderMarkdown(body: string): string {
  return markdown.parse(body, { async: false });
}

/** Replaces each `{{name}}` with its value; an unknown name is a mistake of the file, so it throws. */
export function fillPlaceholders(text: string, values: Readonly<Record<string, string>>, where: string): string {
  return text.replace(/\{\{\s*(\w+)\s*\}\}/g, (_match, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`${where}: unknown placeholder {{${name}}}`);
    return value;
  });
}

/**
 * Every `*.md` file of `dir`, in name order, its front matter checked with `schema`. Read once at
 * start: a malformed file stops the server with its name, rather than failing a reader later.
 */
export function readContentFiles<T>(
  dir: string,
  schema: ZodType<T>,
  values: Readonly<Record<string, string>> = {},
): ContentFile<T>[] {
  const names = readdirSync(dir)
    .filter((f) => f.endsWith('.md'))
    .sort();
  return names.map((file) => {
    const where = path.join(dir, file);
    const source = fillPlaceholders(readFileSync(where, 'utf8'), values, where);
    const match = FRONT_MATTER.exec(source);
    if (!match) throw new Error(`${where}: no front matter between --- lines`);
    const parsed = schema.safeParse(parseYaml(match[1] ?? ''));
    if (!parsed.success) {
      throw new Error(`${where}: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
    }
    const body = match[2] ?? '';
    return {
      name: file.slice(0, -'.md'.length),
      meta: parsed.data,
      html: renderMarkdown(body),
      words: body.split(/\s+/).filter(Boolean).length,
    };
  });
}
