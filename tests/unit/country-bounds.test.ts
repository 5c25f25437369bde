// lib/geo/country-bounds.ts: each country's boxes hold its real places (the overseas ones too) and
// not the other countries' nor the usual slips (0, 0; latitude and longitude swapped; a lost minus).
import { describe, expect, it } from "vitest";
import { COUNTRIES, type Country } from "@/lib/enums";
import { COUNTRY_BOUNDS, countryOf, isInCountry } from "@/lib/geo/country-bounds";

type Place = readonly [name: string, lat: number, lon: number];

const PLACES: Record<Country, readonly Place[]> = {
  FR: [
    ["Paris", 48.8566, 2.3522],
    ["Grenoble", 45.1885, 5.7245],
    ["Brest", 48.3904, -4.4861],
    ["Dunkerque", 51.0344, 2.3768],
    ["Strasbourg", 48.5734, 7.7521],
    ["Nice", 43.7102, 7.262],
    ["Perpignan", 42.6887, 2.8948],
    ["Ajaccio (Corse)", 41.9192, 8.7386],
    ["Bonifacio (Corse)", 41.3875, 9.1594],
    ["Pointe-à-Pitre (Guadeloupe)", 16.2411, -61.5331],
    ["Fort-de-France (Martinique)", 14.6161, -61.0588],
    ["Cayenne (Guyane)", 4.9224, -52.3135],
    ["Saint-Laurent-du-Maroni (Guyane)", 5.4983, -54.0325],
    ["Saint-Denis (La Réunion)", -20.8821, 55.4507],
    ["Saint-Pierre (La Réunion)", -21.3393, 55.4781],
    ["Mamoudzou (Mayotte)", -12.7806, 45.2278],
  ],
  DE: [
    ["Berlin", 52.52, 13.405],
    ["Munich", 48.1372, 11.5761],
    ["Hamburg", 53.5511, 9.9937],
    ["Aachen", 50.7753, 6.0839],
    ["Görlitz", 51.1528, 14.9872],
    ["Flensburg", 54.7937, 9.4469],
    ["Oberstdorf", 47.4099, 10.2797],
  ],
  IE: [
    ["Dublin", 53.3498, -6.2603],
    ["Cork", 51.8985, -8.4756],
    ["Galway", 53.2707, -9.0568],
    ["Dingle", 52.1409, -10.2686],
    ["Malin", 55.3833, -7.3667],
  ],
  AT: [
    ["Vienna", 48.2082, 16.3738],
    ["Innsbruck", 47.2692, 11.4041],
    ["Bregenz", 47.5031, 9.7471],
    ["Graz", 47.0707, 15.4395],
    ["Klagenfurt", 46.6247, 14.3053],
  ],
  EE: [
    ["Tallinn", 59.437, 24.7536],
    ["Tartu", 58.378, 26.729],
    ["Narva", 59.3797, 28.1791],
    ["Kuressaare", 58.2529, 22.4851],
    ["Valga", 57.7769, 26.0473],
  ],
  CA: [
    ["Toronto", 43.6532, -79.3832],
    ["Montréal", 45.5017, -73.5673],
    ["Vancouver", 49.2827, -123.1207],
    ["Victoria", 48.4284, -123.3656],
    ["Windsor", 42.3149, -83.0364],
    ["Halifax", 44.6488, -63.5752],
    ["Yarmouth", 43.8375, -66.1174],
    ["St. John's", 47.5615, -52.7126],
    ["Sault Ste. Marie", 46.5219, -84.3461],
    ["Winnipeg", 49.8951, -97.1384],
    ["Whitehorse", 60.7212, -135.0568],
    ["Iqaluit", 63.7467, -68.517],
    ["Alert", 82.5018, -62.3481],
  ],
  US: [
    ["New York", 40.7128, -74.006],
    ["Los Angeles", 34.0522, -118.2437],
    ["Chicago", 41.8781, -87.6298],
    ["Seattle", 47.6062, -122.3321],
    ["Miami", 25.7617, -80.1918],
    ["Key West", 24.5551, -81.78],
    ["Boston", 42.3601, -71.0589],
    ["Anchorage (Alaska)", 61.2181, -149.9003],
    ["Utqiaġvik (Alaska)", 71.2906, -156.7886],
    ["Juneau (Alaska)", 58.3019, -134.4197],
    ["Adak (Aleutians)", 51.88, -176.6581],
    ["Attu (Aleutians, east of 180°)", 52.9, 172.9],
    ["Honolulu (Hawaii)", 21.3069, -157.8583],
    ["Hilo (Hawaii)", 19.7074, -155.0885],
    ["Lihue (Hawaii)", 21.9811, -159.3711],
    ["San Juan (Puerto Rico)", 18.4655, -66.1057],
  ],
};

/** Places of no country of ours, each well away from our countries' borders. */
const ELSEWHERE: readonly Place[] = [
  ["Null Island", 0, 0],
  ["London", 51.5074, -0.1278],
  ["Madrid", 40.4168, -3.7038],
  ["Rome", 41.9028, 12.4964],
  ["Helsinki", 60.1699, 24.9384],
  ["Riga", 56.9496, 24.1052],
  ["Warsaw", 52.2297, 21.0122],
  ["Mexico City", 19.4326, -99.1332],
  ["Sydney", -33.8688, 151.2093],
  ["Tokyo", 35.6762, 139.6503],
  ["Dakar", 14.7167, -17.4677],
  ["Rio de Janeiro", -22.9068, -43.1729],
];

/** Cities of ours that lie in no other country's boxes (not the border towns of the lists above), far enough from the meridian for a lost minus to leave the country. */
const CLEAR_OF_NEIGHBOURS: Record<Country, Place> = {
  FR: ["Nice", 43.7102, 7.262],
  DE: ["Berlin", 52.52, 13.405],
  IE: ["Dublin", 53.3498, -6.2603],
  AT: ["Vienna", 48.2082, 16.3738],
  EE: ["Tallinn", 59.437, 24.7536],
  CA: ["Calgary", 51.0447, -114.0719],
  US: ["Chicago", 41.8781, -87.6298],
};

describe.each(COUNTRIES)("%s", (country) => {
  it.each(PLACES[country])("holds %s", (_, lat, lon) => {
    expect(isInCountry(country, lat, lon)).toBe(true);
  });

  it("holds none of the other countries' clear cities, nor places elsewhere", () => {
    const others = COUNTRIES.filter((c) => c !== country).map((c) => CLEAR_OF_NEIGHBOURS[c]);
    const inside = [...others, ...ELSEWHERE].filter(([, lat, lon]) => isInCountry(country, lat, lon)).map(([name]) => name);
    expect(inside).toEqual([]);
  });

  it("refuses its places with latitude and longitude swapped, or the longitude's sign lost", () => {
    const [, lat, lon] = CLEAR_OF_NEIGHBOURS[country];
    expect(isInCountry(country, lon, lat)).toBe(false);
    expect(isInCountry(country, lat, -lon)).toBe(false);
  });

  it("has boxes that are boxes: south ≤ north, west ≤ east, within the globe", () => {
    for (const [south, west, north, east] of COUNTRY_BOUNDS[country]) {
      expect(south).toBeLessThanOrEqual(north);
      expect(west).toBeLessThanOrEqual(east);
      expect(Math.abs(south) <= 90 && Math.abs(north) <= 90 && Math.abs(west) <= 180 && Math.abs(east) <= 180).toBe(true);
    }
  });
});

describe("countryOf", () => {
  it("names the one country a clear city is in", () => {
    for (const country of COUNTRIES) {
      const [, lat, lon] = CLEAR_OF_NEIGHBOURS[country];
      expect(countryOf(lat, lon)).toBe(country);
    }
  });

  it("names none out of our countries, nor near a border held by two (Strasbourg, Detroit)", () => {
    expect(countryOf(0, 0)).toBeNull();
    expect(countryOf(51.5074, -0.1278)).toBeNull();
    expect(countryOf(48.5734, 7.7521)).toBeNull();
    expect(countryOf(42.3314, -83.0458)).toBeNull();
  });
});
