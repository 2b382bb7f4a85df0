/** The routes of the server's OpenAPI document, as the HTTP fuzz test needs them. */
export interface RouteSpec {
  method: string;
  /** The OpenAPI path, `{name}` for each path parameter. */
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** Properties of the JSON body, empty when the call takes none. */
  bodyFields: string[];
  /** Needs a bearer token or an apikey, per the document's security. */
  secured: boolean;
  /** Needs a user's bearer token, per the document's security. */
  bearer: boolean;
}

interface Operation {
  parameters?: { in: string; name: string }[];
  requestBody?: { content?: Record<string, { schema?: { properties?: Record<string, unknown> } }> };
  security?: Record<string, unknown>[];
}

interface OpenApiDocument {
  paths?: Record<string, Record<string, Operation>>;
}

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

export function routeTable(document: unknown): RouteSpec[] {
  const routes: RouteSpec[] = [];
  for (const [path, item] of Object.entries((document as OpenApiDocument).paths ?? {})) {
    for (const [method, op] of Object.entries(item)) {
      if (!METHODS.has(method)) continue;
      const params = op.parameters ?? [];
      const names = (where: string) => params.filter((p) => p.in === where).map((p) => p.name);
      const body = op.requestBody?.content?.['application/json']?.schema?.properties;
      routes.push({
        method: method.toUpperCase(),
        path,
        pathParams: [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1] as string),
        queryParams: names('query'),
        bodyFields: Object.keys(body ?? {}),
        secured: (op.security ?? []).length > 0,
        bearer: (op.security ?? []).some((s) => 'bearerAuth' in s),
      });
    }
  }
  return routes;
}
