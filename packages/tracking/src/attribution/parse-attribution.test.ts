import { keptParameters } from './kept-parameters';
import { parseAttribution, pathOf } from './parse-attribution';
import { parseCases } from './parse-attribution.cases';

describe('parseAttribution (docs/product.md#tracking-parameters)', () => {
  it.each(parseCases)('$rule', ({ url, expected }) => {
    expect(parseAttribution(url)).toEqual(expected);
  });

  it('keeps exactly the 15 parameters of docs/product.md#tracking-parameters', () => {
    expect(keptParameters.map((parameter) => parameter.name)).toEqual([
      'utm_source',
      'utm_campaign',
      'utm_content',
      'utm_term',
      'utm_medium',
      'fbclid',
      'gclid',
      'blogsource',
      'irclickid',
      'ttclid',
      'ScCid',
      'gbraid',
      'wbraid',
      'epik',
      'rdt_cid',
    ]);
  });
});

describe('pathOf (docs/product.md#every-page: page_view carries the path)', () => {
  it.each([
    ['https://wingmate.app/plans?utm_source=x#top', '/plans'],
    ['https://wingmate.app', '/'],
    ['/chat/42?ttclid=1', '/chat/42'],
  ])('reads the path of %s as %s', (url, path) => {
    expect(pathOf(url)).toBe(path);
  });
});
