// Runs the durability child (a CommonJS bundle of child.ts, see bundle.ts) with V8's code cache, so a
// start costs about a second of CPU instead of tsx's five: the durability run starts the app 100 times.
// Protocol on stdio: prints "loaded" once the code is in memory, waits for a "go" line (the parent
// pre-loads the next app while the previous one still takes writes), prints "ready" once listening.
// A parent that goes away closes stdin: the child exits rather than linger.
const { readFileSync, renameSync, writeFileSync } = require('node:fs');
const Module = require('node:module');
const path = require('node:path');
const readline = require('node:readline');
const vm = require('node:vm');

const bundle = process.argv[2];
const cacheFile = `${bundle}.v8cache`;
let cachedData;
try {
  cachedData = readFileSync(cacheFile);
} catch {
  // first start of this bundle: the cache is written once the app is listening
}
const script = new vm.Script(Module.wrap(readFileSync(bundle, 'utf8')), {
  filename: bundle,
  cachedData,
  importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
});
const child = new Module(bundle, module);
child.filename = bundle;
child.paths = Module._nodeModulePaths(path.dirname(bundle));
script
  .runInThisContext()
  .call(child.exports, child.exports, (id) => child.require(id), child, bundle, path.dirname(bundle));

let started = false;
const lines = readline.createInterface({ input: process.stdin });
lines.on('line', (line) => {
  if (line.trim() !== 'go' || started) return;
  started = true;
  child.exports.start().then(
    () => {
      process.stdout.write('ready\n');
      if (cachedData && !script.cachedDataRejected) return;
      // Functions compiled while starting are in the cache too. Renamed into place: two runs may race.
      const temporary = `${cacheFile}.${process.pid}`;
      writeFileSync(temporary, script.createCachedData());
      renameSync(temporary, cacheFile);
    },
    (error) => {
      process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
      process.exit(1);
    },
  );
});
lines.on('close', () => process.exit(0));
process.stdout.write('loaded\n');
