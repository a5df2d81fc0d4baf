import { randomFillSync } from 'node:crypto';

/** Enough for about a hundred creates (a 32-byte key and a 12-byte IV each) per call into OpenSSL. */
const POOL_BYTES = 4096;

/**
 * Random bytes (keys, IVs) taken from a pool filled by the same CSPRNG as `randomBytes`, as Node's own
 * `randomUUID` does: a `randomBytes` call of a few bytes cost about 12 µs of the main thread, most of it the
 * job around OpenSSL's call, and a create asks twice. No bytes are handed out twice: each answer is copied out
 * and its place in the pool zeroed, so a key is not left behind in the pool once it is shredded elsewhere.
 */
export const createRandomBytesPool = (poolBytes = POOL_BYTES) => {
  let pool = Buffer.alloc(0);
  let taken = 0;
  return (size: number): Buffer => {
    if (size > poolBytes) return randomFillSync(Buffer.alloc(size));
    if (taken + size > pool.length) {
      pool = randomFillSync(Buffer.allocUnsafeSlow(poolBytes));
      taken = 0;
    }
    const bytes = Buffer.from(pool.subarray(taken, taken + size));
    pool.fill(0, taken, taken + size);
    taken += size;
    return bytes;
  };
};

/** The process's pool for key material and IVs. */
export const pooledRandomBytes = createRandomBytesPool();
