import http from 'node:http';

export interface HttpAnswer {
  status: number;
  body: string;
}

/** Keep-alive HTTP calls with no per-request allocation beyond the request itself; `close` ends its connections. */
export function client(baseUrl: string, maxSockets: number) {
  const agent = new http.Agent({ keepAlive: true, maxSockets });
  const { hostname, port } = new URL(baseUrl);
  const call = (method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<HttpAnswer> =>
    new Promise((resolve, reject) => {
      const req = http.request({ agent, hostname, port, method, path, headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('error', reject);
      if (body !== undefined) req.end(body);
      else req.end();
    });
  return Object.assign(call, { close: () => agent.destroy() });
}

export type Call = ReturnType<typeof client>;
