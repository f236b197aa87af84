import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import QRCode from 'qrcode';

/**
 * A Y4M video (YUV4MPEG2: a text header, then raw 4:2:0 frames) of a real QR code drawn by the
 * `qrcode` package, for Chromium's fake camera (`--use-file-for-fake-video-capture`), which loops it.
 * Black modules on a white page, centred with a quiet zone, the way a phone held up to a door
 * scanner would show it: in view for `inView` frames, then taken away (a blank page) for `away`
 * frames, at ten frames a second. The default shows the ticket for 2 s out of every 5.
 */
export function qrVideoFile(
  text: string,
  { width = 640, height = 480, inView = 20, away = 30 } = {},
): string {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const modules = qr.modules.size;
  const quiet = 4;
  const scale = Math.floor(Math.min(width, height) / (modules + 2 * quiet));
  const side = scale * modules;
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);

  const luma = Buffer.alloc(width * height, 235); // white
  for (let row = 0; row < modules; row++) {
    for (let col = 0; col < modules; col++) {
      if (!qr.modules.get(row, col)) continue;
      for (let y = 0; y < scale; y++) {
        const start = (top + row * scale + y) * width + left + col * scale;
        luma.fill(16, start, start + scale); // black
      }
    }
  }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128); // no colour
  const frame = (y: Buffer) => Buffer.concat([Buffer.from('FRAME\n'), y, chroma, chroma]);
  const ticket = frame(luma);
  const blank = frame(Buffer.alloc(width * height, 235));
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'marquee-camera-')), 'qr.y4m');
  const frames = [...Array<Buffer>(inView).fill(ticket), ...Array<Buffer>(away).fill(blank)];
  fs.writeFileSync(file, Buffer.concat([header, ...frames]));
  return file;
}
