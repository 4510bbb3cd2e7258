import { CategorySelect, type CategorySelectProps } from '../../reference/categories/CategorySelect';
import { useTplLibT } from './library/library-i18n';

export type TemplateCategoryFilterProps = Omit<CategorySelectProps, 'type' | 'label' | 'placeholder' | 'includeInactive' | 'exclude'>;

/** The category filter of the template lists (the templates page and "Partir d'un modèle"): active template categories, none chosen meaning all. */
export function TemplateCategoryFilter(props: TemplateCategoryFilterProps) {
  const tl = useTplLibT();
  return <CategorySelect {...props} type="template" label={tl('filter.category')} placeholder={tl('picker.allCategories')} />;
}
