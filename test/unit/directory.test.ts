import { mailtoHref, safeWebsite, telHref } from '../../src/domain/directory';

describe('the links of a contact card', () => {
  it('link a website only when it is an absolute http(s) address', () => {
    expect(safeWebsite(' https://www.canton.example/a b ')).toBe('https://www.canton.example/a%20b');
    expect(safeWebsite('HTTP://x.example')).toBe('http://x.example/');
    for (const website of [null, undefined, '', 'javascript:alert(1)', 'ftp://x.example', '/annuaire/', 'www.x.example']) {
      expect({ website, href: safeWebsite(website) }).toStrictEqual({ website, href: null });
    }
  });

  it('write a mail link of the address without its surrounding spaces', () => {
    expect(mailtoHref(' helene@canton.example ')).toBe('mailto:helene@canton.example');
  });

  it('write a phone link of the digits and the plus sign only', () => {
    expect(telHref('+41 (32) 889-12.34')).toBe('tel:+41328891234');
  });
});
