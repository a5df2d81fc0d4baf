import { expect } from 'chai';
import { postcodeOfState } from './malaysian-postcodes.js';

describe('extractor: a Malaysian postcode against the state its address names', () => {
  it('given a code in another state’s range than the state named, when read, then the one code a digit off in the named state', () => {
    // 63000 is Selangor's (Cyberjaya); Pahang's codes a digit off it: 69000 (Genting Highlands) alone.
    expect(postcodeOfState('63000', 'Pahang Malaysia')).to.equal('69000');
  });

  it('given a code in the named state’s range, when read, then the code as read', () => {
    expect(postcodeOfState('45600', 'BATANG BERJUNTAI, SELANGOR DARUL EHSAN')).to.equal('45600');
    expect(postcodeOfState('81100', 'JOHOR BAHRU, JOHOR')).to.equal('81100');
    expect(postcodeOfState('69000', 'Genting Highlands, Pahang')).to.equal('69000');
  });

  it('given no state named, a federal territory’s code or a code in no state’s range, when read, then the code as read', () => {
    expect(postcodeOfState('63000', 'CYBERJAYA')).to.equal('63000');
    // Cheras spans Kuala Lumpur (56000) and Selangor: a territory's code under a state's name is no misread.
    expect(postcodeOfState('56000', 'CHERAS, SELANGOR')).to.equal('56000');
    expect(postcodeOfState('4560', 'SELANGOR')).to.equal('4560');
  });

  it('given a code whose digits off it fit the named state more than once, or not at all, when read, then the code as read', () => {
    // 22000 is Terengganu's; under Pahang 25000, 26000, 27000 and 28000 are each a digit off it.
    expect(postcodeOfState('22000', 'KUANTAN, PAHANG')).to.equal('22000');
    // 81200 is Johor's; no code of Pahang is a digit off it.
    expect(postcodeOfState('81200', 'KUANTAN, PAHANG')).to.equal('81200');
  });

  it('given the state named last after a town named like another, when read, then the last state counts', () => {
    expect(postcodeOfState('45600', 'KUALA SELANGOR')).to.equal('45600');
    expect(postcodeOfState('43300', 'JOHOR ROAD, SELANGOR')).to.equal('43300');
  });
});
