// A TCP proxy that can stop forwarding, as a frozen peer does: while stalled it accepts connections
// and takes bytes, but passes nothing either way and closes nothing, so a client sees a server that
// has gone silent mid-request rather than one that refuses. Resumed, it passes on what it held and
// forwards again, as a peer that wakes up would.
import net from 'node:net';

export interface StallingProxy {
  /** http://127.0.0.1:<port>, in front of the target. */
  url: string;
  stall(): void;
  resume(): void;
  close(): Promise<void>;
}

export async function startStallingProxy(targetPort: number): Promise<StallingProxy> {
  let stalled = false;
  const held: { to: net.Socket; chunk: Buffer }[] = [];
  const sockets = new Set<net.Socket>();
  const forward = (from: net.Socket, to: net.Socket) =>
    from.on('data', (chunk: Buffer) => {
      if (stalled) held.push({ to, chunk });
      else to.write(chunk);
    });
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket
        .on('error', () => undefined)
        .on('close', () => {
          sockets.delete(socket);
          client.destroy();
          upstream.destroy();
        });
    }
    forward(client, upstream);
    forward(upstream, client);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stall() {
      stalled = true;
    },
    resume() {
      stalled = false;
      for (const { to, chunk } of held.splice(0)) if (!to.destroyed) to.write(chunk);
    },
    close() {
      for (const socket of sockets) socket.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
