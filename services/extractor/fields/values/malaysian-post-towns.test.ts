import { expect } from 'chai';
import { withPostTown } from './malaysian-post-towns.js';

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
});
