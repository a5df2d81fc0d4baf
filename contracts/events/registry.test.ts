import { readdirSync, readFileSync } from 'node:fs';
import { expect } from 'chai';
import { z } from 'zod';
import type { AppError } from '../../shared/errors/app-error.js';
import { eventSchemas } from './document-events.js';
import {
  createEventReader,
  currentSchemaVersion,
  readAppendedDocumentEvent,
  readDocumentEvent,
  toStoredBody,
  type StoredEventBody,
} from './registry.js';

const FIXTURES = new URL('./fixtures/', import.meta.url);
const fixture = (name: string): StoredEventBody => JSON.parse(readFileSync(new URL(name, FIXTURES), 'utf8')) as StoredEventBody;
const fixtureNames = readdirSync(FIXTURES).filter((name) => name.endsWith('.json'));

describe('contracts: every event version stays readable', () => {
  it('has a golden fixture for every type and version ever written', () => {
    const expected = Object.entries(eventSchemas).flatMap(([type, versions]) =>
      Object.keys(versions).map((version) => `${type}.v${version}.json`),
    );
    expect(fixtureNames.sort()).to.deep.equal(expected.sort());
  });

  for (const name of fixtureNames) {
    it(`reads ${name} in the newest shape of its type, and writes it back unchanged`, () => {
      const event = readDocumentEvent(fixture(name));
      const rewritten = toStoredBody(event);

      expect(readDocumentEvent(rewritten)).to.deep.equal(event);
    });
  }

  it('upcasts TextRecognized v1 pages to v2 pages without word boxes', () => {
    const event = readDocumentEvent(fixture('TextRecognized.v1.json'));

    expect(event.type === 'TextRecognized' && event.data.pages[0]).to.deep.equal({
      pageNumber: 1,
      text: 'Rechnung Nr. RE-2026-0042',
      method: 'ocr',
      confidence: 0.91,
      words: null,
    });
  });

  it('reads DocumentConverted v1 as v3 with every page keeping its raster, none said to show only text', () => {
    const event = readDocumentEvent(fixture('DocumentConverted.v1.json'));

    expect(
      event.type === 'DocumentConverted' && event.data.pages.map(({ image, showsOnlyText }) => [image?.fileName, showsOnlyText]),
    ).to.deep.equal([['page-1.png', false]]);
    expect(toStoredBody(event).schemaVersion).to.equal(3);
  });

  it('reads a DocumentConverted v2 page without a raster as one that shows only text', () => {
    const event = readDocumentEvent(fixture('DocumentConverted.v2.json'));

    expect(
      event.type === 'DocumentConverted' && event.data.pages.map(({ image, showsOnlyText }) => [image?.fileName ?? null, showsOnlyText]),
    ).to.deep.equal([
      [null, true],
      ['page-2.png', false],
    ]);
  });

  it('reads a DocumentConverted v3 text-layer page that paints more than text without a raster', () => {
    const event = readDocumentEvent(fixture('DocumentConverted.v3.json'));

    expect(
      event.type === 'DocumentConverted' && event.data.pages.map(({ image, showsOnlyText }) => [image?.fileName ?? null, showsOnlyText]),
    ).to.deep.equal([
      [null, true],
      ['page-2.png', false],
      [null, false],
    ]);
  });

  it('writes every event in the newest version of its type', () => {
    const event = readDocumentEvent(fixture('TextRecognized.v1.json'));

    expect(toStoredBody(event).schemaVersion).to.equal(2);
  });
});

/** The kinds of every schema a schema is made of (zod's definition types: object, string, optional, transform, …). */
const kindsWithin = (schema: z.ZodType, kinds = new Set<string>(), seen = new Set<unknown>()): Set<string> => {
  const isSchema = (value: unknown): value is z.ZodType => typeof value === 'object' && value !== null && '_zod' in value;
  const visit = (value: unknown): void => {
    if (seen.has(value)) return;
    seen.add(value);
    if (isSchema(value)) kindsWithin(value, kinds, seen);
    else if (Array.isArray(value)) value.forEach(visit);
    else if (typeof value === 'object' && value !== null) Object.values(value).forEach(visit);
  };
  const { def } = schema._zod;
  kinds.add(def.type);
  for (const [key, value] of Object.entries(def)) if (key !== 'checks') visit(value);
  return kinds;
};

describe('contracts: a replay reads appended payloads as stored', () => {
  it('has no event schema that changes what it validates (defaults, transforms, fallbacks), so validating a stored payload again gives it back unchanged', () => {
    const changing = ['default', 'prefault', 'catch', 'pipe', 'transform'];
    const found = Object.entries(eventSchemas).flatMap(([type, versions]) =>
      Object.entries(versions).flatMap(([version, schema]) =>
        [...kindsWithin(schema as z.ZodType)].filter((kind) => changing.includes(kind)).map((kind) => `${type} v${version}: ${kind}`),
      ),
    );

    expect(found).to.deep.equal([]);
  });

  for (const name of fixtureNames) {
    it(`reads ${name} as a validating read does`, () => {
      const stored = fixture(name);

      expect(readAppendedDocumentEvent(stored)).to.deep.equal(readDocumentEvent(stored));
    });
  }

  it('given a payload in an older version, then it is upcast and validated as always', () => {
    const tampered = { ...fixture('TextRecognized.v1.json'), data: { pages: [{ pageNumber: 'one' }] } };

    expect(() => readAppendedDocumentEvent(tampered)).to.throw('TextRecognized v2');
  });

  it('given a payload in the newest version, then it is taken as appended, unvalidated', () => {
    const stored = {
      type: 'ProcessingCompleted',
      schemaVersion: currentSchemaVersion('ProcessingCompleted')!,
      data: { completedAt: 'yesterday' },
    };

    expect(readAppendedDocumentEvent(stored).data).to.equal(stored.data);
    expect(() => readDocumentEvent(stored)).to.throw('ProcessingCompleted v1');
  });
});

describe('contracts: the event reader', () => {
  const schemas = { Greeted: { 1: z.object({ name: z.string() }), 2: z.object({ name: z.string(), polite: z.boolean() }) } };
  const codeOf = (work: () => unknown) => {
    try {
      work();
    } catch (error) {
      return (error as AppError).code;
    }
    return null;
  };

  it('given an upcaster, then old versions are lifted step by step and validated', () => {
    const read = createEventReader(schemas, { 'Greeted@1': (data: unknown) => ({ ...(data as object), polite: true }) } as never);

    expect(read({ type: 'Greeted', schemaVersion: 1, data: { name: 'Ada' } })).to.deep.equal({
      type: 'Greeted',
      data: { name: 'Ada', polite: true },
    });
  });

  it('given a missing upcaster, an unknown type or version, or a payload off its schema, then unreadable_event', () => {
    const read = createEventReader(schemas, {});

    expect(codeOf(() => read({ type: 'Greeted', schemaVersion: 1, data: { name: 'Ada' } }))).to.equal('unreadable_event');
    expect(codeOf(() => read({ type: 'Waved', schemaVersion: 1, data: {} }))).to.equal('unreadable_event');
    expect(codeOf(() => read({ type: 'Greeted', schemaVersion: 9, data: {} }))).to.equal('unreadable_event');
    expect(codeOf(() => read({ type: 'Greeted', schemaVersion: 2, data: { name: 1 } }))).to.equal('unreadable_event');
  });

  it('refuses to write an event that does not match its schema', () => {
    expect(codeOf(() => toStoredBody({ type: 'ProcessingCompleted', data: { completedAt: 'yesterday' } }))).to.equal('invalid_event');
  });
});
