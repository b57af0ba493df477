import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL or Redis that a fault test can break (issue 13): `cut()` drops
 * every connection and refuses new ones at once (the server is down), `freeze()` keeps connections
 * open but passes nothing on (a frozen server or a black-holed network), `restore()` heals both.
 * `connections` counts the sockets clients opened to it.
 */
export interface TcpProxy {
  port: number;
  connections: number;
  cut(): void;
  freeze(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let mode: 'pass' | 'cut' | 'freeze' = 'pass';
  const pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  const server = net.createServer((client) => {
    proxy.connections += 1;
    if (mode === 'cut') {
      client.destroy();
      return;
    }
    const upstream = net.connect(target.port, target.host);
    const pair = { client, upstream };
    pairs.add(pair);
    const forward = (from: net.Socket, to: net.Socket) => {
      from.on('data', (chunk) => {
        // Frozen: what was sent is lost, as in a black hole; nothing comes back either.
        if (mode === 'pass') to.write(chunk);
      });
    };
    forward(client, upstream);
    forward(upstream, client);
    const end = () => {
      pairs.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('close', end);
    upstream.on('close', end);
    client.on('error', end);
    upstream.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('proxy did not listen');
  const proxy: TcpProxy = {
    port: address.port,
    connections: 0,
    cut() {
      mode = 'cut';
      for (const { client, upstream } of pairs) {
        client.destroy();
        upstream.destroy();
      }
      pairs.clear();
    },
    freeze() {
      mode = 'freeze';
    },
    restore() {
      // Connections that lived through a freeze lost bytes: drop them, clients reconnect.
      if (mode === 'freeze') proxy.cut();
      mode = 'pass';
    },
    close: async () => {
      proxy.cut();
      await new Promise<void>((resolve) => {
        server.close(() => {
          resolve();
        });
      });
    },
  };
  return proxy;
}
