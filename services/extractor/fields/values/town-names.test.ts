import { expect } from 'chai';
import { withBritishPostTown, withTownAccents } from './town-names.js';
import { parseAddressLines } from './postal-address.js';

describe('extractor: town names as the post knows them', () => {
  it('restores the accents OCR dropped from a town’s name under a postal code of its country, in the case printed', () => {
    expect(withTownAccents('Koln', '50667')).to.equal('Köln');
    expect(withTownAccents('KOLN', '50667')).to.equal('KÖLN');
    expect(withTownAccents('Geneve', '1205')).to.equal('Genève');
    expect(withTownAccents('Neuchatel', '2000')).to.equal('Neuchâtel');
  });

  it('leaves a name already accented, a town of no list and a postal code of another country’s shape alone', () => {
    expect(withTownAccents('Köln', '50667')).to.equal('Köln');
    expect(withTownAccents('Bremen', '28195')).to.equal('Bremen');
    expect(withTownAccents('Koln', '5020'), 'a four-digit code is no German one').to.equal('Koln');
    expect(withTownAccents('Brugg', '5200'), 'a Swiss town of those letters has none').to.equal('Brugg');
  });

  it('knows the region’s towns from GeoNames, not from a list of the documents seen', () => {
    expect(withTownAccents('Zurich', '8001')).to.equal('Zürich');
    expect(withTownAccents('Lorrach', '79539')).to.equal('Lörrach');
    expect(withTownAccents('Liege', '4000')).to.equal('Liège');
  });

  it('completes a British town OCR cut short from its postcode’s area, and leaves other towns of the area alone', () => {
    expect(withBritishPostTown('Edinbur', 'EH2 2ER')).to.equal('Edinburgh');
    expect(withBritishPostTown('Edinburgh', 'EH2 2ER')).to.equal('Edinburgh');
    expect(withBritishPostTown('Musselburgh', 'EH21 6AA')).to.equal('Musselburgh');
    expect(withBritishPostTown('Edi', 'EH2 2ER'), 'three letters tell too little').to.equal('Edi');
  });

  it('reads a block’s town so', () => {
    expect(parseAddressLines(['Stahlbau Ritter GmbH', 'Holstenbrücke 8', '50667 Koln'])?.address.city_name).to.equal('Köln');
    expect(parseAddressLines(['Brightwater Ltd', '125 Mill Lane', 'Edinbur', 'EH2 2ER'])?.address.city_name).to.equal('Edinburgh');
  });
});
