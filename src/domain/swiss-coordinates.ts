import type { Language } from './language';

/**
 * WGS 84 ↔ Swiss LV95 (CH1903+) with swisstopo's approximate formulas ("Formules approchées pour
 * la transformation entre des coordonnées WGS84 et les coordonnées suisses"), accurate to about a
 * metre within Switzerland: enough to centre the federal geoportal on a building, and with no
 * projection library in the page.
 */

/** A point in Swiss LV95 coordinates, in metres: `east` (E, about 2'485'000–2'834'000) and `north` (N, about 1'075'000–1'296'000). */
export interface Lv95 {
  readonly east: number;
  readonly north: number;
}

/** A point in WGS 84, in decimal degrees. */
export interface Wgs84 {
  readonly latitude: number;
  readonly longitude: number;
}

/** The bounds of Switzerland in WGS 84, with a margin of about a kilometre: what the import accepts and what the geoportal shows. */
export const SWISS_BOUNDS = { latitude: { min: 45.8, max: 47.9 }, longitude: { min: 5.9, max: 10.6 } } as const;

/** Whether a point lies within `SWISS_BOUNDS` (finite numbers only). */
export const isInSwitzerland = ({ latitude, longitude }: Wgs84): boolean =>
  Number.isFinite(latitude) &&
  Number.isFinite(longitude) &&
  latitude >= SWISS_BOUNDS.latitude.min &&
  latitude <= SWISS_BOUNDS.latitude.max &&
  longitude >= SWISS_BOUNDS.longitude.min &&
  longitude <= SWISS_BOUNDS.longitude.max;

/** The LV95 point of a WGS 84 one (swisstopo's approximate formulas, about 1 m within Switzerland). */
export const wgs84ToLv95 = ({ latitude, longitude }: Wgs84): Lv95 => {
  // Auxiliary values: the differences to Bern's old observatory, in units of 10,000 arc seconds.
  const phi = (latitude * 3600 - 169028.66) / 10000;
  const lambda = (longitude * 3600 - 26782.5) / 10000;
  return {
    east: 2600072.37 + 211455.93 * lambda - 10938.51 * lambda * phi - 0.36 * lambda * phi ** 2 - 44.54 * lambda ** 3,
    north: 1200147.07 + 308807.95 * phi + 3745.25 * lambda ** 2 + 76.63 * phi ** 2 - 194.56 * lambda ** 2 * phi + 119.79 * phi ** 3,
  };
};

/** The WGS 84 point of an LV95 one (swisstopo's approximate inverse formulas, about 1 m within Switzerland). */
export const lv95ToWgs84 = ({ east, north }: Lv95): Wgs84 => {
  const y = (east - 2600000) / 1000000;
  const x = (north - 1200000) / 1000000;
  const lambda = 2.6779094 + 4.728982 * y + 0.791484 * y * x + 0.1306 * y * x ** 2 - 0.0436 * y ** 3;
  const phi = 16.9023892 + 3.238272 * x - 0.270978 * y ** 2 - 0.002528 * x ** 2 - 0.0447 * y ** 2 * x - 0.014 * x ** 3;
  // In units of 10,000 arc seconds: 100/36 makes degrees.
  return { latitude: (phi * 100) / 36, longitude: (lambda * 100) / 36 };
};

/** The site's languages: the geoportal speaks each of them. */
type MapLanguage = Language;

/**
 * The federal geoportal (map.geo.admin.ch) centred on a WGS 84 point, with its crosshair marker
 * there, in `language`: the site loads no map of its own, the visitor opens the Confederation's.
 */
export const geoportalUrl = (point: Wgs84, language: MapLanguage): string => {
  const { east, north } = wgs84ToLv95(point);
  return `https://map.geo.admin.ch/?lang=${language}&center=${Math.round(east)},${Math.round(north)}&z=10&crosshair=marker`;
};
