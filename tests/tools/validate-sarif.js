#!/usr/bin/env node
// Validates a SARIF file twice: against the official SARIF 2.1.0 JSON schema
// (shipped in @microsoft/jest-sarif) with Ajv, and with the official SARIF
// Multitool including GitHub's ingestion rules. Exits 1 on any schema error,
// any Multitool error, or any Multitool warning not listed as accepted below.
'use strict';
const fs = require('fs');
const os = require('os');
const path = require('path');
const { spawnSync } = require('child_process');
const Ajv = require('ajv-draft-04');
const addFormats = require('ajv-formats');

// SARIF2005 asks for tool.driver.informationUri; archscan has no public URL to give.
const ACCEPTED_WARNINGS = new Set(['SARIF2005']);

const file = process.argv[2];
if (!file) {
  console.error('usage: validate-sarif.js FILE.sarif');
  process.exit(2);
}
const log = JSON.parse(fs.readFileSync(file, 'utf8'));
const schema = require('@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');
// The schema's `language` pattern is not valid in Unicode mode; JSON Schema draft 4 predates it.
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
const validate = ajv.compile(schema);
let failed = false;
if (!validate(log)) {
  failed = true;
  for (const e of validate.errors) console.error(`schema: ${e.instancePath || '/'} ${e.message}`);
} else {
  console.log('schema: valid against sarif-2.1.0-rtm.5.json');
}

const tool = require.resolve('@microsoft/sarif-multitool-linux/Sarif.Multitool');
fs.chmodSync(tool, 0o755);
// The Multitool's report goes to a scratch folder, removed whatever happens.
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'sarif-'));
const out = path.join(scratch, 'validation.sarif');
let run;
let report;
try {
  run = spawnSync(tool, ['validate', '--rule-kind', 'Sarif;Gh', '--output', out, file], {
    env: { ...process.env, DOTNET_SYSTEM_GLOBALIZATION_INVARIANT: '1' },
    encoding: 'utf8',
  });
  report = fs.existsSync(out) ? fs.readFileSync(out, 'utf8') : null;
} finally {
  fs.rmSync(scratch, { recursive: true, force: true });
}
if (run.status !== 0 || report === null) {
  console.error(`multitool: exit ${run.status}\n${run.stdout}\n${run.stderr}`);
  process.exit(1);
}
const results = JSON.parse(report).runs.flatMap((r) => r.results || []);
for (const r of results) {
  const level = r.level || 'warning';
  if (level === 'error' || (level === 'warning' && !ACCEPTED_WARNINGS.has(r.ruleId))) {
    failed = true;
    console.error(`multitool: ${level} ${r.ruleId}: ${r.message && (r.message.text || r.message.id)}`);
  }
}
console.log(`multitool: ${results.length} result(s), rules Sarif;Gh`);
process.exit(failed ? 1 : 0);
