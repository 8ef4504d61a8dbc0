// Validates Lectern's AsyncAPI document with the official parser: the AsyncAPI 3.0 schema,
// the parser's spectral rules, and each message example against its payload schema.
// Exits non-zero listing every error (warnings are printed, not failed on).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { dirname, join } from 'node:path';
import { Parser } from '@asyncapi/parser';

const here = dirname(fileURLToPath(import.meta.url));
const path = process.argv[2] ?? join(here, '../../schemas/asyncapi/asyncapi.yaml');
const parser = new Parser();
const { document, diagnostics } = await parser.parse(readFileSync(path, 'utf8'), { source: path });
const errors = diagnostics.filter((d) => d.severity === 0);
for (const d of diagnostics) {
  const level = d.severity === 0 ? 'error' : 'warning';
  console.log(`asyncapi: ${level} ${d.code} at ${d.path.join('.')}: ${d.message}`);
}
if (!document || errors.length > 0) {
  console.error(`asyncapi: ${path} is not a valid AsyncAPI document (${errors.length} errors)`);
  process.exit(1);
}
const channels = document.channels().all().map((c) => c.address());
const messages = document.allMessages().all().length;
console.log(`asyncapi: ${path} is valid AsyncAPI ${document.version()}: ${channels.length} channels (${channels.join(', ')}), ${messages} messages`);
console.log('1 passed, 0 failed');
