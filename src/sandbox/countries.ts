import type { FeedRegion } from "../platform/feed-room.ts";

/**
 * Where performers live. The weights follow the mix seen on large cam platforms (Colombia far ahead,
 * then the US and Eastern Europe). Offsets are fixed standard-time UTC offsets: daylight saving moves
 * habits by an hour twice a year, which nothing downstream needs.
 */
export interface CountryInfo {
  code: string;
  name: string;
  weight: number;
  /** UTC offsets in minutes; a performer picks one (large countries span several zones). */
  offsets: readonly number[];
  region: FeedRegion;
  cities: readonly string[];
  /** Free-text spoken_languages values, as performers type them. */
  languages: readonly string[];
}

const H = 60;

export const COUNTRIES: readonly CountryInfo[] = [
  c(
    "CO",
    "Colombia",
    26,
    [-5 * H],
    "southamerica",
    [
      "Bogota D.C., Colombia",
      "Medellín, Antioquia",
      "Cali, Valle del Cauca",
      "Barranquilla",
      "Pereira",
      "Bogotá",
    ],
    ["Spanish", "English, Spanish", "Español, English", "spanish, a little english", "Español"],
  ),
  c(
    "US",
    "United States",
    12,
    [-5 * H, -6 * H, -7 * H, -8 * H],
    "northamerica",
    [
      "Los Angeles, California",
      "Miami, Florida",
      "Texas",
      "New York",
      "Las Vegas, NV",
      "Chicago, IL",
      "Ohio",
    ],
    ["English", "English", "English, Spanish", "english"],
  ),
  c(
    "RO",
    "Romania",
    5,
    [2 * H],
    "europe_russia",
    ["Bucharest, Romania", "Cluj-Napoca", "Timisoara", "Romania", "Iasi"],
    ["English, Romanian", "English", "Romanian, English, Italian"],
  ),
  c(
    "RU",
    "Russia",
    6,
    [3 * H, 3 * H, 5 * H, 7 * H],
    "europe_russia",
    ["Moscow", "Saint Petersburg", "Россия", "Novosibirsk", "Kazan"],
    ["Russian", "Russian, English", "русский, English"],
  ),
  c(
    "UA",
    "Ukraine",
    4,
    [2 * H],
    "europe_russia",
    ["Kyiv, Ukraine", "Kharkiv", "Odessa", "Lviv", "Ukraine"],
    ["Ukrainian, Russian, English", "English, Russian", "English"],
  ),
  c(
    "DE",
    "Germany",
    4,
    [1 * H],
    "europe_russia",
    ["Berlin", "Hamburg, Germany", "München", "NRW", "Deutschland"],
    ["German", "Deutsch, English", "German, English"],
  ),
  c(
    "GB",
    "United Kingdom",
    4,
    [0],
    "europe_russia",
    ["London, United Kingdom", "Manchester", "England", "Scotland", "Birmingham, UK"],
    ["English", "English"],
  ),
  c(
    "PH",
    "Philippines",
    3,
    [8 * H],
    "asia",
    ["Manila, Philippines", "Cebu City", "Davao", "Philippines"],
    ["English, Tagalog", "Filipino, English", "English"],
  ),
  c(
    "BR",
    "Brazil",
    3,
    [-3 * H],
    "southamerica",
    ["São Paulo, Brazil", "Rio de Janeiro", "Brasil", "Curitiba"],
    ["Portuguese", "Português, English", "Portuguese, Spanish"],
  ),
  c(
    "ES",
    "Spain",
    3,
    [1 * H],
    "europe_russia",
    ["Madrid, Spain", "Barcelona", "Valencia", "España"],
    ["Spanish", "Español, English", "Spanish, Catalan, English"],
  ),
  c(
    "IT",
    "Italy",
    2,
    [1 * H],
    "europe_russia",
    ["Roma", "Milano, Italy", "Napoli", "Italia"],
    ["Italian", "Italiano, English"],
  ),
  c(
    "FR",
    "France",
    2,
    [1 * H],
    "europe_russia",
    ["Paris, France", "Lyon", "Marseille", "France"],
    ["French", "Français, English"],
  ),
  c(
    "CA",
    "Canada",
    2,
    [-5 * H, -8 * H],
    "northamerica",
    ["Toronto, Ontario", "Montreal, Quebec", "Vancouver, BC", "Canada"],
    ["English", "English, French"],
  ),
  c(
    "NL",
    "Netherlands",
    1.5,
    [1 * H],
    "europe_russia",
    ["Amsterdam", "Rotterdam, Netherlands", "Holland"],
    ["Dutch, English", "English"],
  ),
  c(
    "JP",
    "Japan",
    1,
    [9 * H],
    "asia",
    ["Tokyo, Japan", "Osaka", "日本"],
    ["Japanese", "Japanese, English", "日本語"],
  ),
  c(
    "MX",
    "Mexico",
    2,
    [-6 * H],
    "northamerica",
    ["Ciudad de México", "Guadalajara, Jalisco", "Monterrey", "México"],
    ["Spanish", "Español, English"],
  ),
  c(
    "AR",
    "Argentina",
    2,
    [-3 * H],
    "southamerica",
    ["Buenos Aires, Argentina", "Córdoba", "Rosario"],
    ["Spanish", "Español"],
  ),
  c(
    "PL",
    "Poland",
    1.5,
    [1 * H],
    "europe_russia",
    ["Warszawa", "Kraków, Poland", "Polska"],
    ["Polish, English", "English"],
  ),
  c(
    "HU",
    "Hungary",
    1,
    [1 * H],
    "europe_russia",
    ["Budapest, Hungary", "Debrecen"],
    ["Hungarian, English", "English"],
  ),
  c(
    "CZ",
    "Czech Republic",
    1,
    [1 * H],
    "europe_russia",
    ["Prague", "Brno, Czech Republic"],
    ["Czech, English", "English"],
  ),
  c(
    "VE",
    "Venezuela",
    1.5,
    [-4 * H],
    "southamerica",
    ["Caracas, Venezuela", "Maracaibo"],
    ["Spanish", "Español, English"],
  ),
  c("PE", "Peru", 1, [-5 * H], "southamerica", ["Lima, Peru", "Arequipa"], ["Spanish"]),
  c(
    "CL",
    "Chile",
    0.8,
    [-3 * H],
    "southamerica",
    ["Santiago, Chile", "Valparaíso"],
    ["Spanish", "Español, English"],
  ),
  c(
    "TH",
    "Thailand",
    0.8,
    [7 * H],
    "asia",
    ["Bangkok, Thailand", "Pattaya", "Chiang Mai"],
    ["Thai, English", "English"],
  ),
  c("IN", "India", 0.6, [330], "asia", ["Mumbai", "Delhi, India", "Bangalore"], ["English, Hindi", "Hindi"]),
  c(
    "AU",
    "Australia",
    0.8,
    [10 * H, 8 * H],
    "other",
    ["Sydney, Australia", "Melbourne", "Perth, WA"],
    ["English"],
  ),
  c(
    "SE",
    "Sweden",
    0.5,
    [1 * H],
    "europe_russia",
    ["Stockholm", "Göteborg"],
    ["Swedish, English", "English"],
  ),
  c(
    "ZA",
    "South Africa",
    0.5,
    [2 * H],
    "other",
    ["Cape Town", "Johannesburg, South Africa"],
    ["English, Afrikaans", "English"],
  ),
  c("KE", "Kenya", 0.4, [3 * H], "other", ["Nairobi, Kenya"], ["English, Swahili"]),
  c("PT", "Portugal", 0.5, [0], "europe_russia", ["Lisboa", "Porto, Portugal"], ["Portuguese, English"]),
  c("RS", "Serbia", 0.5, [1 * H], "europe_russia", ["Belgrade, Serbia", "Novi Sad"], ["Serbian, English"]),
  c("LV", "Latvia", 0.4, [2 * H], "europe_russia", ["Riga, Latvia"], ["Latvian, Russian, English"]),
  c("KR", "South Korea", 0.3, [9 * H], "asia", ["Seoul", "Busan"], ["Korean, English"]),
  c("VN", "Vietnam", 0.3, [7 * H], "asia", ["Ho Chi Minh City", "Hanoi"], ["Vietnamese, English"]),
  c("EC", "Ecuador", 0.6, [-5 * H], "southamerica", ["Quito, Ecuador", "Guayaquil"], ["Spanish"]),
  c("DO", "Dominican Republic", 0.4, [-4 * H], "northamerica", ["Santo Domingo"], ["Spanish, English"]),
];

function c(
  code: string,
  name: string,
  weight: number,
  offsets: readonly number[],
  region: FeedRegion,
  cities: readonly string[],
  languages: readonly string[],
): CountryInfo {
  return { code, name, weight, offsets, region, cities, languages };
}

const REGION_BY_CODE = new Map(COUNTRIES.map((info) => [info.code, info.region]));

/** A room's feed region from its (shown) country; rooms that hide their country count as "other". */
export function regionOf(country: string): FeedRegion {
  return REGION_BY_CODE.get(country) ?? "other";
}

/** Share of performers whose feed country is "" (they still live somewhere: their habits follow a country). */
export const HIDDEN_COUNTRY_SHARE = 0.1;

/** Locations that say nothing about a place: what performers type when they will not tell. */
export const WHIMSICAL_LOCATIONS = [
  "In your heart",
  "Europe",
  "South America",
  "Earth",
  "Planet Earth 🌍",
  "your dreams",
  "Latinoamérica",
  "In your bed ;)",
  "Paradise",
  "Somewhere",
  "Wonderland",
] as const;
