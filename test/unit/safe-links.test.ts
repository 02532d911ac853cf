import { isLeft } from 'fp-ts/Either';
import { absoluteLink, internalPath, safeLink, SitePath } from '../../src/domain/safe-links';

const BASE = 'https://www.canton.example/actualites/7-budget/';

describe('internalPath', () => {
  it('accepts a plain path of this site in its normalised form', () => {
    expect(internalPath('/annuaire/?q=x#liste')).toBe('/annuaire/?q=x#liste');
    expect(internalPath('/a/../b/')).toBe('/b/');
  });

  it('refuses a relative path, another host, and a path that normalises to one', () => {
    for (const raw of ['annuaire/', '//evil.example/', '/\\evil.example/', '/.//evil.example/', 'https://www.canton.example/', null, undefined, '']) {
      expect({ raw, path: internalPath(raw) }).toStrictEqual({ raw, path: null });
    }
  });
});

describe('SitePath', () => {
  it('is a path already in its normalised form', () => {
    expect([SitePath.is('/annuaire/'), SitePath.is('/a/../b/'), SitePath.is('annuaire/'), SitePath.is(3), SitePath.is(null)]).toStrictEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
  });

  it('decodes a path to its normalised form, and says what it expected otherwise', () => {
    expect(SitePath.decode('/a/../b/')).toStrictEqual({ _tag: 'Right', right: '/b/' });
    for (const value of ['//evil.example/', 7, null]) {
      const decoded = SitePath.decode(value);
      expect(isLeft(decoded) ? decoded.left[0]?.message : undefined).toBe('expected a path on this site such as /annuaire/');
    }
  });
});

describe('safeLink and absoluteLink', () => {
  it('keep an http(s) address and a page of this site, nothing else', () => {
    expect(safeLink('https://x.example/a')).toBe('https://x.example/a');
    expect(safeLink('/annuaire/')).toBe('/annuaire/');
    expect(safeLink('javascript:alert(1)')).toBeNull();
  });

  it('make a page of this site absolute on the base’s origin, and an http(s) address stays itself', () => {
    expect(absoluteLink('https://x.example/a', BASE)).toBe('https://x.example/a');
    expect(absoluteLink('/annuaire/', BASE)).toBe('https://www.canton.example/annuaire/');
    expect(absoluteLink('javascript:alert(1)', BASE)).toBeUndefined();
    expect(absoluteLink(null, BASE)).toBeUndefined();
    expect(absoluteLink('/annuaire/', 'not an address')).toBeUndefined();
  });
});
