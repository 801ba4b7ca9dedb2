// Prints the gzip size of the JavaScript a browser needs to show the login page (the entry chunk,
// its static imports, and the login route's chunk with its static imports), from the Vite
// manifest of the last `npm run build`. Fails when the total goes over the budget.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 250;
const outDir = new URL('../dist/plataforma/', import.meta.url).pathname;
const manifestPath = join(outDir, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) {
  console.error('No build manifest: run `npm run build` first.');
  process.exit(2);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const needed = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk || needed.has(key)) return;
  needed.add(key);
  for (const child of chunk.imports ?? []) collect(child);
}

collect('index.html');
const loginKey = Object.keys(manifest).find((key) => key.endsWith('src/app/routes/login.tsx'));
if (!loginKey) {
  console.error('The login route chunk is not in the manifest.');
  process.exit(2);
}
collect(loginKey);

const kb = (bytes) => (bytes / 1024).toFixed(1).padStart(7);
let raw = 0;
let gzip = 0;
const rows = [...needed].map((key) => {
  const file = manifest[key].file;
  const content = readFileSync(join(outDir, file));
  const zipped = gzipSync(content, { level: 9 }).length;
  raw += content.length;
  gzip += zipped;
  return { file, raw: content.length, gzip: zipped };
});
rows.sort((a, b) => b.gzip - a.gzip);

console.log('JS needed to show /plataforma/login:');
for (const row of rows) console.log(`  ${kb(row.raw)} KB raw ${kb(row.gzip)} KB gzip  ${row.file}`);
console.log(`  ${kb(raw)} KB raw ${kb(gzip)} KB gzip  total (budget ${BUDGET_KB} KB gzip)`);
if (gzip / 1024 > BUDGET_KB) {
  console.error(`Over budget by ${(gzip / 1024 - BUDGET_KB).toFixed(1)} KB gzip.`);
  process.exit(1);
}
