import { parseSync, types as t } from '@babel/core';
import type { ExtractorType } from '@lingui/conf';

/** The folder of the shared contract, whose texts the server sends and the web shows. */
const CONTRACT_SOURCE = /\/packages\/contract\/src\/[^/]+\.ts$/;

/** Exported constants that hold user-facing texts: `authMessages = { ... }`, `comingSoonText = '...'`. */
const TEXT_CONSTANT = /(?:Messages|Text)$/;

function staticText(node: t.Node): string | null {
  if (t.isTSAsExpression(node) || t.isTSSatisfiesExpression(node)) return staticText(node.expression);
  if (t.isStringLiteral(node)) return node.value;
  if (t.isTemplateLiteral(node) && node.expressions.length === 0) return node.quasis[0]?.value.cooked ?? null;
  return null;
}

function unwrap(node: t.Node): t.Node {
  return t.isTSAsExpression(node) || t.isTSSatisfiesExpression(node) ? unwrap(node.expression) : node;
}

/**
 * Extracts the contract's English texts with the text itself as the message id, so the web can
 * translate what the server says (`i18n._(message)`) while the server stays English. Texts built
 * by a function (`maxExceeded(side, max)`) are not extracted: the web words those itself, in the
 * same English, and its tests compare the two.
 */
export const contractExtractor: ExtractorType = {
  match: (filename) => CONTRACT_SOURCE.test(filename.replaceAll('\\', '/')),
  extract(filename, code, onMessageExtracted) {
    const file = parseSync(code, { filename, babelrc: false, configFile: false, parserOpts: { plugins: ['typescript'] } });
    if (!file) return;
    const emit = (node: t.Node) => {
      const text = staticText(node);
      if (text) onMessageExtracted({ id: text, message: text, origin: [filename, node.loc?.start.line ?? 0] });
    };
    for (const statement of file.program.body) {
      if (!t.isExportNamedDeclaration(statement) || !t.isVariableDeclaration(statement.declaration)) continue;
      for (const declarator of statement.declaration.declarations) {
        if (!t.isIdentifier(declarator.id) || !TEXT_CONSTANT.test(declarator.id.name) || !declarator.init) continue;
        const value = unwrap(declarator.init);
        if (t.isObjectExpression(value)) {
          for (const property of value.properties) if (t.isObjectProperty(property)) emit(property.value);
        } else {
          emit(value);
        }
      }
    }
  },
};
