import { CheckedSignatures } from './checked-signatures';

describe('checked signatures', () => {
  it('answers the payload remembered for exactly that token', () => {
    const checked = new CheckedSignatures(10);
    checked.remember('a.b.c', { sub: '1' });
    expect(checked.payloadOf('a.b.c')).toEqual({ sub: '1' });
    expect(checked.payloadOf('a.b.d')).toBeUndefined();
  });

  it('holds at most its capacity, letting the token remembered first go first', () => {
    const checked = new CheckedSignatures(2);
    checked.remember('one', { sub: '1' });
    checked.remember('two', { sub: '2' });
    checked.remember('three', { sub: '3' });
    expect(checked.size).toBe(2);
    expect(checked.payloadOf('one')).toBeUndefined();
    expect(checked.payloadOf('two')).toEqual({ sub: '2' });
    expect(checked.payloadOf('three')).toEqual({ sub: '3' });
  });

  it('hands out payloads nobody can change', () => {
    const checked = new CheckedSignatures(1);
    const payload = checked.remember('one', { sub: '1' });
    expect(Object.isFrozen(payload)).toBe(true);
    expect(Object.isFrozen(checked.payloadOf('one'))).toBe(true);
  });

  it('remembers nothing with no capacity', () => {
    const checked = new CheckedSignatures(0);
    checked.remember('one', { sub: '1' });
    expect(checked.size).toBe(0);
  });
});
