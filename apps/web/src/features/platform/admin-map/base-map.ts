import L from 'leaflet';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
// Natural Earth's 1:50m countries (world-atlas, public domain data): served by the product
// itself as a static file, so the base map draws with no internet at all.
import countriesUrl from 'world-atlas/countries-50m.json?url';

/** ISO 3166-1 numeric code of Cameroon, the id world-atlas gives its feature. */
export const CAMEROON_ID = '120';

let countries: Promise<GeoJSON.FeatureCollection> | null = null;

/** The world's country outlines, fetched once from the product's own address. */
export function loadCountries(): Promise<GeoJSON.FeatureCollection> {
  countries ??= fetch(countriesUrl)
    .then((response) => {
      if (!response.ok) throw new Error(`base map: ${response.status}`);
      return response.json() as Promise<Topology<{ countries: GeometryCollection }>>;
    })
    .then((topology) => feature(topology, topology.objects.countries) as GeoJSON.FeatureCollection)
    .catch((error) => {
      countries = null;
      throw error;
    });
  return countries;
}

/** The base layer: every country outlined, Cameroon filled, under the markers. */
export function countriesLayer(collection: GeoJSON.FeatureCollection): L.GeoJSON {
  return L.geoJSON(collection, {
    interactive: false,
    style: (item) =>
      String(item?.id) === CAMEROON_ID
        ? { color: '#2b8a3e', weight: 2, fillColor: '#d3f9d8', fillOpacity: 0.8, className: 'map-base-country map-base-cameroon' }
        : { color: '#868e96', weight: 1, fillColor: '#f1f3f5', fillOpacity: 0.8, className: 'map-base-country' },
  });
}
