import { LANGUAGES } from '../../src/domain/language';
import deAgenda from '../../src/i18n/compiled/parts/de-agenda.json';
import { EVERY_WIDGET_MESSAGES } from '../../src/i18n/widget-messages';
import { loadWidgetMessages } from '../../src/i18n/message-loaders';
import { WIDGET_MESSAGE_PARTS } from '../../src/i18n/message-parts';

describe('a widget’s own messages', () => {
  it('come in the languages asked, a catalogue each', async () => {
    expect(await loadWidgetMessages('agenda', ['de'])).toEqual([{ language: 'de', messages: deAgenda }]);
    expect((await loadWidgetMessages('directory', LANGUAGES)).map(({ language }) => language)).toEqual([...LANGUAGES]);
  });

  it('are none for a widget whose messages are the entry’s or ride in its chunk, or an unknown one', async () => {
    expect(await loadWidgetMessages('shop', LANGUAGES)).toEqual([]);
    expect(await loadWidgetMessages('news', LANGUAGES)).toEqual([]);
    expect(await loadWidgetMessages('no-such-widget', ['fr'])).toEqual([]);
  });

  it.each(Object.keys(WIDGET_MESSAGE_PARTS))('hold for %s, in each language, what the server renders it with', async (widget) => {
    for (const language of LANGUAGES) {
      const loaded = await loadWidgetMessages(widget, [language]);
      const keys = loaded.flatMap(({ messages }) => Object.keys(messages)).sort();
      expect(keys.length).toBeGreaterThan(0);
      // Each loaded message is one of those the server holds for every widget, the same in that language.
      const every = Object.assign({}, ...EVERY_WIDGET_MESSAGES.map((messages) => messages[language])) as Record<string, unknown>;
      for (const { messages } of loaded) for (const [key, value] of Object.entries(messages)) expect([key, value]).toEqual([key, every[key]]);
    }
  });
});
