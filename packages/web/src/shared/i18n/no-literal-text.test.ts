import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * Every visible string goes through i18n (design §9): this fails on letters written directly in JSX,
 * as text between tags or as a string value of a user-facing attribute.
 */
const sources = import.meta.glob<string>('../../**/*.tsx', { eager: true, query: '?raw', import: 'default' });

const VISIBLE_ATTRIBUTES = new Set([
  'label',
  'placeholder',
  'title',
  'alt',
  'aria-label',
  'aria-description',
  'description',
  'error',
  'tooltip',
  'message',
]);
const LETTER = /\p{L}/u;

function findLiterals(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const where = (node: ts.Node) => {
    const { line } = source.getLineAndCharacterOfPosition(node.getStart(source));
    return `${file}:${line + 1}`;
  };
  const visit = (node: ts.Node): void => {
    if (ts.isJsxText(node) && LETTER.test(node.text)) found.push(`${where(node)} text "${node.text.trim()}"`);
    if (ts.isJsxAttribute(node) && VISIBLE_ATTRIBUTES.has(node.name.getText(source))) {
      const value = node.initializer;
      const literal =
        value && ts.isStringLiteral(value)
          ? value.text
          : value && ts.isJsxExpression(value) && value.expression && ts.isStringLiteralLike(value.expression)
            ? value.expression.text
            : null;
      if (literal !== null && LETTER.test(literal))
        found.push(`${where(node)} ${node.name.getText(source)}="${literal}"`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('no literal text in JSX', () => {
  it('finds the .tsx sources', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(10);
  });

  it('detects literals (self-check)', () => {
    const sample =
      'export const A = () => <div title="Hello">Hi {name}<b aria-label={"x y"}> </b>{t("k")}</div>;';
    expect(findLiterals('sample.tsx', sample)).toHaveLength(3);
  });

  it.each(Object.entries(sources))('%s has no untranslated text', (file, text) => {
    expect(findLiterals(file, text)).toEqual([]);
  });
});
