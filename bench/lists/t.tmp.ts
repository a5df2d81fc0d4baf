import Database from 'libsql';
const db = new Database('/tmp/lists/bench/sqlite/read-model.sqlite', { readonly: true });
db.exec('pragma mmap_size = 1073741824');
db.exec('pragma cache_size = -65536');
const time = (label: string, sql: string, ...p: unknown[]) => {
  const s = db.prepare(sql);
  s.all(...p);
  const t = performance.now();
  const c = process.cpuUsage();
  for (let i = 0; i < 10; i++) s.all(...p);
  const u = process.cpuUsage(c);
  console.log(label, ((performance.now() - t) / 10).toFixed(2), 'ms wall', ((u.user + u.system) / 10000).toFixed(2), 'ms cpu');
};
time('count plain', 'select count(*) from views where tenant_id = ?', 'bench-a');
time('count range', 'select count(*) from views where tenant_id = ? and amount_total >= 100 and amount_total <= 2000', 'bench-a');
time('page plain', 'select body from views where tenant_id = ? order by created_at desc, id asc limit 25', 'bench-a');
time('page 200 invoice', 'select body from views where tenant_id = ? order by invoice_date desc, id asc limit 25 offset 4975', 'bench-a');
time('page 200 invoice ids', 'select id from views where tenant_id = ? order by invoice_date desc, id asc limit 25 offset 4975', 'bench-a');
time(
  'range page sort index',
  'select body from views indexed by views_created_at_desc where tenant_id = ? and +amount_total >= 100 and +amount_total <= 2000 order by created_at desc, id asc limit 25',
  'bench-a',
);
console.log(
  db
    .prepare(
      'explain query plan select body from views where tenant_id = ? and amount_total >= 100 and amount_total <= 2000 order by created_at desc, id asc limit 25',
    )
    .all('bench-a'),
);
console.log(db.prepare('explain query plan select count(*) from views where tenant_id = ?').all('bench-a'));
