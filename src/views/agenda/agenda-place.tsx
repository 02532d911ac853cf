import type { EventPlace } from '../../domain/agenda';
import { geoportalUrl, isInSwitzerland } from '../../domain/swiss-coordinates';
import { ContentPhrase } from '../shared/content-phrase';
import { useLocale } from '../shared/widget-root';

// Each answer the place gives, in words; an unknown one (missing or null) says nothing.
const ACCESS_ITEMS = [
  ['step_free', 'agenda.place.stepFree'],
  ['induction_loop', 'agenda.place.inductionLoop'],
  ['accessible_toilets', 'agenda.place.toilets'],
] as const;

/**
 * An event's place in its details: name, street and `postcode locality`, its accessibility as a
 * short list, and a link that opens the federal geoportal at its coordinates in a new tab (the
 * site loads no map of its own).
 */
export const AgendaPlace = ({ lieu }: { lieu: EventPlace }) => {
  const { language, t, contentLang } = useLocale();
  const town = [lieu.postcode, lieu.locality].filter((part) => part).join(' ');
  const access = lieu.accessibility;
  const answers = ACCESS_ITEMS.flatMap(([field, key]) => {
    const value = access?.[field];
    return typeof value === 'boolean' ? [{ key, text: t(`${key}.${value ? 'yes' : 'no'}`) }] : [];
  });
  // The geoportal shows Switzerland: a point elsewhere (another backend's answer) gets no map link.
  const point =
    typeof lieu.latitude === 'number' && typeof lieu.longitude === 'number' && isInSwitzerland({ latitude: lieu.latitude, longitude: lieu.longitude })
      ? { latitude: lieu.latitude, longitude: lieu.longitude }
      : null;
  return (
    <div className="agenda-place">
      <p className="agenda-place__address">
        <span className="agenda-place__label">{t('agenda.place')}</span>
        <br />
        <span lang={contentLang}>{lieu.name}</span>
        {lieu.street_address ? (
          <>
            <br />
            <span lang={contentLang}>{lieu.street_address}</span>
          </>
        ) : null}
        {town !== '' ? (
          <>
            <br />
            <span lang={contentLang}>{town}</span>
          </>
        ) : null}
      </p>
      {answers.length > 0 || access?.note ? (
        <ul className="agenda-place__access" aria-label={t('agenda.place.accessibility')}>
          {answers.map((answer) => (
            <li key={answer.key}>{answer.text}</li>
          ))}
          {access?.note ? <li lang={contentLang}>{access.note}</li> : null}
        </ul>
      ) : null}
      {point ? (
        <p className="agenda-place__map">
          <a href={geoportalUrl(point, language)} target="_blank" rel="noopener noreferrer">
            {t('agenda.place.map')}
            <span className="visually-hidden">
              {' – '}
              <ContentPhrase id="agenda.place.map.context" name="place" content={lieu.name} /> {t('common.newTab')}
            </span>
          </a>
        </p>
      ) : null}
    </div>
  );
};
