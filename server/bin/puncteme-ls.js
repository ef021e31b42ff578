#!/usr/bin/env node
'use strict';
require('../out/lsp/server.js');
