/** The part of `geoip-country` we use (the package ships no types). */
declare module "geoip-country" {
  interface GeoCountry {
    /** ISO 3166 alpha-2 */
    country: string;
    name: string;
  }
  const geoip: { lookup(ip: string): GeoCountry | null };
  export default geoip;
}
