#!/usr/bin/env node
// After the client build: writes .br and .gz beside every text asset, so the server sends
// pre-compressed files (no compression work per request).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../client/dist');
const compressible = /\.(js|css|html|svg|json|txt|webmanifest)$/;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (compressible.test(entry.name)) yield full;
  }
}

let count = 0;
for (const file of files(dist)) {
  const source = fs.readFileSync(file);
  if (source.length < 1024) continue;
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(source, { level: 9 }));
  fs.writeFileSync(
    `${file}.br`,
    zlib.brotliCompressSync(source, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  count++;
}
console.log(`pre-compressed ${count} client files (br, gz)`);
