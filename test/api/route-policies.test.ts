import { Router } from '@koa/router';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { POLICY_MARK } from '../../server/routes/define';
import { testKnex, closeTestKnex } from '../support/db';

afterAll(() => closeTestKnex());

/** 'METHOD /path' of every route whose middleware stack has no policy-enforcing middleware (or several). */
function routesWithoutOnePolicy(router: Router): string[] {
  return router.stack
    .filter((layer) => layer.stack.filter((fn) => (fn as unknown as Record<symbol, unknown>)[POLICY_MARK]).length !== 1)
    .map((layer) => `${layer.methods.filter((m) => m !== 'HEAD').join(',')} ${layer.path}`);
}

/** A route that forgets authorization fails the build: every API route must run exactly one policy. */
describe('route policies', () => {
  it('spots a route registered without defineRoute', () => {
    const router = new Router({ prefix: '/api' });
    router.get('/bare', (ctx) => {
      ctx.body = 'no policy here';
    });
    expect(routesWithoutOnePolicy(router)).toEqual(['GET /api/bare']);
  });

  it('gives every API route exactly one policy', async () => {
    const app = createApp({ config: loadConfig({ NODE_ENV: 'test' }), knex: await testKnex() });
    expect(app.apiRouter.stack.length).toBeGreaterThan(0);
    expect(routesWithoutOnePolicy(app.apiRouter)).toEqual([]);
  });
});
