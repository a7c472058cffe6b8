/**
 * A small XML reader for AADE's answers (ResponseDoc, RequestedDoc) and, in the sandbox, the
 * InvoicesDoc it receives. Those are plain element trees without mixed content, so an element
 * keeps its local name (prefixes dropped: AADE's answers mix default and prefixed namespaces),
 * its children and its text. Not a general parser: no DTDs, no attribute values kept.
 */
export interface XmlElement {
  name: string;
  children: XmlElement[];
  text: string;
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-fA-F]+|#\d+|amp|lt|gt|quot|apos);/g, (_, entity: string) =>
    entity.startsWith("#x")
      ? String.fromCodePoint(Number.parseInt(entity.slice(2), 16))
      : entity.startsWith("#")
        ? String.fromCodePoint(Number.parseInt(entity.slice(1), 10))
        : ENTITIES[entity],
  );
}

function localName(qualified: string): string {
  const colon = qualified.indexOf(":");
  return colon === -1 ? qualified : qualified.slice(colon + 1);
}

/** The document's root element; throws on text that is not well-formed enough to read. */
export function readXml(xml: string): XmlElement {
  const root: XmlElement = { name: "#document", children: [], text: "" };
  const stack: XmlElement[] = [root];
  const token =
    /<!\[CDATA\[([\s\S]*?)\]\]>|<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!DOCTYPE[^>]*>|<(\/?)([^\s/>]+)((?:\s+[^\s=/>]+\s*=\s*(?:"[^"]*"|'[^']*'))*)\s*(\/?)>|([^<]+)/gy;
  let position = 0;
  while (position < xml.length) {
    token.lastIndex = position;
    const match = token.exec(xml);
    if (!match) throw new SyntaxError(`Unreadable XML at ${position}`);
    position = token.lastIndex;
    const [, cdata, closing, name, , selfClosing, text] = match;
    const current = stack[stack.length - 1];
    if (cdata !== undefined) current.text += cdata;
    else if (text !== undefined) current.text += decode(text);
    else if (name === undefined) continue;
    else if (closing) {
      if (stack.length < 2 || current.name !== localName(name)) throw new SyntaxError(`Unexpected </${name}>`);
      current.text = current.text.trim();
      stack.pop();
    } else {
      const element: XmlElement = { name: localName(name), children: [], text: "" };
      current.children.push(element);
      if (!selfClosing) stack.push(element);
    }
  }
  if (stack.length !== 1) throw new SyntaxError(`Unclosed <${stack[stack.length - 1].name}>`);
  const [element, ...rest] = root.children;
  if (!element || rest.length > 0) throw new SyntaxError("An XML document has exactly one root element");
  return element;
}

/** The first child of that name, or undefined. */
export function child(element: XmlElement | undefined, name: string): XmlElement | undefined {
  return element?.children.find((c) => c.name === name);
}

/** Every child of that name. */
export function children(element: XmlElement | undefined, name: string): XmlElement[] {
  return element?.children.filter((c) => c.name === name) ?? [];
}

/** The text of the element at that path of child names, or null when any step is missing. */
export function textAt(element: XmlElement | undefined, ...path: string[]): string | null {
  let current = element;
  for (const name of path) current = child(current, name);
  return current ? current.text : null;
}
