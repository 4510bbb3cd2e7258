import type { categories } from '../schema';

type Kind = (typeof categories.$inferInsert)['type'];

/** One category of the tree every installation and the demo share: a root, or a child of a root of its kind. */
export interface CategorySeed {
  type: Kind;
  code: string;
  name: string;
  /** The code of its parent (same kind); children are demo data, roots are reference data. */
  parent?: string;
}

/**
 * The one category tree (issue 20): the reference roots every installation gets
 * (`seedReferenceData`, and the template library's own `seedPlatformTemplates` on an
 * older installation), and the demo's children under them (`seedDemoCategories`). Two
 * lists used to diverge (the library filed under « Opérations et incidents », which the
 * reference seed did not create); a code named here is the only way to name a category.
 */
export const CATEGORY_TREE: readonly CategorySeed[] = [
  { type: 'template', code: 'satisfaction', name: 'Satisfaction client' },
  { type: 'template', code: 'audit', name: 'Audit et inspection' },
  { type: 'template', code: 'hr', name: 'Ressources humaines' },
  { type: 'template', code: 'census', name: 'Recensement et collecte terrain' },
  { type: 'template', code: 'operations', name: 'Opérations et incidents' },
  { type: 'question', code: 'service', name: 'Qualité de service' },
  { type: 'question', code: 'hygiene', name: 'Hygiène et sécurité' },
  { type: 'question', code: 'demographics', name: 'Profil du répondant' },
  { type: 'company', code: 'sme', name: 'PME' },
  { type: 'company', code: 'large', name: 'Grande entreprise' },
  { type: 'article', code: 'goods', name: 'Biens' },
  { type: 'article', code: 'services', name: 'Services' },
  { type: 'feature', code: 'collect', name: 'Collecte' },
  { type: 'feature', code: 'supervision', name: 'Supervision' },
  { type: 'step', code: 'identification', name: 'Identification' },
  // The demo's children, listed under their parent in display order.
  { type: 'template', parent: 'satisfaction', code: 'satisfaction-counter', name: 'Accueil au guichet' },
  { type: 'template', parent: 'satisfaction', code: 'satisfaction-nps', name: 'Recommandation (NPS)' },
  { type: 'template', parent: 'audit', code: 'audit-hygiene', name: 'Hygiène et propreté' },
  { type: 'template', parent: 'audit', code: 'audit-agency', name: "Visite d'agence" },
  { type: 'question', parent: 'service', code: 'service-waiting', name: "Temps d'attente" },
  { type: 'question', parent: 'service', code: 'service-courtesy', name: 'Courtoisie du personnel' },
  { type: 'step', parent: 'identification', code: 'identification-site', name: 'Site visité' },
  { type: 'step', parent: 'identification', code: 'identification-respondent', name: 'Répondant' },
  { type: 'article', parent: 'goods', code: 'goods-food', name: 'Alimentation' },
  { type: 'article', parent: 'goods', code: 'goods-drinks', name: 'Boissons' },
  { type: 'article', parent: 'services', code: 'services-delivery', name: 'Livraison' },
  { type: 'company', parent: 'sme', code: 'sme-retail', name: 'Commerces de proximité' },
  { type: 'company', parent: 'large', code: 'large-network', name: "Réseaux d'agences" },
  { type: 'feature', parent: 'collect', code: 'collect-offline', name: 'Collecte hors ligne' },
];

/** The roots: reference data of every installation. */
export const REFERENCE_CATEGORIES: readonly CategorySeed[] = CATEGORY_TREE.filter((c) => c.parent === undefined);

/** The children: the demo's sub-categories. */
export const DEMO_SUBCATEGORIES: readonly CategorySeed[] = CATEGORY_TREE.filter((c) => c.parent !== undefined);
