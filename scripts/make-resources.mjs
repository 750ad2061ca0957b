#!/usr/bin/env node
// Generates the desk's icons, tray image and notification sounds from code, so no binary asset comes from
// the network and anyone can regenerate them: `node scripts/make-resources.mjs`.
// PNG and ICO (PNG-in-ICO, Windows Vista+) are written by hand with zlib; sounds are 16-bit mono WAV.
import { deflateSync } from 'node:zlib';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const out = path.join(path.dirname(path.dirname(fileURLToPath(import.meta.url))), 'resources');
mkdirSync(path.join(out, 'sounds'), { recursive: true });

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc32 = (buf) => {
  let c = 0xffffffff;
  for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
};

/** RGBA PNG of size×size, colour of each pixel from paint(u, v) with u, v in [0, 1), 4×4 supersampled. */
function png(size, paint) {
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    raw[y * (size * 4 + 1)] = 0;
    for (let x = 0; x < size; x++) {
      let r = 0,
        g = 0,
        b = 0,
        a = 0;
      for (let sy = 0; sy < 4; sy++)
        for (let sx = 0; sx < 4; sx++) {
          const [pr, pg, pb, pa] = paint((x + (sx + 0.5) / 4) / size, (y + (sy + 0.5) / 4) / size);
          r += pr * pa;
          g += pg * pa;
          b += pb * pa;
          a += pa;
        }
      const o = y * (size * 4 + 1) + 1 + x * 4;
      raw[o] = a ? Math.round(r / a) : 0;
      raw[o + 1] = a ? Math.round(g / a) : 0;
      raw[o + 2] = a ? Math.round(b / a) : 0;
      raw[o + 3] = Math.round((a / 16) * 255);
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(size, 0);
  ihdr.writeUInt32BE(size, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// A reception desk bell, white on a teal rounded square.
const TEAL = [31, 111, 139, 1];
const WHITE = [255, 255, 255, 1];
const NONE = [0, 0, 0, 0];
function bell(u, v, background = true) {
  const inBell =
    (Math.hypot(u - 0.5, v - 0.66) < 0.3 && v < 0.66) || // dome
    (Math.abs(u - 0.5) < 0.36 && v >= 0.68 && v < 0.76) || // base
    Math.hypot(u - 0.5, v - 0.3) < 0.06; // button
  if (inBell) return WHITE;
  if (!background) return NONE;
  const r = 0.2,
    cx = Math.min(Math.max(u, r), 1 - r),
    cy = Math.min(Math.max(v, r), 1 - r);
  return Math.hypot(u - cx, v - cy) < r ? TEAL : NONE;
}
const trayBell = (u, v) => (bell(u, v, false) === WHITE ? [40, 40, 40, 1] : NONE);

writeFileSync(path.join(out, 'icon.png'), png(512, bell));
writeFileSync(path.join(out, 'tray.png'), png(32, bell));
writeFileSync(path.join(out, 'tray-mono.png'), png(32, trayBell));
// macOS menu bar: a "template" image (the name must end in Template), black with alpha only, which macOS
// recolours for light and dark menu bars; @2x is picked up by name on Retina displays.
const templateBell = (u, v) => (bell(u, v, false) === WHITE ? [0, 0, 0, 1] : NONE);
writeFileSync(path.join(out, 'trayTemplate.png'), png(16, templateBell));
writeFileSync(path.join(out, 'trayTemplate@2x.png'), png(32, templateBell));

const sizes = [256, 48, 32, 16];
const images = sizes.map((s) => png(s, bell));
const header = Buffer.alloc(6 + 16 * sizes.length);
header.writeUInt16LE(0, 0);
header.writeUInt16LE(1, 2);
header.writeUInt16LE(sizes.length, 4);
let offset = header.length;
sizes.forEach((s, i) => {
  const e = 6 + 16 * i;
  header[e] = s === 256 ? 0 : s;
  header[e + 1] = s === 256 ? 0 : s;
  header.writeUInt16LE(1, e + 4);
  header.writeUInt16LE(32, e + 6);
  header.writeUInt32LE(images[i].length, e + 8);
  header.writeUInt32LE(offset, e + 12);
  offset += images[i].length;
});
writeFileSync(path.join(out, 'icon.ico'), Buffer.concat([header, ...images]));

/** A short chime: tones [hz, seconds] one after another, each with a soft attack and decay. */
function wav(tones, rate = 22050) {
  const samples = [];
  for (const [hz, seconds] of tones) {
    const n = Math.round(seconds * rate);
    for (let i = 0; i < n; i++) {
      const t = i / rate;
      const envelope = Math.min(1, t / 0.01) * Math.exp(-4 * (t / seconds));
      samples.push(
        Math.round(
          (0.5 * envelope * 32767 * (Math.sin(2 * Math.PI * hz * t) + 0.3 * Math.sin(4 * Math.PI * hz * t))) /
            1.3,
        ),
      );
    }
  }
  const data = Buffer.alloc(samples.length * 2);
  samples.forEach((s, i) => data.writeInt16LE(s, i * 2));
  const head = Buffer.alloc(44);
  head.write('RIFF', 0, 'ascii');
  head.writeUInt32LE(36 + data.length, 4);
  head.write('WAVEfmt ', 8, 'ascii');
  head.writeUInt32LE(16, 16);
  head.writeUInt16LE(1, 20);
  head.writeUInt16LE(1, 22);
  head.writeUInt32LE(rate, 24);
  head.writeUInt32LE(rate * 2, 28);
  head.writeUInt16LE(2, 32);
  head.writeUInt16LE(16, 34);
  head.write('data', 36, 'ascii');
  head.writeUInt32LE(data.length, 40);
  return Buffer.concat([head, data]);
}
// new: rising (C6 → E6), changed: one bell tone (A5), cancelled: falling (E5 → C5).
writeFileSync(
  path.join(out, 'sounds', 'new.wav'),
  wav([
    [1047, 0.18],
    [1319, 0.3],
  ]),
);
writeFileSync(path.join(out, 'sounds', 'changed.wav'), wav([[880, 0.35]]));
writeFileSync(
  path.join(out, 'sounds', 'cancelled.wav'),
  wav([
    [659, 0.2],
    [523, 0.35],
  ]),
);
console.log(`Wrote icons and sounds to ${out}`);
