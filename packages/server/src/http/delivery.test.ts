import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptedEncoding, installJsonCompression } from './compression.ts';
import { IMMUTABLE, REVALIDATE, registerStaticFiles } from './static-files.ts';

let app: FastifyInstance;
let dir: string;
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
const big = { items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `payment ${i}` })) };

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'delivery-'));
  mkdirSync(join(dir, 'assets'));
  const html = '<!doctype html><title>portal</title>';
  writeFileSync(join(dir, 'index.html'), html);
  writeFileSync(join(dir, 'index.html.br'), brotliCompressSync(html));
  writeFileSync(join(dir, 'index.html.gz'), gzipSync(html));
  writeFileSync(join(dir, 'assets', 'index-DdYUdw-i.js'), script);
  writeFileSync(join(dir, 'assets', 'index-DdYUdw-i.js.br'), brotliCompressSync(script));
  writeFileSync(join(dir, 'assets', 'index-DdYUdw-i.js.gz'), gzipSync(script));
  app = Fastify();
  installJsonCompression(app);
  app.get('/api/big', async () => big);
  app.get('/api/small', async () => ({ ok: true }));
  await registerStaticFiles(app, dir);
  await app.ready();
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('static files', () => {
  it('serves the brotli copy of a hashed asset to a brotli client, cached for a year', async () => {
    const res = await app.inject({
      url: '/assets/index-DdYUdw-i.js',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe(IMMUTABLE);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('falls back to gzip, then to the plain file', async () => {
    const gz = await app.inject({ url: '/assets/index-DdYUdw-i.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    const plain = await app.inject({ url: '/assets/index-DdYUdw-i.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it('never serves the compressed copies under their own names', async () => {
    const res = await app.inject({ url: '/assets/index-DdYUdw-i.js.br' });
    expect(res.statusCode).toBe(404);
  });

  it('makes the browser revalidate index.html', async () => {
    const res = await app.inject({ url: '/', headers: { 'accept-encoding': 'br' } });
    expect(res.headers['cache-control']).toBe(REVALIDATE);
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toContain('<title>portal</title>');
  });
});

describe('JSON compression', () => {
  it('compresses a large answer with the best accepted encoding', async () => {
    const br = await app.inject({ url: '/api/big', headers: { 'accept-encoding': 'gzip, br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(big);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    const gz = await app.inject({ url: '/api/big', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(big);
  });

  it('leaves small answers and clients without Accept-Encoding alone', async () => {
    const small = await app.inject({ url: '/api/small', headers: { 'accept-encoding': 'br' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    const plain = await app.inject({ url: '/api/big' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(big);
  });

  it('reads q-values', () => {
    expect(acceptedEncoding('br;q=0, gzip')).toBe('gzip');
    expect(acceptedEncoding('identity')).toBeUndefined();
    expect(acceptedEncoding('*')).toBe('br');
    expect(acceptedEncoding(undefined)).toBeUndefined();
  });
});
