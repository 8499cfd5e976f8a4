import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { ROUTE_HINTS_FILE, type RouteHint } from '../common/route-hints';

/** The page sent for one client route, plain and in the two encodings browsers ask for. */
interface WebPage {
  readonly identity: Buffer;
  readonly br: Buffer;
  readonly gzip: Buffer;
}

interface Built {
  readonly modified: number;
  readonly html: string;
  readonly routes: ReadonlyArray<{ pattern: RegExp; hint: RouteHint }>;
  readonly pages: Map<string, WebPage>;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A router path ('/reports/$id') as a pattern matching the URLs it draws. */
const patternOf = (route: string) => new RegExp(`^${route.split(/\$[^/]+/).map(escapeRegExp).join('[^/]+')}/?$`);

const hintTags = (hint: RouteHint, signedIn: boolean) => [
  ...hint.modules.map((href) => `<link rel="modulepreload" crossorigin href="${href}">`),
  // use-credentials: the app's own fetch sends cookies, and a preload is used only by a request made the same way.
  ...(signedIn ? hint.fetches : []).map((href) => `<link rel="preload" as="fetch" crossorigin="use-credentials" href="${href}">`),
];

function compressed(html: string): WebPage {
  const identity = Buffer.from(html);
  return {
    identity,
    br: zlib.brotliCompressSync(identity, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY } }),
    gzip: zlib.gzipSync(identity, { level: zlib.constants.Z_BEST_COMPRESSION }),
  };
}

/**
 * The app's page (index.html) for each client route, with that route's hints from the build
 * (route-hints.json, web/build/route-hints.ts) in its head: the browser fetches the screen's code, and
 * for a visitor with a session its session check and lists, alongside the app's main chunk rather than
 * after it has run. A build without hints gives the plain page. Pages are made once per route and
 * kept until a new build replaces index.html.
 */
export class WebPages {
  private built: Promise<Built> | null = null;

  constructor(private readonly root: string) {}

  /** Null when there is no built page (index.html) to send. */
  async pageFor(urlPath: string, signedIn: boolean): Promise<WebPage | null> {
    const built = await this.current();
    if (!built) return null;
    const route = built.routes.find(({ pattern }) => pattern.test(urlPath));
    const key = route ? `${route.pattern.source} ${signedIn}` : '';
    let page = built.pages.get(key);
    if (!page) {
      const tags = route ? hintTags(route.hint, signedIn) : [];
      page = compressed(tags.length ? built.html.replace('</head>', `\n${tags.map((tag) => `    ${tag}\n`).join('')}  </head>`) : built.html);
      built.pages.set(key, page);
    }
    return page;
  }

  private async current(): Promise<Built | null> {
    const stat = await fs.stat(path.join(this.root, 'index.html')).catch(() => null);
    if (!stat) return null;
    const modified = stat.mtimeMs;
    const built = await this.built?.catch(() => null);
    if (built?.modified === modified) return built;
    this.built = this.load(modified);
    return this.built;
  }

  private async load(modified: number): Promise<Built> {
    const html = await fs.readFile(path.join(this.root, 'index.html'), 'utf8');
    const hints = await fs
      .readFile(path.join(this.root, ROUTE_HINTS_FILE), 'utf8')
      .then((text) => JSON.parse(text) as Record<string, RouteHint>)
      .catch(() => ({}));
    const routes = Object.entries(hints).map(([route, hint]) => ({ pattern: patternOf(route), hint }));
    return { modified, html, routes, pages: new Map() };
  }
}
