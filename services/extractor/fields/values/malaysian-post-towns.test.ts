import { expect } from 'chai';
import { namesPostTown, postcodeOfTown, withPostTown } from './malaysian-post-towns.js';

describe('extractor: the town after a Malaysian postcode, read through the code', () => {
  it('given a town a letter or two off the post town its code serves, when read, then that town in the case printed', () => {
    // 43300 serves Seri Kembangan; 56100 Kuala Lumpur; 40000 Shah Alam.
    expect(withPostTown('SERI K-M3ANGAN, SELANGOR', '43300')).to.equal('SERI KEMBANGAN, SELANGOR');
    expect(withPostTown('Kuala Lumpor', '56100')).to.equal('Kuala Lumpur');
    expect(withPostTown('SHAH ALAN', '40000')).to.equal('SHAH ALAM');
  });

  it('given a place spelled with places’ words (another spelling, a district of the town), when read, then the place as read', () => {
    expect(withPostTown('KELANG, SELANGOR', '41150')).to.equal('KELANG, SELANGOR');
    expect(withPostTown('JOHOR BAHARU', '81100')).to.equal('JOHOR BAHARU');
    expect(withPostTown('CHERAS', '56100')).to.equal('CHERAS');
  });

  it('given a place far from the code’s towns or a code that serves none, when read, then the place as read', () => {
    // 42200 serves Kapar: a shop there prints Klang, the larger town beside it.
    expect(withPostTown('KLANK', '42200')).to.equal('KLANK');
    expect(withPostTown('SERI K-M3ANGAN', '99999')).to.equal('SERI K-M3ANGAN');
  });

  it('given a postcode no town has and the town after it, when read, then the one code a digit off that serves the town', () => {
    expect(postcodeOfTown('41159', 'KLANG, SELANGOR')).to.equal('41150');
    expect(postcodeOfTown('43360', 'Seri Kembangan')).to.equal('43300');
  });

  it('given a code some town has, a code a digit off two codes of the town or of none, when read, then the code as read', () => {
    // 53100 is Kuala Lumpur's; Setapak, a district of it, has 53300.
    expect(postcodeOfTown('53100', 'SETAPAK')).to.equal('53100');
    // 46560 is a digit off 46500 and 46564, both Petaling Jaya's.
    expect(postcodeOfTown('46560', 'PETALING JAYA')).to.equal('46560');
    expect(postcodeOfTown('41159', 'SOMEWHERE')).to.equal('41159');
  });

  it('given a place after a postcode, when asked, then whether its first part is a post town the code serves', () => {
    expect(namesPostTown('Klang, Selangor', '41150')).to.equal(true);
    expect(namesPostTown('CHERAS', '56100')).to.equal(false);
    expect(namesPostTown('KLANG', '99999')).to.equal(false);
  });
});
