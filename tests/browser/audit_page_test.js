#!/usr/bin/env node
// Loads the HTML audit of a testdata tree in headless Chromium and checks
// what a person sees: the summary counts, a few cells, the source excerpt
// opened from the keyboard, the filter; then saves a screenshot.
// Exit 77 (skipped) when Chromium is not installed.
'use strict';
const fs = require('fs');
const path = require('path');
const { spawnSync } = require('child_process');

const [bin, testdata, outDir] = process.argv.slice(2);
const chromium = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => fs.existsSync(p));
if (!chromium) {
  console.log('SKIPPED: Chromium is not installed (scripts/setup-test-tools.sh installs Debian\'s chromium)');
  process.exit(77);
}
const { chromium: pw } = require(path.join(__dirname, '..', 'tools', 'node_modules', 'playwright-core'));

function check(cond, what) {
  if (!cond) {
    console.error('FAIL: ' + what);
    process.exitCode = 1;
  } else {
    console.log('ok: ' + what);
  }
}

(async () => {
  fs.mkdirSync(outDir, { recursive: true });
  const page = path.join(outDir, 'audit.html');
  const cases = ['sglang-symm-mem', 'deepgemm-chain', 'transformer-engine-tuple'];
  // One page over several cases: run from testdata/frameworks/ so paths stay short.
  // --show all: every site, also those check reports nothing for. The audit
  // exits 1 like check when a target crashes somewhere.
  const run = spawnSync(bin, ['audit', '--target', 'sm_120', '--target', 'sm_121', '--format', 'html', '--show', 'all',
                              '-o', page, ...cases], { cwd: path.join(testdata, 'frameworks'), encoding: 'utf8' });
  check(run.status === 1, `audit exits 1 on crashing sites (got ${run.status}: ${run.stderr})`);
  const browser = await pw.launch({
    executablePath: chromium,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
           '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const ctx = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const tab = await ctx.newPage();
    const requests = [];
    tab.on('request', (r) => { if (!r.url().startsWith('file:')) requests.push(r.url()); });
    await tab.goto('file://' + page);

    const count = async (target, kind) =>
      Number(await tab.textContent(`#summary-${target} [data-count=${kind}]`));
    // sglang: 1 crash (its class table is read only after the constructor's read of the other,
    // which crashes first); deepgemm: 2 crash (the third is arch-specific); TE: 1 crash. TE's mxfp8
    // chain falls back, but nothing says that fallback is wrong, so check does not report it, and
    // neither does the audit's count: its cell says why.
    check(await count('sm_120', 'crash') === 4, 'summary: 4 sites would crash on sm_120');
    check(await count('sm_120', 'fallback') === 0, 'summary: no reported fallback on sm_120, as in check');
    check(await count('sm_121', 'crash') === 4, 'summary: 4 sites would crash on sm_121');
    // The header leaves no site out: with the gaps check does not report, its counts add up to the
    // sites outside tests, and the not-reported count is the rows whose cell says so.
    const productCells = await tab.$$eval('tbody.group:not([data-group=support]) td[data-arch="sm_120"]',
      (cells) => cells.map((c) => c.className));
    const notReported = productCells.filter((c) => c.split(' ').includes('not-reported')).length;
    check(notReported > 0 && await count('sm_120', 'not-reported') === notReported,
      `summary: ${notReported} sites lack sm_120 but check does not report them`);
    const headerSum = await tab.$$eval('#summary-sm_120 [data-count]:not([data-count^=support])',
      (ns) => ns.reduce((a, n) => a + Number(n.textContent), 0));
    check(headerSum === productCells.length, `the header's counts add up to the ${productCells.length} sites (${headerSum})`);

    const cell = (id, arch) => tab.getAttribute(`tr[id="${id}"] td[data-arch="${arch}"]`, 'class');
    const torch = 'sglang-symm-mem/python/sglang/srt/distributed/device_communicators/all_reduce_utils.py:TORCH_SYMM_MEM_ALL_REDUCE_MAX_SIZES:mapping';
    check((await cell(torch, 'sm_100')).includes('covered'), 'TORCH_SYMM_MEM_ALL_REDUCE_MAX_SIZES covers sm_100');
    check((await cell(torch, 'sm_120')).includes('crash'), 'TORCH_SYMM_MEM_ALL_REDUCE_MAX_SIZES crashes on sm_120');
    const mxfp8 = 'transformer-engine-tuple/transformer_engine/pytorch/fp8.py:check_mxfp8_support[get_device_compute_capability()]:if-chain';
    check((await cell(mxfp8, 'sm_120')).includes('not-reported'), 'check_mxfp8_support lacks sm_120, not reported');
    const why = await tab.getAttribute(`tr[id="${mxfp8}"] td[data-arch="sm_120"]`, 'title');
    check(why.includes('a fallback nothing says is wrong'), 'and its cell says why: ' + why);
    const world = 'sglang-symm-mem/python/sglang/srt/distributed/device_communicators/torch_symm_mem.py:TorchSymmMemCommunicator._WORLD_SIZES_MULTIMEM:mapping';
    const tags = await Promise.all([torch, world].map((id) => tab.getAttribute(`tr[id="${id}"] a.famtag`, 'data-family')));
    check(tags[0] === 'self.device_capability' && tags[1] === tags[0], 'the SGLang pair carries one family tag');
    const cols = await tab.$$eval('thead th.arch', (ths) => ths.map((t) => t.textContent));
    check(cols[0].startsWith('sm_120') && cols[1].startsWith('sm_121'), 'the target columns come first: ' + cols.join(' '));

    // No column is empty or the same on every row; the header's first three and the targets aside.
    const columns = await tab.$$eval('thead th', (ths) => ths.map((th, i) => {
      const vals = [...document.querySelectorAll('tbody tr.site')].map((r) => r.children[i].textContent.trim());
      return { name: th.textContent.trim(), target: th.classList.contains('t'), distinct: new Set(vals).size,
               filled: vals.some(Boolean) };
    }));
    const dull = columns.filter((c) => !c.target && !['Effect', 'Site', 'Where'].includes(c.name) && (c.distinct < 2 || !c.filled));
    check(dull.length === 0, 'every column says something: ' + columns.map((c) => `${c.name}=${c.distinct}`).join(' '));
    check(await tab.$('#nothing-to-do') === null, 'a tree with gaps has no "nothing to do"');

    // Keyboard: tab to the first excerpt and open it with Enter.
    const summary = tab.locator('tr.site summary').first();
    await summary.focus();
    await tab.keyboard.press('Enter');
    const open = await tab.$eval('tr.site details', (d) => d.open);
    const excerpt = await tab.textContent('tr.site details pre');
    check(open && excerpt.length > 0, 'Enter on a row opens its source excerpt');

    // The filter (the only script) hides rows that do not match.
    await tab.fill('#filter', 'WORLD_SIZES');
    const visible = await tab.$$eval('tbody tr.site', (rows) => rows.filter((r) => !r.hidden).length);
    check(visible === 1, 'the filter leaves one row for WORLD_SIZES');
    await tab.fill('#filter', '');

    check(requests.length === 0, 'the page loads nothing from the network');
    await tab.screenshot({ path: path.join(outDir, 'audit.png'), fullPage: true });
    console.log('screenshot: ' + path.join(outDir, 'audit.png'));

    // Without JavaScript the table is all there.
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    const plain = await noJs.newPage();
    await plain.goto('file://' + page);
    const rows = await plain.$$eval('tbody tr.site', (r) => r.length);
    check(rows === 10, `without JavaScript all ${rows} rows are shown`);

    // Trees of our own: two alike tables, and a tree that handles the target.
    const table = (keys) => `import torch\nT = {${keys}}\ndef f():\n    cap = torch.cuda.get_device_capability()[0]\n    return T[cap]\n`;
    const tree = (name, files) => {
      const d = path.join(outDir, name);
      fs.rmSync(d, { recursive: true, force: true });
      for (const [f, text] of Object.entries(files)) {
        fs.mkdirSync(path.dirname(path.join(d, f)), { recursive: true });
        fs.writeFileSync(path.join(d, f), text);
      }
      const out = path.join(d, 'audit.html');
      const r = spawnSync(bin, ['audit', '--target', 'sm_120', '--format', 'html', '-q', '-o', out, 't'], { cwd: d, encoding: 'utf8' });
      return { status: r.status, err: r.stderr, out };
    };
    const alike = tree('alike', { 't/a.py': table('9: 1, 10: 2'), 't/b.py': table('9: 1, 10: 2') });
    check(alike.status === 1, `two crashing tables: audit exits 1 (${alike.status}: ${alike.err})`);
    await tab.goto('file://' + alike.out);
    const heads = await tab.$$eval('thead th', (ths) => ths.map((t) => t.textContent.trim()));
    check(!heads.includes('Family') && !heads.includes('Component') && !heads.some((h) => h.startsWith('sm_100')) &&
          heads.includes('Decided by'), 'columns alike on both rows are left out: ' + heads.join(', '));
    const widths = await tab.$$eval('tbody tr.site', (rows) => rows.map((r) => r.children.length));
    check(widths.length === 2 && widths.every((w) => w === heads.length), `each row has the ${heads.length} cells of the header`);
    const same = await tab.$$eval('#same-columns [data-column]', (ss) => ss.map((x) => x.textContent));
    check(same.includes('family: none') && same.includes('sm_100: covered') && same.some((x) => x.startsWith('component: ')),
      'and said once above the table: ' + same.join(' · '));

    const clean = tree('clean', { 't/a.py': table('9: 1, 10: 2, 12: 3') });
    check(clean.status === 0, `a tree that handles sm_120: audit exits 0 (${clean.status}: ${clean.err})`);
    await tab.goto('file://' + clean.out);
    const done = await tab.textContent('#nothing-to-do');
    check(done.startsWith('Nothing to do for sm_120') && await tab.isVisible('#nothing-to-do'), 'a clean tree says so: ' + done);
    check(await tab.$('table#audit') === null, 'instead of an empty table');
    await tab.screenshot({ path: path.join(outDir, 'audit-clean.png') });
  } finally {
    await browser.close();
  }
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
