import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import Database from 'libsql';
import { openSqliteReadModel, openSqliteReadModelForBulkLoad } from '../../shared/adapters/embedded/sqlite-read-model.js';
import type { DocumentReadModel } from '../../shared/ports/document-read-model.js';
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

/** Loaded in bulk as a replay loads it: finished (indexes, counts, trigram index built) before anything is read. */
documentReadModelContract('sqlite, loaded in bulk', async () => {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'kontor-read-model-'));
  const loading = await openSqliteReadModelForBulkLoad(directory);
  const model: DocumentReadModel = {
    ...loading,
    get: async (tenantId, documentId) => {
      await loading.finishLoading();
      return loading.get(tenantId, documentId);
    },
    find: async (tenantId, query) => {
      await loading.finishLoading();
      return loading.find(tenantId, query);
    },
  };
  return {
    model,
    async cleanup() {
      await model.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
});

describe('sqlite read model, beyond the contract', () => {
  const schemaOf = (directory: string) => {
    const db = new Database(path.join(directory, 'read-model.sqlite'));
    try {
      return {
        objects: db.prepare('select type, name, tbl_name, sql from sqlite_master order by name').all(),
        journalMode: (db.prepare('pragma journal_mode').get() as { journal_mode: string }).journal_mode,
      };
    } finally {
      db.close();
    }
  };

  it('given a bulk load, then once finished the file holds the same tables, indexes and triggers as one opened live, and is durable again', async () => {
    const [live, bulk] = await Promise.all([0, 1].map(() => mkdtemp(path.join(os.tmpdir(), 'kontor-read-model-'))));
    try {
      await (await openSqliteReadModel(live!)).close();
      const loading = await openSqliteReadModelForBulkLoad(bulk!);
      await loading.upsert(makeDocumentView({ id: 'doc-1', sender_address: { company_name: 'Müller AG' } }));
      expect(schemaOf(bulk!).objects.map((object) => (object as { name: string }).name)).to.not.include('tenant_totals');

      await loading.finishLoading();
      await loading.close();

      expect(schemaOf(bulk!)).to.deep.equal(schemaOf(live!));
      expect(schemaOf(bulk!).journalMode).to.equal('wal');
    } finally {
      await Promise.all([live, bulk].map((directory) => rm(directory!, { recursive: true, force: true })));
    }
  });

  it('given a bulk load that has not finished, then it answers no lists', async () => {
    const directory = await mkdtemp(path.join(os.tmpdir(), 'kontor-read-model-'));
    const loading = await openSqliteReadModelForBulkLoad(directory);
    try {
      await loading.upsert(makeDocumentView({ id: 'doc-1' }));
      const error = await loading.find(TENANT, parseDocumentQuery({}).query).catch((failure: Error) => failure);
      expect(error).to.be.instanceOf(Error);
    } finally {
      await loading.close();
      await rm(directory, { recursive: true, force: true });
    }
  });

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
