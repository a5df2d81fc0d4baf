import { expect } from 'chai';
import { parseXml, xmlQuery } from './xml-query.js';

const query = xmlQuery({ inv: 'urn:example:invoice' });

describe('xml queries', () => {
  const document = parseXml(`<x:Invoice xmlns:x="urn:example:invoice">
    <x:Line><x:Name> first </x:Name></x:Line>
    <x:Line><x:Name/><x:Quantity unit="C62">2</x:Quantity></x:Line>
  </x:Invoice>`)!;
  const root = document.documentElement!;

  it('locates values with the document’s own prefixes and positions among same-named siblings', () => {
    expect(query.text('inv:Line/inv:Name', root)).to.deep.equal({ value: 'first', path: '/x:Invoice/x:Line[1]/x:Name' });
    expect(query.text('inv:Line/inv:Quantity', root)).to.deep.equal({ value: '2', path: '/x:Invoice/x:Line[2]/x:Quantity' });
  });

  it('locates attributes below their element', () => {
    expect(query.text('inv:Line/inv:Quantity/@unit', root)).to.deep.equal({ value: 'C62', path: '/x:Invoice/x:Line[2]/x:Quantity/@unit' });
  });

  it('passes over empty elements', () => {
    expect(query.texts('inv:Line/inv:Name', root).map((found) => found.value)).to.deep.equal(['first']);
    expect(query.text('inv:Missing', root)).to.equal(null);
  });

  it('parses only well-formed XML', () => {
    expect(parseXml('<a><b></a>')).to.equal(null);
    expect(parseXml('plain text')).to.equal(null);
    expect(parseXml(Buffer.from('<?xml version="1.0" encoding="x-unknown"?><a/>'))).to.equal(null);
  });
});
