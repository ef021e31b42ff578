#!/usr/bin/env -S MALLOC_ARENA_MAX=1 node
// `env -S` sets the variable before node starts (glibc reads it once, at start-up; on Windows npm's shim does the
// same, elsewhere it is harmless): with one malloc arena for all threads the analysis worker can optimise in the
// background and the server stays ~25 MB smaller (see workerV8Flags in server/src/lsp/engineClient.ts).
'use strict';
const fs = require('fs');
const path = require('path');
// The bundle VS Code runs (`npm run build` and `npm ci` make it): minified and ASCII, so the sources V8 keeps in
// memory for the server's life are a third of the compiled files' (~10 MB less); else the compiled sources.
const bundle = path.join(__dirname, '../../dist/server.js');
require(fs.existsSync(bundle) ? bundle : '../out/lsp/server.js');
