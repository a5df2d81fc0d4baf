import { createRequire } from 'node:module';
import { DOMParser, type Document, type Element, type Node } from '@xmldom/xmldom';

/** A value read from an XML document and the location of the element (or attribute) it came from. */
export interface Located {
  value: string;
  path: string;
}

type Select = (expression: string, node: Node) => unknown;

// xpath's type declarations pull the DOM library into the whole program, which retypes fetch and Buffer
// elsewhere; so it is loaded without them and given the one signature used here.
const xpath = createRequire(import.meta.url)('xpath') as { useNamespaces(namespaces: Record<string, string>): Select };

const ELEMENT_NODE = 1;
const ATTRIBUTE_NODE = 2;

const isElement = (node: Node | null): node is Element => node?.nodeType === ELEMENT_NODE;

const encodingOf = (bytes: Buffer): string => {
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  const declaration = /^(?:\uFEFF)?<\?xml[^>]*?encoding\s*=\s*["']([A-Za-z0-9._-]+)["']/.exec(bytes.subarray(0, 200).toString('latin1'));
  return declaration?.[1]?.toLowerCase() ?? 'utf-8';
};

const decode = (xml: Buffer | string): string | null => {
  if (typeof xml === 'string') return xml;
  try {
    return new TextDecoder(encodingOf(xml)).decode(xml);
  } catch {
    return null; // an encoding TextDecoder does not know
  }
};

/** The document, or null when the text is not well-formed XML (errors, not warnings, count). */
export const parseXml = (xml: Buffer | string): Document | null => {
  const text = decode(xml);
  if (text === null) return null;
  try {
    const document = new DOMParser({
      onError: (level, message) => {
        if (level !== 'warning') throw new Error(message);
      },
    }).parseFromString(text.replace(/^\uFEFF/, ''), 'text/xml');
    return document.documentElement ? document : null;
  } catch {
    return null;
  }
};

const stepOf = (element: Element): string => {
  const parent = element.parentNode;
  if (!isElement(parent)) return `/${element.nodeName}`;
  const sameName = Array.from(parent.childNodes).filter(
    (sibling): sibling is Element =>
      isElement(sibling) && sibling.localName === element.localName && sibling.namespaceURI === element.namespaceURI,
  );
  return sameName.length > 1 ? `/${element.nodeName}[${sameName.indexOf(element) + 1}]` : `/${element.nodeName}`;
};

/** The XPath location of an element, with the document's own prefixes and a position among same-named siblings. */
export const elementPath = (element: Element): string => {
  const steps: string[] = [];
  for (let node: Node | null = element; isElement(node); node = node.parentNode) steps.unshift(stepOf(node));
  return steps.join('');
};

const located = (node: Node): Located | null => {
  if (node.nodeType === ATTRIBUTE_NODE) {
    const owner = (node as unknown as { ownerElement: Element | null }).ownerElement;
    const value = node.nodeValue?.trim() ?? '';
    return owner && value !== '' ? { value, path: `${elementPath(owner)}/@${node.nodeName}` } : null;
  }
  const value = node.textContent?.trim() ?? '';
  return isElement(node) && value !== '' ? { value, path: elementPath(node) } : null;
};

export interface XmlQuery {
  /** The elements an expression selects, in document order. */
  elements(expression: string, context: Node): Element[];
  /** The first element or attribute the expression selects that has a (trimmed) non-empty value. */
  text(expression: string, context: Node): Located | null;
  /** Every selected element or attribute with a non-empty value. */
  texts(expression: string, context: Node): Located[];
}

/** XPath over one syntax's namespaces; `prefixes` name them in expressions, whatever the document calls them. */
export const xmlQuery = (prefixes: Record<string, string>): XmlQuery => {
  const select = xpath.useNamespaces(prefixes);
  const nodes = (expression: string, context: Node): Node[] => {
    const result = select(expression, context);
    return Array.isArray(result) ? (result as Node[]) : [];
  };
  const texts = (expression: string, context: Node): Located[] => nodes(expression, context).flatMap((node) => located(node) ?? []);
  return {
    elements: (expression, context) => nodes(expression, context).filter(isElement),
    text: (expression, context) => {
      for (const node of nodes(expression, context)) {
        const found = located(node);
        if (found) return found;
      }
      return null;
    },
    texts,
  };
};
