#!/usr/bin/env node
'use strict';
// The compiled sources in a checkout (`npx tsc -b` keeps them current); in the npm package, which ships no sources
// and no dependencies, the bundle (`npm run build` makes it).
const fs = require('fs');
const path = require('path');
// V8 hands a function to its optimising compiler once it has run a budget of bytecode (the interrupt budget, 66 KB
// of it, three times). A lint's functions meet many shapes in their first sentences, so at that default many are
// optimised on thin feedback, deoptimised ("wrong map") and optimised again: linting 100 EWT sentences took 305
// optimising compilations and 58 deoptimisations, against 100 and 7 with 16 times the budget, and the process's CPU
// was 0.79 of the default's there and on two sentences, 0.65 on 600 (journal, "Cold start: … V8's tier-up
// budget"). Set before the engine's code runs; worker threads (`--jobs`) share the process's flags. Results do not
// depend on it: every tier computes the same IEEE arithmetic.
require('v8').setFlagsFromString('--interrupt-budget=1081344');
const compiled = path.join(__dirname, '../out/cli/main.js');
const { main } = require(fs.existsSync(compiled) ? compiled : path.join(__dirname, '../../dist/cli.js'));
main(process.argv.slice(2)).then(
  (code) => { process.exitCode = code; },
  (err) => { process.stderr.write(`puncteme: ${err && err.stack ? err.stack : err}\n`); process.exitCode = 2; }
);
