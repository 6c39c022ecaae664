/**
 * A copy without the listed fields that are empty: names and password are sent only if provided
 * (docs/product.md#validation).
 */
export function withoutEmpty<T extends object>(body: T, fields: readonly (keyof T)[]): T {
  const copy = { ...body };
  for (const field of fields) {
    const value = copy[field];
    if (value === undefined || value === null || value === '') delete copy[field];
  }
  return copy;
}

/** A multipart body; files stay files, other values are sent as text, and absent ones are left out. */
export function formData(fields: Record<string, string | number | Blob | null | undefined>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value === undefined || value === null) continue;
    form.append(name, typeof value === 'object' ? value : String(value));
  }
  return form;
}
