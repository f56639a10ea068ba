/**
 * A small, strict XML reader for payment files (pain.001). It reads elements, attributes, text,
 * CDATA, comments and processing instructions, and refuses any DOCTYPE: a payment file never needs
 * one, and refusing it rules out external entities and entity expansion (XXE, "billion laughs").
 * Only the five predefined entities and numeric character references are decoded.
 *
 * Why not a library: the one XML parser in node_modules arrives only as a dependency of a dev tool,
 * and this reader is all pain.001 needs, in the browser as on the server.
 */
export interface XmlElement {
  /** Local name, without prefix. */
  name: string;
  /** Namespace URI of the element (from xmlns / xmlns:prefix in scope), '' when none. */
  ns: string;
  attrs: Record<string, string>;
  children: XmlElement[];
  text: string;
}

export class XmlError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string, offset: number): string {
  return text.replace(/&([^;&\s]*);?/g, (whole, name: string) => {
    if (!whole.endsWith(';')) throw new XmlError('bare & in text', offset);
    if (name.startsWith('#x') || name.startsWith('#X')) {
      const code = Number.parseInt(name.slice(2), 16);
      if (!Number.isFinite(code)) throw new XmlError(`bad character reference ${whole}`, offset);
      return String.fromCodePoint(code);
    }
    if (name.startsWith('#')) {
      const code = Number.parseInt(name.slice(1), 10);
      if (!Number.isFinite(code)) throw new XmlError(`bad character reference ${whole}`, offset);
      return String.fromCodePoint(code);
    }
    const value = ENTITIES[name];
    if (value === undefined) throw new XmlError(`unknown entity ${whole}`, offset);
    return value;
  });
}

const NAME = /^[A-Za-z_][\w.\-:]*/;

/** Parses a document and returns its root element; throws XmlError on anything malformed. */
export function parseXml(source: string): XmlElement {
  let i = 0;
  const n = source.length;
  if (source.charCodeAt(0) === 0xfeff) i = 1;
  const stack: { el: XmlElement; qname: string; nsMap: Record<string, string> }[] = [];
  let root: XmlElement | null = null;

  const skipUntil = (end: string, what: string) => {
    const at = source.indexOf(end, i);
    if (at === -1) throw new XmlError(`unterminated ${what}`, i);
    const inner = source.slice(i, at);
    i = at + end.length;
    return inner;
  };

  while (i < n) {
    const lt = source.indexOf('<', i);
    const textEnd = lt === -1 ? n : lt;
    if (textEnd > i) {
      const raw = source.slice(i, textEnd);
      const top = stack[stack.length - 1];
      if (top) top.el.text += decodeEntities(raw, i);
      else if (raw.trim() !== '') throw new XmlError('text outside the root element', i);
      i = textEnd;
      if (lt === -1) break;
    }
    if (source.startsWith('<?', i)) {
      i += 2;
      skipUntil('?>', 'processing instruction');
      continue;
    }
    if (source.startsWith('<!--', i)) {
      i += 4;
      skipUntil('-->', 'comment');
      continue;
    }
    if (source.startsWith('<![CDATA[', i)) {
      i += 9;
      const inner = skipUntil(']]>', 'CDATA section');
      const top = stack[stack.length - 1];
      if (!top) throw new XmlError('CDATA outside the root element', i);
      top.el.text += inner;
      continue;
    }
    if (source.startsWith('<!', i)) throw new XmlError('DOCTYPE and declarations are not allowed', i);
    if (source.startsWith('</', i)) {
      i += 2;
      const m = NAME.exec(source.slice(i, i + 200));
      if (!m) throw new XmlError('bad closing tag', i);
      const qname = m[0];
      i += qname.length;
      while (i < n && /\s/.test(source.charAt(i))) i++;
      if (source.charAt(i) !== '>') throw new XmlError('bad closing tag', i);
      i++;
      const top = stack.pop();
      if (!top || top.qname !== qname) throw new XmlError(`unexpected </${qname}>`, i);
      continue;
    }
    // Start tag.
    i++;
    const m = NAME.exec(source.slice(i, i + 200));
    if (!m) throw new XmlError('bad start tag', i);
    const qname = m[0];
    i += qname.length;
    const rawAttrs: Record<string, string> = {};
    let selfClosing = false;
    for (;;) {
      while (i < n && /\s/.test(source.charAt(i))) i++;
      if (i >= n) throw new XmlError('unterminated start tag', i);
      if (source.startsWith('/>', i)) {
        selfClosing = true;
        i += 2;
        break;
      }
      if (source.charAt(i) === '>') {
        i++;
        break;
      }
      const a = NAME.exec(source.slice(i, i + 200));
      if (!a) throw new XmlError('bad attribute', i);
      i += a[0].length;
      while (i < n && /\s/.test(source.charAt(i))) i++;
      if (source.charAt(i) !== '=') throw new XmlError('attribute without value', i);
      i++;
      while (i < n && /\s/.test(source.charAt(i))) i++;
      const quote = source.charAt(i);
      if (quote !== '"' && quote !== "'") throw new XmlError('attribute value without quotes', i);
      i++;
      const value = skipUntil(quote, 'attribute value');
      if (value.includes('<')) throw new XmlError('< in attribute value', i);
      if (Object.hasOwn(rawAttrs, a[0])) throw new XmlError(`duplicate attribute ${a[0]}`, i);
      rawAttrs[a[0]] = decodeEntities(value, i);
    }
    const parentNs = stack[stack.length - 1]?.nsMap ?? {};
    const nsMap = { ...parentNs };
    const attrs: Record<string, string> = {};
    for (const [k, v] of Object.entries(rawAttrs)) {
      if (k === 'xmlns') nsMap[''] = v;
      else if (k.startsWith('xmlns:')) nsMap[k.slice(6)] = v;
      else attrs[k.includes(':') ? k.slice(k.indexOf(':') + 1) : k] = v;
    }
    const colon = qname.indexOf(':');
    const prefix = colon === -1 ? '' : qname.slice(0, colon);
    const ns = nsMap[prefix];
    if (ns === undefined && prefix !== '') throw new XmlError(`undeclared prefix ${prefix}`, i);
    const el: XmlElement = {
      name: colon === -1 ? qname : qname.slice(colon + 1),
      ns: ns ?? '',
      attrs,
      children: [],
      text: '',
    };
    const parent = stack[stack.length - 1];
    if (parent) parent.el.children.push(el);
    else if (root) throw new XmlError('more than one root element', i);
    else root = el;
    if (!selfClosing) stack.push({ el, qname, nsMap });
  }
  if (stack.length > 0) throw new XmlError(`unclosed <${stack[stack.length - 1]?.qname}>`, n);
  if (!root) throw new XmlError('no root element', 0);
  return root;
}

/** The first child with this local name. */
export const child = (el: XmlElement | undefined, name: string): XmlElement | undefined =>
  el?.children.find((c) => c.name === name);

/** Children with this local name. */
export const childrenOf = (el: XmlElement | undefined, name: string): XmlElement[] =>
  el ? el.children.filter((c) => c.name === name) : [];

/** Follows a path of local names; returns the trimmed text or ''. */
export function textAt(el: XmlElement | undefined, ...path: string[]): string {
  let cur = el;
  for (const name of path) cur = child(cur, name);
  return cur?.text.trim() ?? '';
}
