/**
 * The front page and docs/ stay navigable: every relative link in README.md and docs/*.md names a file
 * that exists (and, with a #fragment, a heading in it), and the README stays a front page, not a notebook.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ROOT } from '../support/test-database';

const README_MAX_LINES = 250;

const markdownFiles = ['README.md', ...fs.readdirSync(path.join(ROOT, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

/** Code blocks and inline code hold text that looks like links but is not. */
function withoutCode(markdown: string): string {
  return markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
}

/** The targets of inline links `[text](target)`, skipping absolute URLs and mail addresses. */
function relativeLinks(markdown: string): string[] {
  return [...withoutCode(markdown).matchAll(/\]\(([^)\s]+)\)/g)].map((m) => m[1]!).filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

/** GitHub's anchors for a file's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const [, heading] of markdown.replace(/```[\s\S]*?```/g, '').matchAll(/^#{1,6}\s+(.+)$/gm)) {
    const slug = heading!.trim().toLowerCase().replace(/[^\p{L}\p{N}\s_-]/gu, '').replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    anchors.add(count ? `${slug}-${count}` : slug);
  }
  return anchors;
}

function brokenLinks(file: string): string[] {
  const markdown = fs.readFileSync(path.join(ROOT, file), 'utf8');
  return relativeLinks(markdown).flatMap((target) => {
    const [linkPath, fragment] = target.split('#') as [string, string | undefined];
    const resolved = linkPath ? path.resolve(path.dirname(path.join(ROOT, file)), decodeURIComponent(linkPath)) : path.join(ROOT, file);
    if (!fs.existsSync(resolved)) return [`${file}: ${target} (no such file)`];
    if (fragment && resolved.endsWith('.md') && !headingAnchors(fs.readFileSync(resolved, 'utf8')).has(fragment)) {
      return [`${file}: ${target} (no such heading)`];
    }
    return [];
  });
}

describe('documentation links', () => {
  it('finds the README and the docs pages', () => {
    expect(markdownFiles).toEqual(expect.arrayContaining(['README.md', 'docs/README.md', 'docs/architecture.md', 'docs/configuration.md']));
  });

  it.each(markdownFiles)('every relative link in %s resolves', (file) => {
    expect(brokenLinks(file)).toEqual([]);
  });

  it('links every docs page from the README and from the docs index', () => {
    const pages = markdownFiles.filter((f) => f.startsWith('docs/') && f !== 'docs/README.md');
    const readmeTargets = relativeLinks(fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8')).map((t) => t.split('#')[0]);
    const indexTargets = relativeLinks(fs.readFileSync(path.join(ROOT, 'docs/README.md'), 'utf8')).map((t) => `docs/${t.split('#')[0]}`);
    expect(pages.filter((page) => !readmeTargets.includes(page))).toEqual([]);
    expect(pages.filter((page) => !indexTargets.includes(page))).toEqual([]);
  });
});

describe('the README', () => {
  it(`stays a front page of at most ${README_MAX_LINES} lines`, () => {
    const lines = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8').split('\n').length;
    expect(lines).toBeLessThanOrEqual(README_MAX_LINES);
  });
});

describe('the link checker itself', () => {
  it('reads GitHub anchors the way GitHub writes them', () => {
    expect([...headingAnchors("## Doctors' access\n## Payments (Stripe)\n## The clinic's day (`npm run load`)\n## Notes\n## Notes")]).toEqual([
      'doctors-access',
      'payments-stripe',
      'the-clinics-day-npm-run-load',
      'notes',
      'notes-1',
    ]);
  });

  it('ignores absolute URLs and links inside code', () => {
    expect(relativeLinks('[a](https://example.org) [b](mailto:x@y.z) `[c](nowhere.md)` [d](docs/x.md#y)')).toEqual(['docs/x.md#y']);
  });
});
