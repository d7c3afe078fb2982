// The reference `validate --batch` is measured against (npm run bench -- calls): a plain Node loop over the
// same JSON Lines file that JSON.parses each line and runs raw Ajv 2020 on the arguments of the named tool.
// Plain JavaScript, run by node itself, so that neither side pays for compiling TypeScript. The workspace path
// formats are switched off here (raw Ajv knows no such format): the reference does strictly less work.
// Usage: node scripts/bench-plain-loop.mjs <calls.jsonl> <bundle.json>
import { createReadStream, readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';

const [file, bundleFile] = process.argv.slice(2);
const collection = JSON.parse(readFileSync(bundleFile, 'utf8'));
const ajv = new Ajv2020({ allErrors: true, strict: false });
addFormats(ajv);
for (const format of ['workspace-path', 'workspace-relative-path']) ajv.addFormat(format, true);
const validators = new Map();
for (const toolset of collection.toolsets) {
  for (const tool of toolset.tools) {
    const { $id: _id, ...schema } = tool.inputSchema;
    if (!validators.has(tool.name)) validators.set(tool.name, ajv.compile(schema));
  }
}
let calls = 0;
let valid = 0;
for await (const line of createInterface({ input: createReadStream(file), crlfDelay: Infinity })) {
  if (line.trim() === '') continue;
  const record = JSON.parse(line);
  calls += 1;
  const validate = validators.get(record.tool);
  if (validate !== undefined && validate(record.arguments)) valid += 1;
}
process.stdout.write(JSON.stringify({ calls, valid }));
