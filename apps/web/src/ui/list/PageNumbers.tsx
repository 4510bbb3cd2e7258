import { Pagination, type PaginationProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const CONTROL_TEXT = { first: 'firstPage', previous: 'previousPage', next: 'nextPage', last: 'lastPage' } as const;

/**
 * Numbered pages (Mantine's Pagination) for lists that know their page count. Its arrow
 * buttons show only an icon: each gets its name in the reader's language, or a screen
 * reader announces a nameless button (axe button-name, critical).
 */
export function PageNumbers(props: PaginationProps) {
  const { t } = useTranslation('kit');
  return <Pagination {...props} getControlProps={(control) => ({ 'aria-label': t(CONTROL_TEXT[control]) })} />;
}
