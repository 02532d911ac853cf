import { siteNameOf } from '../../src/views/shell/shell';

// The shell's title ends in the name the page gives, never in one of its own: a widget in another
// content system's page names no institution that page does not name.

const page = (head: string): Document => new DOMParser().parseFromString(`<!doctype html><html><head>${head}</head><body></body></html>`, 'text/html');

describe('siteNameOf', () => {
  it('reads the name the server declares', () => {
    expect(siteNameOf(page('<title>Agenda – Commune de Seeberg</title><meta name="application-name" content=" Gemeinde Seeberg ">'))).toBe('Gemeinde Seeberg');
  });

  it("reads the title's last part after an en dash when no name is declared", () => {
    expect(siteNameOf(page('<title>Jean Muller – Annuaire – Commune de Seeberg</title>'))).toBe('Commune de Seeberg');
  });

  it('finds none in a page that says none', () => {
    expect(siteNameOf(page('<title>Our events</title>'))).toBeNull();
    expect(siteNameOf(page('<title>Events – </title>'))).toBeNull();
    expect(siteNameOf(page(''))).toBeNull();
  });
});
