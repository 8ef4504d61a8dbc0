import { readFileSync } from 'node:fs';
import { validateDocsConfig } from '@mintlify/validation';
const base = {"$schema":"https://mintlify.com/docs.json","theme":"mint","name":"X","colors":{"primary":"#000000"}};
const rows = JSON.parse(readFileSync('/tmp/rulecases.json','utf8'));
let agree=0, differ=0;
for (const r of rows) {
  const cfg = {...base, ...r.raw};
  const res = await validateDocsConfig(cfg);
  let ok = res.success;
  if (!ok) ok = res.error.issues.every(i => !(i.path[0]==='navigation'));
  if (ok === r.ok) agree++; else { differ++; console.log(`DIFFER ${r.name}: mintlify ${ok?'accepts':'rejects'}, lectern ${r.ok?'accepts':'rejects'}`); }
}
console.log(`${rows.length} rule cases: ${agree} agree, ${differ} differ`);
