/**
 * The extension's icon, `docs/images/icon.png` (256×256): a white comma over an orange wavy underline (a lint
 * finding) on a dark blue rounded square. Drawn from shapes with 4×4 supersampling and written as a PNG with Node's
 * zlib, so it needs no image tool:
 *   npx tsx scripts/make-icon.ts
 */
import * as fs from 'fs';
import * as path from 'path';
import * as zlib from 'zlib';

const SIZE = 256;
const SAMPLES = 4;
type RGBA = [number, number, number, number];
const BLUE: RGBA = [31, 58, 95, 255];
const WHITE: RGBA = [255, 255, 255, 255];
const ORANGE: RGBA = [242, 165, 65, 255];
const NONE: RGBA = [0, 0, 0, 0];

const inCircle = (x: number, y: number, cx: number, cy: number, r: number) => (x - cx) ** 2 + (y - cy) ** 2 <= r * r;

function inRoundedSquare(x: number, y: number): boolean {
  const [lo, hi, r] = [8, 248, 44];
  if (x < lo || x > hi || y < lo || y > hi) return false;
  const cx = Math.min(Math.max(x, lo + r), hi - r);
  const cy = Math.min(Math.max(y, lo + r), hi - r);
  return inCircle(x, y, cx, cy, r);
}

/** The comma: a round head and a crescent tail that curls down to the left. */
function inComma(x: number, y: number): boolean {
  if (inCircle(x, y, 126, 98, 42)) return true;
  return y >= 96 && y <= 196 && inCircle(x, y, 104, 112, 66) && !inCircle(x, y, 86, 104, 64);
}

/** The wavy underline: within 6 px of a sine under the comma. */
function onWave(x: number, y: number): boolean {
  if (x < 48 || x > 208) return false;
  const wave = 222 + 9 * Math.sin(((x - 48) / 36) * Math.PI * 2);
  return Math.abs(y - wave) <= 6;
}

function colourAt(x: number, y: number): RGBA {
  if (!inRoundedSquare(x, y)) return NONE;
  if (onWave(x, y)) return ORANGE;
  if (inComma(x, y)) return WHITE;
  return BLUE;
}

function crc32(buf: Buffer): number {
  let c = ~0;
  for (const b of buf) {
    c ^= b;
    for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
  }
  return ~c >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}

const raw = Buffer.alloc(SIZE * (SIZE * 4 + 1));
for (let y = 0; y < SIZE; y++) {
  raw[y * (SIZE * 4 + 1)] = 0; // filter: none
  for (let x = 0; x < SIZE; x++) {
    const sum = [0, 0, 0, 0];
    for (let sy = 0; sy < SAMPLES; sy++)
      for (let sx = 0; sx < SAMPLES; sx++) {
        const c = colourAt(x + (sx + 0.5) / SAMPLES, y + (sy + 0.5) / SAMPLES);
        // Premultiplied, so that edges against transparency keep their colour.
        for (let k = 0; k < 3; k++) sum[k] += c[k] * c[3];
        sum[3] += c[3];
      }
    const at = y * (SIZE * 4 + 1) + 1 + x * 4;
    const a = sum[3];
    for (let k = 0; k < 3; k++) raw[at + k] = a ? Math.round(sum[k] / a) : 0;
    raw[at + 3] = Math.round(a / (SAMPLES * SAMPLES));
  }
}
const header = Buffer.alloc(13);
header.writeUInt32BE(SIZE, 0);
header.writeUInt32BE(SIZE, 4);
header[8] = 8; // bit depth
header[9] = 6; // RGBA
const png = Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(raw, { level: 9 })), chunk('IEND', Buffer.alloc(0))]);
const out = path.join(__dirname, '../docs/images/icon.png');
fs.writeFileSync(out, png);
console.log(`wrote ${out} (${png.length} bytes)`);
