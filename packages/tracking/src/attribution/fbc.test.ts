import { buildFbc } from './fbc';

describe('buildFbc (Meta Conversions API fbc format)', () => {
  it('writes fb.1.{creation time in ms}.{fbclid} with the fbclid unchanged', () => {
    expect(buildFbc('IwAR2F4-dbP0l7Mn1IawQQGCINEz7PYXQvwjNwB_qa2ofrHyiLjcbCRxTDMgk', 1_554_763_741_205)).toBe(
      'fb.1.1554763741205.IwAR2F4-dbP0l7Mn1IawQQGCINEz7PYXQvwjNwB_qa2ofrHyiLjcbCRxTDMgk',
    );
  });
});
