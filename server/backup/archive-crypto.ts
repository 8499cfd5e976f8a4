/**
 * The backup archive's encryption: AES-256-GCM over the payload in chunks, so archives of any size stream
 * through in constant memory and every chunk is authenticated on its own.
 *
 *   file   = "MVBACKUP" | u32 header length | header (JSON) | chunk...
 *   chunk  = u8 last (1 on the final chunk, 0 before) | u32 ciphertext length | ciphertext | 16-byte tag
 *
 * The key is derived per archive with scrypt from the secret and a random salt kept in the header, so a
 * chunk's nonce (its index) never repeats under one key. Each chunk's additional data is the header's
 * SHA-256, its `last` byte and its index: a changed header, a changed, dropped, reordered or appended
 * chunk, or a cut-off archive (no final chunk) is refused. The header carries a short key check, so a
 * wrong key is told apart from a damaged archive.
 */
import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { Transform, type TransformCallback } from 'node:stream';

const MAGIC = Buffer.from('MVBACKUP');
const CHUNK_BYTES = 1024 * 1024;
const TAG_BYTES = 16;
const MAX_HEADER_BYTES = 64 * 1024;
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };

/** What the archive says about itself, readable before the key is: kind of payload and where it came from. */
export interface ArchiveDescription {
  kind: 'base-backup' | 'pg-dump';
  createdAt: string;
  /** The PostgreSQL server's version (server_version). */
  postgres: string;
  /** `zstd` for a base backup's tar; none for pg_dump's own compressed format. */
  compression: 'zstd' | 'none';
  /** The major version of the pg_dump that wrote a pg-dump archive (pg_restore must be as new). */
  pgDumpMajor?: number;
}

interface Header extends ArchiveDescription {
  format: 1;
  kdf: { name: 'scrypt'; salt: string; N: number; r: number; p: number };
  keyCheck: string;
}

class WrongBackupKey extends Error {
  constructor() {
    super('This backup key does not open the archive: use the BACKUP_KEY or BACKUP_KEY_FILE it was made with (or the archive header is damaged).');
  }
}

class DamagedArchive extends Error {}

const deriveKey = (secret: Buffer, salt: Buffer, params: { N: number; r: number; p: number }) =>
  new Promise<Buffer>((resolve, reject) => scrypt(secret, salt, 32, { ...params, maxmem: SCRYPT.maxmem }, (err, key) => (err ? reject(err) : resolve(key))));

const keyCheckOf = (key: Buffer) => createHmac('sha256', key).update('medivault backup key check').digest().subarray(0, 16);

function nonce(index: number): Buffer {
  const iv = Buffer.alloc(12);
  iv.writeBigUInt64BE(BigInt(index), 4);
  return iv;
}

function additionalData(headerHash: Buffer, last: boolean, index: number): Buffer {
  const aad = Buffer.alloc(headerHash.length + 9);
  headerHash.copy(aad);
  aad.writeUInt8(last ? 1 : 0, headerHash.length);
  aad.writeBigUInt64BE(BigInt(index), headerHash.length + 1);
  return aad;
}

/** A stream that encrypts what is written to it into an archive. */
export async function encryptingStream(secret: Buffer, description: ArchiveDescription): Promise<Transform> {
  const salt = randomBytes(16);
  const key = await deriveKey(secret, salt, SCRYPT);
  const header: Header = { format: 1, ...description, kdf: { name: 'scrypt', salt: salt.toString('base64'), N: SCRYPT.N, r: SCRYPT.r, p: SCRYPT.p }, keyCheck: keyCheckOf(key).toString('base64') };
  const headerBytes = Buffer.from(JSON.stringify(header));
  const headerHash = createHash('sha256').update(headerBytes).digest();
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  let index = 0;

  const seal = (plain: Buffer, last: boolean): Buffer => {
    const cipher = createCipheriv('aes-256-gcm', key, nonce(index));
    cipher.setAAD(additionalData(headerHash, last, index));
    const body = Buffer.concat([cipher.update(plain), cipher.final()]);
    index += 1;
    const frame = Buffer.alloc(5);
    frame.writeUInt8(last ? 1 : 0, 0);
    frame.writeUInt32BE(body.length, 1);
    return Buffer.concat([frame, body, cipher.getAuthTag()]);
  };

  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      pending.push(chunk);
      pendingBytes += chunk.length;
      while (pendingBytes > CHUNK_BYTES) {
        const all = Buffer.concat(pending);
        this.push(seal(all.subarray(0, CHUNK_BYTES), false));
        pending = [all.subarray(CHUNK_BYTES)];
        pendingBytes = pending[0]!.length;
      }
      done();
    },
    flush(done: TransformCallback) {
      this.push(seal(Buffer.concat(pending), true));
      done();
    },
  });
  const length = Buffer.alloc(4);
  length.writeUInt32BE(headerBytes.length);
  stream.push(Buffer.concat([MAGIC, length, headerBytes]));
  return stream;
}

/** Reads an archive's header without the key. */
function parseHeader(start: Buffer): { header: Header; headerBytes: Buffer; bodyOffset: number } | null {
  if (start.length < MAGIC.length + 4) return null;
  if (!start.subarray(0, MAGIC.length).equals(MAGIC)) throw new DamagedArchive('This file is not a MediVault backup archive.');
  const length = start.readUInt32BE(MAGIC.length);
  if (length > MAX_HEADER_BYTES) throw new DamagedArchive('The backup archive header is damaged.');
  const bodyOffset = MAGIC.length + 4 + length;
  if (start.length < bodyOffset) return null;
  const headerBytes = start.subarray(MAGIC.length + 4, bodyOffset);
  try {
    const header = JSON.parse(headerBytes.toString('utf8')) as Header;
    if (header.format !== 1 || header.kdf?.name !== 'scrypt') throw new Error('unknown format');
    return { header, headerBytes, bodyOffset };
  } catch {
    throw new DamagedArchive('The backup archive header is damaged or of an unknown format.');
  }
}

/**
 * A stream that decrypts an archive written to it, checking every chunk; `described` resolves with the
 * header once the key has been checked against it. It fails with WrongBackupKey or DamagedArchive.
 */
export function decryptingStream(secret: Buffer): { stream: Transform; described: Promise<ArchiveDescription> } {
  // What has arrived and is not yet read: `buffered`, and smaller pieces joined onto it only once a whole chunk is there.
  let buffered: Buffer = Buffer.alloc(0);
  let arriving: Buffer[] = [];
  let arrivingBytes = 0;
  let key: Buffer | undefined;
  let headerHash: Buffer | undefined;
  let index = 0;
  let finished = false;
  let describe!: (description: ArchiveDescription) => void;
  let refuse!: (err: Error) => void;
  const described = new Promise<ArchiveDescription>((resolve, reject) => {
    describe = resolve;
    refuse = reject;
  });
  described.catch(() => undefined);

  const open = async (): Promise<boolean> => {
    const parsed = parseHeader(buffered);
    if (!parsed) return false;
    const { header, headerBytes, bodyOffset } = parsed;
    const candidate = await deriveKey(secret, Buffer.from(header.kdf.salt, 'base64'), header.kdf);
    const expected = Buffer.from(header.keyCheck ?? '', 'base64');
    const actual = keyCheckOf(candidate);
    if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) throw new WrongBackupKey();
    key = candidate;
    headerHash = createHash('sha256').update(headerBytes).digest();
    buffered = buffered.subarray(bodyOffset);
    const { format: _format, kdf: _kdf, keyCheck: _keyCheck, ...description } = header;
    describe(description);
    return true;
  };

  const gather = (needed: number) => {
    if (buffered.length >= needed || !arriving.length) return;
    buffered = Buffer.concat([buffered, ...arriving]);
    arriving = [];
    arrivingBytes = 0;
  };

  const openChunks = (push: (plain: Buffer) => void) => {
    for (;;) {
      gather(5);
      if (buffered.length < 5) return;
      if (finished) throw new DamagedArchive('The backup archive has data after its last chunk: it was altered.');
      const last = buffered.readUInt8(0) === 1;
      const length = buffered.readUInt32BE(1);
      if (length > CHUNK_BYTES) throw new DamagedArchive(`The backup archive is damaged or was altered (chunk ${index + 1} is malformed).`);
      if (buffered.length + arrivingBytes < 5 + length + TAG_BYTES) return;
      gather(5 + length + TAG_BYTES);
      const decipher = createDecipheriv('aes-256-gcm', key!, nonce(index));
      decipher.setAAD(additionalData(headerHash!, last, index));
      decipher.setAuthTag(buffered.subarray(5 + length, 5 + length + TAG_BYTES));
      try {
        push(Buffer.concat([decipher.update(buffered.subarray(5, 5 + length)), decipher.final()]));
      } catch {
        throw new DamagedArchive(`The backup archive is damaged or was altered: chunk ${index + 1} failed its authentication check. Nothing from it can be trusted.`);
      }
      buffered = buffered.subarray(5 + length + TAG_BYTES);
      index += 1;
      finished = last;
    }
  };

  const stream = new Transform({
    transform(chunk: Buffer, _encoding, done: TransformCallback) {
      arriving.push(chunk);
      arrivingBytes += chunk.length;
      (async () => {
        if (!key) {
          gather(Infinity);
          if (!(await open())) return;
        }
        openChunks((plain) => this.push(plain));
      })().then(
        () => done(),
        (err: Error) => {
          refuse(err);
          done(err);
        },
      );
    },
    flush(done: TransformCallback) {
      gather(Infinity);
      const err = !key ? new DamagedArchive('This file is not a complete MediVault backup archive.') : !finished || buffered.length ? new DamagedArchive('The backup archive is incomplete: it ends before its last chunk (cut off while written or copied).') : null;
      if (err) refuse(err);
      done(err);
    },
  });
  return { stream, described };
}
