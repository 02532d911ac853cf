import { codeFilesOf, prefetchWidgetCode, savesData } from '../../src/views/islands/widget-prefetch';

// Two widgets of one page, sharing the runtime's file, as the server writes them.
const PAGE = `
  <div data-widget="directory" data-code="/island-runtime.1.js /shared.2.js /directory-widget.3.js /directory-widget.4.css"><p>Annuaire</p></div>
  <div data-widget="news" data-code="/island-runtime.1.js /news-widget.5.js javascript:alert(1) https://elsewhere.example/x.js"><p>Actualités</p></div>
`;

const prefetched = (): string[] => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')].map((link) => link.getAttribute('href') ?? '');

// jsdom has no PointerEvent: a mouse event that says which pointer it is.
const pointerEnter = (pointerType: string): Event => Object.defineProperty(new MouseEvent('pointerenter'), 'pointerType', { value: pointerType });

const setConnection = (connection: { saveData?: boolean; effectiveType?: string } | undefined): void => {
  Object.defineProperty(window.navigator, 'connection', { value: connection, configurable: true });
};

describe('the prefetch of the widgets’ code', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    document.head.innerHTML = '';
    document.body.innerHTML = PAGE;
    setConnection(undefined);
  });

  afterEach(() => {
    jest.useRealTimers();
  });

  it('asks for each file of the page’s widgets once, when the browser is idle after the load, as prefetches', () => {
    prefetchWidgetCode(document);
    expect(prefetched()).toEqual([]);
    jest.runOnlyPendingTimers();
    expect(prefetched()).toEqual(['/island-runtime.1.js', '/shared.2.js', '/directory-widget.3.js', '/directory-widget.4.css', '/news-widget.5.js']);
    // Scripts are asked in CORS mode, as the module loader will ask for them; the style sheet as a style sheet is.
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="prefetch"]')];
    expect(links.map((link) => [link.getAttribute('href'), link.getAttribute('crossorigin')])).toContainEqual(['/directory-widget.4.css', null]);
    expect(links.filter((link) => link.getAttribute('href')!.endsWith('.js')).every((link) => link.getAttribute('crossorigin') === 'anonymous')).toBe(true);
    // Nothing ran: no script element was added, only hints.
    expect(document.querySelectorAll('script')).toHaveLength(0);
  });

  it('prefetches a widget at once when a mouse comes over it, not when a finger does', () => {
    prefetchWidgetCode(document);
    const news = document.querySelector<HTMLElement>('[data-widget="news"]')!;
    news.dispatchEvent(pointerEnter('touch'));
    expect(prefetched()).toEqual([]);
    news.dispatchEvent(pointerEnter('mouse'));
    expect(prefetched()).toEqual(['/island-runtime.1.js', '/news-widget.5.js']);
    jest.runOnlyPendingTimers();
    expect(prefetched()).toEqual(['/island-runtime.1.js', '/news-widget.5.js', '/shared.2.js', '/directory-widget.3.js', '/directory-widget.4.css']);
  });

  it.each([
    ['a data saver', { saveData: true }],
    ['a 2G connection', { effectiveType: '2g' }],
    ['a slow 2G connection', { effectiveType: 'slow-2g' }],
  ])('asks for nothing ahead on %s', (_name, connection) => {
    setConnection(connection);
    prefetchWidgetCode(document);
    document.querySelector('[data-widget="news"]')!.dispatchEvent(pointerEnter('mouse'));
    jest.runOnlyPendingTimers();
    expect(prefetched()).toEqual([]);
  });

  it('takes only the site’s own script and style paths from a container', () => {
    expect(codeFilesOf(document.querySelector<HTMLElement>('[data-widget="news"]')!)).toEqual(['/island-runtime.1.js', '/news-widget.5.js']);
    expect([savesData(undefined), savesData({ effectiveType: '4g' }), savesData({ effectiveType: '3g', saveData: false })]).toEqual([false, false, false]);
  });
});
