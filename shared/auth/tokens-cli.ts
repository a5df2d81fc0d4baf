import { z } from 'zod';
import { createToken, readTokenFile, revokeToken, tokenFilePath } from './token-file.js';
import { TENANT_ID } from './token-hash.js';

/** `npm run tokens -- create <tenant> | list [tenant] | revoke <id>`: manages minted API tokens in DATA_DIR. */
const usage = 'usage: npm run tokens -- create <tenant> | list [tenant] | revoke <token id>';

const main = async (args: string[]): Promise<number> => {
  const dataDir = z.string().min(1).default('./data').parse(process.env.DATA_DIR);
  const file = tokenFilePath(dataDir);
  const [command, argument] = args;
  if (command === 'create' && argument && TENANT_ID.test(argument)) {
    const { token, record } = await createToken(file, argument);
    console.log(JSON.stringify({ tenant: record.tenant, id: record.id, token }));
    console.error(`Token for tenant ${record.tenant} created. It is shown once; only its hash is stored in ${file}.`);
    return 0;
  }
  if (command === 'list') {
    // Ids, tenants and creation times only: the file holds no secrets, and its hashes are not shown either.
    const records = (await readTokenFile(file)).filter((record) => !argument || record.tenant === argument);
    console.log(['id', 'tenant', 'created_at'].join('\t'));
    for (const record of records) console.log([record.id, record.tenant, record.created_at].join('\t'));
    return 0;
  }
  if (command === 'revoke' && argument) {
    const revoked = await revokeToken(file, argument);
    console.error(
      revoked ? `Token ${argument} revoked; running processes refuse it from their next request.` : `No token with id ${argument}.`,
    );
    return revoked ? 0 : 1;
  }
  console.error(command === 'create' ? `tenant ids are 1-64 letters, digits, _ or -\n${usage}` : usage);
  return 2;
};

process.exitCode = await main(process.argv.slice(2));
