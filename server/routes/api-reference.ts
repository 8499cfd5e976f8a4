import { createReadStream } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Router } from '@koa/router';
import * as yup from 'yup';
import { defineRoute } from './define';
import { publicAccess } from '../policies/route-policy';
import { NotFound } from '../errors';
import { openApiDocument } from '../openapi/document';
import { sessionCookieName } from '../session';

const require = createRequire(import.meta.url);
const SWAGGER_UI = path.dirname(require.resolve('swagger-ui-dist/package.json'));
const VIEWER = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'openapi', 'viewer');
const { version } = require('../../package.json') as { version: string };

/** The files the reference page loads: Swagger UI's, from node_modules, and our own start-up script. */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': path.join(SWAGGER_UI, 'swagger-ui.css'),
  'swagger-ui-bundle.js': path.join(SWAGGER_UI, 'swagger-ui-bundle.js'),
  'favicon-32x32.png': path.join(SWAGGER_UI, 'favicon-32x32.png'),
  'viewer.js': path.join(VIEWER, 'viewer.js'),
};

const documents = new WeakMap<Router, ReturnType<typeof openApiDocument>>();

/** The API's own description (OpenAPI 3.1) and a page that renders it (Swagger UI, served from here). */
export function registerApiReferenceRoutes(router: Router): void {
  defineRoute(router, {
    method: 'get',
    path: '/openapi.json',
    summary: 'This API, described in OpenAPI 3.1',
    policy: publicAccess,
    response: yup.object({ openapi: yup.string().defined() }).meta({ description: 'An OpenAPI 3.1 document' }),
    handler: (ctx) => {
      let document = documents.get(router);
      if (!document) {
        document = openApiDocument(router, { version, sessionCookie: sessionCookieName(ctx.deps.config.env) });
        documents.set(router, document);
      }
      return document;
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/docs',
    summary: 'The API reference page (Swagger UI)',
    policy: publicAccess,
    response: { contentType: 'text/html', description: 'The page' },
    handler: (ctx) => {
      ctx.type = 'html';
      return createReadStream(path.join(VIEWER, 'index.html'));
    },
  });

  defineRoute(router, {
    method: 'get',
    path: '/docs/:asset',
    summary: 'A script, style sheet or icon of the API reference page',
    policy: publicAccess,
    response: { contentType: '*/*', description: 'The file: JavaScript, CSS or PNG' },
    handler: (ctx, { params }) => {
      const file = Object.hasOwn(ASSETS, params.asset!) ? ASSETS[params.asset!] : undefined;
      if (!file) throw new NotFound();
      ctx.type = path.extname(file);
      return createReadStream(file);
    },
  });
}
