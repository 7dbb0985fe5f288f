/**
 * A strict reader for the XML the server writes (ADF leads): it refuses what a CRM's parser would
 * refuse (an unescaped < or &, an unknown entity, a tag closed out of order, text after the root)
 * and answers the element tree, so a test can check the document's structure by element paths.
 */

export interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
  text: string;
}

export interface XmlDocument {
  /** The processing instructions before the root, as written: `xml version="1.0"`, `adf version="1.0"`. */
  prolog: string[];
  root: XmlNode;
}

const NAME = '[A-Za-z_][\\w.-]*';
const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function decode(text: string, where: number): string {
  if (text.includes('<')) throw new Error(`unescaped < near offset ${where}`);
  return text.replace(/&([^;]*);?/g, (match, entity: string) => {
    if (!match.endsWith(';')) throw new Error(`unterminated entity near offset ${where}`);
    if (entity in ENTITIES) return ENTITIES[entity]!;
    const code = /^#x([0-9a-f]+)$/i.exec(entity)?.[1] ?? /^#(\d+)$/.exec(entity)?.[1];
    if (code === undefined) throw new Error(`unknown entity &${entity}; near offset ${where}`);
    return String.fromCodePoint(entity.startsWith('#x') ? parseInt(code, 16) : Number(code));
  });
}

export function parseXml(source: string): XmlDocument {
  let at = 0;
  const prolog: string[] = [];
  const skipSpace = () => {
    while (/\s/.test(source[at] ?? '')) at++;
  };
  while (source.startsWith('<?', at)) {
    const end = source.indexOf('?>', at);
    if (end < 0) throw new Error('unterminated processing instruction');
    prolog.push(source.slice(at + 2, end).trim());
    at = end + 2;
    skipSpace();
  }

  const tag = new RegExp(`<(${NAME})((?:\\s+${NAME}\\s*=\\s*"[^"]*")*)\\s*(/?)>`, 'y');
  const attribute = new RegExp(`(${NAME})\\s*=\\s*"([^"]*)"`, 'g');

  function element(): XmlNode {
    tag.lastIndex = at;
    const open = tag.exec(source);
    if (!open) throw new Error(`expected an element at offset ${at}`);
    at = tag.lastIndex;
    const attributes: Record<string, string> = {};
    for (const [, key, value] of open[2]!.matchAll(attribute)) {
      if (key! in attributes) throw new Error(`attribute ${key} twice`);
      attributes[key!] = decode(value!, at);
    }
    const node: XmlNode = { name: open[1]!, attributes, children: [], text: '' };
    if (open[3] === '/') return node;
    for (;;) {
      const next = source.indexOf('<', at);
      if (next < 0) throw new Error(`<${node.name}> is never closed`);
      node.text += decode(source.slice(at, next), at);
      at = next;
      if (source.startsWith('</', at)) {
        const close = `</${node.name}>`;
        if (!source.startsWith(close, at)) throw new Error(`<${node.name}> closed by ${source.slice(at, at + 30)}`);
        at += close.length;
        return node;
      }
      node.children.push(element());
    }
  }

  const root = element();
  skipSpace();
  if (at !== source.length) throw new Error(`content after the root element at offset ${at}`);
  return { prolog, root };
}

/** The elements at a path of names below `node` ('prospect/vehicle/vin'). */
export function select(node: XmlNode, path: string): XmlNode[] {
  return path
    .split('/')
    .reduce<XmlNode[]>((found, name) => found.flatMap((parent) => parent.children.filter((child) => child.name === name)), [node]);
}

/** The text of the one element at `path`; fails when there is none or more than one. */
export function textAt(node: XmlNode, path: string): string {
  const found = select(node, path);
  if (found.length !== 1) throw new Error(`${path}: ${found.length} elements`);
  return found[0]!.text.trim();
}
