// Stops `npm start` and `npm test` (their pre-scripts) on a Node older than 22, with one sentence, before
// anything loads better-sqlite3 (built for Node 22+, it dies there with "Segmentation fault" and no word).
// Plain old JavaScript on purpose: it must run on any Node that reaches it. The server bundle carries the
// same check in its first line (scripts/buildServer.mjs).
var major = Number(process.versions.node.split('.')[0]);
if (major < 22) {
  console.error(
    'Splikz needs Node 22 or 24, and this is Node ' +
      process.versions.node +
      ': run `. scripts/use-node-24.sh` first (it fetches Node 24 from the npm registry), then `npm ci` again.',
  );
  process.exit(1);
}
