import type { QuestionType } from '@app/contracts/survey-question-types';
import { NumberInput, SimpleGrid, Switch, TagsInput, TextInput } from '@mantine/core';
import { useSurveysT } from '../surveys-i18n';
import { MatrixAxesEditor } from './MatrixAxesEditor';

interface SettingsFieldsProps {
  type: QuestionType;
  settings: Record<string, unknown>;
  errors: Record<string, string>;
  disabled?: boolean;
  onChange: (settings: Record<string, unknown>) => void;
}

const asNumber = (value: unknown) => (typeof value === 'number' ? value : '');
const asText = (value: unknown) => (typeof value === 'string' ? value : '');

/** The settings of a question type (DOMAIN.md: min/max, scale, allowed file types...). */
export function QuestionSettingsFields({ type, settings, errors, disabled, onChange }: SettingsFieldsProps) {
  const { t } = useSurveysT();
  const set = (key: string, value: unknown) => onChange({ ...settings, [key]: value === '' ? undefined : value });
  const number = (key: string, label: string, extra: { min?: number; max?: number; decimals?: boolean } = {}) => (
    <NumberInput
      key={key}
      label={label}
      value={asNumber(settings[key])}
      onChange={(value) => set(key, typeof value === 'number' ? value : undefined)}
      min={extra.min}
      max={extra.max}
      allowDecimal={extra.decimals ?? false}
      error={errors[key]}
      disabled={disabled}
    />
  );
  const text = (key: string, label: string, inputType = 'text') => (
    <TextInput key={key} type={inputType} label={label} value={asText(settings[key])} onChange={(e) => set(key, e.currentTarget.value)} error={errors[key]} disabled={disabled} />
  );
  const toggle = (key: string, label: string) => (
    <Switch key={key} label={label} checked={settings[key] === true} onChange={(e) => set(key, e.currentTarget.checked)} disabled={disabled} />
  );
  const placeholder = text('placeholder', t('question.placeholder'));

  switch (type) {
    case 'short_text':
    case 'long_text':
      return (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {number('min_length', t('question.minLength'), { min: 0 })}
          {number('max_length', t('question.maxLength'), { min: 1, max: 20000 })}
          {placeholder}
        </SimpleGrid>
      );
    case 'number':
      return (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {number('min', t('question.min'), { decimals: true })}
          {number('max', t('question.max'), { decimals: true })}
          {text('unit', t('question.unit'))}
          {placeholder}
          {toggle('integer', t('question.integer'))}
        </SimpleGrid>
      );
    case 'phone':
      return (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {placeholder}
          {toggle('mobile_only', t('question.mobileOnly'))}
        </SimpleGrid>
      );
    case 'date':
      return (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('min', t('question.minDate'), 'date')}
          {text('max', t('question.maxDate'), 'date')}
        </SimpleGrid>
      );
    case 'time':
      return (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {text('min', t('question.minTime'), 'time')}
          {text('max', t('question.maxTime'), 'time')}
        </SimpleGrid>
      );
    case 'multiple_choice':
      return (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {number('min_choices', t('question.minChoices'), { min: 0 })}
          {number('max_choices', t('question.maxChoices'), { min: 0 })}
        </SimpleGrid>
      );
    case 'yes_no':
      return (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {number('yes_score', t('question.yesScore'), { decimals: true })}
          {number('no_score', t('question.noScore'), { decimals: true })}
        </SimpleGrid>
      );
    case 'rating':
      return <SimpleGrid cols={{ base: 1, sm: 2 }}>{number('max', t('question.stars'), { min: 3, max: 10 })}</SimpleGrid>;
    case 'scale':
      return (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {number('min', t('question.min'), { min: 0, max: 10 })}
          {number('max', t('question.max'), { min: 1, max: 10 })}
          {text('min_label', t('question.minLabel'))}
          {text('max_label', t('question.maxLabel'))}
          {toggle('nps', t('question.nps'))}
        </SimpleGrid>
      );
    case 'matrix':
      return <MatrixAxesEditor settings={settings} errors={errors} disabled={disabled} onChange={onChange} />;
    case 'file':
    case 'photo':
    case 'signature':
      return (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TagsInput
            label={t('question.allowedTypes')}
            description={t('question.allowedTypesHelp')}
            value={Array.isArray(settings.allowed_types) ? (settings.allowed_types as string[]) : []}
            onChange={(value) => set('allowed_types', value)}
            error={errors.allowed_types}
            disabled={disabled}
            clearable
          />
          {number('max_size_mb', t('question.maxSize'), { min: 1, max: 100, decimals: true })}
        </SimpleGrid>
      );
    case 'geolocation':
      return <SimpleGrid cols={{ base: 1, sm: 2 }}>{number('max_accuracy_m', t('question.maxAccuracy'), { min: 1 })}</SimpleGrid>;
    default:
      return <SimpleGrid cols={{ base: 1, sm: 2 }}>{placeholder}</SimpleGrid>;
  }
}
