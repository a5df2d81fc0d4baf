import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import Database from 'libsql';
import type { DocumentReadModel, LoadingDocumentReadModel } from '../../ports/document-read-model.js';
import type { DocumentView } from '../../read-model/document-view.js';
import { normalizeForFuzzy } from '../../read-model/evaluate-query.js';
import { fixedFieldNames, lookupField } from '../../read-model/filterable-fields.js';
import {
  FUZZY_COLUMNS,
  HOT_COLUMNS,
  documentQueryToSql,
  hotIndexName,
  jsonPath,
  sortIndexOf,
  trigramTable,
} from './document-query-to-sql.js';

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

/**
 * The small columns come before the JSON ones: a row is read up to the column asked for, and the JSON runs
 * over several overflow pages. (Files made before this order keep theirs, which is slower, until rebuilt.)
 */
const TABLES = `
  create table if not exists views (
    tenant_id text not null,
    id text not null,
    position integer not null,
    ${HOT_COLUMNS.map((column) => `${column.column} ${column.kind === 'number' ? 'real' : 'text'}`).join(',\n    ')},
    ${Object.values(FUZZY_COLUMNS)
      .map((column) => `${column} text`)
      .join(',\n    ')},
    body text not null,
    lowered text not null,
    fuzzy text not null,
    primary key (tenant_id, id)
  );
  create table if not exists checkpoint (name text primary key, position integer not null);
`;

/** Ties break by id ascending in either direction, so each hot column is indexed both ways. */
const INDEXES = `
  ${HOT_COLUMNS.map((column) => `create index if not exists ${hotIndexName(column, 'asc')} on views (tenant_id, ${column.column}, id);`).join('\n  ')}
  ${HOT_COLUMNS.map((column) => `create index if not exists ${hotIndexName(column, 'desc')} on views (tenant_id, ${column.column} desc, id);`).join('\n  ')}
`;

/**
 * Side tables kept by triggers, each with the statement that fills it from the views a file already
 * holds when it first gets the table: the number of views per tenant (an unfiltered list's total without
 * counting), and per fuzzy column a trigram index of its values (FTS5, external content: the views table).
 */
const SIDE_TABLES: Array<{ name: string; create: string; fill: string }> = [
  {
    name: 'tenant_totals',
    create: `
      create table tenant_totals (tenant_id text primary key, total integer not null);
      create trigger views_count_insert after insert on views begin
        insert into tenant_totals (tenant_id, total) values (new.tenant_id, 1) on conflict (tenant_id) do update set total = total + 1;
      end;
      create trigger views_count_delete after delete on views begin
        update tenant_totals set total = total - 1 where tenant_id = old.tenant_id;
      end;`,
    fill: 'insert into tenant_totals (tenant_id, total) select tenant_id, count(*) from views group by tenant_id',
  },
  ...Object.values(FUZZY_COLUMNS).map((column) => {
    const table = trigramTable(column);
    return {
      name: table,
      create: `
        create virtual table ${table} using fts5(${column}, content = 'views', content_rowid = 'rowid', tokenize = 'trigram case_sensitive 1');
        create trigger ${table}_insert after insert on views begin
          insert into ${table} (rowid, ${column}) values (new.rowid, new.${column});
        end;
        create trigger ${table}_delete after delete on views begin
          insert into ${table} (${table}, rowid, ${column}) values ('delete', old.rowid, old.${column});
        end;
        create trigger ${table}_update after update of ${column} on views when old.${column} is not new.${column} begin
          insert into ${table} (${table}, rowid, ${column}) values ('delete', old.rowid, old.${column});
          insert into ${table} (rowid, ${column}) values (new.rowid, new.${column});
        end;`,
      fill: `insert into ${table} (${table}) values ('rebuild')`,
    };
  }),
];

/** Counts of the queries answered since the last write, by SQL and parameters; a write of any connection clears them. */
const MAX_CACHED = 512;

/**
 * A file made before a hot column was added gets it, filled from the views it holds (the indexes follow
 * with INDEXES). Added columns come after the JSON ones, so they read slower than in a new file.
 */
const addMissingHotColumns = (db: Database.Database): void => {
  const existing = db.prepare("select name from pragma_table_info('views')").all() as Array<{ name: string }>;
  if (existing.length === 0) return;
  const names = new Set(existing.map((column) => column.name));
  for (const column of HOT_COLUMNS.filter((hot) => !names.has(hot.column))) {
    const kinds = column.kind === 'number' ? "('integer', 'real')" : "('text')";
    db.exec('begin');
    db.exec(`alter table views add column ${column.column} ${column.kind === 'number' ? 'real' : 'text'}`);
    db.prepare(`update views set ${column.column} = case when json_type(body, ?) in ${kinds} then json_extract(body, ?) end`).run(
      jsonPath(column.path),
      jsonPath(column.path),
    );
    db.exec('commit');
  }
};

/** The secondary indexes and the side tables (their triggers, filled from the views there are), where missing. */
const addIndexesAndSideTables = (db: Database.Database): void => {
  db.exec(INDEXES);
  const hasTable = db.prepare('select 1 from sqlite_master where name = ?');
  for (const side of SIDE_TABLES) {
    if (hasTable.get(side.name)) continue;
    db.exec('begin');
    db.exec(side.create);
    db.exec(side.fill);
    db.exec('commit');
  }
};

/** A write-ahead log, synced at its checkpoints: what every read model readers use has. */
const makeDurable = (db: Database.Database): void => {
  db.exec('pragma journal_mode = wal');
  db.exec('pragma synchronous = normal');
};

/**
 * The embedded mode's read model: views in a SQLite file under the data directory (libsql, prebuilt
 * binaries), one row per document with the view as JSON, shadows of its strings for `contains` and `fuzzy`,
 * and indexed columns for the fields lists filter and sort by most. The projector's checkpoint is kept in
 * the same file and written in the same transaction as the views of its batch (writes of one event-loop
 * turn share a transaction), so a restart continues where the last batch ended instead of replaying the log.
 */
export const openSqliteReadModel = async (directory: string): Promise<DocumentReadModel> => openSqliteFile(directory, { bulkLoad: false });

/**
 * A new, empty read model for a replay of the whole log (a rebuild's next version), loaded in bulk: rows go
 * into the views table alone, without its secondary indexes, counts and trigram index, and without a
 * rollback journal or syncs, until `finishLoading` builds those once from the rows (a sort instead of a
 * b-tree insert per row and index) and makes the file durable. A crash while loading leaves a damaged file,
 * which is harmless: it is not the current version, and a rebuild starts over in a new one.
 */
export const openSqliteReadModelForBulkLoad = async (directory: string): Promise<SqliteLoadingReadModel> =>
  openSqliteFile(directory, { bulkLoad: true });

/** A SQLite read model being loaded, which may also take the views of others loaded beside it (a replay in parts). */
export interface SqliteLoadingReadModel extends LoadingDocumentReadModel {
  /**
   * Copies every view of the bulk-loaded read model in `directory` (its checkpoint aside) into this one, in
   * one statement. The views of the two must belong to different documents.
   */
  takeViewsOf(directory: string): Promise<void>;
}

const openSqliteFile = async (directory: string, { bulkLoad }: { bulkLoad: boolean }): Promise<SqliteLoadingReadModel> => {
  await mkdir(directory, { recursive: true });
  const db = new Database(path.join(directory, FILE));
  if (bulkLoad) {
    db.exec('pragma journal_mode = off');
    db.exec('pragma synchronous = off');
  } else makeDurable(db);
  // Lists read indexes of the whole tenant: mapped pages spare a read call per page; 128 MiB of page cache
  // instead of 2, because a replay writes rows into every index at once.
  db.exec('pragma mmap_size = 1073741824');
  db.exec('pragma cache_size = -131072');
  addMissingHotColumns(db);
  db.exec(TABLES);
  let loading = bulkLoad;
  if (!loading) addIndexesAndSideTables(db);

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
  let tenantTotalStatement: Database.Statement<unknown[]> | null = null;
  const tenantTotal = () => (tenantTotalStatement ??= db.prepare('select total from tenant_totals where tenant_id = ?'));
  const dataVersion = db.prepare('pragma data_version');
  const statements = new Map<string, Database.Statement<unknown[]>>();
  const statement = (sql: string) => {
    let prepared = statements.get(sql);
    if (!prepared) {
      if (statements.size >= MAX_CACHED) statements.clear();
      prepared = db.prepare(sql);
      statements.set(sql, prepared);
    }
    return prepared;
  };
  /** Counts stay valid until this connection writes (`written`) or another one commits (data_version). */
  const counts = new Map<string, number>();
  let written = false;
  let countsVersion: unknown;
  const cachedCount = (key: string, count: () => number): number => {
    const version = (dataVersion.get() as { data_version: number }).data_version;
    if (written || version !== countsVersion) {
      counts.clear();
      written = false;
      countsVersion = version;
    }
    let total = counts.get(key);
    if (total === undefined) {
      if (counts.size >= MAX_CACHED) counts.clear();
      total = count();
      counts.set(key, total);
    }
    return total;
  };
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
      if (changes > 0) written = true;
      return changes > 0;
    },
    async get(tenantId, documentId) {
      const row = get.get(tenantId, documentId) as BodyRow | undefined;
      return row ? (JSON.parse(row.body) as DocumentView) : null;
    },
    async remove(tenantId, documentId) {
      inWrite();
      if (remove.run(tenantId, documentId).changes > 0) written = true;
    },
    async find(tenantId, query) {
      const { tenant, where, orderBy, page } = documentQueryToSql(query);
      const [limit, offset] = page as [number, number];
      if (loading) throw new Error('the read model is answering no lists before its bulk load has finished');
      const tenantViews = (tenantTotal().get(tenantId) as { total: number } | undefined)?.total ?? 0;
      const total = where.text
        ? cachedCount(`${tenantId}\u0000${where.text}\u0000${JSON.stringify(where.parameters)}`, () => {
            const row = statement(`select count(*) as total from views where ${tenant} ${where.text}`).get(tenantId, ...where.parameters);
            return (row as { total: number }).total;
          })
        : tenantViews;
      if (offset >= total) return { items: [], total };
      // Reading the sort's index in order and skipping non-matches beats sorting every match when matches
      // are common: about (offset + limit) × views / matches rows read against all matches sorted.
      const sortIndex = sortIndexOf(query.sort);
      const inSortOrder = sortIndex !== null && where.text !== '' && ((offset + limit) * tenantViews) / total < total;
      const read = inSortOrder ? documentQueryToSql(query, false) : { tenant, where, orderBy };
      const rows = statement(
        `select body from views ${inSortOrder ? `indexed by ${sortIndex}` : ''} where ${read.tenant} ${read.where.text} order by ${read.orderBy.text} limit ? offset ?`,
      ).all(tenantId, ...read.where.parameters, ...read.orderBy.parameters, ...page) as BodyRow[];
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
    async takeViewsOf(partDirectory) {
      commit();
      const columns = (db.prepare("select name from pragma_table_info('views')").all() as Array<{ name: string }>)
        .map(({ name }) => name)
        .join(', ');
      db.prepare('attach database ? as part').run(path.join(partDirectory, FILE));
      try {
        db.exec(`insert into views (${columns}) select ${columns} from part.views`);
      } finally {
        db.exec('detach database part');
      }
      written = true;
    },
    async finishLoading() {
      if (!loading) return;
      commit();
      addIndexesAndSideTables(db);
      makeDurable(db);
      loading = false;
    },
    async close() {
      commit();
      db.close();
    },
  };
};
