import { act } from '@testing-library/react';
import { EVERY_SECTION } from '../../src/domain/site-sections';
import { renderToString } from 'react-dom/server';
import { of } from 'rxjs';
import type { Language } from '../../src/domain/language';
import type { ProfileTextName } from '../../src/domain/site-profile';
import { DATA_BLOCK_ATTRIBUTE } from '../../src/services/embedded-answers';
import type { AnswerSource } from '../../src/services/http';
import { mountAccessibility } from '../../src/views/accessibility/accessibility-mount';
import { accessibilityEntry } from '../../src/views/accessibility/accessibility-entry';
import { mountWidget as mountAccessibilityWidget } from '../../src/views/accessibility/accessibility-widget';
import type { WidgetEntry } from '../../src/views/entries/widget-entry';
import { profileTextKey, type ProfileTextAnswer } from '../../src/views/shared/profile-text';
import { WidgetRoot } from '../../src/views/shared/widget-root';
import { mountSiteInfo } from '../../src/views/site-info/site-info-mount';
import { siteInfoEntry } from '../../src/views/site-info/site-info-entry';
import { mountWidget as mountSiteInfoWidget } from '../../src/views/site-info/site-info-widget';
import { NO_TOOLS } from '../../src/views/widget';
import { defaultSiteProfile } from '../../server/profile/load-site-profile';

// The institution's texts reach the browser's first render in the page's data block: the widget
// hydrates the server's markup without a mismatch and without a request, and a container mounted
// alone (no data block) shows nothing of an institution.

const profile = defaultSiteProfile();

const answerOf = (language: Language, name: ProfileTextName): ProfileTextAnswer => ({ language, html: profile.texts[language]![name].html });

/** A widget's markup as the server's renderer draws it: the entry given the text at once, as page-routes answers it. */
const serverMarkup = (entry: WidgetEntry, language: Language, attributes: Record<string, string>, answers: Record<string, unknown>): string => {
  const api: AnswerSource = { base: '', answer: (path) => (path in answers ? of(answers[path]) : undefined) };
  const created = entry.create({
    language,
    attribute: (name) => attributes[name] ?? null,
    location: { pathname: '/', search: '' },
    api,
    side: 'server',
    root: 'fr',
    sections: EVERY_SECTION,
    observe: () => undefined,
    now: Date.now(),
  });
  return renderToString(<WidgetRoot language={language}>{created.element}</WidgetRoot>);
};

/** A container as the page writes it: the server's markup, then its data block (or none: mounted alone in another system's page). */
const container = (widget: string, language: Language, attributes: Record<string, string>, html: string, answers: Record<string, unknown> | null): HTMLElement => {
  const element = document.createElement('div');
  element.setAttribute('data-widget', widget);
  element.setAttribute('lang', language);
  for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value);
  element.innerHTML = html;
  document.body.append(element);
  if (answers !== null) {
    const block = document.createElement('script');
    block.type = 'application/json';
    block.setAttribute(DATA_BLOCK_ATTRIBUTE, '');
    block.textContent = JSON.stringify({ answers });
    document.body.append(block);
  }
  return element;
};

/** Runs `mount` and says what React reported: console errors (a hydration mismatch among them) and uncaught errors. */
const reported = async (mount: () => () => void): Promise<{ errors: unknown[]; unmount: () => void }> => {
  const errors: unknown[] = [];
  const consoleError = jest.spyOn(console, 'error').mockImplementation((...args: unknown[]) => errors.push(args));
  const onError = (event: ErrorEvent): void => {
    errors.push(event.error);
  };
  window.addEventListener('error', onError);
  let unmount = (): void => undefined;
  await act(async () => {
    unmount = mount();
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
  window.removeEventListener('error', onError);
  consoleError.mockRestore();
  return { errors, unmount };
};

const fetchSpy = jest.fn(() => Promise.reject(new Error('no request expected')));

beforeEach(() => {
  fetchSpy.mockClear();
  globalThis.fetch = fetchSpy;
});

afterEach(() => document.body.replaceChildren());

describe.each(['legal', 'privacy'] as const)('the %s page (site-info widget) drawn by the server', (info) => {
  const name: ProfileTextName = info === 'legal' ? 'legalNotice' : 'privacy';

  it.each(['fr', 'de'] as const)('hydrates in %s without a mismatch, from the text of its data block', async (language) => {
    const answers = { [profileTextKey(name)]: answerOf(language, name) };
    const html = serverMarkup(siteInfoEntry, language, { 'data-info': info }, answers);
    expect(html).toContain(profile.texts[language]![name].html);
    const element = container('site-info', language, { 'data-info': info }, html, answers);
    const { errors, unmount } = await reported(() => mountSiteInfo(element, NO_TOOLS, true));
    expect(errors).toEqual([]);
    expect(element.innerHTML).toBe(html);
    expect(fetchSpy).not.toHaveBeenCalled();
    act(() => unmount());
  });
});

describe('the accessibility statement drawn by the server', () => {
  it.each(['fr', 'en'] as const)('hydrates in %s without a mismatch, the institution parts from its data block', async (language) => {
    const answers = { [profileTextKey('accessibility')]: answerOf(language, 'accessibility') };
    const html = serverMarkup(accessibilityEntry, language, {}, answers);
    expect(html).toContain(profile.texts[language]!.accessibility.html);
    const element = container('accessibility', language, {}, html, answers);
    const { errors, unmount } = await reported(() => mountAccessibility(element, NO_TOOLS, true));
    expect(errors).toEqual([]);
    expect(element.innerHTML).toBe(html);
    expect(fetchSpy).not.toHaveBeenCalled();
    act(() => unmount());
  });

  it('keeps the text it was given, marked as French, when its container switches to German', async () => {
    const answers = { [profileTextKey('accessibility')]: answerOf('fr', 'accessibility') };
    const element = container('accessibility', 'fr', {}, serverMarkup(accessibilityEntry, 'fr', {}, answers), answers);
    const { errors, unmount } = await reported(() => mountAccessibilityWidget(element, NO_TOOLS));
    await act(async () => {
      element.setAttribute('lang', 'de');
      // The language switch loads the statement's chunk, then renders it.
      for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(errors).toEqual([]);
    expect(element.querySelector('h2')?.textContent).toBe('Stand der Konformität');
    const institution = element.querySelector('.statement__institution');
    expect(institution?.getAttribute('lang')).toBe('fr');
    expect(institution?.innerHTML).toBe(profile.texts.fr!.accessibility.html);
    expect(fetchSpy).not.toHaveBeenCalled();
    act(() => unmount());
  });
});

describe("a container mounted alone in another system's page", () => {
  it("shows no institution's legal notice, and asks no server for one", async () => {
    const element = container('site-info', 'fr', { 'data-info': 'legal' }, '', null);
    const { errors, unmount } = await reported(() => mountSiteInfoWidget(element, NO_TOOLS));
    await act(async () => {
      for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(errors).toEqual([]);
    expect(element.querySelector('.info')).not.toBeNull();
    expect(element.textContent).toBe('');
    expect(fetchSpy).not.toHaveBeenCalled();
    act(() => unmount());
  });

  it('shows the accessibility statement without any institution part', async () => {
    const element = container('accessibility', 'fr', {}, '', null);
    const { errors, unmount } = await reported(() => mountAccessibilityWidget(element, NO_TOOLS));
    await act(async () => {
      for (let turn = 0; turn < 5; turn += 1) await new Promise((resolve) => setTimeout(resolve, 0));
    });
    expect(errors).toEqual([]);
    expect(element.querySelector('h2')?.textContent).toBe('État de conformité');
    expect(element.querySelector('.statement__institution')).toBeNull();
    expect(element.textContent).not.toMatch(/Valmont|canton\.example/);
    act(() => unmount());
  });
});
