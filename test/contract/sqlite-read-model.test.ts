import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import Database from 'libsql';
import { openSqliteReadModel } from '../../shared/adapters/embedded/sqlite-read-model.js';
import { parseDocumentQuery } from '../../services/query/parse-document-query.js';
import { documentReadModelContract } from './document-read-model.contract.js';
import { makeDocumentView, TENANT } from './document-view-fixtures.js';

documentReadModelContract('sqlite', async () => {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'kontor-read-model-'));
  const model = await openSqliteReadModel(directory);
  return {
    model,
    async cleanup() {
      await model.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
});

describe('sqlite read model, beyond the contract', () => {
  it('opens a file made before its hot columns and side tables, and fills them from the views it holds', async () => {
    const directory = await mkdtemp(path.join(os.tmpdir(), 'kontor-read-model-'));
    try {
      const before = await openSqliteReadModel(directory);
      await before.upsert(
        makeDocumentView({ id: 'doc-old', accounting_document: { currency: 'EUR' }, sender_address: { company_name: 'Müller AG' } }),
      );
      await before.close();
      const db = new Database(path.join(directory, 'read-model.sqlite'));
      db.exec(`
        drop index views_currency; drop index views_currency_desc; alter table views drop column currency;
        drop trigger views_count_insert; drop trigger views_count_delete; drop table tenant_totals;
        drop trigger fuzzy_sender_company_trigrams_insert; drop trigger fuzzy_sender_company_trigrams_delete;
        drop trigger fuzzy_sender_company_trigrams_update; drop table fuzzy_sender_company_trigrams;`);
      db.close();

      const after = await openSqliteReadModel(directory);
      const find = (parameters: Record<string, unknown>) => after.find(TENANT, parseDocumentQuery(parameters).query);
      expect((await find({ filter: { 'accounting_document.currency': 'EUR' } })).items.map((view) => view.id)).to.deep.equal(['doc-old']);
      expect((await find({ filter: { 'sender_address.company_name_fuzzy': 'muller' } })).total).to.equal(1);
      expect((await find({})).total).to.equal(1);
      await after.close();
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});
