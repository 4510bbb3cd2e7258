import { CategorySelect } from '../../reference/categories/CategorySelect';
import { useAdminPlatformT } from './admin-platform-i18n';

/**
 * The company category filter placed beside every back-office company picker
 * (useCompanyPicker): choosing a category offers only its companies and those of its
 * sub-categories. Deactivated categories are offered too: their companies still exist.
 */
export function CompanyCategoryFilter({ value, onChange, testId }: { value: number | null; onChange: (id: number | null) => void; testId: string }) {
  const { t } = useAdminPlatformT();
  return (
    <CategorySelect
      style={{ flex: '1 1 12rem' }}
      type="company"
      includeInactive
      label={t('common.companyCategory')}
      value={value}
      onChange={onChange}
      data-testid={`${testId}-company-category`}
    />
  );
}
