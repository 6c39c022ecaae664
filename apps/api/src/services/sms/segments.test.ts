import { fitSegments, smsSize } from './segments';

describe('SMS segments', () => {
  it('counts GSM-7 texts in septets: 160 in one segment, then 153 a segment', () => {
    expect(smsSize('a'.repeat(160))).toEqual({ encoding: 'gsm7', units: 160, segments: 1 });
    expect(smsSize('a'.repeat(161))).toEqual({ encoding: 'gsm7', units: 161, segments: 2 });
    expect(smsSize('a'.repeat(306)).segments).toBe(2);
    expect(smsSize('a'.repeat(307)).segments).toBe(3);
  });

  it("counts the extension table's characters as two septets", () => {
    expect(smsSize('€'.repeat(80))).toEqual({ encoding: 'gsm7', units: 160, segments: 1 });
    expect(smsSize('{'.repeat(81)).segments).toBe(2);
  });

  it('sends a text with any other character as UCS-2: 70 in one segment, then 67 a segment', () => {
    expect(smsSize('ł'.repeat(70))).toEqual({ encoding: 'ucs2', units: 70, segments: 1 });
    expect(smsSize('ł'.repeat(71)).segments).toBe(2);
    expect(smsSize(`${'a'.repeat(133)}😀`)).toEqual({ encoding: 'ucs2', units: 135, segments: 3 });
  });

  it('keeps a text of four segments whole', () => {
    const text = 'a'.repeat(612);
    expect(fitSegments(text)).toBe(text);
  });

  it('cuts a longer GSM-7 text after a whole word, with "...", into four segments', () => {
    const text = 'word '.repeat(200).trim();
    const cut = fitSegments(text);
    expect(cut).toBe(`${'word '.repeat(122).trim()}...`);
    expect(smsSize(cut).segments).toBe(4);
  });

  it('cuts a UCS-2 text at four segments of 67 units', () => {
    const cut = fitSegments('żółw '.repeat(100));
    expect(cut.endsWith('żółw...')).toBe(true);
    expect(smsSize(cut)).toEqual({ encoding: 'ucs2', units: 267, segments: 4 });
  });

  it('cuts inside a word that is longer than the room', () => {
    expect(fitSegments('x'.repeat(700))).toBe(`${'x'.repeat(609)}...`);
  });
});
