#!/usr/bin/env node
// Validates JSON files against one of archscan's JSON Schemas (draft
// 2020-12) with Ajv in strict mode, so a schema that uses a keyword wrongly
// fails as well as a document that does not match it.
//   validate-json.js SCHEMA.json FILE.json...
'use strict';
const fs = require('fs');
const Ajv2020 = require('ajv/dist/2020');

const [schemaFile, ...files] = process.argv.slice(2);
if (!schemaFile || files.length === 0) {
  console.error('usage: validate-json.js SCHEMA.json FILE.json...');
  process.exit(2);
}
const ajv = new Ajv2020({ allErrors: true, strict: true, allowUnionTypes: true });
const validate = ajv.compile(JSON.parse(fs.readFileSync(schemaFile, 'utf8')));
let failed = false;
for (const file of files) {
  if (validate(JSON.parse(fs.readFileSync(file, 'utf8')))) continue;
  failed = true;
  for (const e of validate.errors) console.error(`${file}: ${e.instancePath || '/'} ${e.message} ${JSON.stringify(e.params)}`);
}
process.exit(failed ? 1 : 0);
