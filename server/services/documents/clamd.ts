import net from 'node:net';
import { once } from 'node:events';

/** Where clamd listens: a unix socket, or a TCP host and port. */
export type ClamdAddress = { socket: string } | { host: string; port: number };

/** What clamd said of a stream: clean, or the name of the signature it found. */
type ClamdVerdict = { clean: true } | { clean: false; signature: string };

/** clamd could not be reached, did not answer in time, or answered with an error. */
export class ClamdUnavailable extends Error {}

/** Bytes sent per INSTREAM chunk: the stream is never held twice in memory, and clamd takes any chunk size. */
const CHUNK_BYTES = 64 * 1024;

function lengthPrefixed(length: number): Buffer {
  const prefix = Buffer.alloc(4);
  prefix.writeUInt32BE(length);
  return prefix;
}

/** clamd's reply to INSTREAM, read as 'stream: OK' or 'stream: <signature> FOUND'; anything else is its error. */
function verdictOf(reply: string): ClamdVerdict {
  const answer = reply.replace(/\0[\s\S]*$/, '').trim();
  if (answer === 'stream: OK') return { clean: true };
  const found = /^stream: (.+) FOUND$/.exec(answer);
  if (found) return { clean: false, signature: found[1]! };
  throw new ClamdUnavailable(`clamd answered: ${answer.slice(0, 200)}`);
}

async function sendStream(connection: net.Socket, bytes: Uint8Array): Promise<void> {
  const write = async (chunk: Uint8Array) => {
    if (!connection.write(chunk)) await once(connection, 'drain');
  };
  await write(Buffer.from('zINSTREAM\0'));
  for (let at = 0; at < bytes.length; at += CHUNK_BYTES) {
    const chunk = bytes.subarray(at, at + CHUNK_BYTES);
    await write(lengthPrefixed(chunk.length));
    await write(chunk);
  }
  await write(lengthPrefixed(0));
}

/**
 * Streams `bytes` to clamd with its INSTREAM command (each chunk: a 4-byte big-endian length, then the data;
 * a zero length ends the stream) and reads its verdict. Throws ClamdUnavailable when clamd cannot be
 * reached, closes without a verdict, answers an error (such as its size limit) or takes over `timeoutMs`.
 */
export function scanWithClamd(address: ClamdAddress, bytes: Uint8Array, timeoutMs: number): Promise<ClamdVerdict> {
  return new Promise((resolve, reject) => {
    const connection = 'socket' in address ? net.createConnection({ path: address.socket }) : net.createConnection({ host: address.host, port: address.port });
    let reply = '';
    const fail = (reason: string) => {
      connection.destroy();
      reject(new ClamdUnavailable(reason));
    };
    connection.setTimeout(timeoutMs, () => fail(`clamd did not answer within ${timeoutMs} ms`));
    connection.on('error', (err) => fail(`clamd cannot be reached: ${err.message}`));
    const settle = () => {
      connection.destroy();
      try {
        resolve(verdictOf(reply));
      } catch (err) {
        reject(err);
      }
    };
    connection.on('data', (data: Buffer) => {
      reply += data.toString('utf8');
      if (reply.includes('\0')) settle();
    });
    connection.on('end', () => (reply ? settle() : fail('clamd closed the connection without a verdict')));
    connection.once('connect', () => sendStream(connection, bytes).catch((err: Error) => fail(`clamd stopped reading: ${err.message}`)));
  });
}
