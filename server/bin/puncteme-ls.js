#!/usr/bin/env -S MALLOC_ARENA_MAX=1 node
// `env -S` sets the variable before node starts (glibc reads it once, at start-up; on Windows npm's shim does the
// same, elsewhere it is harmless): with one malloc arena for all threads the analysis worker can optimise in the
// background and the server stays ~25 MB smaller (see workerV8Flags in server/src/lsp/engineClient.ts).
'use strict';
require('../out/lsp/server.js');
