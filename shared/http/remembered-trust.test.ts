import { expect } from 'chai';
import express from 'express';
import { rememberTrustVerdicts, type TrustProxy } from './remembered-trust.js';

/** Express's own compilation of a subnet list, as create-api-app.ts sets it. */
const compiledTrust = (setting: string): TrustProxy => express().set('trust proxy', setting).get('trust proxy fn') as TrustProxy;

describe('remembered trust verdicts', () => {
  const setting = 'loopback, linklocal, uniquelocal';
  const addresses = [
    '127.0.0.1',
    '::1',
    '::ffff:127.0.0.1',
    '10.1.2.3',
    '192.168.0.9',
    'fe80::1',
    '8.8.8.8',
    '2001:db8::1',
    'not an address',
  ];

  it('given the subnets Kontor trusts, then each address gets the verdict express itself gives, asked once or twice', () => {
    const trust = compiledTrust(setting);
    const remembered = rememberTrustVerdicts(trust);

    for (const address of [...addresses, ...addresses]) expect(remembered(address, 0), address).to.equal(trust(address, 0));
  });

  it('asks the compiled trust once per address', () => {
    const asked: string[] = [];
    const remembered = rememberTrustVerdicts((address) => {
      asked.push(address);
      return address === '127.0.0.1';
    });

    remembered('127.0.0.1', 0);
    remembered('127.0.0.1', 0);
    remembered('8.8.8.8', 0);
    remembered('8.8.8.8', 1);

    expect(asked).to.deep.equal(['127.0.0.1', '8.8.8.8']);
  });
});
