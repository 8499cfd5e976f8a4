import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../support/test-database';

/** Every relative import of every .ts/.tsx file under `dir`, resolved to a path from the project root. */
function importsUnder(dir: string): Array<{ file: string; target: string }> {
  const found: Array<{ file: string; target: string }> = [];
  for (const entry of fs.readdirSync(path.join(ROOT, dir), { recursive: true, encoding: 'utf8' })) {
    if (!/\.tsx?$/.test(entry)) continue;
    const file = path.join(dir, entry);
    const source = fs.readFileSync(path.join(ROOT, file), 'utf8');
    for (const [, specifier] of source.matchAll(/(?:from|import)\s*\(?\s*'(\.[^']+)'/g)) {
      found.push({ file, target: path.relative(ROOT, path.resolve(ROOT, path.dirname(file), specifier!)) });
    }
  }
  return found;
}

const offending = (dir: string, forbidden: RegExp) => importsUnder(dir).filter(({ target }) => forbidden.test(target)).map(({ file, target }) => `${file} -> ${target}`);

describe('module boundaries (design notes: shared rules live in common/ or a neutral module)', () => {
  it('db/ imports nothing from server/', () => {
    expect(offending('db', /^server\//)).toEqual([]);
  });

  it('signalling/ imports no route module of the server', () => {
    expect(offending('signalling', /^server\/routes\//)).toEqual([]);
  });

  it('common/ imports only common/', () => {
    expect(offending('common', /^(?!common\/)/)).toEqual([]);
  });
});
