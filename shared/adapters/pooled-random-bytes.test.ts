import { expect } from 'chai';
import { createRandomBytesPool } from './pooled-random-bytes.js';

describe('pooled random bytes', () => {
  it('given a small pool, when more bytes are asked for than it holds, then every answer has the size asked for and none repeats', () => {
    const take = createRandomBytesPool(64);

    const answers = Array.from({ length: 40 }, (_, index) => take(index % 2 === 0 ? 32 : 12));

    expect(answers.map((bytes) => bytes.length)).to.deep.equal(answers.map((_, index) => (index % 2 === 0 ? 32 : 12)));
    expect(new Set(answers.map((bytes) => bytes.toString('hex'))).size).to.equal(answers.length);
  });

  it('answers are copies: changing one changes no later answer', () => {
    const take = createRandomBytesPool(64);
    const first = take(16);

    first.fill(0);

    expect(take(16).equals(Buffer.alloc(16))).to.equal(false);
  });

  it('given a size above the pool, then it is filled directly', () => {
    const bytes = createRandomBytesPool(64)(100);

    expect(bytes.length).to.equal(100);
    expect(bytes.equals(Buffer.alloc(100))).to.equal(false);
  });
});
