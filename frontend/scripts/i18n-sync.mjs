// Keeps the catalogs in step with the code after `npm run i18n:extract`:
// - en.json gets every extracted message with its default (English) text, unused ids removed;
// - pt-BR.json keeps its translations, drops unused ids, and lists the ids still to translate.
// Exit code 1 while any Portuguese translation is missing.
import { readFileSync, writeFileSync } from 'node:fs';

const read = (path) => JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8'));
const write = (path, data) =>
  writeFileSync(new URL(path, import.meta.url), `${JSON.stringify(data, null, 2)}\n`, 'utf8');

const extracted = read('../src/i18n/extracted/messages.json');
const ids = Object.keys(extracted).sort();
const pt = read('../src/i18n/pt-BR.json');

write('../src/i18n/en.json', Object.fromEntries(ids.map((id) => [id, extracted[id].defaultMessage])));
const missing = ids.filter((id) => !(id in pt));
write('../src/i18n/pt-BR.json', Object.fromEntries(ids.filter((id) => id in pt).map((id) => [id, pt[id]])));

if (missing.length) {
  console.error(`pt-BR.json is missing ${missing.length} translation(s):\n  ${missing.join('\n  ')}`);
  process.exit(1);
}
console.log(`${ids.length} messages; en.json and pt-BR.json are complete.`);
