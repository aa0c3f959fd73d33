// Just enough of PNG (RFC 2083) to tell a rendered page from a blank one without a dependency: the
// header, the size, and the decoded rows of an 8-bit RGB or RGBA image.
import assert from 'node:assert/strict';
import { inflateSync } from 'node:zlib';

export interface PngFacts {
  width: number;
  height: number;
  /** Rows that differ from every other row (a one-colour image has 1). */
  distinctRows: number;
  /** Share of pixels that are not near-white. */
  nonWhiteShare: number;
}

export function pngFacts(file: Buffer): PngFacts {
  assert.deepEqual([...file.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'PNG signature');
  let offset = 8;
  let width = 0;
  let height = 0;
  let channels = 0;
  const data: Buffer[] = [];
  while (offset < file.length) {
    const length = file.readUInt32BE(offset);
    const type = file.toString('latin1', offset + 4, offset + 8);
    const body = file.subarray(offset + 8, offset + 8 + length);
    if (type === 'IHDR') {
      width = body.readUInt32BE(0);
      height = body.readUInt32BE(4);
      assert.equal(body[8], 8, 'bit depth 8');
      channels = body[9] === 6 ? 4 : body[9] === 2 ? 3 : 0;
      assert.ok(channels > 0, `colour type ${body[9]}`);
      assert.equal(body[12], 0, 'not interlaced');
    } else if (type === 'IDAT') data.push(body);
    offset += 12 + length;
  }
  const raw = inflateSync(Buffer.concat(data));
  const stride = width * channels;
  const rows = new Set<string>();
  let previous = Buffer.alloc(stride);
  let nonWhite = 0;
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)];
    const line = Buffer.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? line[i - channels] : 0;
      const b = previous[i];
      const c = i >= channels ? previous[i - channels] : 0;
      const p = a + b - c;
      const pa = Math.abs(p - a);
      const pb = Math.abs(p - b);
      const pc = Math.abs(p - c);
      const predictor = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][filter];
      line[i] = (line[i] + predictor) & 0xff;
    }
    for (let x = 0; x < width; x++) if (line[x * channels] < 230 || line[x * channels + 1] < 230 || line[x * channels + 2] < 230) nonWhite++;
    rows.add(line.toString('base64'));
    previous = line;
  }
  return { width, height, distinctRows: rows.size, nonWhiteShare: nonWhite / (width * height) };
}
