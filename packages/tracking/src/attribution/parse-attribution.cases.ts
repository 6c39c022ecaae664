import type { TrackingParams } from './kept-parameters';

export interface ParseCase {
  rule: string;
  url: string;
  expected: TrackingParams;
}

/**
 * docs/product.md#tracking-parameters and docs/decisions.md#tracking-packagestracking: names lowercased, utm values
 * lowercased.
 */
export const parseCases: ParseCase[] = [
  {
    rule: 'reads all 15 kept parameters with names and values in mixed case',
    url:
      'https://wingmate.app/pricing?UTM_Source=Google&Utm_Campaign=Spring_SALE&utm_CONTENT=Hero&UTM_TERM=AI%20Wingman' +
      '&utm_Medium=CPC&FBCLID=IwAR0AbC&GClid=Cj0KCQ_XyZ&BlogSource=NewsLetter&IRClickID=Ab_12Cd&TTCLID=E.C.P.AbC' +
      '&ScCid=Snap-AbC&GBRAID=0AAAAA_xY&WBraid=CjkKAbC&EPIK=dj0yJnU9AbC&RDT_CID=t2_AbC',
    expected: {
      utm_source: 'google',
      utm_campaign: 'spring_sale',
      utm_content: 'hero',
      utm_term: 'ai wingman',
      utm_medium: 'cpc',
      fbclid: 'IwAR0AbC',
      gclid: 'Cj0KCQ_XyZ',
      blogsource: 'NewsLetter',
      irclickid: 'Ab_12Cd',
      ttclid: 'E.C.P.AbC',
      sccid: 'Snap-AbC',
      gbraid: '0AAAAA_xY',
      wbraid: 'CjkKAbC',
      pinterestid: 'dj0yJnU9AbC',
      rdt_cid: 't2_AbC',
    },
  },
  { rule: 'finds nothing in an address without parameters', url: 'https://wingmate.app/chat', expected: {} },
  {
    rule: 'ignores parameters that are not kept',
    url: 'https://wingmate.app/?utm_id=7&dclid=X&ref=friend',
    expected: {},
  },
  {
    rule: 'counts blank values as absent',
    url: 'https://wingmate.app/?utm_source=&gclid=%20%20&ttclid=T1',
    expected: { ttclid: 'T1' },
  },
  {
    rule: 'keeps the first non-blank occurrence of a repeated parameter',
    url: 'https://wingmate.app/?utm_source=&UTM_SOURCE=Bing&utm_source=Google',
    expected: { utm_source: 'bing' },
  },
  {
    rule: 'sends epik as pinterestid',
    url: 'https://wingmate.app/?epik=dj0yJnU9',
    expected: { pinterestid: 'dj0yJnU9' },
  },
  {
    rule: 'reads a router address without origin',
    url: '/plans?utm_source=TikTok&ttclid=E.C.P',
    expected: { utm_source: 'tiktok', ttclid: 'E.C.P' },
  },
  {
    rule: 'decodes percent-encoded click ids but keeps their case',
    url: 'https://wingmate.app/?gclid=Cj0%2BKCQ%3D%3D',
    expected: { gclid: 'Cj0+KCQ==' },
  },
];
