import { TextInput, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useSurveysT } from '../surveys-i18n';
import { useTplLibT } from './library/library-i18n';

export interface TemplateSearchFieldProps extends Omit<TextInputProps, 'value' | 'onChange' | 'type' | 'label' | 'placeholder' | 'leftSection'> {
  value: string;
  onChange: (text: string) => void;
}

/** The search box of the template lists (the templates page and "Partir d'un modèle"): searches by title and description. */
export function TemplateSearchField({ value, onChange, ...props }: TemplateSearchFieldProps) {
  const { t } = useSurveysT();
  const tl = useTplLibT();
  return (
    <TextInput
      {...props}
      type="search"
      label={tl('picker.search')}
      placeholder={t('templates.searchPlaceholder')}
      leftSection={<IconSearch size={16} />}
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
    />
  );
}
