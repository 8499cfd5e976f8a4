/**
 * Issue 20, a cold load on a phone: the page sent for a client route names the route's screen code, and
 * for a visitor with a session its session check and lists, so the browser fetches them alongside the
 * app's main chunk instead of one round trip later.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { once } from 'node:events';
import zlib from 'node:zlib';
import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import type { Rollup } from 'vite';
import { routeHints } from '../../web/build/route-hints';
import { LAYOUTS, SCREENS } from '../../web/screens';
import { ROUTE_HINTS_FILE, type RouteHint } from '../../common/route-hints';
import { WebPages } from '../../server/web-page';
import { serveWebApp } from '../../server/static';
import { ROOT } from '../support/test-database';

const WEB_ROOT = path.join(ROOT, 'web');
const PAGE = '<!doctype html><html><head><title>MediVault</title></head><body><div id="root"></div></body></html>';

const chunk = (fileName: string, fields: Partial<Rollup.OutputChunk>) => ({ type: 'chunk', fileName, imports: [], moduleIds: [], isEntry: false, ...fields }) as unknown as Rollup.OutputChunk;

/** A build of the real table: each layout and screen a chunk of its own, all sharing 'shared.js' and the entry's 'web.js'. */
function bundleOfTheTable(): Rollup.OutputBundle {
  const modules = new Set<string>([...Object.values(SCREENS).map((screen) => screen.module), LAYOUTS.patient.module, LAYOUTS.doctor.module]);
  const bundle: Rollup.OutputBundle = {
    'assets/index.js': chunk('assets/index.js', { isEntry: true, imports: ['assets/web.js'], moduleIds: [path.join(WEB_ROOT, 'main.tsx')] }),
    'assets/web.js': chunk('assets/web.js', { moduleIds: [path.join(WEB_ROOT, 'router.tsx')] }),
    'assets/shared.js': chunk('assets/shared.js', { imports: ['assets/web.js'], moduleIds: [path.join(WEB_ROOT, 'components/ui/index.ts')] }),
  };
  for (const module of modules) {
    const fileName = `assets/${path.basename(module, '.tsx')}.js`;
    bundle[fileName] = chunk(fileName, { imports: ['assets/web.js', 'assets/shared.js'], moduleIds: [path.join(WEB_ROOT, module)] });
  }
  return bundle;
}

describe('the build maps each route to its code and first answers', () => {
  it('names the layout and the screen with what they import, less what every page loads already', () => {
    const hints = routeHints(bundleOfTheTable(), WEB_ROOT, '/');
    expect(hints['/reports']).toEqual({
      modules: ['/assets/PatientLayout.js', '/assets/shared.js', '/assets/ReportsPage.js'],
      fetches: ['/api/auth/session', '/api/medical-reports'],
    });
    expect(hints['/doctor/consultation/$id']).toEqual({ modules: ['/assets/DoctorLayout.js', '/assets/shared.js', '/assets/DoctorConsultationPage.js'], fetches: ['/api/auth/doctor/me'] });
    expect(hints['/admin/doctors']!.fetches).toEqual(['/api/auth/session']);
    expect(hints['/login']).toEqual({ modules: ['/assets/LoginPage.js', '/assets/shared.js'], fetches: [] });
    expect(Object.keys(hints).sort()).toEqual(Object.keys(SCREENS).sort());
  });

  it('fails the build when a module of the table is in no chunk', () => {
    const bundle = bundleOfTheTable();
    delete bundle['assets/ReportsPage.js'];
    expect(() => routeHints(bundle, WEB_ROOT, '/')).toThrow('scenes/reports/ReportsPage.tsx (web/screens.ts) is in no chunk of the build');
  });

  it('the router loads lazily exactly the modules of the table, so none is built as a chunk nobody loads', async () => {
    const router = await fs.readFile(path.join(WEB_ROOT, 'router.tsx'), 'utf8');
    const patterns = [.../import\.meta\.glob(?:<.*?>)?\(\[([\s\S]*?)\]\)/.exec(router)![1]!.matchAll(/'([^']+)'/g)].map((match) => match[1]!.replace(/^(!?)\.\//, '$1'));
    const included = patterns.filter((pattern) => !pattern.startsWith('!'));
    const excluded = patterns.filter((pattern) => pattern.startsWith('!')).map((pattern) => pattern.slice(1));
    const globbed: string[] = [];
    for (const pattern of included) for await (const file of fs.glob(pattern, { cwd: WEB_ROOT })) globbed.push(file);
    const lazy = globbed.filter((file) => !excluded.some((pattern) => path.matchesGlob(file, pattern)));
    const table = new Set<string>([...Object.values(SCREENS).map((screen) => screen.module), LAYOUTS.patient.module, LAYOUTS.doctor.module]);
    expect(lazy.sort()).toEqual([...table].sort());
  });

  it('gives each path the layout the router puts around it, so its hints name that layout and session check', async () => {
    const router = await fs.readFile(path.join(WEB_ROOT, 'router.tsx'), 'utf8');
    const LAYOUT_OF_PARENT: Record<string, string | undefined> = { rootRoute: undefined, patientRoute: 'patient', doctorRoute: 'doctor', adminRoute: 'admin' };
    const routed = [...router.matchAll(/getParentRoute: \(\) => (\w+), path: '([^']+)', \.\.\.screen\('([^']+)'\)/g)];
    expect(routed.map((match) => match[3]).sort()).toEqual(Object.keys(SCREENS).sort());
    for (const [, parent, routePath, screenPath] of routed) {
      expect(screenPath).toBe(routePath);
      expect([routePath, (SCREENS as Record<string, { layout?: string }>)[routePath!]!.layout]).toEqual([routePath, LAYOUT_OF_PARENT[parent!]]);
    }
  });
});

describe('the page each route is sent', () => {
  let root: string;
  const HINTS: Record<string, RouteHint> = {
    '/reports': { modules: ['/assets/PatientLayout-a1.js', '/assets/ReportsPage-b2.js'], fetches: ['/api/auth/session', '/api/medical-reports'] },
    '/reports/$id': { modules: ['/assets/ReportDetailPage-c3.js'], fetches: ['/api/auth/session'] },
  };

  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'medivault-route-hints-'));
    await fs.writeFile(path.join(root, 'index.html'), PAGE);
    await fs.writeFile(path.join(root, ROUTE_HINTS_FILE), JSON.stringify(HINTS));
  });
  afterEach(() => fs.rm(root, { recursive: true, force: true }));

  const head = (page: { identity: Buffer } | null) => page!.identity.toString().split('</head>')[0]!;

  it('names the route’s scripts in its head, and its first answers only to a visitor with a session', async () => {
    const pages = new WebPages(root);
    const signedIn = head(await pages.pageFor('/reports', true));
    expect(signedIn).toContain('<link rel="modulepreload" crossorigin href="/assets/PatientLayout-a1.js">');
    expect(signedIn).toContain('<link rel="modulepreload" crossorigin href="/assets/ReportsPage-b2.js">');
    expect(signedIn).toContain('<link rel="preload" as="fetch" crossorigin="use-credentials" href="/api/medical-reports">');
    const visitor = head(await pages.pageFor('/reports', false));
    expect(visitor).toContain('ReportsPage-b2.js');
    expect(visitor).not.toContain('as="fetch"');
  });

  it('matches router paths with parameters, and gives any other path the plain page', async () => {
    const pages = new WebPages(root);
    expect(head(await pages.pageFor('/reports/5f1c', true))).toContain('ReportDetailPage-c3.js');
    expect((await pages.pageFor('/reports/5f1c/more', true))!.identity.toString()).toBe(PAGE);
    expect((await pages.pageFor('/no-such-screen', true))!.identity.toString()).toBe(PAGE);
  });

  it('gives the plain page when the build wrote no hints', async () => {
    await fs.rm(path.join(root, ROUTE_HINTS_FILE));
    expect((await new WebPages(root).pageFor('/reports', true))!.identity.toString()).toBe(PAGE);
  });

  it('has no page to give before the app is built, so the server answers 404 rather than failing', async () => {
    await fs.rm(path.join(root, 'index.html'));
    expect(await new WebPages(root).pageFor('/reports', true)).toBeNull();
  });

  it('follows a new build that replaces the page while the server runs', async () => {
    const pages = new WebPages(root);
    expect(head(await pages.pageFor('/reports', true))).toContain('ReportsPage-b2.js');
    await fs.writeFile(path.join(root, ROUTE_HINTS_FILE), JSON.stringify({ '/reports': { modules: ['/assets/ReportsPage-d4.js'], fetches: [] } }));
    await fs.writeFile(path.join(root, 'index.html'), PAGE.replace('MediVault', 'MediVault 2'));
    const later = new Date(Date.now() + 60_000);
    await fs.utimes(path.join(root, 'index.html'), later, later);
    const page = head(await pages.pageFor('/reports', true));
    expect(page).toContain('MediVault 2');
    expect(page).toContain('ReportsPage-d4.js');
    expect(page).not.toContain('ReportsPage-b2.js');
  });

  it('is sent compressed, marked as varying with the cookie, with the fetch hints for a session cookie', async () => {
    const app = new Koa();
    app.use(serveWebApp(root, 'mv.sid'));
    const server = http.createServer(app.callback()).listen(0, '127.0.0.1');
    await once(server, 'listening');
    const get = (headers: http.OutgoingHttpHeaders) =>
      new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
        http.get(`http://127.0.0.1:${(server.address() as AddressInfo).port}/reports`, { headers }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (data: Buffer) => chunks.push(data));
          res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
        }).on('error', reject);
      });
    try {
      const signedIn = await get({ 'accept-encoding': 'br', cookie: 'mv.sid=anything' });
      expect(signedIn.headers['content-encoding']).toBe('br');
      expect(signedIn.headers.vary).toMatch(/Cookie/);
      expect(signedIn.headers['content-type']).toMatch(/^text\/html/);
      expect(zlib.brotliDecompressSync(signedIn.body).toString()).toContain('href="/api/auth/session"');
      const visitor = await get({ 'accept-encoding': 'gzip' });
      expect(visitor.headers['content-encoding']).toBe('gzip');
      const page = zlib.gunzipSync(visitor.body).toString();
      expect(page).toContain('ReportsPage-b2.js');
      expect(page).not.toContain('/api/auth/session');
    } finally {
      server.closeAllConnections();
      server.close();
    }
  });
});
