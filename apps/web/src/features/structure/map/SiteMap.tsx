import { Box } from '@mantine/core';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef } from 'react';
import { DEFAULT_CENTER, MAP_TILE_ATTRIBUTION, MAP_TILE_URL } from './map-config';

export interface MapPlace {
  id: number | string;
  name: string;
  latitude: number;
  longitude: number;
  radius?: number | null;
}

export interface SiteMapProps {
  places: readonly MapPlace[];
  /** Makes the map a coordinate picker: a click gives the point. */
  onPick?: (point: { latitude: number; longitude: number }) => void;
  height?: number;
  testId?: string;
}

/**
 * Sites as points with their geofence circle, on Leaflet. Vector layers only (no marker
 * images), and tiles only when a tile server is configured: without internet the map
 * still shows the places and their circles.
 */
export function SiteMap({ places, onPick, height = 320, testId = 'site-map' }: SiteMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const map = useRef<L.Map | null>(null);
  const layer = useRef<L.LayerGroup | null>(null);
  const pick = useRef(onPick);
  pick.current = onPick;

  useEffect(() => {
    if (!container.current) return;
    const instance = L.map(container.current, { center: DEFAULT_CENTER, zoom: 13, attributionControl: Boolean(MAP_TILE_ATTRIBUTION) });
    if (MAP_TILE_URL) L.tileLayer(MAP_TILE_URL, { attribution: MAP_TILE_ATTRIBUTION, maxZoom: 19 }).addTo(instance);
    layer.current = L.layerGroup().addTo(instance);
    instance.on('click', (event: L.LeafletMouseEvent) => {
      pick.current?.({ latitude: Number(event.latlng.lat.toFixed(6)), longitude: Number(event.latlng.lng.toFixed(6)) });
    });
    map.current = instance;
    return () => {
      instance.remove();
      map.current = null;
    };
  }, []);

  useEffect(() => {
    const instance = map.current;
    const group = layer.current;
    if (!instance || !group) return;
    group.clearLayers();
    const bounds: L.LatLngExpression[] = [];
    for (const place of places) {
      const at: L.LatLngExpression = [place.latitude, place.longitude];
      bounds.push(at);
      if (place.radius) L.circle(at, { radius: place.radius, color: '#1c7ed6', weight: 2, fillOpacity: 0.15, className: 'site-geofence' }).addTo(group);
      L.circleMarker(at, { radius: 6, color: '#c92a2a', fillOpacity: 0.9, className: 'site-marker' }).bindTooltip(place.name).addTo(group);
    }
    if (bounds.length === 1 && !onPick) instance.setView(bounds[0], 15);
    else if (bounds.length === 1) instance.setView(bounds[0], instance.getZoom());
    else if (bounds.length > 1) instance.fitBounds(L.latLngBounds(bounds), { padding: [24, 24], maxZoom: 15 });
  }, [places, onPick]);

  return (
    <Box
      ref={container}
      h={height}
      data-testid={testId}
      data-places={places.length}
      style={{ borderRadius: 8, border: '1px solid var(--mantine-color-default-border)', background: 'var(--mantine-color-gray-1)', cursor: onPick ? 'crosshair' : undefined }}
    />
  );
}
