// Path helpers with no schema code, so that the SDK can import them (`@wingmate/api-contract/paths`) without
// shipping TypeBox.

/** `/a/{id}/b/` -> `/a/:id/b/` for routers that use colon parameters (Fastify, find-my-way). */
export function toColonPath(path: string): string {
  return path.replace(/\{(\w+)\}/g, ':$1');
}

/** Fills `{param}` placeholders, URI-encoding each value; throws on a missing one. */
export function fillPath(path: string, params: Readonly<Record<string, string | number>> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing path parameter "${name}" for ${path}`);
    }
    return encodeURIComponent(String(value));
  });
}
