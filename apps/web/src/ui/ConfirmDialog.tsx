import { Button, type ButtonProps, Group, Modal, Stack, Text, Textarea } from '@mantine/core';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../lib/show-error';

export interface ConfirmOptions {
  title?: string;
  message: ReactNode;
  /** The button that goes ahead, named after the action ("Supprimer"), never just "OK". */
  confirmLabel?: string;
  /** Red by default: confirmation guards destructive actions. */
  color?: string;
  /** Adds a free-text field (e.g. a rejection reason); its value comes back in the answer. */
  commentLabel?: string;
  /** The comment must be filled before confirming. */
  commentRequired?: boolean;
}

export type ConfirmAnswer = { confirmed: boolean; comment: string };
export type ConfirmFn = (options: ConfirmOptions) => Promise<ConfirmAnswer>;

/**
 * Asks before a destructive or visible action. `confirm()` resolves once the person
 * answers; the returned element must be rendered once by the caller.
 */
export function useConfirm(): [ConfirmFn, ReactNode] {
  const { t } = useTranslation('kit');
  const [options, setOptions] = useState<ConfirmOptions | null>(null);
  const [comment, setComment] = useState('');
  const resolver = useRef<((answer: ConfirmAnswer) => void) | null>(null);

  const confirm = useCallback((next: ConfirmOptions) => {
    // A second question replaces an unanswered first one, which counts as cancelled.
    resolver.current?.({ confirmed: false, comment: '' });
    setComment('');
    setOptions(next);
    return new Promise<ConfirmAnswer>((resolve) => {
      resolver.current = resolve;
    });
  }, []);

  const answer = (confirmed: boolean) => {
    resolver.current?.({ confirmed, comment: comment.trim() });
    resolver.current = null;
    setOptions(null);
  };
  const missingComment = Boolean(options?.commentRequired && !comment.trim());

  const element = (
    <Modal opened={options !== null} onClose={() => answer(false)} title={options?.title ?? t('confirmTitle')} centered>
      <Stack data-testid="confirm-dialog">
        <Text size="sm">{options?.message}</Text>
        {options?.commentLabel ? (
          <Textarea
            label={options.commentLabel}
            required={options.commentRequired}
            value={comment}
            onChange={(e) => setComment(e.currentTarget.value)}
            autosize
            minRows={2}
            maxLength={1000}
            data-testid="confirm-comment"
          />
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={() => answer(false)}>
            {t('cancel')}
          </Button>
          <Button color={options?.color ?? 'red'} onClick={() => answer(true)} disabled={missingComment} data-testid="confirm-button" data-autofocus>
            {options?.confirmLabel ?? t('confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return [confirm, element];
}

export interface ConfirmButtonProps extends Omit<ButtonProps, 'onClick'> {
  confirm: ConfirmOptions;
  /** Runs once confirmed, with the comment when one was asked; a rejection is toasted (section 8). */
  onConfirm: (comment: string) => unknown | Promise<unknown>;
  children: ReactNode;
  'data-testid'?: string;
}

/**
 * A button that asks first, then runs its action with a loading state; a failure shows
 * the server's message as a toast. The destructive-action button of every screen.
 */
export function ConfirmButton({ confirm: options, onConfirm, children, color = 'red', variant = 'light', ...props }: ConfirmButtonProps) {
  const [confirm, dialog] = useConfirm();
  const [running, setRunning] = useState(false);
  const run = async () => {
    const { confirmed, comment } = await confirm({ color, ...options, confirmLabel: options.confirmLabel ?? (typeof children === 'string' ? children : undefined) });
    if (!confirmed) return;
    setRunning(true);
    try {
      await onConfirm(comment);
    } catch (error) {
      showError(error);
    } finally {
      setRunning(false);
    }
  };
  return (
    <>
      <Button color={color} variant={variant} loading={running} onClick={() => void run()} {...props}>
        {children}
      </Button>
      {dialog}
    </>
  );
}
