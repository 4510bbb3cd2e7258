export { loadCatalogueI18n } from '../../features/reference/catalogue-i18n';
export { CategoriesPage } from '../../features/reference/categories/CategoriesPage';
export { CategoryFeaturePage } from '../../features/reference/categories/CategoryFeaturePage';
export { CategoryPage } from '../../features/reference/categories/CategoryPage';
export { SectorPage } from '../../features/reference/sectors/SectorPage';
export { SectorsPage } from '../../features/reference/sectors/SectorsPage';
