#!/usr/bin/env node
// Runs the benchmarks with tsx (they import the app's TypeScript helpers).
import { spawnSync } from 'node:child_process';

const result = spawnSync('npx', ['tsx', 'bench/run.ts', ...process.argv.slice(2)], { stdio: 'inherit' });
process.exit(result.status ?? 1);
