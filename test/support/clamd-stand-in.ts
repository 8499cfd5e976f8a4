/**
 * A stand-in for ClamAV's clamd that speaks its INSTREAM protocol (ClamAV's signature databases cannot be
 * downloaded here): the command ('zINSTREAM\0' or 'nINSTREAM\n'), then chunks of a 4-byte big-endian length
 * and that many bytes, a zero length ending the stream. It puts the stream back together and answers
 * 'stream: Eicar-Test-Signature FOUND' when the EICAR string is in it, else 'stream: OK'; each stream it
 * received is kept with its chunk count, so a test can see what the client really sent.
 */
import net from 'node:net';
import { EICAR } from './hostile-uploads';

export interface ScannedStream {
  bytes: Buffer;
  chunks: number;
}

const COMMANDS = new Map([
  ['zINSTREAM\0', '\0'],
  ['nINSTREAM\n', '\n'],
]);

/** Reads one connection's command and stream; answers once the stream ends. */
function serveConnection(connection: net.Socket, scanned: ScannedStream[]): void {
  let pending = Buffer.alloc(0);
  let terminator: string | null = null;
  const chunks: Buffer[] = [];
  connection.on('data', (data: Buffer) => {
    pending = Buffer.concat([pending, data]);
    if (terminator === null) {
      if (pending.length < 10) return;
      terminator = COMMANDS.get(pending.toString('latin1', 0, 10)) ?? null;
      if (terminator === null) {
        connection.end('UNKNOWN COMMAND\0');
        return;
      }
      pending = pending.subarray(10);
    }
    while (pending.length >= 4) {
      const length = pending.readUInt32BE(0);
      if (length === 0) {
        const bytes = Buffer.concat(chunks);
        scanned.push({ bytes, chunks: chunks.length });
        connection.end(`stream: ${bytes.includes(EICAR) ? 'Eicar-Test-Signature FOUND' : 'OK'}${terminator}`);
        return;
      }
      if (pending.length < 4 + length) return;
      chunks.push(pending.subarray(4, 4 + length));
      pending = pending.subarray(4 + length);
    }
  });
  connection.on('error', () => undefined);
}

export class ClamdStandIn {
  readonly scanned: ScannedStream[] = [];

  private constructor(private readonly server: net.Server) {}

  /** Listens on a TCP port of 127.0.0.1, or on a unix socket. */
  static async listen(where: { port: number } | { path: string }): Promise<ClamdStandIn> {
    const server = net.createServer();
    const standIn = new ClamdStandIn(server);
    server.on('connection', (connection) => serveConnection(connection, standIn.scanned));
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen('path' in where ? { path: where.path } : { port: where.port, host: '127.0.0.1' }, resolve);
    });
    return standIn;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
