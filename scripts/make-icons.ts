// Renders the app icon (src/client/public/icon.svg, full bleed) into the PNGs the web app manifest and
// iOS ask for. Run once after changing the SVG: `node --import tsx scripts/make-icons.ts`; the PNGs are
// committed. "any" icons get rounded corners; the maskable and Apple ones stay full bleed, because the
// platform cuts its own shape (the mark sits inside the maskable safe circle, 80% of the width).
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';

const publicDir = path.resolve(import.meta.dirname, '../src/client/public');
const svg = fs.readFileSync(path.join(publicDir, 'icon.svg'));
const BACKGROUND = '#1e3a5f';

function roundedMask(size: number): Buffer {
  const radius = Math.round(size * 0.22);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}"><rect width="${size}" height="${size}" rx="${radius}" fill="#fff"/></svg>`,
  );
}

async function render(size: number, shape: 'rounded' | 'full'): Promise<Buffer> {
  let image = sharp(svg, { density: Math.ceil((72 * size) / 512) }).resize(size, size);
  if (shape === 'rounded') {
    image = sharp(await image.png().toBuffer()).composite([{ input: roundedMask(size), blend: 'dest-in' }]);
  } else {
    image = image.flatten({ background: BACKGROUND });
  }
  return image.png({ compressionLevel: 9, palette: true }).toBuffer();
}

const outputs: Array<[file: string, size: number, shape: 'rounded' | 'full']> = [
  ['icon-192.png', 192, 'rounded'],
  ['icon-512.png', 512, 'rounded'],
  ['icon-maskable-512.png', 512, 'full'],
  ['apple-touch-icon.png', 180, 'full'],
];

for (const [file, size, shape] of outputs) {
  const png = await render(size, shape);
  fs.writeFileSync(path.join(publicDir, file), png);
  console.log(`${file}: ${size}x${size}, ${(png.length / 1024).toFixed(1)} KB`);
}
