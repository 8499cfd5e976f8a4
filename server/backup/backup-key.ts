/** The secret backups are encrypted with: BACKUP_KEY (a passphrase) or BACKUP_KEY_FILE (a file holding one). */
import { readFile } from 'node:fs/promises';

const MIN_KEY_CHARACTERS = 32;

class BackupKeyProblem extends Error {}

export async function readBackupKey(env: NodeJS.ProcessEnv = process.env): Promise<Buffer> {
  if (env.BACKUP_KEY && env.BACKUP_KEY_FILE) throw new BackupKeyProblem('Set BACKUP_KEY or BACKUP_KEY_FILE, not both.');
  let key: string;
  if (env.BACKUP_KEY_FILE) {
    key = await readFile(env.BACKUP_KEY_FILE, 'utf8').then(
      (text) => text.trim(),
      (err: NodeJS.ErrnoException) => {
        throw new BackupKeyProblem(`BACKUP_KEY_FILE ${env.BACKUP_KEY_FILE} cannot be read (${err.code ?? err.message}).`);
      },
    );
  } else if (env.BACKUP_KEY) {
    key = env.BACKUP_KEY;
  } else {
    throw new BackupKeyProblem(
      `No backup key: set BACKUP_KEY (at least ${MIN_KEY_CHARACTERS} characters) or BACKUP_KEY_FILE (a file holding one, e.g. made with \`openssl rand -base64 48 > backup.key\`). Archives are always encrypted, and the same key is needed to restore them.`,
    );
  }
  if (key.length < MIN_KEY_CHARACTERS) throw new BackupKeyProblem(`The backup key is too short: it needs at least ${MIN_KEY_CHARACTERS} characters (it has ${key.length}).`);
  return Buffer.from(key, 'utf8');
}
