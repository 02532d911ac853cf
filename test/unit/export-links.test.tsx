import { act, cleanup, render, screen, within } from '@testing-library/react';
import { EVERY_SECTION } from '../../src/domain/site-sections';
import { of } from 'rxjs';
import type { Language } from '../../src/i18n/language';
import { directoryEntry } from '../../src/views/directory/directory-entry';
import { WidgetRoot } from '../../src/views/shared/widget-root';

/** The directory widget as its entry makes it, answered at once, in a container with these attributes. */
const directory = async (attributes: Readonly<Record<string, string>>, language: Language = 'fr', search = '?categorie=Communes&q=sion') => {
  const created = directoryEntry.create({
    language,
    attribute: (name) => attributes[name] ?? null,
    location: { pathname: language === 'fr' ? '/annuaire/' : `/${language}/annuaire/`, search },
    api: {
      base: attributes['data-api-base'] ?? '',
      answer: (path) => of(path.startsWith('/api/contacts/') ? [{ title: 'Commune de Sion' }] : [{ title: 'Communes' }]),
    },
    side: 'server',
    root: 'fr',
    sections: EVERY_SECTION,
    now: Date.UTC(2026, 10, 23, 11),
    observe: () => undefined,
  });
  await act(async () => {
    created.actor?.start();
    render(<WidgetRoot language={language}>{created.element}</WidgetRoot>);
  });
  return created;
};

afterEach(cleanup);

describe('the export links of the directory', () => {
  it('export the list as filtered from the page’s own site when the widget calls that site’s API', async () => {
    await directory({});
    const group = screen.getByRole('group', { name: 'Exporter la liste' });
    expect(within(group).getByRole('link', { name: 'Exporter la liste en CSV' })).toHaveAttribute('href', '/annuaire/export.csv?categorie=Communes&q=sion');
    expect(within(group).getByRole('link', { name: 'Exporter la liste en vCard (.vcf)' })).toHaveAttribute('href', '/annuaire/export.vcf?categorie=Communes&q=sion');
  });

  it('follow the page language', async () => {
    await directory({}, 'en', '');
    expect(screen.getByRole('link', { name: 'Export the list as CSV' })).toHaveAttribute('href', '/en/annuaire/export.csv');
  });

  it('are not offered on another backend, which has no export', async () => {
    await directory({ 'data-api-base': 'https://api.example.ch' });
    expect(screen.getByRole('article')).toHaveTextContent('Commune de Sion');
    expect(screen.queryByRole('group', { name: 'Exporter la liste' })).toBeNull();
  });

  it('lead where the container says the exports are', async () => {
    await directory({ 'data-api-base': 'https://api.example.ch', 'data-export-base': 'https://annuaire.example.ch/' });
    expect(screen.getByRole('link', { name: 'Exporter la liste en CSV' })).toHaveAttribute(
      'href',
      'https://annuaire.example.ch/annuaire/export.csv?categorie=Communes&q=sion',
    );
    cleanup();
    // The reference server's pages rendered from SITE_API_BASE say `""`: this site exports from that backend.
    await directory({ 'data-api-base': 'https://api.example.ch', 'data-export-base': '' });
    expect(screen.getByRole('link', { name: 'Exporter la liste en CSV' })).toHaveAttribute('href', '/annuaire/export.csv?categorie=Communes&q=sion');
  });
});
