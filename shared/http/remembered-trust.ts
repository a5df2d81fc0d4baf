import { LRUCache } from 'lru-cache';

/** Express's compiled `trust proxy` setting: whether the address at hop `hop` (0: the socket's peer) is a trusted proxy. */
export type TrustProxy = (address: string, hop: number) => boolean;

/** Peers whose verdict is kept: the proxies and clients a process talks to at once are far fewer. */
const REMEMBERED_ADDRESSES = 1_000;

/**
 * `trust` with its verdict per address kept. A subnet list's verdict depends on the address alone, and proxy-addr
 * parses the address again on every call: express asks once for `req.protocol` and once for `req.host`, which every
 * answer with links reads (0.04 ms a create, mostly ipaddr's parsing). Only for a trust made from a list of subnets
 * (`app.set('trust proxy', 'loopback, …')`), not a hop count, whose verdict depends on the hop.
 */
export const rememberTrustVerdicts = (trust: TrustProxy): TrustProxy => {
  const verdicts = new LRUCache<string, boolean>({ max: REMEMBERED_ADDRESSES });
  return (address, hop) => {
    let verdict = verdicts.get(address);
    if (verdict === undefined) verdicts.set(address, (verdict = trust(address, hop)));
    return verdict;
  };
};
