import { timingSafeEqual } from 'node:crypto';
import { mac, type AuditKeys } from './audit-chain';

const FORMAT = 'medivault-audit-checkpoint-1';

/** The chain's head as `audit:checkpoint` saw it: kept by the operator, away from the database. */
export interface Checkpoint {
  seq: number;
  id: string;
  link: string;
  madeAt: string;
}

class CheckpointError extends Error {}

const signatureOf = (keys: AuditKeys, checkpoint: Checkpoint) =>
  mac(keys.checkpoint, JSON.stringify([FORMAT, checkpoint.seq, checkpoint.id, checkpoint.link, checkpoint.madeAt]));

/** The checkpoint file's text: the head's place, id and link, signed with a key derived from AUDIT_KEY. */
export function checkpointFile(keys: AuditKeys, head: Omit<Checkpoint, 'madeAt'>, madeAt = new Date()): string {
  const checkpoint: Checkpoint = { seq: head.seq, id: head.id, link: head.link, madeAt: madeAt.toISOString() };
  return `${JSON.stringify({ format: FORMAT, ...checkpoint, signature: signatureOf(keys, checkpoint) }, null, 2)}\n`;
}

/** Reads a checkpoint file, refusing one that is malformed or not signed with this deployment's key. */
export function readCheckpoint(keys: AuditKeys, text: string): Checkpoint {
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    throw new CheckpointError('The checkpoint file is not JSON: give the file `npm run audit:checkpoint` wrote.');
  }
  const { format, seq, id, link, madeAt, signature } = parsed ?? {};
  if (format !== FORMAT || !Number.isSafeInteger(seq) || typeof id !== 'string' || typeof link !== 'string' || typeof madeAt !== 'string' || typeof signature !== 'string') {
    throw new CheckpointError(`The checkpoint file is not a ${FORMAT} file: give the file \`npm run audit:checkpoint\` wrote.`);
  }
  const checkpoint: Checkpoint = { seq: seq as number, id, link, madeAt };
  const expected = Buffer.from(signatureOf(keys, checkpoint));
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw new CheckpointError('The checkpoint file was altered, or signed with another AUDIT_KEY: its signature does not match.');
  }
  return checkpoint;
}
