import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { renderToStaticMarkup } from 'react-dom/server';
import { BRAND, LogoMark } from '../src/shared/ui/Logo';

const indexHtml = readFileSync(path.join(import.meta.dirname, '../index.html'), 'utf8');

describe('the header painted from index.html before the app runs', () => {
  it('shows the same logo and name as the app’s header, so nothing changes when the app takes over', () => {
    const root = indexHtml.slice(indexHtml.indexOf('<div id="root">'), indexHtml.indexOf('</body>'));
    expect(root).toContain('<header class="site-header">');
    expect(root).toContain(renderToStaticMarkup(<LogoMark />));
    expect(root).toContain(`<span class="logo__text">${BRAND}</span>`);
    expect(root).toContain(`aria-label="${BRAND} home"`);
  });
});
