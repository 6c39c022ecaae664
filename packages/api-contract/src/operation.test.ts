import Type from 'typebox';
import { defineOperation, fillPath, toColonPath } from './operation';

describe('operation paths', () => {
  it('turns OpenAPI placeholders into colon parameters', () => {
    expect(toColonPath('/api/v1/accounts/dating_bio/{uid}/image/{id}/delete/')).toBe(
      '/api/v1/accounts/dating_bio/:uid/image/:id/delete/',
    );
  });

  it('fills placeholders with URI-encoded values', () => {
    expect(fillPath('/a/{uid}/b/{id}/', { uid: 'x y', id: 7 })).toBe('/a/x%20y/b/7/');
  });

  it('refuses to send a request with a missing path parameter', () => {
    expect(() => fillPath('/a/{uid}/', {})).toThrow('Missing path parameter "uid"');
  });

  it('keeps the schemas it is given', () => {
    const body = Type.Object({ name: Type.String() });
    const op = defineOperation({
      id: 'x',
      group: 'system',
      method: 'POST',
      path: '/x/',
      summary: 'x',
      auth: 'public',
      body,
      responses: { 200: body },
    });
    expect(op.body).toBe(body);
  });
});
