import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

/** A push message as the receiving browser would see it, decrypted. */
export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  plaintext: string;
}

/**
 * Decrypts a Web Push message body (RFC 8291 over RFC 8188 'aes128gcm', one record) with the receiving
 * browser's P-256 private key and auth secret.
 */
function decryptWebPush(body: Buffer, receiver: { privateKey: Buffer; publicKey: Buffer; authSecret: Buffer }): string {
  const salt = body.subarray(0, 16);
  const keyIdLength = body.readUInt8(20);
  const senderPublicKey = body.subarray(21, 21 + keyIdLength);
  const ciphertext = body.subarray(21 + keyIdLength);
  const ecdh = createECDH('prime256v1');
  ecdh.setPrivateKey(receiver.privateKey);
  const sharedSecret = ecdh.computeSecret(senderPublicKey);
  // RFC 8291 section 3.4: IKM from the ECDH secret, salted with the auth secret, bound to both public keys.
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), receiver.publicKey, senderPublicKey]);
  const ikm = Buffer.from(hkdfSync('sha256', sharedSecret, receiver.authSecret, keyInfo, 32));
  // RFC 8188 section 2.2/2.3: content key and nonce from the record's salt.
  const key = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', key, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and then zero padding.
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end -= 1;
  if (padded[end] !== 2) throw new Error('not the last record of an aes128gcm message');
  return padded.subarray(0, end).toString('utf8');
}

/** A throwaway self-signed certificate for 127.0.0.1 (web-push only speaks HTTPS). */
function selfSignedCertificate(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'push-receiver-'));
  try {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')], { stdio: 'ignore' });
    return { key: fs.readFileSync(path.join(dir, 'key.pem'), 'utf8'), cert: fs.readFileSync(path.join(dir, 'cert.pem'), 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * A local push service and the browser behind it: it makes subscriptions (an endpoint, a P-256 key pair
 * and an auth secret per subscription), answers each push with `status` (201, or 404/410 to say the
 * subscription is gone) and decrypts what it receives. Its certificate is trusted by this process's
 * global HTTPS agent, which web-push uses.
 */
export class PushReceiver {
  readonly received: ReceivedPush[] = [];
  status = 201;
  private server?: https.Server;
  private readonly receivers = new Map<string, { privateKey: Buffer; publicKey: Buffer; authSecret: Buffer }>();
  private baseUrl = '';

  async start(): Promise<void> {
    const { key, cert } = selfSignedCertificate();
    https.globalAgent.options.ca = [cert];
    this.server = https.createServer({ key, cert }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const receiver = this.receivers.get(req.url ?? '');
        if (receiver && this.status < 300) {
          this.received.push({ path: req.url ?? '', headers: req.headers, plaintext: decryptWebPush(Buffer.concat(chunks), receiver) });
        }
        res.writeHead(receiver ? this.status : 404).end();
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `https://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A new browser subscription, as PushSubscription.toJSON() gives it. */
  subscription(): { endpoint: string; expirationTime: null; keys: { p256dh: string; auth: string } } {
    const ecdh = createECDH('prime256v1');
    const publicKey = ecdh.generateKeys();
    const authSecret = randomBytes(16);
    const endpointPath = `/push/${randomBytes(8).toString('hex')}`;
    this.receivers.set(endpointPath, { privateKey: ecdh.getPrivateKey(), publicKey, authSecret });
    return { endpoint: `${this.baseUrl}${endpointPath}`, expirationTime: null, keys: { p256dh: publicKey.toString('base64url'), auth: authSecret.toString('base64url') } };
  }

  /** Its host and port, for the server's PUSH_SERVICE_HOSTS: a test server sends to it only when told to. */
  get host(): string {
    return new URL(this.baseUrl).host;
  }

  receivedAt(endpoint: string): ReceivedPush[] {
    const wanted = new URL(endpoint).pathname;
    return this.received.filter((push) => push.path === wanted);
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}
