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
  /** The text fields and file fields of a multipart/form-data body, for the calls that take one. */
  form?: { fields: string[]; files: string[] };
}

/**
 * The calls whose body is multipart/form-data, read by hand rather than by a schema the OpenAPI
 * document could show: their fields, so that the fuzz builds forms that reach the checks behind them.
 */
const MULTIPART_FORMS: Record<string, { fields: string[]; files: string[] }> = {
  'POST /api/user_account/edit_profile/user={id}': { fields: ['name', 'phone_number'], files: ['user_profile'] },
  'POST /api/user_account/upload-kyc/user={id}': {
    fields: ['document_type', 'country'],
    files: ['captured_selfie', 'front_captured_image', 'back_captured_image'],
  },
};

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
        form: MULTIPART_FORMS[`${method.toUpperCase()} ${path}`],
      });
    }
  }
  return routes;
}
