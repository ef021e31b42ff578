#!/usr/bin/env node
'use strict';
// The compiled sources in a checkout (`npx tsc -b` keeps them current); in the npm package, which ships no sources
// and no dependencies, the bundle (`npm run build` makes it).
const fs = require('fs');
const path = require('path');
const compiled = path.join(__dirname, '../out/cli/main.js');
const { main } = require(fs.existsSync(compiled) ? compiled : path.join(__dirname, '../../dist/cli.js'));
main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (err) => { process.stderr.write(`puncteme: ${err && err.stack ? err.stack : err}\n`); process.exitCode = 2; }
);
