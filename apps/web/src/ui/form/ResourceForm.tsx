import { Alert, Button, Group, Stack } from '@mantine/core';
import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface ResourceFormProps {
  onSubmit: (event?: FormEvent<HTMLFormElement>) => void;
  submitting: boolean;
  /** A server message that fits no field (from `useZodForm`). */
  formError?: string | null;
  submitLabel?: string;
  /** Extra buttons beside submit (cancel, delete). */
  secondary?: ReactNode;
  children: ReactNode;
  'data-testid'?: string;
}

/** The form frame: fields, a form-level error, and a submit button that shows it is working. */
export function ResourceForm({ onSubmit, submitting, formError, submitLabel, secondary, children, ...rest }: ResourceFormProps) {
  const { t } = useTranslation('kit');
  return (
    <form onSubmit={onSubmit} noValidate data-testid={rest['data-testid']}>
      <Stack gap="sm">
        {children}
        {formError ? (
          <Alert color="red" title={t('formErrorsTitle')} role="alert" style={{ whiteSpace: 'pre-line' }} data-testid="form-error">
            {formError}
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="xs">
          {secondary}
          <Button type="submit" loading={submitting} data-testid="form-submit">
            {submitLabel ?? t('save')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
