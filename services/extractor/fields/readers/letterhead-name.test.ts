import { expect } from 'chai';
import { toDocumentText } from '../layout/document-text.js';
import { findLetterheadName, reconciledName } from './letterhead-name.js';

const letterheadIn = (lines: string[]) => findLetterheadName(toDocumentText([{ pageNumber: 1, text: lines.join('\n') }]), [])?.name ?? null;

const body = ['', 'Alpenblick GmbH                                   Beleg-Nr.     RE2502450', 'Maria-Theresien-Str. 72a', '5020 Salzburg'];

describe('extractor: the letterhead’s name', () => {
  it('given a logo’s brand name in capitals at the head of the first page, reads it without what OCR made of the mark before it', () => {
    expect(letterheadIn(['© EDELWEISS KG', ...body])).to.equal('EDELWEISS KG');
    expect(letterheadIn(['(SG) SÄNTIS GMBH', ...body])).to.equal('SÄNTIS GMBH');
    expect(letterheadIn(['JA) JURA AG', ...body])).to.equal('JURA AG');
    expect(letterheadIn(['oO MOLENWIEK V.O.F.', ...body])).to.equal('MOLENWIEK V.O.F.');
    expect(letterheadIn(['O RHEIN SÀRL', ...body])).to.equal('RHEIN SÀRL');
    expect(letterheadIn(['STAHLBAU RITTER AG', ...body])).to.equal('STAHLBAU RITTER AG');
    expect(letterheadIn(['TR TESSITURA RINALDI S.N.C.', ...body]), 'the monogram read as the initials').to.equal(
      'TESSITURA RINALDI S.N.C.',
    );
    expect(letterheadIn(['EDV SERVICE ROTH AG', ...body]), 'letters that are no initials of the name').to.equal('EDV SERVICE ROTH AG');
  });

  it('given a letterhead whose legal form OCR misread, reads the form as printed', () => {
    expect(letterheadIn(['© ELBTAL E K.', ...body])).to.equal('ELBTAL E.K.');
    expect(letterheadIn(['DUINZAND 8.V.', ...body])).to.equal('DUINZAND B.V.');
    expect(letterheadIn(['WESER UG (HAFTUNGSBESCHRANKT)', ...body])).to.equal('WESER UG (HAFTUNGSBESCHRÄNKT)');
  });

  it('given a first line that is no company’s name in capitals alone on its line, reads none', () => {
    expect(letterheadIn(['RECHNUNG', ...body]), 'a title').to.equal(null);
    expect(letterheadIn(['Edelweiss KG', ...body]), 'in small letters, no larger type known').to.equal(null);
    expect(letterheadIn(['EDELWEISS KG                     Rechnung Nr. 4', ...body]), 'beside other text').to.equal(null);
    expect(letterheadIn(['© EDELWEISS', ...body]), 'no legal form').to.equal(null);
    expect(letterheadIn(['', '', '', '', '© EDELWEISS KG', ...body]), 'below the head of the page').to.equal(null);
  });

  it('given a company’s name over the first two lines of the page’s column, its legal form ending the second, set apart from what follows, reads both lines; beside a logo’s words', () => {
    const addressee = ['', 'Frau', 'Erika Beispiel', 'Hafenstraße 3', '24103 Kiel'];
    const name = [
      'Nordlicht Gegenseitige                      Forum',
      '                                            elektronische',
      'Versicherungsverein Kiel a.G.',
    ];
    expect(letterheadIn([...name, ...addressee])).to.equal('Nordlicht Gegenseitige Versicherungsverein Kiel a.G.');
    expect(letterheadIn(['Nordlicht Gegenseitige', 'Versicherungsverein Kiel a.G.   5', ...addressee]), 'a mark of the logo').to.equal(
      'Nordlicht Gegenseitige Versicherungsverein Kiel a.G.',
    );
  });

  it('given two lines at the head of the page that are no company’s name over two lines, reads none', () => {
    const addressee = ['', 'Frau', 'Erika Beispiel', 'Hafenstraße 3', '24103 Kiel'];
    expect(letterheadIn(['Nordlicht Gegenseitige', 'Versicherungsverein a.G. Kiel', ...addressee]), 'the legal form not last').to.equal(
      null,
    );
    expect(letterheadIn(['Nordlicht Assekuranz AG', 'Versicherungsverein Kiel a.G.', ...addressee]), 'two companies').to.equal(null);
    expect(letterheadIn(['Nordlicht Gegenseitige', 'Versicherungsverein Kiel a.G.', ...addressee.slice(1)]), 'not set apart').to.equal(
      null,
    );
    expect(
      letterheadIn(['Nordlicht Gegenseitige              Rechnung Nr. 4', 'Versicherungsverein Kiel a.G.', ...addressee]),
      'beside a number',
    ).to.equal(null);
    expect(
      letterheadIn(['', '', '', '', 'Nordlicht Gegenseitige', 'Versicherungsverein Kiel a.G.', ...addressee]),
      'below the head',
    ).to.equal(null);
  });

  it('given the name a block read and the letterhead’s, takes the letters the letterhead shows better in the block’s case', () => {
    expect(reconciledName('Santis GmbH', 'SÄNTIS GMBH'), 'an umlaut OCR dropped').to.equal('Säntis GmbH');
    expect(reconciledName('Stahlbau Rıtter AG', 'STAHLBAU RITTER AG'), 'an i whose dot OCR lost').to.equal('Stahlbau Ritter AG');
    expect(reconciledName('Léman GmbH', 'LEMAN GMBH'), 'the accent only the block shows').to.equal('Léman GmbH');
    expect(reconciledName('Siintis Sàrl', 'SÄNTIS SÀRL'), 'letters OCR misread in a long word').to.equal('Säntis Sàrl');
    expect(reconciledName('Rhein Sarl', 'O RHEIN SÀRL'), 'the mark before the name').to.equal('Rhein Sàrl');
    expect(reconciledName('Polderkracht BV', '© POLDERKRACHT B.V.'), 'the dots of a legal form a small print lost').to.equal(
      'Polderkracht B.V.',
    );
    expect(reconciledName('Tessitura Rinaldi Srl', 'TESSITURA RINALDI S.R.L.'), 'in the case read').to.equal('Tessitura Rinaldi S.r.l.');
    expect(reconciledName('Polderkracht B.V.', 'POLDERKRACHT BV'), 'dots the letterhead lost').to.equal('Polderkracht B.V.');
  });

  it('given a letterhead naming another company or another legal form, reconciles nothing', () => {
    expect(reconciledName('Rhein AG', 'JURA AG')).to.equal(null);
    expect(reconciledName('Polderkracht B.V.', 'POLDERKRACHT N.V.')).to.equal(null);
    expect(reconciledName('Müller Bau GmbH', 'BAU GMBH')).to.equal(null);
  });
});
