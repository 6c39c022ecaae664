import Value from 'typebox/value';
import { schemaCases } from './schemas.cases';

describe('request and response schemas', () => {
  it.each(schemaCases)('%s', (_rule, schema, value, accepted) => {
    expect(Value.Check(schema, value)).toBe(accepted);
  });
});
