import { Router } from '@koa/router';
import { compileErrors, validate } from '@readme/openapi-parser';
import * as yup from 'yup';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { defineRoute, routeDefinitions } from '../../server/routes/define';
import { openApiDocument, openApiPath } from '../../server/openapi/document';
import { publicAccess } from '../../server/policies/route-policy';
import { startTestServer, type TestServer } from '../support/app';
import { testKnex } from '../support/db';
import { createPatient, signedInClient } from '../support/factories';
import { jsonSchemaValidator } from '../support/openapi-contract';
import { validateInput } from '../../server/validation/validate';
import { signupPayloadSchema } from '../../common/schemas/signup';

type Document = ReturnType<typeof openApiDocument>;

/** 'GET /api/x/{id}' for every method of every layer of the koa router: what the server really answers. */
function registeredOperations(router: Router): string[] {
  return router.stack.flatMap((layer) =>
    layer.methods.filter((m) => m !== 'HEAD').map((method) => `${method} ${openApiPath(String(layer.path))}`),
  );
}

function documentedOperations(document: Document): string[] {
  return Object.entries(document.paths).flatMap(([path, operations]) => Object.keys(operations).map((method) => `${method.toUpperCase()} ${path}`));
}

/** Routes whose definition says nothing of a successful answer: neither a response schema nor 204. */
function routesWithoutResponse(router: Router): string[] {
  return routeDefinitions(router)
    .filter((route) => !route.response && route.status !== 204)
    .map((route) => `${route.method.toUpperCase()} ${route.path}`);
}

let server: TestServer;
let document: Document;

beforeAll(async () => {
  server = await startTestServer();
  const res = await fetch(`${server.url}/api/openapi.json`);
  expect(res.status).toBe(200);
  document = (await res.json()) as Document;
});
afterAll(() => server.close());

describe('GET /api/openapi.json', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as never);
    if (!result.valid) throw new Error(compileErrors(result));
    expect(result.valid).toBe(true);
  });

  it('describes every route the server registers, and nothing else', () => {
    const registered = registeredOperations(server.app.apiRouter);
    expect(registered.length).toBeGreaterThan(40);
    expect(documentedOperations(document).sort()).toEqual([...new Set(registered)].sort());
  });

  it('declares a successful answer for every route', () => {
    expect(routesWithoutResponse(server.app.apiRouter)).toEqual([]);
  });

  it('states each route\'s policy, input and the one error shape', () => {
    const patch = document.paths['/api/medical-reports/{id}']!.patch as Record<string, any>;
    expect(patch['x-policy']).toEqual({ name: 'patient', allow: ['patient'], otherwise: 404 });
    expect(patch.description).toMatch(/^Policy: patient/);
    expect(patch.security).toEqual([{ session: [], sessionSignature: [] }]);
    expect(patch.parameters).toEqual([
      { name: 'id', in: 'path', required: true, schema: { type: 'string', format: 'uuid' } },
      expect.objectContaining({ name: 'Idempotency-Key', in: 'header', required: false }),
    ]);
    expect(patch.requestBody.content['application/json'].schema).toMatchObject({ type: 'object', additionalProperties: false, properties: { summary: { type: ['string', 'null'] } } });
    expect(patch.responses['200'].content['application/json'].schema.required).toContain('summary');
    expect(patch.responses['401'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    expect(patch.responses['402'].description).toMatch(/^Premium required/);
    expect(document.components.schemas.Error).toMatchObject({ type: 'object', required: ['code', 'message'] });

    const login = document.paths['/api/auth/login']!.post as Record<string, any>;
    expect(login.security).toEqual([]);
    expect(login.requestBody.content['application/json'].schema.required).toEqual(expect.arrayContaining(['usernameOrEmail', 'password']));
    const history = document.paths['/api/access-history']!.get as Record<string, any>;
    expect(history.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual(expect.arrayContaining(['query:limit', 'query:before', 'query:by']));
    const roster = document.paths['/api/admin/doctors']!.get as Record<string, any>;
    expect(Object.keys(roster.responses)).toEqual(expect.arrayContaining(['200', '403']));
    expect(document.paths['/api/medications/{id}']!.delete!.responses).toHaveProperty('204');
    for (const limited of ['/api/auth/signup', '/api/auth/password-reset', '/api/passkeys/authentication/options']) {
      expect((document.paths[limited]!.post as Record<string, any>).responses['429'].description).toMatch(/^Too many .* from this network\. Per address; Retry-After/);
    }
    const limitedByAddress = [document.paths['/api/guest/join']!.post, document.paths['/api/guest/link']!.post, document.paths['/api/shl/{token}']!.post, document.paths['/api/shl/{token}']!.get, document.paths['/api/shl/files/{download}']!.get];
    for (const operation of limitedByAddress) expect((operation as Record<string, any>).responses['429'].description).toMatch(/^Too many .* from this network\. Per address; Retry-After/);
    expect((document.paths['/api/support-requests']!.post as Record<string, any>).responses['429'].description).toMatch(/^Too many support requests from this account\. Per account; Retry-After/);
    expect(login.responses['401'].description).toMatch(/not accepted/);
  });
});

describe('the sign-up body', () => {
  const signUp = () => (document.paths['/api/auth/signup']!.post as Record<string, any>).requestBody.content['application/json'].schema;

  it('states confirmPassword as a required string that must equal the password', () => {
    const schema = signUp();
    expect(schema.required).toContain('confirmPassword');
    expect(schema.properties.confirmPassword).toEqual({ type: 'string', maxLength: expect.any(Number), description: 'Must equal `password`' });
  });

  it('has an example that the document\'s own schema (ajv) and the server\'s validation both accept', () => {
    const schema = signUp();
    const [example] = schema.examples;
    expect(Object.keys(example).sort()).toEqual(
      ['confirmPassword', 'email', 'emergencyContact', 'firstName', 'lastName', 'password', 'phone', 'privacyAccepted', 'termsAccepted', 'username'],
    );
    const validate = jsonSchemaValidator().compile(schema);
    const valid = validate(example);
    expect(validate.errors ?? []).toEqual([]);
    expect(valid).toBe(true);
    // Through JSON again: jest's realm takes only its own plain objects for one, not fetch's.
    expect(() => validateInput(signupPayloadSchema, JSON.parse(JSON.stringify(example)))).not.toThrow();
    expect(validate({ ...example, confirmPassword: { type: 'ref', key: 'password' } })).toBe(false);
  });
});

describe('the FHIR export', () => {
  it('is described as a FHIR JSON Bundle, not as text: a collection, or a transaction whose entries carry their request', () => {
    const operation = document.paths['/api/export/fhir']!.get as Record<string, any>;
    const answer = operation.responses['200'];
    expect(Object.keys(answer.content)).toEqual(['application/fhir+json']);
    const schema = answer.content['application/fhir+json'].schema;
    expect(schema).toMatchObject({
      type: 'object',
      required: expect.arrayContaining(['resourceType', 'type', 'entry']),
      properties: { resourceType: { enum: ['Bundle'] }, type: { enum: ['collection', 'transaction'] }, entry: { type: 'array', items: { type: 'object' } } },
    });
    expect(schema.properties.entry.items.properties.request).toMatchObject({ type: 'object', properties: { method: { enum: ['POST'] }, url: { enum: expect.arrayContaining(['Patient', 'Observation']) } } });
    expect(operation.parameters).toContainEqual(expect.objectContaining({ name: 'type', in: 'query', required: false, schema: expect.objectContaining({ enum: ['collection', 'transaction'], default: 'collection' }) }));
  });
});

describe('the session security schemes', () => {
  it('name the two cookies a sign-in sets: the session id and its signature', async () => {
    const client = await signedInClient(server.url, await createPatient());
    const cookieNames = client.cookieHeader.split('; ').map((pair) => pair.split('=')[0]).sort();
    const schemes = Object.values(document.components.securitySchemes) as { type: string; in: string; name: string }[];
    expect(schemes.every((scheme) => scheme.type === 'apiKey' && scheme.in === 'cookie')).toBe(true);
    const schemeNames = schemes.map((scheme) => scheme.name).sort();
    expect(schemeNames).toEqual(['mv.sid', 'mv.sid.sig']);
    expect(cookieNames).toEqual(expect.arrayContaining(schemeNames));
  });
});

describe('coverage checks', () => {
  it('name a route registered without a response schema, and a route added outside defineRoute', async () => {
    const router = new Router({ prefix: '/api' });
    defineRoute(router, { method: 'get', path: '/described', policy: publicAccess, response: yup.object({ a: yup.string().defined() }), handler: () => ({ a: 'x' }) });
    defineRoute(router, { method: 'get', path: '/undescribed', policy: publicAccess, handler: () => ({ a: 'x' }) });
    router.get('/bare', (ctx) => {
      ctx.body = 'outside defineRoute';
    });
    expect(routesWithoutResponse(router)).toEqual(['GET /undescribed']);
    const documented = documentedOperations(openApiDocument(router, { version: 'test', sessionCookie: 'mv.sid' }));
    expect(registeredOperations(router).filter((op) => !documented.includes(op))).toEqual(['GET /api/bare']);
  });

  it('holds for the app as built by the production factory', async () => {
    const app = createApp({ config: loadConfig({ NODE_ENV: 'test' }), knex: await testKnex() });
    expect(routesWithoutResponse(app.apiRouter)).toEqual([]);
  });
});

describe('GET /api/docs', () => {
  it('serves Swagger UI from this server, under a CSP that lets it run and nothing else', async () => {
    const page = await fetch(`${server.url}/api/docs`);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('/api/docs/swagger-ui-bundle.js');
    expect(html).not.toMatch(/https?:\/\//);
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toContain('unsafe-eval');

    const bundle = await fetch(`${server.url}/api/docs/swagger-ui-bundle.js`);
    expect(bundle.status).toBe(200);
    expect(bundle.headers.get('content-type')).toMatch(/javascript/);
    expect((await bundle.text()).length).toBeGreaterThan(100_000);
    expect((await fetch(`${server.url}/api/docs/viewer.js`)).status).toBe(200);
    expect((await fetch(`${server.url}/api/docs/swagger-ui.css`)).headers.get('content-type')).toMatch(/^text\/css/);
    expect((await fetch(`${server.url}/api/docs/package.json`)).status).toBe(404);
    expect((await fetch(`${server.url}/api/docs/..%2F..%2Fpackage.json`)).status).toBe(404);
  });

  it('leaves the JSON API under its own no-content policy', async () => {
    const res = await fetch(`${server.url}/api/openapi.json`);
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none';frame-ancestors 'none'");
  });
});
