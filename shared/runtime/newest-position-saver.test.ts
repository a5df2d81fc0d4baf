import { expect } from 'chai';
import { createNewestPositionSaver } from './newest-position-saver.js';

describe('newest position saver', () => {
  const deferredWrites = () => {
    const written: number[] = [];
    const pending: Array<() => void> = [];
    const write = (position: number) =>
      new Promise<void>((resolve) => {
        pending.push(() => {
          written.push(position);
          resolve();
        });
      });
    const finishOne = async () => {
      pending.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    };
    return { written, write, finishOne };
  };

  it('given a save being written, when more positions are asked for, then only the newest of them is written next', async () => {
    const { written, write, finishOne } = deferredWrites();
    const saver = createNewestPositionSaver(write, () => {});
    const asked = [1, 2, 3, 4].map((position) => saver.save(position));
    await finishOne();
    await finishOne();
    await Promise.all(asked);
    expect(written).to.deep.equal([1, 4]);
  });

  it('given positions asked for out of order while a save runs, then the newest is written, never an older one after it', async () => {
    const { written, write, finishOne } = deferredWrites();
    const saver = createNewestPositionSaver(write, () => {});
    void saver.save(5);
    void saver.save(9);
    void saver.save(7);
    await finishOne();
    await finishOne();
    await saver.settled();
    expect(written).to.deep.equal([5, 9]);
  });

  it('given a failing write, then the error is reported and the next position is still written', async () => {
    const errors: unknown[] = [];
    const written: number[] = [];
    let fail = true;
    const saver = createNewestPositionSaver(
      async (position) => {
        if (fail) {
          fail = false;
          throw new Error('disk full');
        }
        written.push(position);
      },
      (error) => errors.push(error),
    );
    await saver.save(1);
    await saver.save(2);
    expect(errors).to.have.length(1);
    expect(written).to.deep.equal([2]);
  });

  it('given nothing asked for, then it is settled at once', async () => {
    await createNewestPositionSaver(
      async () => {},
      () => {},
    ).settled();
  });
});
