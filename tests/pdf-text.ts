// The text drawn on a PDF's pages, as pdf-lib writes it with the standard fonts (hex strings shown by
// Tj in Flate-compressed content streams), read back so a test can check what a person would see.
import { inflateSync } from 'node:zlib';

export function pdfText(bytes: Uint8Array): string[] {
  const data = Buffer.from(bytes);
  const lines: string[] = [];
  let at = 0;
  for (;;) {
    const start = data.indexOf('stream', at, 'latin1');
    if (start < 0) break;
    const bodyStart = start + (data[start + 6] === 0x0d ? 8 : 7);
    const end = data.indexOf('endstream', bodyStart, 'latin1');
    if (end < 0) break;
    at = end + 9;
    const header = data.subarray(Math.max(0, start - 300), start).toString('latin1');
    let body = data.subarray(bodyStart, end);
    if (header.includes('/FlateDecode')) {
      try {
        body = inflateSync(body);
      } catch {
        continue;
      }
    }
    for (const match of body.toString('latin1').matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g))
      lines.push(Buffer.from(match[1]!, 'hex').toString('latin1'));
    for (const match of body.toString('latin1').matchAll(/\(((?:\\.|[^\\)])*)\)\s*Tj/g)) lines.push(match[1]!);
  }
  return lines;
}
