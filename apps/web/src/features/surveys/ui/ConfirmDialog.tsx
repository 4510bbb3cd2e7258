import { Button, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useSurveysT } from '../surveys-i18n';

export interface ConfirmOptions {
  title?: string;
  message: ReactNode;
  confirmLabel: string;
  color?: string;
  /** Adds a free-text field (e.g. a rejection reason); its value comes back in the answer. */
  commentLabel?: string;
}

type Answer = { confirmed: boolean; comment: string };

/**
 * Asks before a destructive or visible action. `confirm()` resolves once the person
 * answers; the returned element must be rendered once by the caller.
 */
export function useConfirm(): [(options: ConfirmOptions) => Promise<Answer>, ReactNode] {
  const { t } = useSurveysT();
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const [comment, setComment] = useState('');
  const resolver = useRef<((answer: Answer) => void) | null>(null);

  const confirm = useCallback((next: ConfirmOptions) => {
    setComment('');
    setOptions(next);
    return new Promise<Answer>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const answer = (confirmed: boolean) => {
    resolver.current?.({ confirmed, comment: comment.trim() });
    resolver.current = null;
    setOptions(null);
  };

  const element = (
    <Modal opened={options !== null} onClose={() => answer(false)} title={options?.title ?? t('common.confirmTitle')} centered>
      <Stack data-testid="confirm-dialog">
        <Text size="sm">{options?.message}</Text>
        {options?.commentLabel ? (
          <Textarea label={options.commentLabel} value={comment} onChange={(e) => setComment(e.currentTarget.value)} autosize minRows={2} maxLength={1000} />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => answer(false)}>
            {t('common.cancel')}
          </Button>
          <Button color={options?.color ?? 'red'} onClick={() => answer(true)} data-testid="confirm-button" data-autofocus>
            {options?.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return [confirm, element];
}
