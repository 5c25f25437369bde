// Where each country of ours (lib/enums COUNTRIES) lies, as a few generous boxes: enough to catch a
// point typed wrongly (0, 0; latitude and longitude swapped; a lost minus sign; another country's
// coordinates), never to draw a border. A point near a border may be in two countries' boxes.
import type { Country } from "@/lib/enums";

/** [south, west, north, east] in decimal degrees; west ≤ east (no box crosses the 180th meridian). */
type Box = readonly [south: number, west: number, north: number, east: number];

export const COUNTRY_BOUNDS: Record<Country, readonly Box[]> = {
  FR: [
    [41.0, -5.8, 51.2, 10.0], // metropolitan France and Corsica
    [15.7, -61.9, 16.6, -60.9], // Guadeloupe
    [14.3, -61.3, 14.95, -60.75], // Martinique
    [1.9, -54.7, 6.0, -51.4], // Guyane
    [-21.5, 55.1, -20.8, 55.95], // La Réunion
    [-13.1, 44.9, -12.5, 45.4], // Mayotte
    [17.8, -63.2, 18.2, -62.7], // Saint-Martin, Saint-Barthélemy
    [46.7, -56.5, 47.2, -56.1], // Saint-Pierre-et-Miquelon
    [-23.0, 163.5, -19.5, 168.3], // Nouvelle-Calédonie
    [-28.0, -155.0, -7.5, -134.0], // Polynésie française
    [-14.5, -178.3, -13.1, -176.0], // Wallis-et-Futuna
  ],
  DE: [[47.1, 5.7, 55.2, 15.2]],
  IE: [[51.3, -10.8, 55.5, -5.9]],
  AT: [[46.2, 9.4, 49.1, 17.3]],
  EE: [[57.4, 21.5, 59.9, 28.4]],
  CA: [
    [48.2, -141.5, 83.5, -52.3], // all of it north of the 49th parallel's latitude, Vancouver Island included
    [41.6, -83.3, 48.2, -74.3], // southern Ontario down to Pelee Island
    [45.9, -90.0, 48.2, -83.3], // Lake Superior's north shore, Sault Ste. Marie
    [44.9, -79.6, 48.2, -52.3], // southern Québec, New Brunswick, Prince Edward Island, Newfoundland
    [43.3, -67.0, 47.1, -59.5], // Nova Scotia
  ],
  US: [
    [24.3, -125.0, 49.5, -66.8], // the 48 contiguous states, the Florida Keys included
    [51.0, -180.0, 71.6, -129.9], // Alaska
    [51.0, 172.0, 53.1, 180.0], // Alaska's Aleutians west of the 180th meridian
    [18.7, -160.4, 22.4, -154.6], // Hawaii
    [17.6, -68.0, 18.6, -64.5], // Puerto Rico, the U.S. Virgin Islands
    [13.2, 144.6, 20.6, 146.1], // Guam, the Northern Mariana Islands
  ],
};

/** Whether the point is in one of the country's boxes (edges included). */
export function isInCountry(country: Country, lat: number, lon: number): boolean {
  return COUNTRY_BOUNDS[country].some(([south, west, north, east]) => lat >= south && lat <= north && lon >= west && lon <= east);
}

/** The only country whose boxes hold the point, or null (none, or several near a border). */
export function countryOf(lat: number, lon: number): Country | null {
  const found = (Object.keys(COUNTRY_BOUNDS) as Country[]).filter((c) => isInCountry(c, lat, lon));
  return found.length === 1 ? found[0] : null;
}
