// A static file server for build/site on 127.0.0.1 (no dependencies). Used by serve.sh and by
// the browser tests. Usage: node scripts/serve.mjs DIR [PORT]   (PORT 0 picks a free port)
import { createServer } from 'node:http';
import { readFile, stat } from 'node:fs/promises';
import { extname, join, normalize, resolve } from 'node:path';

const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

// headers: added to every response (a test serving the npm package to another origin adds CORS).
export function serve(directory, port = 0, host = '127.0.0.1', headers = {}) {
  const root = resolve(directory);
  const server = createServer(async (request, response) => {
    const url = new URL(request.url, 'http://localhost');
    let path = normalize(join(root, decodeURIComponent(url.pathname)));
    if (!path.startsWith(root)) {
      response.writeHead(403).end();
      return;
    }
    try {
      if ((await stat(path)).isDirectory()) path = join(path, 'index.html');
      const body = await readFile(path);
      response.writeHead(200, {
        'content-type': types[extname(path)] ?? 'application/octet-stream',
        'cache-control': 'no-cache',
        ...headers,
      });
      response.end(body);
    } catch {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found');
    }
  });
  return new Promise((resolveListen) => {
    server.listen(port, host, () => resolveListen(server));
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [directory = 'build/site', port = '8080'] = process.argv.slice(2);
  const server = await serve(directory, Number(port));
  console.log(`LLM Sizer is served at http://127.0.0.1:${server.address().port}/ (Ctrl-C stops)`);
}
