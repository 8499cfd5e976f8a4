import net from 'node:net';

export interface Balancer {
  url: string;
  close(): Promise<void>;
}

/**
 * A TCP load balancer in front of server processes, as a deployment puts one: each new connection goes
 * to the next backend in turn that accepts it, so once a process dies its clients' reconnections reach
 * the others. No stickiness is needed: sockets use the WebSocket transport and sessions live in PostgreSQL.
 */
export async function startBalancer(backendPorts: number[]): Promise<Balancer> {
  let next = 0;
  const open = new Set<net.Socket>();
  const connectToBackend = (tried = 0): Promise<net.Socket> =>
    new Promise((resolve, reject) => {
      const port = backendPorts[next++ % backendPorts.length]!;
      const backend = net.connect(port, '127.0.0.1');
      backend.once('connect', () => resolve(backend));
      backend.once('error', (err) => (tried + 1 < backendPorts.length ? connectToBackend(tried + 1).then(resolve, reject) : reject(err)));
    });
  const server = net.createServer((client) => {
    open.add(client);
    client.pause();
    client.on('error', () => client.destroy());
    client.on('close', () => open.delete(client));
    connectToBackend().then(
      (backend) => {
        open.add(backend);
        backend.on('error', () => backend.destroy());
        backend.on('close', () => {
          open.delete(backend);
          client.destroy();
        });
        client.on('close', () => backend.destroy());
        client.pipe(backend).pipe(client);
        client.resume();
      },
      () => client.destroy(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
