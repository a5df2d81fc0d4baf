import { expect } from 'chai';
import { postOfficeBoxOf, splitStreetLine } from './street-line.js';

describe('splitStreetLine', () => {
  it('takes the house number from the end of a German street line', () => {
    expect(splitStreetLine('Musterstraße 12a', 'DE')).to.deep.equal({ street: 'Musterstraße', houseNumber: '12a' });
    expect(splitStreetLine('Hauptstr. 5-7', 'DE')).to.deep.equal({ street: 'Hauptstr.', houseNumber: '5-7' });
    expect(splitStreetLine('Am Markt 3 b', 'DE')).to.deep.equal({ street: 'Am Markt', houseNumber: '3 b' });
    expect(splitStreetLine('teststr.12', 'DE')).to.deep.equal({ street: 'teststr.', houseNumber: '12' });
  });

  it('keeps numbers inside the street name', () => {
    expect(splitStreetLine('Straße des 17. Juni 114', 'DE')).to.deep.equal({ street: 'Straße des 17. Juni', houseNumber: '114' });
  });

  it('takes the house number from the start of a French or English line', () => {
    expect(splitStreetLine('12 rue de la Paix', 'FR')).to.deep.equal({ street: 'rue de la Paix', houseNumber: '12' });
    expect(splitStreetLine('3 bis, avenue Foch', 'FR')).to.deep.equal({ street: 'avenue Foch', houseNumber: '3 bis' });
    expect(splitStreetLine('221B Baker Street', 'GB')).to.deep.equal({ street: 'Baker Street', houseNumber: '221B' });
  });

  it('lets the country decide when a number stands at both ends', () => {
    expect(splitStreetLine('2 Route 66', 'US')).to.deep.equal({ street: 'Route 66', houseNumber: '2' });
    expect(splitStreetLine('2 Route 66', 'DE')).to.deep.equal({ street: '2 Route', houseNumber: '66' });
  });

  it('leaves a line without a house number whole', () => {
    expect(splitStreetLine('[Seller address line 1]', 'DE')).to.deep.equal({ street: '[Seller address line 1]', houseNumber: null });
    expect(splitStreetLine('Marktplatz', null)).to.deep.equal({ street: 'Marktplatz', houseNumber: null });
  });
});

describe('postOfficeBoxOf', () => {
  it('reads the box number of post office box lines', () => {
    expect(postOfficeBoxOf('Postfach 10 02 34')).to.equal('10 02 34');
    expect(postOfficeBoxOf('BP 123')).to.equal('123');
    expect(postOfficeBoxOf('P.O. Box 55')).to.equal('55');
  });

  it('is null for street lines', () => {
    expect(postOfficeBoxOf('Postweg 4')).to.equal(null);
    expect(postOfficeBoxOf('Bahnhofstraße 1')).to.equal(null);
  });
});
