import type { AdminMapParticipation, AdminMapSite } from '@app/contracts/admin-map';
import { Box } from '@mantine/core';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { useEffect, useRef, useState } from 'react';
import { MAP_TILE_ATTRIBUTION, MAP_TILE_URL } from '../../structure/map/map-config';
import { countriesLayer, loadCountries } from './base-map';
import { clusterPoints } from './cluster-points';

export type MapObject = { kind: 'site'; row: AdminMapSite } | { kind: 'participation'; row: AdminMapParticipation };

interface Props {
  sites: readonly AdminMapSite[];
  participations: readonly AdminMapParticipation[];
  /** Opens an object's page (a single marker's click or Enter). */
  onOpen: (object: MapObject) => void;
  /** Label of one object's marker (its tooltip and accessible name). */
  labelOf: (object: MapObject) => string;
  /** Label of a cluster of `count` objects. */
  clusterLabel: (count: number) => string;
  height?: number;
}

const CLUSTER_CELL_PX = 56;
/** From this zoom on, participations are drawn one by one (several at one place overlap but stay reachable). */
const UNCLUSTERED_ZOOM = 16;
/** Where the map opens before the objects arrive: the whole of Cameroon. */
const CAMEROON_CENTER: L.LatLngTuple = [7.37, 12.35];

/** The user asked their system for less motion: the map jumps instead of animating. */
function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * The platform's map (mnt/ai-map): a base map shipped with the product (country outlines,
 * Cameroon filled), the tile server's tiles on top when one is configured
 * (VITE_MAP_TILE_URL, as the other maps), and the objects as markers clustered per zoom.
 * Markers are HTML (divIcon), never images, and reachable with the keyboard. When the user
 * prefers reduced motion, zooms, pans and fades are instant (no marker moves under the pointer).
 */
export function PlatformMap({ sites, participations, onOpen, labelOf, clusterLabel, height = 520 }: Props) {
  const container = useRef<HTMLDivElement>(null);
  const [map, setMap] = useState<L.Map | null>(null);
  const [baseDrawn, setBaseDrawn] = useState(false);
  const animate = useRef(true);
  const handlers = useRef({ onOpen, labelOf, clusterLabel });
  handlers.current = { onOpen, labelOf, clusterLabel };

  useEffect(() => {
    if (!container.current) return;
    animate.current = !prefersReducedMotion();
    const instance = L.map(container.current, {
      center: CAMEROON_CENTER,
      zoom: 6,
      minZoom: 3,
      attributionControl: Boolean(MAP_TILE_ATTRIBUTION),
      zoomAnimation: animate.current,
      fadeAnimation: animate.current,
      markerZoomAnimation: animate.current,
    });
    let cancelled = false;
    void loadCountries()
      .then((collection) => {
        if (cancelled) return;
        countriesLayer(collection).addTo(instance).bringToBack();
        setBaseDrawn(true);
      })
      .catch(() => undefined);
    if (MAP_TILE_URL) L.tileLayer(MAP_TILE_URL, { attribution: MAP_TILE_ATTRIBUTION, maxZoom: 19 }).addTo(instance);
    setMap(instance);
    return () => {
      cancelled = true;
      instance.remove();
      setMap(null);
    };
  }, []);

  // Fit the view to the objects when they change (filters), not at each redraw.
  useEffect(() => {
    if (!map) return;
    const points: L.LatLngTuple[] = [...sites, ...participations].map((o) => [o.latitude, o.longitude]);
    if (points.length === 1) map.setView(points[0], 12, { animate: animate.current });
    else if (points.length > 1) map.fitBounds(L.latLngBounds(points), { padding: [32, 32], maxZoom: 14, animate: animate.current });
  }, [map, sites, participations]);

  useEffect(() => {
    if (!map) return;
    const layer = L.layerGroup().addTo(map);
    const participationObjects: MapObject[] = participations.map((row) => ({ kind: 'participation' as const, row }));
    const marker = (at: L.LatLngExpression, object: MapObject) => {
      const label = handlers.current.labelOf(object);
      return L.marker(at, {
        icon: L.divIcon({ className: `map-marker map-marker-${object.kind}`, html: '<span></span>', iconSize: [18, 18] }),
        title: label,
        alt: label,
        keyboard: true,
        zIndexOffset: object.kind === 'site' ? 1000 : 0,
      }).on('click', () => handlers.current.onOpen(object));
    };
    const draw = () => {
      layer.clearLayers();
      const zoom = map.getZoom();
      // Read by the journeys, which wait for a cluster's zoom to be drawn.
      map.getContainer().dataset.zoom = String(zoom);
      // Sites are few and each is an object to open: always their own marker, on top.
      // Participations are many, often at the very place of their site: clustered, until
      // the street scale where points at one place could never be told apart otherwise.
      for (const row of sites) marker([row.latitude, row.longitude], { kind: 'site', row }).addTo(layer);
      const projected = participationObjects.map((item) => {
        const at = map.project([item.row.latitude, item.row.longitude], zoom);
        return { x: at.x, y: at.y, item };
      });
      for (const cluster of clusterPoints(projected, zoom >= UNCLUSTERED_ZOOM ? 0.5 : CLUSTER_CELL_PX)) {
        const at = map.unproject([cluster.x, cluster.y], zoom);
        if (cluster.items.length === 1) {
          marker(at, cluster.items[0]).addTo(layer);
          continue;
        }
        const label = handlers.current.clusterLabel(cluster.items.length);
        const size = cluster.items.length < 10 ? 30 : cluster.items.length < 100 ? 36 : 44;
        L.marker(at, {
          icon: L.divIcon({ className: 'map-cluster', html: `<span>${cluster.items.length}</span>`, iconSize: [size, size] }),
          title: label,
          alt: label,
          keyboard: true,
        })
          // A cluster opens onto its members: zoom to their extent.
          .on('click', () =>
            map.fitBounds(L.latLngBounds(cluster.items.map((o) => [o.row.latitude, o.row.longitude] as L.LatLngTuple)), {
              padding: [40, 40],
              maxZoom: Math.max(zoom + 2, UNCLUSTERED_ZOOM),
              animate: animate.current,
            }),
          )
          .addTo(layer);
      }
    };
    draw();
    map.on('zoomend', draw);
    return () => {
      map.off('zoomend', draw);
      layer.remove();
    };
  }, [map, sites, participations]);

  return (
    <Box
      ref={container}
      h={height}
      data-testid="platform-map"
      data-base={baseDrawn ? 'drawn' : 'loading'}
      data-sites={sites.length}
      data-participations={participations.length}
      className="platform-map"
      style={{ borderRadius: 8, border: '1px solid var(--mantine-color-default-border)', background: '#d0ebff' }}
    />
  );
}
