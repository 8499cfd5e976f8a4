import { dereference } from '@readme/openapi-parser';
// ajv and ajv-formats are not dependencies of the project: they come with @readme/openapi-parser and objection.
import Ajv2020 from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { TestClient } from './client';

/** One real call made by a test: what was asked (and sent) and what came back. */
export interface Exchange {
  method: string;
  path: string;
  requestBody?: unknown;
  status: number;
  contentType: string;
  body: unknown;
}

/** Makes a client note every call it makes in `exchanges`. */
export function recordInto(exchanges: Exchange[], client: TestClient): TestClient {
  const request = client.request.bind(client);
  client.request = async (method, path, body, headers) => {
    const res = await request(method, path, body, headers);
    exchanges.push({ method, path, requestBody: body, status: res.status, contentType: res.headers.get('content-type') ?? '', body: res.body });
    return res;
  };
  return client;
}

type Content = Record<string, { schema: object }>;
type Operation = { requestBody?: { content: Content }; responses: Record<string, { content?: Content }> };
type Document = { paths: Record<string, Record<string, Operation>> };

/** application/json, and JSON of a media type of its own (application/fhir+json): bodies a schema can hold. */
const isJson = (mediaType: string) => mediaType === 'application/json' || mediaType.endsWith('+json');

/** A JSON Schema 2020-12 validator (the dialect of OpenAPI 3.1) that knows the formats the document uses. */
export const jsonSchemaValidator = () => addFormats(new Ajv2020({ strict: false, allErrors: true }));

/** Checks real calls against an OpenAPI document: the operation the path matches, the answer for its status, the body it accepted. */
export class ContractChecker {
  private readonly ajv = jsonSchemaValidator();
  private readonly templates: { template: string; pattern: RegExp }[];

  private constructor(private readonly document: Document) {
    // Literal paths before templated ones: '/notifications/read-all' is not '/notifications/{id}/read'.
    this.templates = Object.keys(document.paths)
      .map((template) => ({ template, pattern: new RegExp(`^${template.replace(/\{\w+\}/g, '[^/]+')}$`) }))
      .sort((a, b) => a.template.split('{').length - b.template.split('{').length);
  }

  static async load(document: object): Promise<ContractChecker> {
    return new ContractChecker((await dereference(structuredClone(document) as never)) as unknown as Document);
  }

  /** 'GET /api/x/{id}' for a call, or null when no documented path matches. */
  operationOf(exchange: Pick<Exchange, 'method' | 'path'>): string | null {
    const path = exchange.path.split('?')[0]!;
    const template = this.templates.find((t) => t.pattern.test(path) && this.document.paths[t.template]![exchange.method.toLowerCase()]);
    return template ? `${exchange.method.toUpperCase()} ${template.template}` : null;
  }

  private operation(exchange: Pick<Exchange, 'method' | 'path'>): Operation | null {
    const operationName = this.operationOf(exchange);
    if (!operationName) return null;
    const [method, template] = operationName.split(' ') as [string, string];
    return this.document.paths[template]![method.toLowerCase()]!;
  }

  /** Whether the document names the answer's status itself, rather than leaving it to `default`. */
  namesStatus(exchange: Exchange): boolean {
    return Boolean(this.operation(exchange)?.responses[String(exchange.status)]);
  }

  /** What is wrong with the call according to the document: the answer, and the body of a request it accepted. Empty when both match. */
  problems(exchange: Exchange): string[] {
    const operation = this.operation(exchange);
    if (!operation) return ['no documented operation'];
    const accepted = exchange.status < 300 && operation.requestBody && typeof exchange.requestBody === 'object';
    const request = accepted ? this.mismatches(operation.requestBody!.content['application/json']!.schema, exchange.requestBody) : [];
    return [...request.map((problem) => `request ${problem}`), ...this.answerProblems(operation, exchange)];
  }

  private answerProblems({ responses }: Operation, exchange: Exchange): string[] {
    const answer = responses[String(exchange.status)] ?? responses.default;
    if (!answer) return [`status ${exchange.status} is not documented`];
    if (!answer.content) return exchange.body === undefined || exchange.body === '' ? [] : ['documented without a body, but one came'];
    const mediaType = exchange.contentType.split(';')[0]!.trim();
    const content = answer.content[mediaType] ?? answer.content['*/*'];
    if (!content) return [`content type ${mediaType} is not documented (${Object.keys(answer.content).join(', ')})`];
    return isJson(mediaType) ? this.mismatches(content.schema, exchange.body) : [];
  }

  private mismatches(schema: object, value: unknown): string[] {
    const validate = this.ajv.compile(schema);
    if (validate(value)) return [];
    return (validate.errors ?? []).map((e) => `${e.instancePath || '(body)'} ${e.message}`);
  }
}
