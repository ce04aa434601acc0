// A basemap provider on a loopback port for the browser tests: a MapLibre style whose raster tiles
// ({z}/{x}/{y}.png, drawn by sharp when first asked for) come from the same server, over the real
// protocol a provider speaks, with the CORS header a map on another origin needs. It counts the tiles
// it serves, so a test can tell the basemap was drawn.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { plainTile } from './pmtiles-file.ts';

export interface TileServer {
  origin: string;
  styleUrl: string;
  tilesServed(): number;
  close(): Promise<void>;
}

export async function startTileServer(): Promise<TileServer> {
  const tiles = new Map<string, Promise<Buffer>>();
  let served = 0;
  let origin = '';
  const server = http.createServer((request, response) => {
    response.setHeader('Access-Control-Allow-Origin', '*');
    const url = request.url ?? '/';
    if (url === '/style.json') {
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          version: 8,
          sources: {
            basemap: {
              type: 'raster',
              tiles: [`${origin}/tiles/{z}/{x}/{y}.png`],
              tileSize: 256,
              attribution: '© OpenStreetMap contributors',
            },
          },
          layers: [{ id: 'basemap', type: 'raster', source: 'basemap' }],
        }),
      );
      return;
    }
    const tile = /^\/tiles\/(\d+)\/(\d+)\/(\d+)\.png$/.exec(url);
    if (!tile) return void response.writeHead(404).end();
    const key = tile.slice(1).join('/');
    if (!tiles.has(key)) tiles.set(key, plainTile(Number(tile[2]) + Number(tile[3])));
    void tiles.get(key)!.then((png) => {
      served++;
      response.writeHead(200, { 'content-type': 'image/png', 'cache-control': 'max-age=3600' }).end(png);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    styleUrl: `${origin}/style.json`,
    tilesServed: () => served,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
