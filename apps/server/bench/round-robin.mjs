#!/usr/bin/env node
// A load balancer as small as can be, for the benchmarks with several instances (soak, capacity):
// node:http, round robin with no stickiness (each request to the next instance), keep-alive
// connections to the instances. It runs as its own process so that its CPU is not the load
// generator's (and can be read apart).
//
//   node apps/server/bench/round-robin.mjs <port> <instance port> [<instance port> …]
//
// The client's X-Forwarded-For is kept and the address the proxy saw appended, as a chain of
// proxies does: the benchmarks give each simulated customer an address of its own in that header,
// and the instances (TRUST_PROXY=true) take the left-most one as the client's. GET /__proxy/stats
// answers {"served": [n per instance], "errors": n} from the proxy itself.
import http from 'node:http';
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { isMain, waitFor } from './server-process.mjs';

export function roundRobinServer(ports) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
  const served = ports.map(() => 0);
  let errors = 0;
  let next = 0;
  return http.createServer((req, res) => {
    if (req.url === '/__proxy/stats') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ served, errors }));
      return;
    }
    const index = next++ % ports.length;
    served[index]++;
    const seen = req.socket.remoteAddress ?? '127.0.0.1';
    const given = req.headers['x-forwarded-for'];
    const upstream = http.request(
      {
        agent,
        host: '127.0.0.1',
        port: ports[index],
        method: req.method,
        path: req.url,
        headers: {
          ...req.headers,
          'x-forwarded-for': given ? `${given}, ${seen}` : seen,
          'x-forwarded-proto': 'http',
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', (err) => {
      errors++;
      if (res.headersSent) {
        res.destroy();
        return;
      }
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`instance ${index}: ${err.message}`);
    });
    req.pipe(upstream);
  });
}

/**
 * Starts the proxy as a child process on `port` in front of the instances on `ports`; answers the
 * child once it forwards (its /readyz is an instance's).
 */
export async function spawnRoundRobin(port, ports) {
  const child = spawn(
    process.execPath,
    [fileURLToPath(import.meta.url), String(port), ...ports.map(String)],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  await waitFor(`http://127.0.0.1:${port}/readyz`, child, 'round-robin proxy');
  return child;
}

/** What the proxy on `port` has forwarded so far. */
export async function proxyStats(port) {
  const res = await fetch(`http://127.0.0.1:${port}/__proxy/stats`);
  return res.json();
}

if (isMain(import.meta.url)) {
  const [port, ...ports] = process.argv.slice(2).map(Number);
  if (!port || ports.length === 0 || ports.some((p) => !p)) {
    console.error('usage: round-robin.mjs <port> <instance port> [<instance port> …]');
    process.exit(2);
  }
  const server = roundRobinServer(ports);
  server.keepAliveTimeout = 10_000;
  server.listen(port, '127.0.0.1');
  const close = () => {
    server.close(() => process.exit(0));
    server.closeAllConnections();
  };
  process.once('SIGINT', close);
  process.once('SIGTERM', close);
}
