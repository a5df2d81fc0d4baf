import { expect } from 'chai';
import { createForegroundWork } from './foreground-work.js';

describe('foreground work', () => {
  it('is busy from the first begin until the last finish, and says when it went idle', () => {
    const work = createForegroundWork();
    let idle = 0;
    work.onIdle(() => (idle += 1));
    const first = work.begin();
    const second = work.begin();
    first();
    first();
    expect(work.busy()).to.equal(true);
    expect(idle).to.equal(0);
    second();
    expect(work.busy()).to.equal(false);
    expect(idle).to.equal(1);
  });
});
