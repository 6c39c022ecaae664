import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describeOnOneDatabase } from '../testing/test-app';
import { DOCS_CONTENT_SECURITY_POLICY } from './api-docs';

/** docs/openapi.json at the repository root, as `npm run openapi` wrote it from the contract. */
const committedDocument: unknown = JSON.parse(
  readFileSync(path.join(__dirname, '..', '..', '..', '..', 'docs', 'openapi.json'), 'utf8'),
);

// docs/decisions.md#the-api-reference: the document and its browsable reference, served by the API itself.
describeOnOneDatabase('the API reference', (getApp) => {
  const get = (url: string) => getApp().inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('answers GET /openapi.json with the committed docs/openapi.json', async () => {
    const response = await getApp().inject({ method: 'GET', url: '/openapi.json' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(response.json()).toEqual(committedDocument);
  });

  it('answers /docs with a page whose scripts and styles all come from our origin', async () => {
    const page = await get('/docs');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    const scripts = [...page.body.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g)].map((found) => found[1]);
    const styles = [...page.body.matchAll(/<link\b[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)].map(
      (found) => found[1],
    );
    expect(scripts).toContain('/docs/static/swagger-ui-bundle.js');
    expect(styles).toContain('/docs/static/swagger-ui.css');
    for (const url of [...scripts, ...styles]) expect(url).toMatch(/^\/docs\/static\//);
    // No inline script: the policy allows none.
    expect(page.body).not.toMatch(/<script\b(?![^>]*\bsrc=)[^>]*>/);
  });

  it('sends the reference its own policy: scripts only from our origin, no inline script', async () => {
    const page = await get('/docs');
    expect(page.headers['content-security-policy']).toBe(DOCS_CONTENT_SECURITY_POLICY);
    const scriptSrc = DOCS_CONTENT_SECURITY_POLICY.split('; ').find((directive) =>
      directive.startsWith('script-src '),
    );
    expect(scriptSrc).toBe("script-src 'self'");
    // The API's own answers keep no policy of the reference's.
    const health = await getApp().inject({ method: 'GET', url: '/healthz' });
    expect(health.headers['content-security-policy']).toBeUndefined();
  });

  it.each([
    ['/docs/static/swagger-ui-bundle.js', /^application\/javascript; charset=utf-8$/],
    ['/docs/static/swagger-ui.css', /^text\/css; charset=utf-8$/],
    ['/docs/static/swagger-initializer.js', /^application\/javascript; charset=utf-8$/],
  ])('serves the asset %s itself', async (url, type) => {
    const asset = await getApp().inject({ method: 'GET', url });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(type);
    expect(asset.body.length).toBeGreaterThan(0);
  });

  it('gives the page the same document at /docs/json, where swagger-ui reads it', async () => {
    const response = await getApp().inject({ method: 'GET', url: '/docs/json' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(committedDocument);
  });
});
