import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import Database from 'libsql';
import type { DocumentReadModel } from '../../ports/document-read-model.js';
import type { DocumentView } from '../../read-model/document-view.js';
import { normalizeForFuzzy } from '../../read-model/evaluate-query.js';
import { fixedFieldNames, lookupField } from '../../read-model/filterable-fields.js';
import { FUZZY_COLUMNS, HOT_COLUMNS, documentQueryToSql } from './document-query-to-sql.js';

const FILE = 'read-model.sqlite';
const CUSTOM_FIELDS_PATH = 'document.custom_fields';
const FIXED_PATHS = fixedFieldNames().map((name) => lookupField(name)!.path);

/** Dotted paths split once: every view written reads each of them. */
const segmentsOf = new Map<string, string[]>();
const valueAt = (view: unknown, dotted: string): unknown => {
  let segments = segmentsOf.get(dotted);
  if (!segments) segmentsOf.set(dotted, (segments = dotted.split('.')));
  let current = view;
  for (const segment of segments) {
    current = current !== null && typeof current === 'object' ? (current as Record<string, unknown>)[segment] : undefined;
  }
  return current;
};

/** Every string a filter may read, by its dotted path: the catalog's fields and every string leaf of the custom fields. */
const filterableStrings = (view: DocumentView): Array<[string, string]> => {
  const found: Array<[string, string]> = [];
  for (const fieldPath of FIXED_PATHS) {
    const value = valueAt(view, fieldPath);
    if (typeof value === 'string') found.push([fieldPath, value]);
  }
  const walk = (value: unknown, at: string) => {
    if (typeof value === 'string') found.push([at, value]);
    else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, inner] of Object.entries(value)) walk(inner, `${at}.${key}`);
    }
  };
  walk(view.document.custom_fields, CUSTOM_FIELDS_PATH);
  return found;
};

const hotValue = (view: DocumentView, column: (typeof HOT_COLUMNS)[number]): number | string | null => {
  const value = valueAt(view, column.path);
  return typeof value === (column.kind === 'number' ? 'number' : 'string') ? (value as number | string) : null;
};

/** Rows come back as objects (libsql adds a `_metadata` member of its own). */
interface BodyRow {
  body: string;
}

/** Ties break by id ascending in either direction, so each hot column is indexed both ways. */
const SCHEMA = `
  create table if not exists views (
    tenant_id text not null,
    id text not null,
    position integer not null,
    body text not null,
    lowered text not null,
    fuzzy text not null,
    ${HOT_COLUMNS.map((column) => `${column.column} ${column.kind === 'number' ? 'real' : 'text'}`).join(',\n    ')},
    ${Object.values(FUZZY_COLUMNS)
      .map((column) => `${column} text`)
      .join(',\n    ')},
    primary key (tenant_id, id)
  );
  ${HOT_COLUMNS.map((column) => `create index if not exists views_${column.column} on views (tenant_id, ${column.column}, id);`).join('\n  ')}
  ${HOT_COLUMNS.map((column) => `create index if not exists views_${column.column}_desc on views (tenant_id, ${column.column} desc, id);`).join('\n  ')}
  create table if not exists checkpoint (name text primary key, position integer not null);
`;

/**
 * The embedded mode's read model: views in a SQLite file under the data directory (libsql, prebuilt
 * binaries), one row per document with the view as JSON, shadows of its strings for `contains` and `fuzzy`,
 * and indexed columns for the fields lists filter and sort by most. The projector's checkpoint is kept in
 * the same file and written in the same transaction as the views of its batch (writes of one event-loop
 * turn share a transaction), so a restart continues where the last batch ended instead of replaying the log.
 */
export const openSqliteReadModel = async (directory: string): Promise<DocumentReadModel> => {
  await mkdir(directory, { recursive: true });
  const db = new Database(path.join(directory, FILE));
  db.exec('pragma journal_mode = wal');
  db.exec('pragma synchronous = normal');
  // 128 MiB of page cache instead of 2: a replay writes rows into every index at once.
  db.exec('pragma cache_size = -131072');
  db.exec(SCHEMA);

  const hotColumns = [...HOT_COLUMNS.map((column) => column.column), ...Object.values(FUZZY_COLUMNS)];
  const upsert = db.prepare(`
    insert into views (tenant_id, id, position, body, lowered, fuzzy, ${hotColumns.join(', ')})
    values (?, ?, ?, ?, ?, ?, ${hotColumns.map(() => '?').join(', ')})
    on conflict (tenant_id, id) do update set
      position = excluded.position, body = excluded.body, lowered = excluded.lowered, fuzzy = excluded.fuzzy,
      ${hotColumns.map((column) => `${column} = excluded.${column}`).join(', ')}
    where excluded.position > views.position`);
  const get = db.prepare('select body from views where tenant_id = ? and id = ?');
  const remove = db.prepare('delete from views where tenant_id = ? and id = ?');
  const loadCheckpoint = db.prepare("select position from checkpoint where name = 'projector'");
  const saveCheckpoint = db.prepare(
    "insert into checkpoint (name, position) values ('projector', ?) on conflict (name) do update set position = excluded.position",
  );

  // Writes of one turn of the event loop (a projector batch and its checkpoint) share one transaction.
  let writing: NodeJS.Immediate | null = null;
  const commit = () => {
    if (!writing) return;
    clearImmediate(writing);
    writing = null;
    db.exec('commit');
  };
  const inWrite = () => {
    if (writing) return;
    db.exec('begin');
    writing = setImmediate(commit);
  };

  return {
    async upsert(view) {
      inWrite();
      const strings = filterableStrings(view);
      const { changes } = upsert.run(
        view.tenant_id,
        view.id,
        view.position,
        JSON.stringify(view),
        JSON.stringify(Object.fromEntries(strings.map(([at, value]) => [at, value.toLowerCase()]))),
        JSON.stringify(Object.fromEntries(strings.map(([at, value]) => [at, normalizeForFuzzy(value)]))),
        ...HOT_COLUMNS.map((column) => hotValue(view, column)),
        ...Object.keys(FUZZY_COLUMNS).map((fieldPath) => {
          const value = valueAt(view, fieldPath);
          return typeof value === 'string' ? normalizeForFuzzy(value) : null;
        }),
      );
      return changes > 0;
    },
    async get(tenantId, documentId) {
      const row = get.get(tenantId, documentId) as BodyRow | undefined;
      return row ? (JSON.parse(row.body) as DocumentView) : null;
    },
    async remove(tenantId, documentId) {
      inWrite();
      remove.run(tenantId, documentId);
    },
    async find(tenantId, query) {
      const { where, orderBy, page } = documentQueryToSql(query);
      const { total } = db
        .prepare(`select count(*) as total from views where tenant_id = ? ${where.text}`)
        .get(tenantId, ...where.parameters) as { total: number };
      const rows = db
        .prepare(`select body from views where tenant_id = ? ${where.text} order by ${orderBy.text} limit ? offset ?`)
        .all(tenantId, ...where.parameters, ...orderBy.parameters, ...page) as BodyRow[];
      return { items: rows.map((row) => JSON.parse(row.body) as DocumentView), total };
    },
    async loadCheckpoint() {
      return (loadCheckpoint.get() as { position: number } | undefined)?.position ?? 0;
    },
    async saveCheckpoint(position) {
      inWrite();
      saveCheckpoint.run(position);
      commit();
    },
    async close() {
      commit();
      db.close();
    },
  };
};
